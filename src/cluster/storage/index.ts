// Storage as kube-controller-manager and a CSI driver provide it: the Cozystack StorageClasses,
// the PV binder, the attach/detach controller, LINSTOR's CSIDriver, provisioner, attacher and
// node registration, and the in-use protection controllers, started together.

import { asFieldManager } from '../../controller/index.ts';
import type { StoppableController } from '../workloads/workload-deps.ts';
import { startAttachDetachController } from './attach-detach-controller.ts';
import { startCsiAttacher } from './csi-attacher.ts';
import { ensureCsiDriver, startCsiNodeRegistrar } from './csi-node-registrar.ts';
import { startCsiProvisioner } from './csi-provisioner.ts';
import type { StorageControllerDeps } from './deps.ts';
import { startPvcProtectionController, startPvProtectionController } from './protection-controllers.ts';
import { startPersistentVolumeController } from './pv-controller.ts';
import { ensureStorageClasses } from './storage-classes.ts';

export { COZYSTACK_STORAGE_CLASSES, LINSTOR_PROVISIONER, ensureStorageClasses } from './storage-classes.ts';
export { VolumeBinding } from './volume-binding.ts';
export { podVolumesReady } from './pod-volumes.ts';
export { LINSTOR_CSI_DRIVER } from './csi-node-registrar.ts';
export type { StorageControllerDeps } from './deps.ts';

/** Creates the StorageClasses and registers the controllers' informers; start the factory afterwards. */
export function startStorageControllers(deps: StorageControllerDeps & { storageClasses?: boolean }): StoppableController {
  if (deps.storageClasses !== false) {
    void ensureStorageClasses(deps.client).catch((err) => console.error('storage: creating the StorageClasses:', err));
    void ensureCsiDriver(deps.client).catch((err) => console.error('storage: creating the CSIDriver:', err));
  }
  const controllers = [
    startPersistentVolumeController(deps),
    startCsiProvisioner(deps),
    startAttachDetachController(deps),
    // The sidecar and the kubelet write as themselves, not as kube-controller-manager.
    startCsiAttacher({ ...deps, client: asFieldManager(deps.client, 'csi-attacher') }),
    startCsiNodeRegistrar({ ...deps, client: asFieldManager(deps.client, 'kubelet') }),
    startPvcProtectionController(deps),
    startPvProtectionController(deps),
  ];
  return {
    async stop() {
      await Promise.all(controllers.map((c) => c.stop()));
    },
  };
}
