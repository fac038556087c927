// Where each API group and version stands in discovery, as kube-apiserver 1.33 ranks them: its
// table of built-in group-versions (DefaultGenericAPIServicePriorities merged with kube-apiserver's
// own), 1000/100 for a CRD's group-version (crdregistration), and an aggregated group-version's
// own APIService spec. Discovery lists groups by priority, highest first, and kubectl resolves a
// resource name two groups serve (`ingresses`: networking.k8s.io and apps.cozystack.io) to the
// first — so the order is behaviour, not cosmetics.

export interface ApiPriority {
  group: number;
  version: number;
}

const BUILTIN: Record<string, ApiPriority> = {
  v1: { group: 18000, version: 1 },
  'apps/v1': { group: 17800, version: 15 },
  'events.k8s.io/v1': { group: 17750, version: 15 },
  'events.k8s.io/v1beta1': { group: 17750, version: 5 },
  'authentication.k8s.io/v1': { group: 17700, version: 15 },
  'authentication.k8s.io/v1beta1': { group: 17700, version: 9 },
  'authentication.k8s.io/v1alpha1': { group: 17700, version: 1 },
  'authorization.k8s.io/v1': { group: 17600, version: 15 },
  'autoscaling/v1': { group: 17500, version: 15 },
  'autoscaling/v2': { group: 17500, version: 30 },
  'autoscaling/v2beta1': { group: 17500, version: 9 },
  'autoscaling/v2beta2': { group: 17500, version: 1 },
  'batch/v1': { group: 17400, version: 15 },
  'batch/v1beta1': { group: 17400, version: 9 },
  'certificates.k8s.io/v1': { group: 17300, version: 15 },
  'certificates.k8s.io/v1beta1': { group: 17300, version: 9 },
  'certificates.k8s.io/v1alpha1': { group: 17300, version: 1 },
  'networking.k8s.io/v1': { group: 17200, version: 15 },
  'networking.k8s.io/v1beta1': { group: 17200, version: 9 },
  'policy/v1': { group: 17100, version: 15 },
  'policy/v1beta1': { group: 17100, version: 9 },
  'rbac.authorization.k8s.io/v1': { group: 17000, version: 15 },
  'storage.k8s.io/v1': { group: 16800, version: 15 },
  'storage.k8s.io/v1beta1': { group: 16800, version: 9 },
  'storage.k8s.io/v1alpha1': { group: 16800, version: 1 },
  'apiextensions.k8s.io/v1': { group: 16700, version: 15 },
  'admissionregistration.k8s.io/v1': { group: 16700, version: 15 },
  'admissionregistration.k8s.io/v1beta1': { group: 16700, version: 12 },
  'admissionregistration.k8s.io/v1alpha1': { group: 16700, version: 9 },
  'scheduling.k8s.io/v1': { group: 16600, version: 15 },
  'coordination.k8s.io/v1': { group: 16500, version: 15 },
  'coordination.k8s.io/v1beta1': { group: 16500, version: 13 },
  'coordination.k8s.io/v1alpha2': { group: 16500, version: 12 },
  'node.k8s.io/v1': { group: 16300, version: 15 },
  'node.k8s.io/v1beta1': { group: 16300, version: 9 },
  'node.k8s.io/v1alpha1': { group: 16300, version: 1 },
  'discovery.k8s.io/v1': { group: 16200, version: 15 },
  'discovery.k8s.io/v1beta1': { group: 16200, version: 12 },
  'resource.k8s.io/v1beta2': { group: 16200, version: 15 },
  'resource.k8s.io/v1beta1': { group: 16200, version: 9 },
  'resource.k8s.io/v1alpha3': { group: 16200, version: 1 },
  'flowcontrol.apiserver.k8s.io/v1': { group: 16100, version: 21 },
  'flowcontrol.apiserver.k8s.io/v1beta3': { group: 16100, version: 18 },
  'flowcontrol.apiserver.k8s.io/v1beta2': { group: 16100, version: 15 },
  'flowcontrol.apiserver.k8s.io/v1beta1': { group: 16100, version: 12 },
  'internal.apiserver.k8s.io/v1alpha1': { group: 16000, version: 9 },
  'storagemigration.k8s.io/v1alpha1': { group: 15800, version: 9 },
};

/** The aggregator's own group, listed before every other ("it's good to be king"). */
const AGGREGATOR: ApiPriority = { group: 18000, version: 15 };

/** What crdregistration gives a CRD's group-version: below every built-in group. */
export const CUSTOM_PRIORITY: ApiPriority = { group: 1000, version: 100 };

/** A locally served group-version's priority: the built-in table's, or a CRD's. */
export function localPriority(group: string, version: string): ApiPriority {
  if (group === 'apiregistration.k8s.io') return AGGREGATOR;
  return BUILTIN[group ? `${group}/${version}` : version] ?? CUSTOM_PRIORITY;
}
