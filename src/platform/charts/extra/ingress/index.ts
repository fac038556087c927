// extra/ingress: a tenant's ingress controller (packages/extra/ingress). The chart renders the
// nested HelmRelease `ingress-nginx-system` of system/ingress-nginx — fullname
// `<ns without tenant->-ingress`, IngressClass `<ns>`, controller `k8s.io/ingress-nginx-<ns>` —
// plus the wildcard Certificate of the publishing ingress, scrapes, a WorkloadMonitor and the dashboard Role.

import type { KubeObject } from '../../../../machinery/object.ts';
import { ChartRenderError, type Chart, type ReleaseContext, type Values } from '../../chart.ts';
import { defaultingSanitize } from '../../lib/index.ts';
import { lookupFrom, type LookupRef } from '../../lookup.ts';
import { ingressOpenAPISchema } from '../../system/definitions/ingress.ts';
import { asNumber, asRecord, clusterValue, dashboardResources, majority, MODULE_CHART_VERSION, nestedHelmRelease, requireReleaseName, tenantSubjects, workloadMonitor } from '../module-objects.ts';
import { ingressScrapes } from './scrapes.ts';

export const CLOUDFLARE_IPS = '173.245.48.0/20,103.21.244.0/22,103.22.200.0/22,103.31.4.0/22,141.101.64.0/18,108.162.192.0/18,190.93.240.0/20,188.114.96.0/20,197.234.240.0/22,198.41.128.0/17,162.158.0.0/15,104.16.0.0/13,104.24.0.0/14,172.64.0.0/13,131.0.72.0/22,2400:cb00::/32,2606:4700::/32,2803:f800::/32,2405:b500::/32,2405:8100::/32,2a06:98c0::/29,2c0f:f248::/32';

/** `<ns without tenant->-ingress-controller`: the controller's Deployment and Service. */
export function ingressControllerName(namespace: string): string {
  return `${namespace.replace(/^tenant-/, '')}-ingress-controller`;
}

interface Publishing {
  exposeIngress: string;
  externalIPs: string;
  loadBalancerClass: string;
  wildcardSecret: string;
  isHost: boolean;
}

function publishing(values: Values, namespace: string): Publishing {
  const exposeIngress = clusterValue(values, 'expose-ingress') || 'tenant-root';
  return {
    exposeIngress,
    externalIPs: clusterValue(values, 'expose-external-ips').replace(/\s+/g, ''),
    loadBalancerClass: clusterValue(values, 'load-balancer-class'),
    wildcardSecret: clusterValue(values, 'wildcard-secret-name'),
    isHost: exposeIngress === namespace,
  };
}

function controllerService(p: Publishing): Record<string, unknown> {
  if (p.isHost && p.externalIPs) return { externalIPs: p.externalIPs.split(','), type: 'ClusterIP', externalTrafficPolicy: 'Cluster' };
  const service: Record<string, unknown> = { type: 'LoadBalancer', externalTrafficPolicy: 'Local' };
  if (p.loadBalancerClass && p.isHost) service.loadBalancerClass = p.loadBalancerClass;
  return service;
}

function guardLoadBalancerClass(values: Values, namespace: string, p: Publishing): void {
  if (!p.isHost || p.externalIPs) return;
  const name = ingressControllerName(namespace);
  const existing = lookupFrom(values)('v1', 'Service', namespace, name);
  const spec = asRecord(existing?.spec);
  const existingClass = String(spec.loadBalancerClass ?? '');
  if (existing && spec.type === 'LoadBalancer' && existingClass !== p.loadBalancerClass) {
    throw new ChartRenderError(`publishing.loadBalancerClass cannot be changed on the existing host ingress Service ${namespace}/${name}: spec.loadBalancerClass is immutable once the Service is type LoadBalancer (existing: ${JSON.stringify(existingClass)}, requested: ${JSON.stringify(p.loadBalancerClass)}). Delete the Service once so Flux recreates it with the new setting — the external LoadBalancer is briefly reprovisioned: kubectl -n ${namespace} delete service ${name}`);
  }
}

