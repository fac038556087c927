// What a DaemonSet's pod for one node looks like, and whether a node should run one: the
// template with the revision labels and the tolerations kube-controller-manager adds, pinned to
// its node by node affinity on `metadata.name` so the default scheduler binds it there.

import type { KubeObject } from '../../machinery/object.ts';
import { matchesNodeAffinity, nodeState, tolerates, type Taint } from '../nodes/scheduling-filters.ts';
import type { Pod } from '../nodes/pod-facts.ts';
import { newControllerRef } from './owner.ts';
import { computeHash } from './pod-template-hash.ts';
import { specOf, statusOf } from './workload-deps.ts';

export const REVISION_HASH_LABEL = 'controller-revision-hash';
export const TEMPLATE_GENERATION_LABEL = 'pod-template-generation';

type Toleration = { key: string; operator: string; effect: string };

/** AddOrUpdateDaemonPodTolerations: daemons keep running through node conditions that evict other pods. */
export function daemonTolerations(hostNetwork: boolean): Toleration[] {
  const t = (key: string, effect: string): Toleration => ({ key: `node.kubernetes.io/${key}`, operator: 'Exists', effect });
  const list = [t('not-ready', 'NoExecute'), t('unreachable', 'NoExecute'), t('disk-pressure', 'NoSchedule'), t('memory-pressure', 'NoSchedule'), t('pid-pressure', 'NoSchedule'), t('unschedulable', 'NoSchedule')];
  if (hostNetwork) list.push(t('network-unavailable', 'NoSchedule'));
  return list;
}

/** The revision the set's current template hashes to (the name suffix of its ControllerRevision). */
export function currentRevisionHash(ds: KubeObject): string {
  return computeHash(specOf(ds).template, statusOf(ds).collisionCount);
}

/** The template's pod spec with the daemon tolerations merged in (an existing toleration of the same key and effect wins). */
function templateSpecWithTolerations(ds: KubeObject): Record<string, any> {
  const spec = structuredClone((specOf(ds).template?.spec ?? {}) as Record<string, any>);
  const tolerations = [...((spec.tolerations ?? []) as Toleration[])];
  for (const t of daemonTolerations(spec.hostNetwork === true)) {
    if (!tolerations.some((x) => x.key === t.key && x.effect === t.effect)) tolerations.push(t);
  }
  spec.tolerations = tolerations;
  return spec;
}

/** ReplaceDaemonSetPodNodeNameNodeAffinity: the required terms become one term naming the node. */
function pinToNode(spec: Record<string, any>, node: string): void {
  const affinity = (spec.affinity ??= {});
  const nodeAffinity = (affinity.nodeAffinity ??= {});
  nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = {
    nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [node] }] }],
  };
}

export function daemonPodFor(ds: KubeObject, node: string, hash: string): KubeObject {
  const meta = (specOf(ds).template?.metadata ?? {}) as { labels?: Record<string, string>; annotations?: Record<string, string> };
  const spec = templateSpecWithTolerations(ds);
  pinToNode(spec, node);
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      generateName: `${ds.metadata.name}-`,
      namespace: ds.metadata.namespace,
      labels: { ...meta.labels, [REVISION_HASH_LABEL]: hash, [TEMPLATE_GENERATION_LABEL]: String(ds.metadata.generation ?? 1) },
      ...(meta.annotations ? { annotations: { ...meta.annotations } } : {}),
      ownerReferences: [newControllerRef(ds)],
    },
    spec,
  };
}

export interface NodePlacement {
  /** A daemon pod should be created here. */
  shouldRun: boolean;
  /** A daemon pod already here may stay. */
  shouldContinueRunning: boolean;
}

/**
 * NodeShouldRunDaemonPod: the template's node selector and required node affinity must match; a
 * NoSchedule or NoExecute taint it does not tolerate keeps a new pod off, and only an untolerated
 * NoExecute taint sends a running one away.
 */
export function placementOn(ds: KubeObject, node: KubeObject): NodePlacement {
  const pod = { ...ds, kind: 'Pod', spec: templateSpecWithTolerations(ds) } as unknown as Pod;
  if (!matchesNodeAffinity(pod, nodeState(node, []))) return { shouldRun: false, shouldContinueRunning: false };
  const taints = ((node.spec as { taints?: Taint[] } | undefined)?.taints ?? []) as Taint[];
  const untolerated = taints.filter((t) => (t.effect === 'NoSchedule' || t.effect === 'NoExecute') && !tolerates(pod, t));
  return { shouldRun: untolerated.length === 0, shouldContinueRunning: !untolerated.some((t) => t.effect === 'NoExecute') };
}

/** GetTargetNodeName: where a daemon pod is or will be bound. */
export function targetNodeOf(pod: KubeObject): string | undefined {
  const spec = specOf(pod);
  if (spec.nodeName) return String(spec.nodeName);
  const terms = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms as Array<{ matchFields?: Array<{ key: string; operator: string; values?: string[] }> }> | undefined;
  for (const term of terms ?? []) {
    const field = term.matchFields?.find((f) => f.key === 'metadata.name' && f.operator === 'In' && f.values?.length === 1);
    if (field) return field.values![0];
  }
  return undefined;
}

/** IsPodUpdated: the pod carries the current template generation or revision hash. */
export function isPodUpdated(pod: KubeObject, hash: string, generation: number | undefined): boolean {
  const labels = pod.metadata.labels ?? {};
  return labels[REVISION_HASH_LABEL] === hash || (generation !== undefined && labels[TEMPLATE_GENERATION_LABEL] === String(generation));
}
