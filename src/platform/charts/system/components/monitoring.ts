// Metrics (VictoriaMetrics), logs (VictoriaLogs via fluent-bit), alerts (VMAlert → Alerta),
// dashboards (Grafana), autoscaling and cluster helpers. No Prometheus, Loki or Elasticsearch:
// prometheus-operator-crds only installs CRDs the VictoriaMetrics operator also understands.

import type { ComponentSpec } from '../component.ts';
import { grafanaOperatorCrds } from '../crds/grafana-operator.ts';
import { prometheusOperatorCrdsCrds } from '../crds/prometheus-operator-crds.ts';
import { verticalPodAutoscalerCrdsCrds } from '../crds/vertical-pod-autoscaler-crds.ts';
import { victoriaMetricsOperatorCrds } from '../crds/victoria-metrics-operator.ts';
import { monitoringLookups, monitoringStack } from './monitoring-stack.ts';
import { daemon, deploy } from './shorthand.ts';

const VM = 'operator.victoriametrics.com/v1beta1';

export const monitoringComponents: ComponentSpec[] = [
  { path: 'system/victoria-metrics-operator', chart: 'cozy-victoria-metrics-operator', upstream: { name: 'victoria-metrics-operator', version: '0.61.0', appVersion: 'v0.68.4' }, crds: victoriaMetricsOperatorCrds,
    values: { 'victoria-metrics-operator': { fullnameOverride: 'victoria-metrics-operator' } },
    workloads: [deploy('victoria-metrics-operator', 'victoriametrics/operator:v0.68.4', { container: 'operator', selector: { 'app.kubernetes.io/name': 'victoria-metrics-operator', 'app.kubernetes.io/instance': 'victoria-metrics-operator' },
      service: { ports: [{ name: 'http', port: 8080 }, { name: 'webhook', port: 9443 }] } })] },
  { path: 'system/prometheus-operator-crds', chart: 'cozy-prometheus-operator-crds', crds: prometheusOperatorCrdsCrds },
  { path: 'system/grafana-operator', chart: 'cozy-grafana-operator', upstream: { name: 'grafana-operator', version: '0.3.0', appVersion: 'v5.13.0' }, crds: grafanaOperatorCrds,
    values: { 'grafana-operator': { fullnameOverride: 'grafana-operator' } },
    workloads: [
      deploy('grafana-operator', 'ghcr.io/grafana/grafana-operator:v5.13.0', { container: 'grafana-operator', selector: { 'app.kubernetes.io/name': 'grafana-operator', 'app.kubernetes.io/instance': 'grafana-operator' } }),
      deploy('grafana-dashboards', 'ghcr.io/cozystack/cozystack/grafana-dashboards:v1.6.2', { container: 'nginx', selector: { app: 'grafana-dashboards' }, labels: { app: 'grafana-dashboards' }, serviceAccount: false,
        service: { ports: [{ name: 'http', port: 80, targetPort: 8080 }] } }),
    ] },
  // The monitoring stack of a tenant, rendered by the monitoring module as `monitoring-system`.
  { path: 'system/monitoring', chart: 'monitoring', extra: monitoringStack, lookups: monitoringLookups },
  { path: 'system/monitoring-agents', chart: 'cozy-monitoring-agents', values: { global: { target: 'tenant-root' } },
    workloads: [
      daemon('{release}-fluent-bit', 'cr.fluentbit.io/fluent/fluent-bit:3.2.8', { container: 'fluent-bit', selector: { 'app.kubernetes.io/name': 'fluent-bit', 'app.kubernetes.io/instance': '{release}' }, labels: { 'app.kubernetes.io/name': 'fluent-bit', 'helm.sh/chart': 'fluent-bit-0.48.9', 'app.kubernetes.io/version': '3.2.8' } }),
      deploy('{release}-kube-state-metrics', 'registry.k8s.io/kube-state-metrics/kube-state-metrics:v2.15.0', { container: 'kube-state-metrics', selector: { 'app.kubernetes.io/name': 'kube-state-metrics', 'app.kubernetes.io/instance': '{release}' },
        labels: { 'app.kubernetes.io/name': 'kube-state-metrics', 'helm.sh/chart': 'kube-state-metrics-5.30.1', 'app.kubernetes.io/version': '2.15.0', 'app.kubernetes.io/component': 'metrics' }, service: { ports: [{ name: 'http', port: 8080 }] } }),
      daemon('{release}-prometheus-node-exporter', 'quay.io/prometheus/node-exporter:v1.9.0', { container: 'node-exporter', selector: { 'app.kubernetes.io/name': 'prometheus-node-exporter', 'app.kubernetes.io/instance': '{release}' },
        labels: { 'app.kubernetes.io/name': 'prometheus-node-exporter', 'helm.sh/chart': 'prometheus-node-exporter-4.44.1', 'app.kubernetes.io/version': '1.9.0', 'app.kubernetes.io/component': 'metrics' }, hostNetwork: true }),
      daemon('kube-rbac-proxy', 'quay.io/brancz/kube-rbac-proxy:v0.22.0', { selector: { app: 'kube-rbac-proxy' }, labels: { app: 'kube-rbac-proxy' }, hostNetwork: true }),
    ],
    extra: (ctx) => [{ apiVersion: VM, kind: 'VMAgent', metadata: { name: 'vmagent', namespace: ctx.namespace, labels: ctx.labels },
      spec: { shardCount: 1, externalLabels: { cluster: 'cozystack', tenant: String((ctx.values.global as Record<string, unknown> | undefined)?.target ?? 'tenant-root') } } }] },
  { path: 'system/metrics-server', chart: 'cozy-metrics-server', upstream: { name: 'metrics-server', version: '3.12.2', appVersion: '0.7.2' },
    workloads: [deploy('{fullname}', 'registry.k8s.io/metrics-server/metrics-server:v0.7.2', { container: 'metrics-server', service: { ports: [{ name: 'https', port: 443, targetPort: 10250 }] } })],
    // The upstream chart's templates/apiservice.yaml with its defaults (apiService.insecureSkipTLSVerify: true), and
    // the reader role it aggregates into view, edit and admin, so whoever may read pods may `kubectl top` them.
    extra: (ctx) => [
      { apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name: 'v1beta1.metrics.k8s.io', labels: ctx.labels },
        spec: { group: 'metrics.k8s.io', version: 'v1beta1', groupPriorityMinimum: 100, versionPriority: 100, insecureSkipTLSVerify: true, service: { name: 'metrics-server', namespace: ctx.namespace, port: 443 } } },
      { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole',
        metadata: { name: 'system:metrics-server-aggregated-reader', labels: { ...ctx.labels, 'rbac.authorization.k8s.io/aggregate-to-admin': 'true', 'rbac.authorization.k8s.io/aggregate-to-edit': 'true', 'rbac.authorization.k8s.io/aggregate-to-view': 'true' } },
        rules: [{ apiGroups: ['metrics.k8s.io'], resources: ['pods', 'nodes'], verbs: ['get', 'list', 'watch'] }] },
    ] },
  { path: 'system/vertical-pod-autoscaler-crds', chart: 'cozy-vertical-pod-autoscaler-crds', crds: verticalPodAutoscalerCrdsCrds },
  { path: 'system/vertical-pod-autoscaler', chart: 'cozy-vertical-pod-autoscaler', upstream: { name: 'vertical-pod-autoscaler', version: '11.1.1', appVersion: '1.5.0' },
    workloads: [
      deploy('{fullname}-admission-controller', 'registry.k8s.io/autoscaling/vpa-admission-controller:1.5.1', { container: 'vertical-pod-autoscaler', component: 'admission-controller', service: { ports: [{ name: 'https', port: 443, targetPort: 8000 }] } }),
      deploy('{fullname}-recommender', 'registry.k8s.io/autoscaling/vpa-recommender:1.5.1', { container: 'vertical-pod-autoscaler', component: 'recommender' }),
      deploy('{fullname}-updater', 'registry.k8s.io/autoscaling/vpa-updater:1.5.1', { container: 'vertical-pod-autoscaler', component: 'updater' }),
    ] },
  { path: 'system/goldpinger', chart: 'cozy-goldpinger', upstream: { name: 'goldpinger', version: '1.0.1', appVersion: '3.10.2' },
    workloads: [daemon('{fullname}', 'bloomberg/goldpinger:3.10.2', { container: 'goldpinger-daemon', service: { ports: [{ name: 'http', port: 8081, targetPort: 8080 }] } })] },
  { path: 'system/reloader', chart: 'cozy-reloader', upstream: { name: 'reloader', version: '2.0.0', appVersion: 'v1.3.0' },
    workloads: [deploy('{release}-reloader', 'ghcr.io/stakater/reloader:v1.3.0', { container: '{release}-reloader', selector: { app: '{release}-reloader', release: '{release}' }, labels: { app: '{release}-reloader', release: '{release}' } })] },
  { path: 'system/telepresence', chart: 'cozy-telepresence', upstream: { name: 'telepresence', version: '2.16.1', appVersion: '2.16.1' },
    workloads: [deploy('traffic-manager', 'docker.io/datawire/tel2:2.16.1', { container: 'traffic-manager', selector: { app: 'traffic-manager', telepresence: 'manager' }, labels: { app: 'traffic-manager', telepresence: 'manager' },
      service: { name: 'traffic-manager', ports: [{ name: 'api', port: 8081 }], headless: true } })] },
  { path: 'system/kuberture', chart: 'cozy-kuberture', upstream: { name: 'kuberture', version: '0.1.1', appVersion: '0.1.1' },
    workloads: [deploy('{fullname}', 'ghcr.io/lexfrei/kuberture:0.1.1', { container: 'kuberture' })] },
];
