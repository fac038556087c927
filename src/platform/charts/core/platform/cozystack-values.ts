// templates/apps.yaml: the Secret cozy-system/cozystack-values. Its `values.yaml` holds `_cluster`,
// the platform settings every component HelmRelease receives through valuesFrom (all strings,
// except the branding and scheduling maps). helm-controller re-renders the consumers when it
// changes, which the `reconcile.fluxcd.io/watch: Enabled` label asks for.

import { stringify } from 'yaml';
import type { KubeObject } from '../../../../machinery/object.ts';
import { COZY_SYSTEM, SECRET_GVK } from '../../../installer/types.ts';
import type { Values } from '../../chart.ts';
import type { Lookup } from './lookup.ts';
import { dig, quoteScalar, record, str, stringList, truthy } from './template.ts';

export const COZYSTACK_VALUES_SECRET = 'cozystack-values';
export const WILDCARD_SECRET_NAME = 'cozystack-wildcard-tls';

export function cozystackValuesSecret(values: Values, lookup: Lookup): KubeObject {
  return {
    apiVersion: SECRET_GVK.apiVersion,
    kind: SECRET_GVK.kind,
    metadata: { name: COZYSTACK_VALUES_SECRET, namespace: COZY_SYSTEM, labels: { 'reconcile.fluxcd.io/watch': 'Enabled' } },
    type: 'Opaque',
    stringData: { 'values.yaml': stringify({ _cluster: clusterValues(values, lookup) }) },
  };
}

/** The `_cluster` map, keys in the template's order. */
export function clusterValues(values: Values, lookup: Lookup): Record<string, unknown> {
  const legacy = record(lookup('v1', 'ConfigMap', COZY_SYSTEM, 'cozystack')?.data);
  const publishing = record(values.publishing);
  const certificates = record(publishing.certificates);
  const oidc = record(dig(values, 'authentication', 'oidc'));
  const q = quoteScalar;
  const out: Record<string, unknown> = {
    'root-host': q(truthy(legacy['root-host']) ? legacy['root-host'] : publishing.host),
    'bundle-name': q(dig(values, 'bundles', 'system', 'variant')),
    solver: q(certificates.solver),
    'issuer-name': q(certificates.issuerName),
    ...wildcard(values),
    ...dns01(certificates.dns01),
    'oidc-enabled': q(oidc.enabled),
    'oidc-insecure-skip-verify': q(oidc.insecureSkipVerify),
    'extra-keycloak-redirect-uri-for-dashboard': q(oidc.keycloakExtraRedirectUri),
    'keycloak-internal-url': q(oidc.keycloakInternalUrl),
    'expose-services': stringList(publishing.exposedServices).join(','),
    'expose-ingress': q(publishing.ingressName),
    'expose-ingress-admin': str(publishing.ingressNameAdmin),
    'expose-external-ips': stringList(publishing.externalIPs).join(','),
    'load-balancer-class': str(publishing.loadBalancerClass),
    'proxy-protocol': q(truthy(publishing.proxyProtocol) ? publishing.proxyProtocol : false),
    'gateway-enabled': q(truthy(dig(values, 'gateway', 'enabled')) ? dig(values, 'gateway', 'enabled') : false),
    'gateway-attached-namespaces': stringList(dig(values, 'gateway', 'attachedNamespaces')).join(','),
    // Presence, not truthiness: an explicit rootEnabled=false stays false.
    'monitoring-enabled': q('rootEnabled' in record(values.monitoring) ? record(values.monitoring).rootEnabled : true),
    'cluster-domain': q(dig(values, 'networking', 'clusterDomain')),
    'api-server-endpoint': q(publishing.apiServerEndpoint),
  };
  if (truthy(values.branding)) out.branding = structuredClone(values.branding);
  out['cpu-allocation-ratio'] = q(dig(values, 'resources', 'cpuAllocationRatio'));
  out['memory-allocation-ratio'] = q(dig(values, 'resources', 'memoryAllocationRatio'));
  out['ephemeral-storage-allocation-ratio'] = q(dig(values, 'resources', 'ephemeralStorageAllocationRatio'));
  if (truthy(values.scheduling)) out.scheduling = structuredClone(values.scheduling);
  const rootCA = record(lookup('v1', 'ConfigMap', 'kube-system', 'kube-root-ca.crt')?.data);
  if (truthy(rootCA)) out['kube-root-ca'] = Buffer.from(str(rootCA['ca.crt']), 'utf8').toString('base64');
  return out;
}

/**
 * An operator-provided wildcard Secret wins; otherwise the platform issues its own wildcard on
 * the ingress-nginx path with dns01 (http01 cannot, and the Gateway path issues its own).
 */
function wildcard(values: Values): Record<string, string> {
  const certificates = record(dig(values, 'publishing', 'certificates'));
  const byo = str(certificates.wildcardSecretName);
  const issue = !byo && certificates.solver === 'dns01' && truthy(certificates.wildcard) && !truthy(dig(values, 'gateway', 'enabled'));
  return { 'wildcard-secret-name': issue ? WILDCARD_SECRET_NAME : byo, 'wildcard-issue': String(issue) };
}

/** The DNS-01 solver keys, written whatever the solver so switching to dns01 needs no redeploy. */
function dns01(input: unknown): Record<string, string> {
  if (!truthy(input)) return {};
  const d = record(input);
  const out: Record<string, string> = { 'dns01-provider': str(d.provider, 'cloudflare') };
  const withBlock = (key: string, fill: (b: Record<string, unknown>) => Record<string, string>) => {
    if (truthy(d[key])) Object.assign(out, fill(record(d[key])));
  };
  withBlock('cloudflare', (b) => ({
    'dns01-cloudflare-secret-name': str(b.secretName, 'cloudflare-api-token-secret'),
    'dns01-cloudflare-secret-key': str(b.secretKey, 'api-token'),
  }));
  withBlock('route53', (b) => ({
    'dns01-route53-region': str(b.region),
    'dns01-route53-access-key-id': str(b.accessKeyID),
    'dns01-route53-secret-name': str(b.secretName),
    'dns01-route53-secret-key': str(b.secretKey, 'secret-access-key'),
  }));
  withBlock('digitalocean', (b) => ({
    'dns01-digitalocean-secret-name': str(b.secretName, 'digitalocean-api-token-secret'),
    'dns01-digitalocean-secret-key': str(b.secretKey, 'access-token'),
  }));
  withBlock('rfc2136', (b) => ({
    'dns01-rfc2136-nameserver': str(b.nameserver),
    'dns01-rfc2136-tsig-key-name': str(b.tsigKeyName),
    'dns01-rfc2136-tsig-algorithm': str(b.tsigAlgorithm, 'HMACSHA256'),
    'dns01-rfc2136-secret-name': str(b.secretName),
    'dns01-rfc2136-secret-key': str(b.secretKey, 'tsig-secret-key'),
  }));
  return out;
}
