// DefaultTolerationSeconds: a pod that does not tolerate the node controller's NoExecute taints
// `node.kubernetes.io/not-ready` and `node.kubernetes.io/unreachable` gets tolerations for them
// with tolerationSeconds (300 by default, kube-apiserver's --default-not-ready-toleration-seconds
// and --default-unreachable-toleration-seconds), so its eviction from a failed node waits that long.

import { isPlainObject } from '../../machinery/object.ts';
import type { AdmissionPlugin } from './admission.ts';

export const DEFAULT_TOLERATION_SECONDS = 300;

export interface DefaultTolerationSecondsOptions {
  notReadySeconds?: number;
  unreachableSeconds?: number;
}

type Toleration = { key?: unknown; effect?: unknown };

/** Whether a toleration already covers the taint: same key or any key, NoExecute or any effect. */
function covers(t: Toleration, key: string): boolean {
  return (t.key === key || !t.key) && (t.effect === 'NoExecute' || !t.effect);
}

export function defaultTolerationSeconds(opts: DefaultTolerationSecondsOptions = {}): AdmissionPlugin {
  const defaults = [
    { key: 'node.kubernetes.io/not-ready', seconds: opts.notReadySeconds ?? DEFAULT_TOLERATION_SECONDS },
    { key: 'node.kubernetes.io/unreachable', seconds: opts.unreachableSeconds ?? DEFAULT_TOLERATION_SECONDS },
  ];
  return {
    name: 'DefaultTolerationSeconds',
    mutate(req) {
      if (req.resource.group !== '' || req.resource.plural !== 'pods' || req.subresource !== '') return;
      if (req.operation !== 'CREATE' && req.operation !== 'UPDATE') return;
      const pod = req.object;
      if (!pod || !isPlainObject(pod.spec)) return;
      const spec = pod.spec as { tolerations?: unknown };
      const tolerations = (Array.isArray(spec.tolerations) ? spec.tolerations : []) as Toleration[];
      const missing = defaults.filter((d) => !tolerations.some((t) => isPlainObject(t) && covers(t, d.key)));
      if (missing.length === 0) return;
      spec.tolerations = [...tolerations, ...missing.map((d) => ({ key: d.key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: d.seconds }))];
    },
  };
}
