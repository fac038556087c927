// ResourceQuota admission: an object that would take a namespace past a quota's hard limits is
// refused, a pod that does not state what a compute quota restricts is refused, and what is admitted
// is charged to every matching quota's status.used with a compare-and-swap write, so concurrent
// creates cannot together exceed it. The quota controller later recounts from live objects.

import { forbidden } from '../../machinery/errors.ts';
import { andThen } from '../../machinery/maybe-promise.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { INTERNAL_USER } from '../auth/user.ts';
import { evaluatorFor, type QuotaEvaluator } from '../quota/evaluators.ts';
import { addLists, exceededResources, formatResourceList, mask, prettyPrint, removeZeros, subtractNonNegative, type ResourceList } from '../quota/resource-list.ts';
import { calculateUsage, effectiveHard, statusUsed } from '../quota/usage.ts';
import { resourcePrefix } from '../registry/keys.ts';
import { NamespacesWithObjects } from '../registry/namespaces-with-objects.ts';
import type { ResourceRegistry } from '../registry/registry.ts';
import type { AdmissionPlugin, AdmissionRequest } from './admission.ts';

/** The registry serving a resource (ApiServer.registry: throws, or undefined, when none does). */
export type RegistryLookup = (group: string, plural: string) => ResourceRegistry | undefined;

export function tryRegistry(lookup: RegistryLookup, group: string, plural: string): ResourceRegistry | undefined {
  try {
    return lookup(group, plural);
  } catch {
    return undefined;
  }
}

interface Charge {
  quota: KubeObject;
  requested: ResourceList;
}

export function resourceQuotaAdmission(registryFor: RegistryLookup, now: () => Date): AdmissionPlugin {
  const quotas = () => registryFor('', 'resourcequotas')!;
  const withQuotas = new NamespacesWithObjects(() => quotas().store, resourcePrefix({ group: '', plural: 'resourcequotas' }));

  /** status.used, completed from live objects for restricted names the controller has not counted yet. */
  async function usedOf(quota: KubeObject, restricted: string[]): Promise<ResourceList> {
    const used = statusUsed(quota);
    const missing = restricted.filter((name) => used[name] === undefined);
    if (missing.length === 0) return used;
    const namespace = quota.metadata.namespace!;
    const counted = await calculateUsage(quota, missing, now(), async (group, resource) => {
      const registry = tryRegistry(registryFor, group, resource);
      return registry ? (await registry.list(namespace)).items : undefined;
    });
    return { ...used, ...counted };
  }

  /** The quota's new usage with `requested` added, or the Forbidden refusal naming what it exceeds. */
  async function charge(req: AdmissionRequest, quota: KubeObject, requested: ResourceList, restricted: string[]): Promise<ResourceList> {
    const hard = effectiveHard(quota);
    const used = await usedOf(quota, restricted);
    const newUsage = addLists(used, requested);
    const exceeded = exceededResources(mask(newUsage, Object.keys(requested)), hard);
    if (exceeded.length > 0) {
      const why =
        `exceeded quota: ${quota.metadata.name}, requested: ${prettyPrint(mask(requested, exceeded))}, ` +
        `used: ${prettyPrint(mask(used, exceeded))}, limited: ${prettyPrint(mask(hard, exceeded))}`;
      throw forbidden({ group: req.resource.group, resource: req.resource.plural }, req.name, why);
    }
    return newUsage;
  }

  function deltaOf(req: AdmissionRequest, evaluator: QuotaEvaluator): ResourceList {
    let delta = evaluator.usage(req.object!, now());
    if (req.operation === 'UPDATE' && req.oldObject?.metadata.resourceVersion) delta = subtractNonNegative(delta, evaluator.usage(req.oldObject, now()));
    return removeZeros(delta);
  }

  return {
    name: 'ResourceQuota',
    validate(req) {
      if (req.subresource !== '' || !req.namespace || !req.resource.namespaced || !req.object) return;
      return andThen(withQuotas.has(req.namespace), (has) => (has ? admitUnderQuotas(req) : undefined));
    },
  };

  /** The write against every quota of its namespace that restricts what it uses: refused past one, else charged to all. */
  async function admitUnderQuotas(req: AdmissionRequest): Promise<void> {
    const evaluator = evaluatorFor(req.resource.group, req.resource.plural);
    if (!evaluator || !evaluator.handles(req.operation)) return;
    const inNamespace = (await quotas().list(req.namespace)).items;
    if (inNamespace.length === 0) return;
    const gr = { group: req.resource.group, resource: req.resource.plural };

    const matching: { quota: KubeObject; restricted: string[] }[] = [];
    for (const quota of inNamespace.sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!))) {
      const restricted = evaluator.matchingResources(Object.keys(effectiveHard(quota)));
      if (restricted.length === 0 || !evaluator.matchesScopes(quota, req.object!)) continue;
      const why = evaluator.constraints?.(restricted, req.object!);
      if (why) throw forbidden(gr, req.name, `failed quota: ${quota.metadata.name}: ${why}`);
      matching.push({ quota, restricted });
    }
    if (matching.length === 0) return;
    const delta = deltaOf(req, evaluator);
    if (Object.keys(delta).length === 0) return;

    const charges: Charge[] = [];
    for (const { quota, restricted } of matching) {
      const requested = mask(delta, Object.keys(effectiveHard(quota)));
      if (Object.keys(requested).length === 0) continue;
      await charge(req, quota, requested, restricted);
      charges.push({ quota, requested });
    }
    if (req.dryRun) return;
    const ctx = { user: INTERNAL_USER, dryRun: false, fieldManager: 'kube-apiserver', warnings: [] };
    for (const { quota, requested } of charges) {
      await quotas().guaranteedUpdate(req.namespace, quota.metadata.name!, ctx, 'status', async (current) => {
        const restricted = evaluator.matchingResources(Object.keys(effectiveHard(current)));
        const used = await charge(req, current, mask(requested, Object.keys(effectiveHard(current))), restricted);
        const status = (current.status ?? {}) as Record<string, unknown>;
        current.status = { ...status, hard: status.hard ?? formatResourceList(effectiveHard(current)), used: formatResourceList(used) };
        return current;
      });
    }
  }
}
