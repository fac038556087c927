// The names the storage controllers agree on (kinds, annotations, finalizers) and what they read
// off claims, volumes, classes and pods.

import type { KubeObject } from '../../machinery/object.ts';

export const PVC_GVK = { apiVersion: 'v1', kind: 'PersistentVolumeClaim' };
export const PV_GVK = { apiVersion: 'v1', kind: 'PersistentVolume' };
export const STORAGECLASS_GVK = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass' };
export const POD_GVK = { apiVersion: 'v1', kind: 'Pod' };
export const NODE_GVK = { apiVersion: 'v1', kind: 'Node' };
export const CSIDRIVER_GVK = { apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver' };
export const CSINODE_GVK = { apiVersion: 'storage.k8s.io/v1', kind: 'CSINode' };
export const VOLUMEATTACHMENT_GVK = { apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttachment' };

export const ANN_DEFAULT_CLASS = 'storageclass.kubernetes.io/is-default-class';
export const ANN_BETA_DEFAULT_CLASS = 'storageclass.beta.kubernetes.io/is-default-class';
export const ANN_BETA_CLASS = 'volume.beta.kubernetes.io/storage-class';
export const ANN_SELECTED_NODE = 'volume.kubernetes.io/selected-node';
export const ANN_STORAGE_PROVISIONER = 'volume.kubernetes.io/storage-provisioner';
export const ANN_BETA_STORAGE_PROVISIONER = 'volume.beta.kubernetes.io/storage-provisioner';
export const ANN_BIND_COMPLETED = 'pv.kubernetes.io/bind-completed';
export const ANN_BOUND_BY_CONTROLLER = 'pv.kubernetes.io/bound-by-controller';
export const ANN_PROVISIONED_BY = 'pv.kubernetes.io/provisioned-by';

export const PVC_PROTECTION_FINALIZER = 'kubernetes.io/pvc-protection';
export const PV_PROTECTION_FINALIZER = 'kubernetes.io/pv-protection';
export const PROVISIONER_FINALIZER = 'external-provisioner.volume.kubernetes.io/finalizer';

export type StorageClass = KubeObject & { provisioner?: string; parameters?: Record<string, string>; reclaimPolicy?: string; volumeBindingMode?: string; mountOptions?: string[]; allowVolumeExpansion?: boolean };

export interface ClaimRef {
  kind?: string;
  apiVersion?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  resourceVersion?: string;
}

export function specOf(obj: KubeObject): Record<string, any> {
  return (obj.spec ?? {}) as Record<string, any>;
}

export function statusOf(obj: KubeObject): Record<string, any> {
  return (obj.status ?? {}) as Record<string, any>;
}

export function annotationOf(obj: KubeObject, key: string): string | undefined {
  return obj.metadata.annotations?.[key];
}

/** GetPersistentVolumeClaimClass: the beta annotation wins over spec.storageClassName. */
export function claimClass(pvc: KubeObject): string {
  return annotationOf(pvc, ANN_BETA_CLASS) ?? specOf(pvc).storageClassName ?? '';
}

export function volumeClass(pv: KubeObject): string {
  return annotationOf(pv, ANN_BETA_CLASS) ?? specOf(pv).storageClassName ?? '';
}

/** A claim that asks for no class at all (not even ""), which the default class may take. */
export function hasNoClass(pvc: KubeObject): boolean {
  const spec = specOf(pvc);
  return annotationOf(pvc, ANN_BETA_CLASS) === undefined && (spec.storageClassName === undefined || spec.storageClassName === null);
}

export function isDefaultClass(sc: KubeObject): boolean {
  return annotationOf(sc, ANN_DEFAULT_CLASS) === 'true' || annotationOf(sc, ANN_BETA_DEFAULT_CLASS) === 'true';
}

/** GetDefaultClass: of several defaults, the newest (then the first by name) wins. */
export function defaultClass<T extends KubeObject>(classes: T[]): T | undefined {
  return classes
    .filter(isDefaultClass)
    .sort((a, b) => (b.metadata.creationTimestamp ?? '').localeCompare(a.metadata.creationTimestamp ?? '') || (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''))[0];
}

export function waitsForFirstConsumer(sc: StorageClass | undefined): boolean {
  return sc?.volumeBindingMode === 'WaitForFirstConsumer';
}

export function claimRefOf(pv: KubeObject): ClaimRef | undefined {
  return specOf(pv).claimRef as ClaimRef | undefined;
}

export function phaseOf(obj: KubeObject): string | undefined {
  return statusOf(obj).phase;
}

export function requestedStorage(pvc: KubeObject): string | undefined {
  const storage = specOf(pvc).resources?.requests?.storage;
  return storage === undefined ? undefined : String(storage);
}

/** The claims a pod's volumes name (persistentVolumeClaim volumes). */
export function claimNamesOf(pod: KubeObject): string[] {
  const volumes = (specOf(pod).volumes ?? []) as Array<{ persistentVolumeClaim?: { claimName?: string } }>;
  return volumes.map((v) => v.persistentVolumeClaim?.claimName).filter((n): n is string => typeof n === 'string' && n !== '');
}

export function isPodTerminal(pod: KubeObject): boolean {
  const phase = statusOf(pod).phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

export function withoutFinalizer(obj: KubeObject, finalizer: string): string[] {
  return (obj.metadata.finalizers ?? []).filter((f) => f !== finalizer);
}
