// system/monitoring: a tenant's monitoring stack as the real templates render it from the values the
// monitoring module hands down — one VMCluster and VMAlert per metrics storage, VMAlertmanager
// `alertmanager`, one VLCluster per logs storage, VMAgent `vmagent`, Grafana `grafana` with its
// CloudNativePG `grafana-db` and admin Secret, and Alerta (Deployment, Service, Ingress, `alerta-db`).

import { randomBytes } from 'node:crypto';
import type { KubeObject } from '../../../../machinery/object.ts';
import { asRecord } from '../../extra/module-objects.ts';
import { lookupFrom, type LookupRef } from '../../lookup.ts';
import { deployment, service } from '../../lib/index.ts';
import type { ReleaseContext, Values } from '../../chart.ts';
import { DEFAULT_CONTAINER_REQUESTS, type RenderContext } from '../component.ts';

const VM = 'operator.victoriametrics.com/v1beta1';

function randomAlphaNum(n: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return [...randomBytes(n)].map((b) => alphabet[b % alphabet.length]).join('');
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

function stringMap(v: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(asRecord(v)).map(([k, x]) => [k, String(x)]));
}

export function monitoringLookups(_values: Values, release: ReleaseContext): LookupRef[] {
  return ['grafana-admin-password', 'alerta'].map((name) => ({ apiVersion: 'v1', kind: 'Secret', namespace: release.namespace, name }));
}

function metricsObjects(ctx: RenderContext, m: Record<string, unknown>): KubeObject[] {
  const ns = ctx.namespace;
  const name = String(m.name);
  const claim = (storage: string) => {
    const spec: Record<string, unknown> = {};
    if (m.storageClassName) spec.storageClassName = m.storageClassName;
    spec.resources = { requests: { storage } };
    return { volumeClaimTemplate: { metadata: { labels: { 'apps.cozystack.io/application.name': ctx.release.name } }, spec } };
  };
  return [
    { apiVersion: VM, kind: 'VMCluster', metadata: { name, namespace: ns },
      spec: {
        managedMetadata: { labels: { 'apps.cozystack.io/application.group': 'apps.cozystack.io', 'apps.cozystack.io/application.kind': 'Monitoring', 'apps.cozystack.io/application.name': ctx.release.name } },
        replicationFactor: 2,
        retentionPeriod: String(m.retentionPeriod),
        vminsert: { extraArgs: { maxLabelsPerTimeseries: '60' }, replicaCount: 2, resources: {} },
        vmselect: { replicaCount: 2, resources: {}, extraArgs: { 'search.maxUniqueTimeseries': '600000', 'vmalert.proxyURL': `http://vmalert-${name}.${ns}.svc:8080`, 'dedup.minScrapeInterval': String(m.deduplicationInterval) },
          cacheMountPath: '/select-cache', storage: claim('2Gi') },
        vmstorage: { replicaCount: 2, resources: {}, storage: claim(String(m.storage ?? '10Gi')), storageDataPath: '/vm-data' },
      } },
    { apiVersion: VM, kind: 'VMAlert', metadata: { name: `vmalert-${name}`, namespace: ns },
      spec: { datasource: { url: `http://vmselect-${name}.${ns}.svc:8481/select/0/prometheus` }, notifiers: [{ url: `http://vmalertmanager-alertmanager.${ns}.svc:9093` }],
        remoteWrite: { url: `http://vminsert-${name}.${ns}.svc:8480/insert/0/prometheus` }, evaluationInterval: '15s' } },
  ];
}

function grafanaObjects(ctx: RenderContext, host: string): KubeObject[] {
  const ns = ctx.namespace;
  const grafana = asRecord(ctx.values.grafana);
  const existing = lookupFrom(ctx.values)('v1', 'Secret', ns, 'grafana-admin-password');
  const data = asRecord(existing?.data);
  const ingress = String(asRecord(ctx.values._namespace).ingress ?? '');
  const resources = asRecord(grafana.resources);
  return [
    { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'grafana-admin-password', namespace: ns, labels: { 'app.kubernetes.io/instance': ctx.release.name, 'app.kubernetes.io/managed-by': 'Helm' } },
      data: existing ? { user: String(data.user ?? ''), password: String(data.password ?? '') } : { user: b64('admin'), password: b64(randomAlphaNum(32)) } },
    { apiVersion: 'postgresql.cnpg.io/v1', kind: 'Cluster', metadata: { name: 'grafana-db', namespace: ns }, spec: { instances: 2, storage: { size: String(asRecord(grafana.db).size ?? '10Gi') } } },
    { apiVersion: 'grafana.integreatly.org/v1beta1', kind: 'Grafana', metadata: { name: 'grafana', namespace: ns, labels: { dashboards: 'grafana' } },
      spec: {
        config: { server: { root_url: `https://grafana.${host}` }, security: { admin_user: '${GF_SECURITY_ADMIN_USER}', admin_password: '${GF_SECURITY_ADMIN_PASSWORD}' } },
        deployment: { spec: { replicas: 2, template: { spec: { containers: [{ name: 'grafana', image: 'grafana/grafana:12.1.1', resources: { limits: stringMap(resources.limits), requests: stringMap(resources.requests) } }] } } } },
        ingress: { spec: { ingressClassName: ingress, rules: [{ host: `grafana.${host}` }], tls: [{ hosts: [`grafana.${host}`], secretName: 'grafana-ingress-tls' }] } },
      } },
  ];
}

