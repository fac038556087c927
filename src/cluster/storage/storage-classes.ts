// The StorageClasses a Cozystack cluster provides, both served by LINSTOR's CSI driver:
// `replicated` (the default: three DRBD replicas, reachable from any node, bound at once) and
// `local` (one copy on the node of its first consumer). Created at startup when missing; a
// class the user changed is left as it is.

import { isStatusError } from '../../machinery/errors.ts';
import type { KubeClient } from '../../controller/index.ts';
import { ANN_DEFAULT_CLASS, STORAGECLASS_GVK, type StorageClass } from './storage-facts.ts';

export const LINSTOR_PROVISIONER = 'linstor.csi.linbit.com';
export const ALLOW_REMOTE_ACCESS_PARAM = 'linstor.csi.linbit.com/allowRemoteVolumeAccess';

export const COZYSTACK_STORAGE_CLASSES: StorageClass[] = [
  {
    ...STORAGECLASS_GVK,
    metadata: { name: 'local' },
    provisioner: LINSTOR_PROVISIONER,
    parameters: {
      'linstor.csi.linbit.com/storagePool': 'data',
      'linstor.csi.linbit.com/layerList': 'storage',
      [ALLOW_REMOTE_ACCESS_PARAM]: 'false',
    },
    reclaimPolicy: 'Delete',
    volumeBindingMode: 'WaitForFirstConsumer',
    allowVolumeExpansion: true,
  },
  {
    ...STORAGECLASS_GVK,
    metadata: { name: 'replicated', annotations: { [ANN_DEFAULT_CLASS]: 'true' } },
    provisioner: LINSTOR_PROVISIONER,
    parameters: {
      'linstor.csi.linbit.com/storagePool': 'data',
      'linstor.csi.linbit.com/autoPlace': '3',
      'linstor.csi.linbit.com/layerList': 'drbd storage',
      [ALLOW_REMOTE_ACCESS_PARAM]: 'true',
      'property.linstor.csi.linbit.com/DrbdOptions/auto-quorum': 'suspend-io',
      'property.linstor.csi.linbit.com/DrbdOptions/Resource/on-no-data-accessible': 'suspend-io',
      'property.linstor.csi.linbit.com/DrbdOptions/Resource/on-suspended-primary-outdated': 'force-secondary',
      'property.linstor.csi.linbit.com/DrbdOptions/Net/rr-conflict': 'retry-connect',
    },
    reclaimPolicy: 'Delete',
    volumeBindingMode: 'Immediate',
    allowVolumeExpansion: true,
  },
];

export async function ensureStorageClasses(client: KubeClient, classes: StorageClass[] = COZYSTACK_STORAGE_CLASSES): Promise<void> {
  for (const sc of classes) {
    try {
      await client.create(structuredClone(sc));
    } catch (err) {
      if (!isStatusError(err, 'AlreadyExists')) throw err;
    }
  }
}

/** Whether volumes of the class live on one node only (LINSTOR without remote access). */
export function isNodeLocal(sc: StorageClass | undefined): boolean {
  return sc?.parameters?.[ALLOW_REMOTE_ACCESS_PARAM] === 'false';
}
