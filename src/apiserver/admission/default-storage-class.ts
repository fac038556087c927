// DefaultStorageClass: a PersistentVolumeClaim created without asking for a class (no
// storageClassName, not even "", and no beta annotation) gets the default StorageClass — the
// newest one annotated `storageclass.kubernetes.io/is-default-class: "true"`.

import type { KubeObject } from '../../machinery/object.ts';
import type { ResourceRegistry } from '../registry/registry.ts';
import type { AdmissionPlugin } from './admission.ts';

const DEFAULT_ANNOTATIONS = ['storageclass.kubernetes.io/is-default-class', 'storageclass.beta.kubernetes.io/is-default-class'];
const BETA_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';

export function newestDefaultClass(classes: KubeObject[]): KubeObject | undefined {
  return classes
    .filter((sc) => DEFAULT_ANNOTATIONS.some((a) => sc.metadata.annotations?.[a] === 'true'))
    .sort((a, b) => (b.metadata.creationTimestamp ?? '').localeCompare(a.metadata.creationTimestamp ?? '') || (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''))[0];
}

export function defaultStorageClass(storageClasses: () => ResourceRegistry): AdmissionPlugin {
  return {
    name: 'DefaultStorageClass',
    mutate(req) {
      if (req.operation !== 'CREATE' || req.subresource !== '' || req.resource.group !== '' || req.resource.plural !== 'persistentvolumeclaims') return;
      const pvc = req.object;
      if (!pvc) return;
      const spec = (pvc.spec ?? {}) as Record<string, unknown>;
      if (pvc.metadata.annotations?.[BETA_CLASS_ANNOTATION] !== undefined) return;
      if (spec.storageClassName !== undefined && spec.storageClassName !== null) return;
      return storageClasses()
        .list('')
        .then(({ items }) => {
          const chosen = newestDefaultClass(items);
          if (chosen) pvc.spec = { ...spec, storageClassName: chosen.metadata.name };
        });
    },
  };
}