function alertaObjects(ctx: RenderContext, host: string): KubeObject[] {
  const ns = ctx.namespace;
  const alerta = asRecord(ctx.values.alerta);
  const existing = lookupFrom(ctx.values)('v1', 'Secret', ns, 'alerta');
  const apiKey = existing ? Buffer.from(String(asRecord(existing.data)['alerta-api-key'] ?? ''), 'base64').toString() : randomAlphaNum(32);
  const ingressClass = String(asRecord(ctx.values._namespace).ingress ?? '');
  const labels = { ...ctx.labels, app: 'alerta' };
  const selector = { app: 'alerta', release: 'alerta' };
  const resources = asRecord(alerta.resources);
  const db: Record<string, unknown> = { instances: 2, storage: { size: String(alerta.storage ?? '10Gi') } };
  if (alerta.storageClassName) (db.storage as Record<string, unknown>).storageClass = alerta.storageClassName;
  return [
    { apiVersion: 'v1', kind: 'Secret', type: 'Opaque', metadata: { name: 'alerta', namespace: ns, labels }, data: { 'alerta-api-key': b64(apiKey) } },
    { apiVersion: 'postgresql.cnpg.io/v1', kind: 'Cluster', metadata: { name: 'alerta-db', namespace: ns }, spec: db },
    deployment({ name: 'alerta', namespace: ns, labels, selector, replicas: 1,
      pod: { labels: { ...labels, ...selector }, containers: [{ name: 'alerta', image: 'alerta/alerta-web:9.1.0', ports: [{ name: 'http', containerPort: 8080 }],
        resources: Object.keys(asRecord(resources.requests)).length ? { limits: stringMap(resources.limits), requests: stringMap(resources.requests) } : { requests: { ...DEFAULT_CONTAINER_REQUESTS } } }] } }),
    service({ name: 'alerta', namespace: ns, labels, selector, ports: [{ name: 'http', port: 80, targetPort: 8080 }] }),
    { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'alerta', namespace: ns, labels },
      spec: { ingressClassName: ingressClass, tls: [{ hosts: [`alerta.${host}`], secretName: 'alerta-tls' }],
        rules: [{ host: `alerta.${host}`, http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'alerta', port: { name: 'http' } } } }] } }] } },
  ];
}

export function monitoringStack(ctx: RenderContext): KubeObject[] {
  const ns = ctx.namespace;
  const host = String(ctx.values.host || asRecord(ctx.values._namespace).host || '');
  const metrics = Array.isArray(ctx.values.metricsStorages) ? ctx.values.metricsStorages.map(asRecord) : [];
  const logs = Array.isArray(ctx.values.logsStorages) ? ctx.values.logsStorages.map(asRecord) : [];
  const vmagent = asRecord(ctx.values.vmagent);
  return [
    ...metrics.flatMap((m) => metricsObjects(ctx, m)),
    { apiVersion: VM, kind: 'VMAlertmanager', metadata: { name: 'alertmanager', namespace: ns }, spec: { replicaCount: 3, configSecret: 'alertmanager' } },
    ...logs.map((l): KubeObject => ({ apiVersion: 'operator.victoriametrics.com/v1', kind: 'VLCluster', metadata: { name: String(l.name), namespace: ns },
      spec: { vlinsert: { replicaCount: 2 }, vlselect: { replicaCount: 2 },
        vlstorage: { replicaCount: 2, retentionPeriod: String(l.retentionPeriod), storage: { volumeClaimTemplate: { spec: { storageClassName: String(l.storageClassName), resources: { requests: { storage: String(l.storage) } } } } } } } })),
    { apiVersion: VM, kind: 'VMAgent', metadata: { name: 'vmagent', namespace: ns },
      spec: { externalLabels: { ...stringMap(vmagent.externalLabels), tenant: ns }, remoteWrite: (Array.isArray(asRecord(vmagent.remoteWrite).urls) ? asRecord(vmagent.remoteWrite).urls as unknown[] : []).map((url) => ({ url: String(url) })),
        selectAllByDefault: true } },
    ...grafanaObjects(ctx, host),
    ...alertaObjects(ctx, host),
  ];
}
