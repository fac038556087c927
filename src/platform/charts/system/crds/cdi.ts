// The CRDs cdi-operator registers at run time (the kubevirt-cdi-operator chart ships only CDI),
// rendered by cozylab's kubevirt-cdi-operator chart. Identity and printer columns as in CDI v1.6x.

import type { CrdInput, PrinterColumn } from '../../lib/index.ts';

const age: PrinterColumn = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' };
const status = { status: {} };

export const cdiRuntimeCrds: CrdInput[] = [
  { group: 'cdi.kubevirt.io', kind: 'DataVolume', plural: 'datavolumes', shortNames: ['dv', 'dvs'], categories: ['all'], scope: 'Namespaced',
    versions: [{ name: 'v1beta1', served: true, storage: true, printerColumns: [
      { name: 'Phase', type: 'string', jsonPath: '.status.phase', description: 'The phase the data volume is in' },
      { name: 'Progress', type: 'string', jsonPath: '.status.progress', description: 'Transfer progress in percentage if known, N/A otherwise' },
      { name: 'Restarts', type: 'integer', jsonPath: '.status.restartCount', description: 'The number of times the transfer has been restarted.' }, age,
    ], subresources: status }] },
  { group: 'cdi.kubevirt.io', kind: 'DataSource', plural: 'datasources', shortNames: ['das'], categories: ['all'], scope: 'Namespaced',
    versions: [{ name: 'v1beta1', served: true, storage: true, printerColumns: [age], subresources: status }] },
  { group: 'cdi.kubevirt.io', kind: 'DataImportCron', plural: 'dataimportcrons', shortNames: ['dic', 'dics'], categories: ['all'], scope: 'Namespaced',
    versions: [{ name: 'v1beta1', served: true, storage: true, printerColumns: [age], subresources: status }] },
  { group: 'cdi.kubevirt.io', kind: 'CDIConfig', plural: 'cdiconfigs', scope: 'Cluster',
    versions: [{ name: 'v1beta1', served: true, storage: true, printerColumns: [age], subresources: status }] },
  { group: 'cdi.kubevirt.io', kind: 'StorageProfile', plural: 'storageprofiles', scope: 'Cluster',
    versions: [{ name: 'v1beta1', served: true, storage: true, subresources: status }] },
  { group: 'cdi.kubevirt.io', kind: 'ObjectTransfer', plural: 'objecttransfers', shortNames: ['ot', 'ots'], scope: 'Cluster',
    versions: [{ name: 'v1beta1', served: true, storage: true, printerColumns: [
      { name: 'Phase', type: 'string', jsonPath: '.status.phase' },
      { name: 'Condition', type: 'string', jsonPath: ".status.conditions[?(@.type=='Complete')].status" },
    ], subresources: status }] },
  { group: 'cdi.kubevirt.io', kind: 'VolumeImportSource', plural: 'volumeimportsources', categories: ['all'], scope: 'Namespaced',
    versions: [{ name: 'v1beta1', served: true, storage: true }] },
  { group: 'cdi.kubevirt.io', kind: 'VolumeUploadSource', plural: 'volumeuploadsources', categories: ['all'], scope: 'Namespaced',
    versions: [{ name: 'v1beta1', served: true, storage: true }] },
  { group: 'cdi.kubevirt.io', kind: 'VolumeCloneSource', plural: 'volumeclonesources', categories: ['all'], scope: 'Namespaced',
    versions: [{ name: 'v1beta1', served: true, storage: true }] },
];
