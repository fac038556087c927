// templates/networkpolicy.yaml: the Cilium policies that isolate a tenant (always on since 1.0).
// Inside the namespace everything talks; from outside only the apiserver, system namespaces,
// kube-system and the tenant's ancestors come in; out it reaches its descendants (by the
// `tenant.cozystack.io/<ns>` namespace label) and its ancestors' vminsert, etcd and ingress.

import type { KubeObject } from '../../../../machinery/object.ts';
import type { Values } from '../../chart.ts';
import { namespaceChain, ROOT_TENANT_NAMESPACE } from './names.ts';

const POD_NAMESPACE = 'k8s:io.kubernetes.pod.namespace';

function cnp(name: string, namespace: string, spec: Record<string, unknown>): KubeObject {
  return { apiVersion: 'cilium.io/v2', kind: 'CiliumNetworkPolicy', metadata: { name, namespace }, spec };
}

function ccnp(name: string, spec: Record<string, unknown>): KubeObject {
  return { apiVersion: 'cilium.io/v2', kind: 'CiliumClusterwideNetworkPolicy', metadata: { name }, spec };
}

function egressToNamespace(name: string, namespace: string, target: string): KubeObject {
  return cnp(name, namespace, { endpointSelector: {}, egress: [{ toEndpoints: [{ matchLabels: { [POD_NAMESPACE]: target } }] }] });
}

export function networkPolicyObjects(values: Values, releaseNamespace: string, tenantNamespace: string): KubeObject[] {
  const own = { [POD_NAMESPACE]: tenantNamespace };
  const isRoot = tenantNamespace === ROOT_TENANT_NAMESPACE;
  const ancestors = releaseNamespace.startsWith('tenant-') ? namespaceChain(releaseNamespace) : [];
  const inAncestors = (extra: Record<string, string>) => ancestors.map((ns) => ({ matchLabels: { ...extra, [POD_NAMESPACE]: ns } }));

  const egress: unknown[] = [{ toEndpoints: [{ matchLabels: { [`k8s:io.cilium.k8s.namespace.labels.tenant.cozystack.io/${tenantNamespace}`]: '' } }] }];
  const ingress: unknown[] = [
    { fromEntities: ['kube-apiserver'] },
    { fromEndpoints: [{ matchLabels: { 'k8s:io.cilium.k8s.namespace.labels.cozystack.io/system': 'true' } }] },
    { fromEndpoints: [{ matchLabels: { [POD_NAMESPACE]: 'kube-system' } }] },
  ];
  if (!isRoot) {
    egress.push(
      { toEndpoints: inAncestors({ 'k8s:app.kubernetes.io/name': 'vminsert' }) },
      { toEndpoints: inAncestors({ 'k8s:app.kubernetes.io/instance': 'etcd' }) },
      { toEndpoints: inAncestors({ 'cozystack.io/service': 'ingress' }) },
    );
    ingress.push({ fromEndpoints: inAncestors({}) });
  }

  const out: KubeObject[] = [
    cnp('allow-internal-communication', tenantNamespace, { endpointSelector: {}, ingress: [{ fromEndpoints: [{}] }], egress: [{ toEndpoints: [{}] }] }),
    cnp('allow-external-communication', tenantNamespace, { endpointSelector: {}, ingress: [{ fromEntities: ['world', 'cluster'] }], egress: [{ toEntities: ['world'] }] }),
    ccnp(`${tenantNamespace}-egress`, { endpointSelector: { matchLabels: own }, egress }),
    ccnp(`${tenantNamespace}-ingress`, { endpointSelector: { matchLabels: own }, ingress }),
  ];
  if (values.ingress) {
    out.push(ccnp(`${tenantNamespace}-ingress-ingress`, { endpointSelector: { matchLabels: { ...own, 'cozystack.io/service': 'ingress' } }, ingress: [{ fromEndpoints: [{}] }] }));
  }
  if (values.etcd) {
    out.push(ccnp(`${tenantNamespace}-ingress-etcd`, {
      endpointSelector: { matchLabels: { ...own, 'cozystack.io/service': 'etcd' } },
      ingress: [{ fromEndpoints: [{ matchLabels: { 'k8s:io.cilium.k8s.namespace.labels.namespace.cozystack.io/etcd': tenantNamespace, 'policy.cozystack.io/allow-to-etcd': 'true' } }] }],
    }));
  }
  out.push(
    cnp('allow-to-apiserver', tenantNamespace, {
      endpointSelector: { matchLabels: { 'policy.cozystack.io/allow-to-apiserver': 'true' } },
      egress: [{ toEntities: ['kube-apiserver'] }, { toPorts: [{ ports: [{ port: '6443', protocol: 'TCP' }] }] }],
    }),
    cnp('allow-to-dns', tenantNamespace, { endpointSelector: {}, egress: [{ toEndpoints: [{ matchLabels: { [POD_NAMESPACE]: 'kube-system', 'k8s-app': 'kube-dns' } }] }] }),
    egressToNamespace('allow-to-dashboard', tenantNamespace, 'cozy-dashboard'),
    egressToNamespace('allow-to-linstor-gui', tenantNamespace, 'cozy-linstor'),
    egressToNamespace('allow-to-keycloak', tenantNamespace, 'cozy-keycloak'),
    egressToNamespace('allow-to-cdi-upload-proxy', tenantNamespace, 'cozy-kubevirt-cdi'),
  );
  if (values.monitoring) {
    out.push(ccnp(`${tenantNamespace}-egress-virt-handler`, {
      endpointSelector: { matchLabels: { ...own, 'k8s:app.kubernetes.io/name': 'vmagent' } },
      egress: [{
        toEndpoints: [{ matchLabels: { 'k8s:kubevirt.io': 'virt-handler', [POD_NAMESPACE]: 'cozy-kubevirt' } }],
        toPorts: [{ ports: [{ port: '8443', protocol: 'TCP' }] }],
      }],
    }));
  }
  out.push(cnp('allow-to-ingress', tenantNamespace, { endpointSelector: {}, egress: [{ toEndpoints: [{ matchLabels: { 'cozystack.io/service': 'ingress' } }] }] }));
  return out;
}
