// The cluster state the real platform templates read with Helm's `lookup` and `.Capabilities`,
// handed to the pure render as values. Whoever renders the chart (the helm-controller) reads the
// objects `platformLookups` names and passes them with `withLookups`; a missing object is what
// `lookup` returns for an object that does not exist (nothing).

import type { Values } from '../../chart.ts';
import type { LookupRef } from '../../lookup.ts';

export { CAPABILITIES_VALUES_KEY, hasAPIVersion, LOOKUP_VALUES_KEY, lookupFrom, lookupKey, withLookups, type Lookup, type LookupRef } from '../../lookup.ts';

export const VAP_API_VERSION = 'admissionregistration.k8s.io/v1/ValidatingAdmissionPolicy';

/** Every object the platform templates look up, for the values they are rendered with. */
export function platformLookups(values: Values, releaseNamespace: string): LookupRef[] {
  const sourceRef = (values.sourceRef ?? {}) as { kind?: string; name?: string; namespace?: string };
  return [
    // templates/repository.yaml: the source whose spec cozystack-packages copies.
    { apiVersion: 'source.toolkit.fluxcd.io/v1', kind: sourceRef.kind ?? '', namespace: sourceRef.namespace ?? '', name: sourceRef.name ?? '' },
    // templates/apps.yaml: kube-root-ca for _cluster, and the pre-1.0 ConfigMap it falls back to.
    { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'kube-system', name: 'kube-root-ca.crt' },
    { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'cozy-system', name: 'cozystack' },
    // templates/cozystack-version.yaml, migration-hook.yaml.
    { apiVersion: 'v1', kind: 'ConfigMap', namespace: releaseNamespace, name: 'cozystack-version' },
    // templates/bundles/system.yaml: the proxy-protocol disable guard.
    { apiVersion: 'cozystack.io/v1alpha1', kind: 'Package', namespace: '', name: 'cozystack.ouroboros' },
  ];
}

