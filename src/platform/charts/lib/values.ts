// Reading and merging chart values as Helm templates do (`dig`, `mergeOverwrite`).

import type { Values } from '../chart.ts';

/** The value at a dotted path (`cilium.operator.replicas`), or undefined. */
export function valueAt(values: Values, path: string): unknown {
  let cur: unknown = values;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Deep merge, later layers winning; maps merge key by key, anything else is replaced. */
export function mergeValues(...layers: Array<Values | undefined>): Values {
  const out: Values = {};
  for (const layer of layers) {
    if (!layer) continue;
    for (const [k, v] of Object.entries(layer)) {
      const prev = out[k];
      out[k] = isPlainObject(prev) && isPlainObject(v) ? mergeValues(prev, v) : structuredClone(v);
    }
  }
  return out;
}
