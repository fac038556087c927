// templates/bundles/system.yaml: the data-plane head chosen by `bundles.system.variant`
// (networking, linstor, scheduler) and the variant-agnostic control-plane body (engine,
// cert-manager, the *-application catalog, operators), then the optional system packages.

import type { Values } from '../../../chart.ts';
import type { Lookup } from '../lookup.ts';
import type { ComponentValues, PackageList } from '../packages.ts';
import { dig, record, str, templateFail, truthy } from '../template.ts';
import { apiServerHostPort } from './api-endpoint.ts';

const FILE = 'bundles/system.yaml';

const OUROBOROS_UNCLEAN_MESSAGE =
  'publishing.proxyProtocol was previously enabled (the cozystack.ouroboros Package CR exists on the cluster). Flipping it back to false stops emitting the Package, BUT helm.sh/resource-policy: keep leaves the existing Package on the cluster — ouroboros stays installed and keeps re-applying its rewrite block to kube-system/coredns. Meanwhile the host ingress-nginx config reverts to no-PROXY-protocol while the upstream LB may still be injecting PROXY frames, breaking external traffic. Either: (a) restore publishing.proxyProtocol to true, or (b) flip the upstream LB off PROXY-protocol injection FIRST, then `kubectl delete package.cozystack.io cozystack.ouroboros` (the vendored chart\'s pre-delete hook then sed-strips the BEGIN/END block from kube-system/coredns automatically — manual sed is not needed in the happy path; the values.yaml comment ships a manual fallback recipe only for the rare case where the hook itself fails to land), then set publishing.proxyProtocolAcknowledgeUnclean: true to confirm.';

export function systemBundle(values: Values, pkgs: PackageList, lookup: Lookup): void {
  if (!truthy(dig(values, 'bundles', 'system', 'enabled'))) return;
  const variant = dig(values, 'bundles', 'system', 'variant');
  const oidc = truthy(dig(values, 'authentication', 'oidc', 'enabled'));

  if (variant === 'isp-full') {
    pkgs.add('cozystack.networking', 'kubeovn-cilium', talosNetworking(values));
    commonPackages(pkgs);
    pkgs.add('cozystack.linstor');
    pkgs.add('cozystack.cozystack-scheduler', 'linstor');
  }
  if (variant === 'isp-hosted') {
    pkgs.add('cozystack.networking', 'noop');
    pkgs.add('cozystack.cozystack-scheduler');
  }
  if (variant === 'isp-full-generic') {
    pkgs.add('cozystack.networking', 'kubeovn-cilium-generic', genericNetworking(values, lookup));
    commonPackages(pkgs);
    pkgs.add('cozystack.linstor', 'default', { linstor: { values: { talos: { enabled: false } } } });
    pkgs.add('cozystack.cozystack-scheduler', 'linstor');
  }

  // On generic Kubernetes the control-plane node label has the value "true".
  const engineComponents: ComponentValues =
    variant === 'isp-full-generic'
      ? { 'cozystack-api': { values: { cozystackAPI: { nodeSelector: { 'node-role.kubernetes.io/control-plane': 'true' } } } } }
      : {};
  if (oidc) {
    pkgs.add('cozystack.cozystack-engine', 'oidc', engineComponents);
    pkgs.add('cozystack.keycloak');
    pkgs.add('cozystack.keycloak-operator');
  } else {
    pkgs.add('cozystack.cozystack-engine', 'default', engineComponents);
  }

  pkgs.add('cozystack.gateway-api-crds');
  pkgs.add('cozystack.cert-manager');
  const proxyProtocol = truthy(dig(values, 'publishing', 'proxyProtocol'));
  if (!proxyProtocol && !truthy(dig(values, 'publishing', 'proxyProtocolAcknowledgeUnclean'))) {
    if (lookup('cozystack.io/v1alpha1', 'Package', '', 'cozystack.ouroboros')) throw templateFail(FILE, 148, OUROBOROS_UNCLEAN_MESSAGE);
  }
  if (proxyProtocol) {
    // The host ingress-nginx lives in the publishing namespace as <short>-ingress (extra/ingress).
    const ingressNs = str(dig(values, 'publishing', 'ingressName'), 'tenant-root');
    const serviceName = `${ingressNs.replace(/^tenant-/, '')}-ingress-controller`;
    pkgs.add('cozystack.ouroboros', 'default', { ouroboros: { values: { ouroboros: { proxy: { target: { namespace: ingressNs, serviceName } } } } } });
  }
  pkgs.add('cozystack.flux-plunger');
  pkgs.add('cozystack.flux-shard-operator');
  pkgs.add('cozystack.victoria-metrics-operator');
  pkgs.add('cozystack.tenant-application', 'default', { tenant: { values: { _cluster: { 'oidc-enabled': oidc ? 'true' : 'false' } } } });
  pkgs.add('cozystack.ingress-application');
  pkgs.add('cozystack.gateway-application');
  pkgs.add('cozystack.seaweedfs-application');
  pkgs.add('cozystack.info-application');
  pkgs.add('cozystack.monitoring-application', oidc ? 'oidc' : 'default');
  pkgs.add('cozystack.etcd-application');
  pkgs.add('cozystack.cozystack-basics');
  const backupStorage = values.backupStorage;
  pkgs.add(
    'cozystack.backupstrategy-controller',
    'default',
    truthy(backupStorage) ? { 'backupstrategy-controller': { values: { backupStorage: record(backupStorage) } } } : {},
  );
  pkgs.add('cozystack.backup-controller');
  // velero is a default package: backupstrategy-controller hard-depends on it.
  pkgs.add('cozystack.velero');
  // bucket-application sits in the system bundle, as Cozystack moved it after 1.6.2: backupstrategy-controller
  // hard-depends on it, so in the iaas bundle it left a system-on/iaas-off install (isp-hosted) DependenciesNotReady.
  pkgs.add('cozystack.bucket-application');
  pkgs.add('cozystack.vertical-pod-autoscaler');
  pkgs.add('cozystack.metrics-server');
  pkgs.add('cozystack.monitoring-agents', 'default', { 'monitoring-agents': { values: { global: { target: 'tenant-root' } } } });
  pkgs.add('cozystack.goldpinger');
  pkgs.add('cozystack.prometheus-operator-crds');
  pkgs.add('cozystack.grafana-operator');
  pkgs.add('cozystack.etcd-operator');
  pkgs.add('cozystack.postgres-operator');
  pkgs.add('cozystack.objectstorage-controller');

  for (const name of [
    'cozystack.nfs-driver',
    'cozystack.telepresence',
    'cozystack.external-dns',
    'cozystack.external-dns-application',
    'cozystack.kuberture',
    'cozystack.external-secrets-operator',
    'cozystack.linstor-gui',
  ]) {
    pkgs.optional(name);
  }
  // Listing cozystack.bootbox brings its application package along.
  if (pkgs.isListedEnabled('cozystack.bootbox')) {
    pkgs.add('cozystack.bootbox-application');
    pkgs.add('cozystack.bootbox');
  }
  pkgs.optional('cozystack.hetzner-robotlb');
}

