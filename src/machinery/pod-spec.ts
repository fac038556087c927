// Walking a PodSpec as kube-apiserver does (VisitContainersWithPath): init containers, then
// containers, then ephemeral containers, each in spec order. Shared by pod validation, warnings
// and Pod Security admission.

import { plainObjects } from './object.ts';

type Json = Record<string, unknown>;

/** The annotation key prefix of a container's deprecated AppArmor profile (`…/<container>`). */
export const APPARMOR_ANNOTATION_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';

const CONTAINER_LISTS = ['initContainers', 'containers', 'ephemeralContainers'] as const;

/** Every container of `spec` with its path under `specPath` (`spec.initContainers[0]` …). */
export function containersWithPath(spec: Json, specPath: string): Array<[Json, string]> {
  const out: Array<[Json, string]> = [];
  for (const list of CONTAINER_LISTS) plainObjects(spec[list]).forEach((c, i) => out.push([c, `${specPath}.${list}[${i}]`]));
  return out;
}

/** Every container of `spec`, in visit order. */
export function podContainers(spec: Json): Json[] {
  return CONTAINER_LISTS.flatMap((list) => plainObjects(spec[list]));
}
