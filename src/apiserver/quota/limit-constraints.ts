// LimitRange rules as the LimitRanger admission plug-in applies them: the defaults a Container item
// gives (with the API's own defaulting of the item: default from max, defaultRequest from default
// or min), and the min / max / maxLimitRequestRatio checks with upstream's wording.

import { isPlainObject, type KubeObject } from '../../machinery/object.ts';
import { Quantity } from '../../machinery/quantity.ts';
import { parseResourceList, type ResourceList } from './resource-list.ts';

export interface LimitRangeItem {
  type: string;
  min: ResourceList;
  max: ResourceList;
  default: ResourceList;
  defaultRequest: ResourceList;
  maxLimitRequestRatio: ResourceList;
}

export function limitRangeItems(limitRange: KubeObject): LimitRangeItem[] {
  const limits = (limitRange.spec as { limits?: unknown } | undefined)?.limits;
  if (!Array.isArray(limits)) return [];
  return limits.filter(isPlainObject).map((l) => {
    const item: LimitRangeItem = {
      type: String(l.type ?? ''),
      min: parseResourceList(l.min),
      max: parseResourceList(l.max),
      default: parseResourceList(l.default),
      defaultRequest: parseResourceList(l.defaultRequest),
      maxLimitRequestRatio: parseResourceList(l.maxLimitRequestRatio),
    };
    if (item.type === 'Container') {
      item.default = { ...item.max, ...item.default };
      item.defaultRequest = { ...item.min, ...item.default, ...item.defaultRequest };
    }
    return item;
  });
}

/** The requests and limits a container without them gets from a LimitRange's Container items. */
export function containerDefaults(limitRange: KubeObject): { requests: ResourceList; limits: ResourceList } {
  const out = { requests: {} as ResourceList, limits: {} as ResourceList };
  for (const item of limitRangeItems(limitRange)) {
    if (item.type !== 'Container') continue;
    Object.assign(out.requests, item.defaultRequest);
    Object.assign(out.limits, item.default);
  }
  return out;
}

const MAX_MILLI_VALUE = Number.MAX_SAFE_INTEGER / 1000;

/** Request, limit and enforced value at a common precision (milli when nothing overflows). */
function comparable(req: Quantity | undefined, lim: Quantity | undefined, enforced: Quantity): [number, number, number] {
  const r = req ?? Quantity.ZERO;
  const l = lim ?? Quantity.ZERO;
  if (r.value() <= MAX_MILLI_VALUE && l.value() <= MAX_MILLI_VALUE && enforced.value() <= MAX_MILLI_VALUE) {
    return [r.milliValue(), l.milliValue(), enforced.milliValue()];
  }
  return [r.value(), l.value(), enforced.value()];
}

export function minConstraint(type: string, name: string, enforced: Quantity, requests: ResourceList, limits: ResourceList): string | undefined {
  const [req, lim, min] = comparable(requests[name], limits[name], enforced);
  if (!requests[name]) return `minimum ${name} usage per ${type} is ${enforced}.  No request is specified`;
  if (req < min) return `minimum ${name} usage per ${type} is ${enforced}, but request is ${requests[name]}`;
  if (limits[name] && lim < min) return `minimum ${name} usage per ${type} is ${enforced}, but limit is ${limits[name]}`;
  return undefined;
}

export function maxConstraint(type: string, name: string, enforced: Quantity, requests: ResourceList, limits: ResourceList): string | undefined {
  const [req, lim, max] = comparable(requests[name], limits[name], enforced);
  if (!limits[name]) return `maximum ${name} usage per ${type} is ${enforced}.  No limit is specified`;
  if (lim > max) return `maximum ${name} usage per ${type} is ${enforced}, but limit is ${limits[name]}`;
  if (requests[name] && req > max) return `maximum ${name} usage per ${type} is ${enforced}, but request is ${requests[name]}`;
  return undefined;
}

/** The max of a PersistentVolumeClaim item bounds what the claim requests (its limits are not user input). */
export function maxRequestConstraint(type: string, name: string, enforced: Quantity, requests: ResourceList): string | undefined {
  const [req, , max] = comparable(requests[name], undefined, enforced);
  if (!requests[name]) return `maximum ${name} usage per ${type} is ${enforced}.  No request is specified`;
  if (req > max) return `maximum ${name} usage per ${type} is ${enforced}, but request is ${requests[name]}`;
  return undefined;
}

export function limitRequestRatioConstraint(type: string, name: string, enforced: Quantity, requests: ResourceList, limits: ResourceList): string | undefined {
  const [req, lim] = comparable(requests[name], limits[name], enforced);
  if (!requests[name] || req === 0) return `${name} max limit to request ratio per ${type} is ${enforced}, but no request is specified or request is 0`;
  if (!limits[name] || lim === 0) return `${name} max limit to request ratio per ${type} is ${enforced}, but no limit is specified or limit is 0`;
  const observed = lim / req;
  const fitsMilli = enforced.value() <= MAX_MILLI_VALUE;
  const [ratio, allowed] = fitsMilli ? [observed * 1000, enforced.milliValue()] : [observed, enforced.value()];
  if (ratio > allowed) return `${name} max limit to request ratio per ${type} is ${enforced}, but provided ratio is ${observed.toFixed(6)}`;
  return undefined;
}

/** Every violation of one item by one set of requests and limits, resources in name order. */
export function itemViolations(item: LimitRangeItem, requests: ResourceList, limits: ResourceList): string[] {
  const out: string[] = [];
  const each = (list: ResourceList, check: (name: string, q: Quantity) => string | undefined) => {
    for (const name of Object.keys(list).sort()) {
      const why = check(name, list[name]!);
      if (why) out.push(why);
    }
  };
  each(item.min, (n, q) => minConstraint(item.type, n, q, requests, limits));
  each(item.max, (n, q) => maxConstraint(item.type, n, q, requests, limits));
  each(item.maxLimitRequestRatio, (n, q) => limitRequestRatioConstraint(item.type, n, q, requests, limits));
  return out;
}

/** utilerrors.NewAggregate's text: one message alone, several in brackets, duplicates once. */
export function aggregateMessage(messages: string[]): string {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
}
