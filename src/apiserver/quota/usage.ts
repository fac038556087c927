// A quota's usage recomputed from the objects in its namespace (quota.CalculateUsage): every
// evaluator that accounts for one of the quota's hard names sums what the matching objects use.

import type { KubeObject } from '../../machinery/object.ts';
import { isPlainObject } from '../../machinery/object.ts';
import { evaluatorFor, podEvaluator, pvcEvaluator, resourceOfCountName, serviceEvaluator, type QuotaEvaluator } from './evaluators.ts';
import { addLists, mask, parseResourceList, type ResourceList } from './resource-list.ts';
import { Quantity } from '../../machinery/quantity.ts';

/** The objects of one kind in the quota's namespace, or undefined when the kind is not known. */
export type ObjectsOf = (group: string, resource: string) => Promise<KubeObject[] | undefined> | KubeObject[] | undefined;

export function specHard(quota: KubeObject): ResourceList {
  return parseResourceList((quota.spec as { hard?: unknown } | undefined)?.hard);
}

/** The limits admission enforces: status.hard once the controller has copied it, else spec.hard. */
export function effectiveHard(quota: KubeObject): ResourceList {
  const status = isPlainObject(quota.status) ? quota.status : {};
  return status.hard !== undefined ? parseResourceList(status.hard) : specHard(quota);
}

export function statusUsed(quota: KubeObject): ResourceList {
  return parseResourceList((quota.status as { used?: unknown } | undefined)?.used);
}

/** The evaluators that account for at least one of `names`. */
export function evaluatorsFor(names: string[]): QuotaEvaluator[] {
  const out: QuotaEvaluator[] = [];
  for (const e of [podEvaluator, serviceEvaluator, pvcEvaluator]) if (e.matchingResources(names).length) out.push(e);
  const seen = new Set(out.map((e) => `${e.group}/${e.resource}`));
  for (const name of names) {
    const gr = resourceOfCountName(name);
    if (!gr || seen.has(`${gr.group}/${gr.resource}`)) continue;
    const e = evaluatorFor(gr.group, gr.resource);
    if (!e || !e.matchingResources(names).length) continue;
    seen.add(`${gr.group}/${gr.resource}`);
    out.push(e);
  }
  return out;
}

/**
 * The usage of `names` in the quota's namespace, zero where nothing uses them. Names no evaluator can
 * measure (kinds the caller cannot list) are left out, so the caller keeps what it had.
 */
export async function calculateUsage(quota: KubeObject, names: string[], now: Date, objectsOf: ObjectsOf): Promise<ResourceList> {
  let used: ResourceList = {};
  for (const evaluator of evaluatorsFor(names)) {
    const matched = evaluator.matchingResources(names);
    const objects = await objectsOf(evaluator.group, evaluator.resource);
    if (!objects) continue;
    for (const name of matched) used[name] ??= Quantity.ZERO;
    for (const obj of objects) {
      if (!evaluator.matchesScopes(quota, obj)) continue;
      used = addLists(used, mask(evaluator.usage(obj, now), matched));
    }
  }
  return used;
}
