// What Talos applies to the cluster it bootstraps, on every boot (its bootstrap manifests): CoreDNS
// in kube-system, by server-side apply as field manager "talos", so a restart changes nothing that
// is as it should be and restores what was changed or deleted.

import { coreDNSManifests } from '../../cluster/addons/coredns.ts';
import { DEFAULT_SERVICE_CIDR } from '../../apiserver/allocators.ts';
import { bigIntToIP, parsePrefix } from '../../machinery/net/ip.ts';
import { isStatusError } from '../../machinery/errors.ts';
import { refOf, type KubeClient } from '../../controller/index.ts';
import type { Package } from './types.ts';

export const TALOS_FIELD_MANAGER = 'talos';

/** The tenth address of the Service range, which kubelets give pods as their nameserver. */
export function dnsServiceIP(serviceCidr = DEFAULT_SERVICE_CIDR): string {
  const range = parsePrefix(serviceCidr)!;
  return bigIntToIP(range.base + 10n, range.family);
}

/** cluster.local on a plain cluster; on Cozystack the Platform Package's networking.clusterDomain (cozy.local by default). */
export function clusterDomainOf(platform: Package | undefined, kubernetesOnly: boolean): string {
  if (kubernetesOnly) return 'cluster.local';
  const values = platform?.spec?.components?.platform?.values as { networking?: { clusterDomain?: unknown } } | undefined;
  const domain = values?.networking?.clusterDomain;
  return typeof domain === 'string' && domain ? domain : 'cozy.local';
}

/**
 * Applies the manifests; what is refused (the DNS address held by another Service, on a data dir
 * from before CoreDNS was deployed) is reported in the returned lines, and the rest still applied.
 */
export async function applyBootstrapManifests(client: KubeClient, clusterDomain: string): Promise<string[]> {
  const problems: string[] = [];
  for (const obj of coreDNSManifests({ clusterDomain, dnsServiceIP: dnsServiceIP() })) {
    try {
      await client.patch(refOf(obj), 'apply', obj, { fieldManager: TALOS_FIELD_MANAGER, force: true });
    } catch (err) {
      if (!isStatusError(err, 'Invalid')) throw err;
      problems.push(`${obj.kind} ${obj.metadata.namespace}/${obj.metadata.name}: ${(err as Error).message}`);
    }
  }
  return problems;
}
