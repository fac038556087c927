// Storage: PersistentVolumeClaim, PersistentVolume, StorageClass, CSIDriver, CSINode, VolumeAttachment, CSIStorageCapacity.

import type { KubeObject } from '../../machinery/object.ts';
import type { TablePrinter } from '../../machinery/table.ts';
import { ageColumn, nameColumn, objectAge, objectName } from '../../machinery/table-build.ts';
import { arr, docColumn, obj, quantity, spec, status, str, textColumn } from './access.ts';

const BETA_STORAGE_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';

/** helper.GetAccessModesAsString: always in RWO, ROX, RWX, RWOP order. */
export function accessModesString(modes: unknown): string {
  const set = new Set(arr(modes).map(str));
  const short: Array<[string, string]> = [
    ['ReadWriteOnce', 'RWO'],
    ['ReadOnlyMany', 'ROX'],
    ['ReadWriteMany', 'RWX'],
    ['ReadWriteOncePod', 'RWOP'],
  ];
  return short.filter(([mode]) => set.has(mode)).map(([, s]) => s).join(',');
}

/** The beta annotation wins over spec.storageClassName. */
function storageClassOf(o: KubeObject): string {
  const annotated = o.metadata?.annotations?.[BETA_STORAGE_CLASS_ANNOTATION];
  if (annotated !== undefined) return annotated;
  return str(spec(o).storageClassName);
}

const unsetOr = (v: unknown) => (typeof v === 'string' ? v : '<unset>');

export const persistentVolumeClaimPrinter: TablePrinter = {
  columns: [
    nameColumn(),
    docColumn('Status', 'string', 'PersistentVolumeClaimStatus.phase'),
    docColumn('Volume', 'string', 'PersistentVolumeClaimSpec.volumeName'),
    docColumn('Capacity', 'string', 'PersistentVolumeClaimStatus.capacity'),
    docColumn('Access Modes', 'string', 'PersistentVolumeClaimStatus.accessModes'),
    textColumn('StorageClass', 'string', 'StorageClass of the pvc'),
    textColumn('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pvc'),
    ageColumn(),
    docColumn('VolumeMode', 'string', 'PersistentVolumeClaimSpec.volumeMode', 1),
  ],
  cells(pvc, now) {
    const s = spec(pvc);
    const st = status(pvc);
    const phase = pvc.metadata?.deletionTimestamp ? 'Terminating' : str(st.phase);
    const bound = str(s.volumeName) !== '';
    return [
      objectName(pvc),
      phase,
      str(s.volumeName),
      bound ? quantity(obj(st.capacity).storage) : '',
      bound ? accessModesString(st.accessModes) : '',
      storageClassOf(pvc),
      unsetOr(s.volumeAttributesClassName),
      objectAge(pvc, now),
      unsetOr(s.volumeMode),
    ];
  },
};

export const persistentVolumePrinter: TablePrinter = {
  columns: [
    nameColumn(),
    docColumn('Capacity', 'string', 'PersistentVolumeSpec.capacity'),
    docColumn('Access Modes', 'string', 'PersistentVolumeSpec.accessModes'),
    docColumn('Reclaim Policy', 'string', 'PersistentVolumeSpec.persistentVolumeReclaimPolicy'),
    docColumn('Status', 'string', 'PersistentVolumeStatus.phase'),
    docColumn('Claim', 'string', 'PersistentVolumeSpec.claimRef'),
    textColumn('StorageClass', 'string', 'StorageClass of the pv'),
    textColumn('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pv'),
    docColumn('Reason', 'string', 'PersistentVolumeStatus.reason'),
    ageColumn(),
    docColumn('VolumeMode', 'string', 'PersistentVolumeSpec.volumeMode', 1),
  ],
  cells(pv, now) {
    const s = spec(pv);
    const st = status(pv);
    const claim = s.claimRef && typeof s.claimRef === 'object' ? `${str(obj(s.claimRef).namespace)}/${str(obj(s.claimRef).name)}` : '';
    return [
      objectName(pv),
      quantity(obj(s.capacity).storage),
      accessModesString(s.accessModes),
      str(s.persistentVolumeReclaimPolicy),
      pv.metadata?.deletionTimestamp ? 'Terminating' : str(st.phase),
      claim,
      storageClassOf(pv),
      unsetOr(s.volumeAttributesClassName),
      str(st.reason),
      objectAge(pv, now),
      unsetOr(s.volumeMode),
    ];
  },
};

/** storageutil.IsDefaultAnnotation. */
export function isDefaultStorageClass(sc: KubeObject): boolean {
  const a = sc.metadata?.annotations ?? {};
  return a['storageclass.kubernetes.io/is-default-class'] === 'true' || a['storageclass.beta.kubernetes.io/is-default-class'] === 'true';
}