/** cozystack.platform.system.common-packages: the data-plane packages of isp-full and isp-full-generic. */
function commonPackages(pkgs: PackageList): void {
  for (const name of [
    'cozystack.kubeovn-webhook',
    'cozystack.kubeovn-plunger',
    'cozystack.cozy-proxy',
    'cozystack.multus',
    'cozystack.metallb',
    'cozystack.reloader',
    'cozystack.linstor-scheduler',
    'cozystack.snapshot-controller',
    'cozystack.securitygroup-controller',
  ]) {
    pkgs.add(name);
  }
}

interface NetworkingInput {
  podCIDR: unknown;
  podGateway: unknown;
  serviceCIDR: unknown;
  joinCIDR: unknown;
  masterNodes: unknown;
}

function kubeovnValues(n: NetworkingInput, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const kubeovn: Record<string, unknown> = {
    ipv4: { POD_CIDR: n.podCIDR, POD_GATEWAY: n.podGateway, SVC_CIDR: n.serviceCIDR, JOIN_CIDR: n.joinCIDR },
  };
  if (truthy(n.masterNodes)) kubeovn.MASTER_NODES = n.masterNodes;
  return { 'kube-ovn': { ...kubeovn, ...extra } };
}

/** isp-full: Talos' KubePrism endpoint for cilium, and no cgroup auto-mount (Talos mounts it). */
function talosNetworking(values: Values): ComponentValues {
  const networking = record(values.networking);
  if (!truthy(values.networking)) return {};
  return {
    kubeovn: { values: kubeovnValues(networkingInput(networking, {})) },
    cilium: { values: { cilium: { k8sServiceHost: 'localhost', k8sServicePort: '7445', cgroup: { autoMount: { enabled: false } } } } },
  };
}

/** isp-full-generic: cilium talks to the API server at apiServerEndpoint; the legacy ConfigMap wins where set. */
function genericNetworking(values: Values, lookup: Lookup): ComponentValues {
  if (!truthy(values.networking)) return {};
  const cm = record(lookup('v1', 'ConfigMap', 'cozy-system', 'cozystack')?.data);
  const endpoint = str(cm['api-server-endpoint'], str(dig(values, 'publishing', 'apiServerEndpoint')));
  const { host, port } = apiServerHostPort(endpoint);
  return {
    kubeovn: {
      values: kubeovnValues(networkingInput(record(values.networking), cm), {
        MASTER_NODES_LABEL: 'node-role.kubernetes.io/control-plane=true',
      }),
    },
    cilium: { values: { cilium: { k8sServiceHost: host, k8sServicePort: port, cgroup: { autoMount: { enabled: true } } } } },
  };
}

function networkingInput(networking: Record<string, unknown>, cm: Record<string, unknown>): NetworkingInput {
  const pick = (cmKey: string, key: string) => (truthy(cm[cmKey]) ? cm[cmKey] : networking[key]);
  return {
    podCIDR: pick('ipv4-pod-cidr', 'podCIDR'),
    podGateway: pick('ipv4-pod-gateway', 'podGateway'),
    serviceCIDR: pick('ipv4-svc-cidr', 'serviceCIDR'),
    joinCIDR: pick('ipv4-join-cidr', 'joinCIDR'),
    masterNodes: dig(networking, 'kubeovn', 'MASTER_NODES'),
  };
}
