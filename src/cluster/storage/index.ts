// Storage as kube-controller-manager and a CSI driver provide it: the Cozystack StorageClasses,
// the PV binder, LINSTOR's provisioner and the in-use protection controllers, started together.

import type { StoppableController } from '../workloads/workload-deps.ts';
import { startCsiProvisioner } from './csi-provisioner.ts';
import type { StorageControllerDeps } from './deps.ts';
import { startPvcProtectionController, startPvProtectionController } from './protection-controllers.ts';
import { startPersistentVolumeController } from './pv-controller.ts';
import { ensureStorageClasses } from './storage-classes.ts';

export { COZYSTACK_STORAGE_CLASSES, LINSTOR_PROVISIONER, ensureStorageClasses } from './storage-classes.ts';
export { VolumeBinding } from './volume-binding.ts';
export { podVolumesReady } from './pod-volumes.ts';
export type { StorageControllerDeps } from './deps.ts';

/** Creates the StorageClasses and registers the controllers' informers; start the factory afterwards. */
export function startStorageControllers(deps: StorageControllerDeps & { storageClasses?: boolean }): StoppableController {
  if (deps.storageClasses !== false) {
    void ensureStorageClasses(deps.client).catch((err) => console.error('storage: creating the StorageClasses:', err));
  }
  const controllers = [startPersistentVolumeController(deps), startCsiProvisioner(deps), startPvcProtectionController(deps), startPvProtectionController(deps)];
  return {
    async stop() {
      await Promise.all(controllers.map((c) => c.stop()));
    },
  };
}