export const storageClassPrinter: TablePrinter = {
  columns: [
    nameColumn(),
    docColumn('Provisioner', 'string', 'StorageClass.provisioner'),
    docColumn('ReclaimPolicy', 'string', 'StorageClass.reclaimPolicy'),
    docColumn('VolumeBindingMode', 'string', 'StorageClass.volumeBindingMode'),
    docColumn('AllowVolumeExpansion', 'string', 'StorageClass.allowVolumeExpansion'),
    ageColumn(),
  ],
  cells(sc, now) {
    const name = objectName(sc) + (isDefaultStorageClass(sc) ? ' (default)' : '');
    return [
      name,
      str(sc.provisioner),
      typeof sc.reclaimPolicy === 'string' ? sc.reclaimPolicy : 'Delete',
      typeof sc.volumeBindingMode === 'string' ? sc.volumeBindingMode : 'Immediate',
      sc.allowVolumeExpansion === true,
      objectAge(sc, now),
    ];
  },
};

/** NAME ATTACHREQUIRED PODINFOONMOUNT STORAGECAPACITY TOKENREQUESTS REQUIRESREPUBLISH MODES AGE. */
export const csiDriverPrinter: TablePrinter = {
  columns: [
    nameColumn(),
    textColumn('AttachRequired', 'boolean', 'attachRequired indicates this CSI volume driver requires an attach operation.'),
    textColumn('PodInfoOnMount', 'boolean', 'podInfoOnMount indicates this CSI volume driver requires additional pod information (like podName, podUID, etc.) during mount operations.'),
    textColumn('StorageCapacity', 'boolean', 'storageCapacity indicates that the CSI volume driver wants pod scheduling to consider the storage capacity that the driver deployment will report.'),
    textColumn('TokenRequests', 'string', 'tokenRequests indicates the CSI driver needs pods\' service account tokens it is mounting volume for to do necessary authentication.'),
    textColumn('RequiresRepublish', 'boolean', 'requiresRepublish indicates the CSI driver wants `NodePublishVolume` being periodically called to reflect any possible change in the mounted volume.'),
    textColumn('Modes', 'string', 'volumeLifecycleModes defines what kind of volumes this CSI volume driver supports.'),
    ageColumn(),
  ],
  cells(d, now) {
    const s = spec(d);
    const tokens = Array.isArray(s.tokenRequests) && s.tokenRequests.length ? (s.tokenRequests as Array<{ audience?: string }>).map((t) => t.audience ?? '').join(',') : '<unset>';
    const modes = Array.isArray(s.volumeLifecycleModes) && s.volumeLifecycleModes.length ? (s.volumeLifecycleModes as string[]).join(',') : '<none>';
    return [objectName(d), s.attachRequired === true, s.podInfoOnMount === true, s.storageCapacity === true, tokens, s.requiresRepublish === true, modes, objectAge(d, now)];
  },
};

/** NAME DRIVERS AGE. */
export const csiNodePrinter: TablePrinter = {
  columns: [nameColumn(), textColumn('Drivers', 'integer', 'Drivers indicates the number of CSI drivers registered on the node'), ageColumn()],
  cells(n, now) {
    return [objectName(n), arr(spec(n).drivers).length, objectAge(n, now)];
  },
};

/** NAME ATTACHER PV NODE ATTACHED AGE. */
export const volumeAttachmentPrinter: TablePrinter = {
  columns: [
    nameColumn(),
    textColumn('Attacher', 'string', 'Attacher indicates the name of the volume driver that MUST handle this request. This is the name returned by GetPluginName().'),
    textColumn('PV', 'string', 'Name of the PersistentVolume that will be attached.'),
    textColumn('Node', 'string', 'The node that the volume should be attached to.'),
    textColumn('Attached', 'boolean', 'Indicates the volume is successfully attached.'),
    ageColumn(),
  ],
  cells(va, now) {
    const s = spec(va);
    return [objectName(va), str(s.attacher), str(obj(s.source).persistentVolumeName), str(s.nodeName), status(va).attached === true, objectAge(va, now)];
  },
};

/** NAME STORAGECLASSNAME CAPACITY AGE. */
export const csiStorageCapacityPrinter: TablePrinter = {
  columns: [
    nameColumn(),
    textColumn('StorageClassName', 'string', 'The name of the StorageClass that the reported capacity applies to.'),
    textColumn('Capacity', 'string', 'Capacity is the value reported by the CSI driver in its GetCapacityResponse.'),
    ageColumn(),
  ],
  cells(c, now) {
    return [objectName(c), str(c.storageClassName), c.capacity === undefined || c.capacity === null ? '<unset>' : quantity(c.capacity), objectAge(c, now)];
  },
};
