// The Flux kinds cozylab serves and the names Flux gives things: one place for every GVK,
// finalizer, label and annotation the source and helm controllers read or write.

export const SOURCE_API = 'source.toolkit.fluxcd.io/v1';
export const HELM_API = 'helm.toolkit.fluxcd.io/v2';

export const HELMRELEASE_GVK = { apiVersion: HELM_API, kind: 'HelmRelease' };
export const OCIREPOSITORY_GVK = { apiVersion: SOURCE_API, kind: 'OCIRepository' };
export const GITREPOSITORY_GVK = { apiVersion: SOURCE_API, kind: 'GitRepository' };
export const HELMREPOSITORY_GVK = { apiVersion: SOURCE_API, kind: 'HelmRepository' };
export const HELMCHART_GVK = { apiVersion: SOURCE_API, kind: 'HelmChart' };
export const EXTERNALARTIFACT_GVK = { apiVersion: SOURCE_API, kind: 'ExternalArtifact' };
export const SECRET_GVK = { apiVersion: 'v1', kind: 'Secret' };
export const CONFIGMAP_GVK = { apiVersion: 'v1', kind: 'ConfigMap' };

/** Every Flux controller puts this finalizer on the objects it reconciles. */
export const FLUX_FINALIZER = 'finalizers.fluxcd.io';
/** `flux reconcile` sets it to a timestamp to ask for a reconcile now. */
export const RECONCILE_REQUESTED_AT = 'reconcile.fluxcd.io/requestedAt';
/** `flux reconcile hr --force`: set with requestedAt to the same value, a one-off install or upgrade even when in sync. */
export const RECONCILE_FORCE_AT = 'reconcile.fluxcd.io/forceAt';
/** `flux reconcile hr --reset`: set with requestedAt to the same value, the failure counts start again from zero. */
export const RECONCILE_RESET_AT = 'reconcile.fluxcd.io/resetAt';
/** A valuesFrom Secret or ConfigMap with this label set to `Enabled` triggers a reconcile when it changes. */
export const RECONCILE_WATCH_LABEL = 'reconcile.fluxcd.io/watch';

export const FLUX_NAMESPACE = 'cozy-fluxcd';
export const HELM_CONTROLLER = 'helm-controller';
export const SOURCE_CONTROLLER = 'source-controller';
