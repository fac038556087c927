// system/seaweedfs: the upstream SeaweedFS chart pinned to fullname `seaweedfs`, honouring the
// values extra/seaweedfs hands down — replicas and cozy-lib resources per component, the volume
// data dir size and class, one `seaweedfs-volume-<group>` StatefulSet per pool or zone, the S3
// Ingress, and the tenant's ServiceAccount.

import type { KubeObject } from '../../../../machinery/object.ts';
import { asRecord } from '../../extra/module-objects.ts';
import { deployment, service, serviceAccount, standardLabels, statefulSet } from '../../lib/index.ts';
import type { RenderContext } from '../component.ts';
import { DEFAULT_CONTAINER_REQUESTS } from '../component.ts';
import { cozyImage } from './shorthand.ts';

export const SEAWEEDFS = { name: 'seaweedfs', version: '4.31.0', appVersion: '4.31' };
const IMAGE = 'chrislusf/seaweedfs:4.31';

type Rec = Record<string, unknown>;

function resourcesOf(raw: unknown): { requests?: Record<string, string>; limits?: Record<string, string> } {
  const r = asRecord(raw);
  const str = (m: unknown) => Object.fromEntries(Object.entries(asRecord(m)).map(([k, v]) => [k, String(v)]));
  if (!Object.keys(asRecord(r.requests)).length && !Object.keys(asRecord(r.limits)).length) return { requests: { ...DEFAULT_CONTAINER_REQUESTS } };
  return { requests: str(r.requests), limits: str(r.limits) };
}

function replicas(v: unknown, fallback: number): number {
  return typeof v === 'number' ? v : fallback;
}

export function seaweedfsObjects(ctx: RenderContext): KubeObject[] {
  const values = asRecord(ctx.values.seaweedfs);
  const ns = ctx.namespace;
  const full = String(values.fullnameOverride || 'seaweedfs');
  const chart = `${SEAWEEDFS.name}-${SEAWEEDFS.version}`;
  const sa = String(asRecord(ctx.values.global).serviceAccountName || `${ns}-seaweedfs`);
  const labelsFor = (component: string) => standardLabels({ name: SEAWEEDFS.name, instance: ctx.release.name, version: SEAWEEDFS.appVersion, chart, component });
  const selectorFor = (component: string) => ({ 'app.kubernetes.io/name': SEAWEEDFS.name, 'app.kubernetes.io/instance': ctx.release.name, 'app.kubernetes.io/component': component });
  const pod = (component: string, c: Rec, ports: Array<{ name: string; containerPort: number }>) => ({
    labels: { ...labelsFor(component), ...selectorFor(component) }, serviceAccountName: sa,
    containers: [{ name: 'seaweedfs', image: IMAGE, ports, resources: resourcesOf(c.resources) }],
  });
  const stateful = (name: string, component: string, c: Rec, fallback: number, ports: Array<{ name: string; containerPort: number }>, claims: Array<{ name: string; storage: string; storageClassName?: string }> = []): KubeObject[] => [
    statefulSet({ name, namespace: ns, labels: labelsFor(component), selector: selectorFor(component), replicas: replicas(c.replicas, fallback), serviceName: name,
      pod: pod(component, c, ports), volumeClaimTemplates: claims }),
    service({ name, namespace: ns, labels: labelsFor(component), selector: selectorFor(component), ports: ports.map((p) => ({ name: p.name, port: p.containerPort })), headless: true }),
  ];
  const dataClaims = (group: Rec) => (Array.isArray(group.dataDirs) ? group.dataDirs.map(asRecord) : [{ name: 'data1', size: '10Gi' }])
    .filter((d) => (d.type ?? 'persistentVolumeClaim') === 'persistentVolumeClaim')
    .map((d) => ({ name: String(d.name), storage: String(d.size ?? '10Gi'), ...(d.storageClass ? { storageClassName: String(d.storageClass) } : {}) }));
  const volumePorts = [{ name: 'swfs-vol', containerPort: 8080 }, { name: 'swfs-vol-grpc', containerPort: 18080 }];
  const master = asRecord(values.master);
  const volume = asRecord(values.volume);
  const filer = asRecord(values.filer);
  const s3 = asRecord(values.s3);
  const objects: KubeObject[] = [
    serviceAccount({ name: sa, namespace: ns, labels: labelsFor('serviceaccount') }),
    ...stateful(`${full}-master`, 'master', master, 3, [{ name: 'swfs-master', containerPort: 9333 }, { name: 'swfs-master-grpc', containerPort: 19333 }]),
  ];
  if (volume.enabled !== false) objects.push(...stateful(`${full}-volume`, 'volume', volume, 2, volumePorts, dataClaims(volume)));
  for (const [group, spec] of Object.entries(asRecord(values.volumes)).sort(([a], [b]) => a.localeCompare(b))) {
    objects.push(...stateful(`${full}-volume-${group}`, `volume-${group}`, asRecord(spec), 2, volumePorts, dataClaims(asRecord(spec))));
  }
  objects.push(...stateful(`${full}-filer`, 'filer', filer, 2, [{ name: 'swfs-filer', containerPort: 8888 }, { name: 'swfs-filer-grpc', containerPort: 18888 }]));
  objects.push(
    deployment({ name: `${full}-s3`, namespace: ns, labels: labelsFor('s3'), selector: selectorFor('s3'), replicas: replicas(s3.replicas, 2), pod: pod('s3', s3, [{ name: 'swfs-s3', containerPort: 8333 }]) }),
    service({ name: `${full}-s3`, namespace: ns, labels: labelsFor('s3'), selector: selectorFor('s3'), ports: [{ name: 'swfs-s3', port: 8333 }] }),
  );
  const ingress = asRecord(s3.ingress);
  if (ingress.host) {
    objects.push({ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: `ingress-${full}-s3`, namespace: ns, labels: labelsFor('s3'), annotations: Object.fromEntries(Object.entries(asRecord(ingress.annotations)).map(([k, v]) => [k, String(v)])) },
      spec: { ingressClassName: String(ingress.className ?? ''), tls: Array.isArray(ingress.tls) ? ingress.tls : [],
        rules: [{ host: String(ingress.host), http: { paths: [{ path: '/', pathType: 'ImplementationSpecific', backend: { service: { name: `${full}-s3`, port: { number: 8333 } } } }] } }] } });
  }
  const cosi = asRecord(values.cosi);
  objects.push(deployment({ name: `${full}-objectstorage-provisioner`, namespace: ns, labels: labelsFor('objectstorage-provisioner'), selector: selectorFor('objectstorage-provisioner'), replicas: 1,
    pod: { labels: { ...labelsFor('objectstorage-provisioner'), ...selectorFor('objectstorage-provisioner') }, serviceAccountName: sa, containers: [
      { name: 'seaweedfs-cosi-driver', image: 'ghcr.io/seaweedfs/seaweedfs-cosi-driver:v0.3.1', resources: resourcesOf(cosi.resources) },
      { name: 'seaweedfs-cosi-sidecar', image: cozyImage('objectstorage-sidecar'), resources: { requests: { cpu: '5m', memory: '16Mi' } } },
    ] } }));
  return objects;
}