export function ingressNginxValues(values: Values, namespace: string): Values {
  const p = publishing(values, namespace);
  const proxyProtocol = Boolean(values.proxyProtocol) || (p.isHost && clusterValue(values, 'proxy-protocol') === 'true');
  if (values.proxyProtocol && p.isHost) {
    throw new ChartRenderError('On the host (external-facing) ingress, enable PROXY-protocol via publishing.proxyProtocol, not the per-app proxyProtocol value — the platform switch pairs it with ouroboros hairpin handling and the disable-hazard guard');
  }
  if (values.cloudflareProxy && proxyProtocol) {
    throw new ChartRenderError("cloudflareProxy and proxyProtocol are mutually exclusive: Cloudflare's HTTP proxy does not send PROXY-protocol frames, and the cloudflareProxy server-snippet overrides real-ip-header proxy_protocol");
  }
  guardLoadBalancerClass(values, namespace, p);
  const controller: Record<string, unknown> = { replicaCount: asNumber(values.replicas, 2), ingressClass: namespace };
  if (p.wildcardSecret) controller.extraArgs = { 'default-ssl-certificate': `${namespace}/${p.wildcardSecret}` };
  controller.resources = defaultingSanitize(String(values.resourcesPreset), asRecord(values.resources), values);
  controller.ingressClassResource = { name: namespace, controllerValue: `k8s.io/ingress-nginx-${namespace}` };
  controller.podLabels = { 'cozystack.io/service': 'ingress', 'policy.cozystack.io/allow-to-apiserver': 'true' };
  if (namespace !== 'tenant-root') controller.admissionWebhooks = { enabled: false };
  controller.service = controllerService(p);
  const whitelist = Array.isArray(values.whitelist) ? values.whitelist.map(String) : [];
  if (whitelist.length || values.cloudflareProxy || proxyProtocol) {
    const config: Record<string, string> = {};
    if (whitelist.length) config['whitelist-source-range'] = whitelist.join(',');
    if (values.cloudflareProxy) Object.assign(config, { set_real_ip_from: CLOUDFLARE_IPS, 'use-forwarded-headers': 'true', 'server-snippet': 'real_ip_header CF-Connecting-IP;' });
    if (proxyProtocol) Object.assign(config, { 'use-proxy-protocol': 'true', 'real-ip-header': 'proxy_protocol', 'enable-real-ip': 'true' });
    controller.config = config;
  }
  return { 'ingress-nginx': { fullnameOverride: `${namespace.replace(/^tenant-/, '')}-ingress`, controller } };
}

function wildcardCertificate(values: Values, namespace: string): KubeObject[] {
  const p = publishing(values, namespace);
  if (clusterValue(values, 'wildcard-issue') !== 'true' || !p.isHost) return [];
  const rootHost = clusterValue(values, 'root-host');
  if (!p.wildcardSecret) throw new ChartRenderError('packages/extra/ingress: _cluster.wildcard-issue=true but _cluster.wildcard-secret-name is empty — the platform must supply the target Secret name.');
  if (!rootHost) throw new ChartRenderError('packages/extra/ingress: _cluster.wildcard-issue=true but _cluster.root-host is empty — cannot build the wildcard dnsNames.');
  return [{
    apiVersion: 'cert-manager.io/v1', kind: 'Certificate', metadata: { name: 'cozystack-wildcard' },
    spec: { secretName: p.wildcardSecret, issuerRef: { kind: 'ClusterIssuer', name: clusterValue(values, 'issuer-name') || 'letsencrypt-prod' }, dnsNames: [rootHost, `*.${rootHost}`] },
  }];
}

export function renderIngress(values: Values, release: ReleaseContext): KubeObject[] {
  requireReleaseName(release, 'ingress');
  const ns = release.namespace;
  const replicas = asNumber(values.replicas, 2);
  return [
    nestedHelmRelease({ name: 'ingress-nginx-system', artifact: 'cozystack-ingress-application-default-ingress-system', values: ingressNginxValues(values, ns) }),
    ...wildcardCertificate(values, ns),
    workloadMonitor({ name: release.name, namespace: ns, replicas, minReplicas: majority(replicas), kind: 'ingress', type: 'controller',
      selector: { 'app.kubernetes.io/component': 'controller', 'app.kubernetes.io/instance': 'ingress-nginx-system', 'app.kubernetes.io/name': 'ingress-nginx' } }),
    ...dashboardResources(`${release.name}-dashboard-resources`, `${release.name}-dashboard-resources`,
      [{ apiGroups: [''], resources: ['services'], resourceNames: [ingressControllerName(ns)] }, { apiGroups: ['cozystack.io'], resources: ['workloadmonitors'], resourceNames: [release.name] }],
      tenantSubjects('admin', ns)),
    ...ingressScrapes(ns),
  ];
}

export const ingressChart: Chart = {
  path: 'extra/ingress',
  name: 'ingress',
  version: MODULE_CHART_VERSION,
  valuesSchema: ingressOpenAPISchema,
  values: { replicas: 2, whitelist: [], cloudflareProxy: false, proxyProtocol: false, resources: {}, resourcesPreset: 't1.micro' },
  lookups(values: Values, release: ReleaseContext): LookupRef[] {
    return [{ apiVersion: 'v1', kind: 'Service', namespace: release.namespace, name: ingressControllerName(release.namespace) }];
  },
  render: renderIngress,
};
