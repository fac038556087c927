// The stable identity of a StatefulSet's pods: ordinal names, identity labels, hostname and
// subdomain, the claims from volumeClaimTemplates, and the revision a template hashes to.

import type { KubeObject } from '../../machinery/object.ts';
import { isPodReady, isPodAvailable, podPhase } from './conditions.ts';
import { newControllerRef } from './owner.ts';
import { computeHash } from './pod-template-hash.ts';
import { specOf, statusOf } from './workload-deps.ts';

export const POD_NAME_LABEL = 'statefulset.kubernetes.io/pod-name';
export const POD_INDEX_LABEL = 'apps.kubernetes.io/pod-index';
export const REVISION_LABEL = 'controller-revision-hash';

/** The ordinal of a pod that belongs to the set by name (`<set>-<n>`), else undefined. */
export function ordinalOf(set: KubeObject, pod: KubeObject): number | undefined {
  const m = /^(.*)-(\d+)$/.exec(pod.metadata.name ?? '');
  if (!m || m[1] !== set.metadata.name) return undefined;
  return Number(m[2]);
}

export function podNameFor(set: KubeObject, ordinal: number): string {
  return `${set.metadata.name}-${ordinal}`;
}

export function startOrdinal(set: KubeObject): number {
  return Number(specOf(set).ordinals?.start ?? 0);
}

/** The hash of the set's current template (and collision count). */
export function revisionHash(set: KubeObject): string {
  return computeHash(specOf(set).template, Number(statusOf(set).collisionCount ?? 0));
}

/** The name of the ControllerRevision of the set's current template, `<set>-<hash>`: the pods' controller-revision-hash. */
export function revisionName(set: KubeObject): string {
  return `${set.metadata.name}-${revisionHash(set)}`;
}

export function claimTemplates(set: KubeObject): KubeObject[] {
  return (specOf(set).volumeClaimTemplates ?? []) as KubeObject[];
}

export function claimNameFor(set: KubeObject, template: KubeObject, ordinal: number): string {
  return `${template.metadata?.name}-${set.metadata.name}-${ordinal}`;
}

/** getPersistentVolumeClaims: the claim template named for the ordinal, labeled with the set's selector. */
export function claimFor(set: KubeObject, template: KubeObject, ordinal: number): KubeObject {
  const labels = { ...(template.metadata?.labels ?? {}) } as Record<string, string>;
  for (const [k, v] of Object.entries((specOf(set).selector?.matchLabels ?? {}) as Record<string, string>)) labels[k] ??= v;
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: {
      name: claimNameFor(set, template, ordinal),
      namespace: set.metadata.namespace,
      ...(Object.keys(labels).length ? { labels } : {}),
      ...(template.metadata?.annotations ? { annotations: { ...template.metadata.annotations } } : {}),
    },
    spec: structuredClone(template.spec ?? {}),
  };
}

/** newVersionedStatefulSetPod: the template with the ordinal's identity and claims. */
export function podFor(set: KubeObject, ordinal: number, revision: string): KubeObject {
  const template = (specOf(set).template ?? {}) as { metadata?: Record<string, any>; spec?: Record<string, any> };
  const name = podNameFor(set, ordinal);
  const spec = structuredClone(template.spec ?? {});
  const claims = claimTemplates(set);
  const claimNames = new Set(claims.map((c) => c.metadata?.name));
  spec.volumes = [
    ...((spec.volumes ?? []) as Array<{ name: string }>).filter((v) => !claimNames.has(v.name)),
    ...claims.map((c) => ({ name: c.metadata?.name, persistentVolumeClaim: { claimName: claimNameFor(set, c, ordinal) } })),
  ];
  if (spec.volumes.length === 0) delete spec.volumes;
  spec.hostname = name;
  if (specOf(set).serviceName) spec.subdomain = specOf(set).serviceName;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: set.metadata.namespace,
      labels: { ...template.metadata?.labels, [POD_NAME_LABEL]: name, [POD_INDEX_LABEL]: String(ordinal), [REVISION_LABEL]: revision },
      ...(template.metadata?.annotations ? { annotations: { ...template.metadata.annotations } } : {}),
      ownerReferences: [newControllerRef(set)],
    },
    spec,
  };
}

export function isRunningAndReady(pod: KubeObject): boolean {
  return podPhase(pod) === 'Running' && isPodReady(pod);
}

export function isRunningAndAvailable(pod: KubeObject, minReadySeconds: number, now: Date): boolean {
  return podPhase(pod) === 'Running' && isPodAvailable(pod, minReadySeconds, now);
}

export function revisionOfPod(pod: KubeObject): string | undefined {
  return pod.metadata.labels?.[REVISION_LABEL];
}
