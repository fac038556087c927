// Helm's ownership metadata: what marks an object as belonging to a release, and Helm's refusal to
// take over an object some other release (or nobody) owns.

import type { KubeObject } from '../../machinery/object.ts';

export const MANAGED_BY_LABEL = 'app.kubernetes.io/managed-by';
export const RELEASE_NAME_ANNOTATION = 'meta.helm.sh/release-name';
export const RELEASE_NAMESPACE_ANNOTATION = 'meta.helm.sh/release-namespace';
export const RESOURCE_POLICY_ANNOTATION = 'helm.sh/resource-policy';

export interface ReleaseIdentity {
  name: string;
  namespace: string;
}

export function withOwnership(obj: KubeObject, release: ReleaseIdentity): KubeObject {
  return {
    ...obj,
    metadata: {
      ...obj.metadata,
      labels: { ...obj.metadata.labels, [MANAGED_BY_LABEL]: 'Helm' },
      annotations: { ...obj.metadata.annotations, [RELEASE_NAME_ANNOTATION]: release.name, [RELEASE_NAMESPACE_ANNOTATION]: release.namespace },
    },
  };
}

/** Helm's checkOwnership: undefined when the live object belongs to the release, else why not. */
export function ownershipError(live: KubeObject, release: ReleaseIdentity): string | undefined {
  const errs: string[] = [];
  const label = requireValue(live.metadata.labels, MANAGED_BY_LABEL, 'Helm');
  if (label) errs.push(`label validation error: ${label}`);
  for (const [key, want] of [
    [RELEASE_NAME_ANNOTATION, release.name],
    [RELEASE_NAMESPACE_ANNOTATION, release.namespace],
  ] as const) {
    const err = requireValue(live.metadata.annotations, key, want);
    if (err) errs.push(`annotation validation error: ${err}`);
  }
  if (!errs.length) return undefined;
  return `${live.kind} "${live.metadata.name}" in namespace "${live.metadata.namespace ?? ''}" exists and cannot be imported into the current release: invalid ownership metadata; ${errs.join('; ')}`;
}

function requireValue(map: Record<string, string> | undefined, key: string, want: string): string | undefined {
  const have = map?.[key];
  if (have === undefined) return `missing key "${key}": must be set to "${want}"`;
  if (have !== want) return `key "${key}" must equal "${want}": current value is "${have}"`;
  return undefined;
}

export function isKept(obj: KubeObject): boolean {
  return obj.metadata.annotations?.[RESOURCE_POLICY_ANNOTATION] === 'keep';
}
