// Which of a pod's tolerations tolerate which node taints, as v1helper.GetMatchingTolerations
// decides it for the taint eviction controller.

export interface Taint {
  key: string;
  value?: string;
  effect: string;
  timeAdded?: string;
}

export interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

export function toleratesTaint(t: Toleration, taint: Taint): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  if (t.operator === 'Exists') return true;
  if (t.operator && t.operator !== 'Equal') return false;
  return (t.value ?? '') === (taint.value ?? '');
}

/** Whether every taint is tolerated, and the first toleration found for each taint. */
export function matchingTolerations(taints: Taint[], tolerations: Toleration[]): { allTolerated: boolean; used: Toleration[] } {
  const used: Toleration[] = [];
  for (const taint of taints) {
    const t = tolerations.find((x) => toleratesTaint(x, taint));
    if (!t) return { allTolerated: false, used: [] };
    used.push(t);
  }
  return { allTolerated: true, used };
}

/**
 * How long a pod may stay on a node with these tolerations in use: 0 for at once, undefined
 * for forever (no tolerationSeconds among them), else the shortest tolerationSeconds in ms.
 */
export function minTolerationMs(used: Toleration[]): number | undefined {
  if (used.length === 0) return 0;
  let min: number | undefined;
  for (const t of used) {
    if (t.tolerationSeconds === undefined || t.tolerationSeconds === null) continue;
    if (t.tolerationSeconds <= 0) return 0;
    min = Math.min(min ?? Infinity, t.tolerationSeconds * 1000);
  }
  return min;
}
