// The CRDs virt-operator registers at run time (the kubevirt-operator chart ships only KubeVirt),
// rendered by cozylab's kubevirt-operator chart. Identity and printer columns as in KubeVirt v1.x.

import type { CrdInput, PrinterColumn } from '../../lib/index.ts';

const age: PrinterColumn = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' };
const phase: PrinterColumn = { name: 'Phase', type: 'string', jsonPath: '.status.phase' };
const status = { status: {} };
const all = ['all'];

export const kubevirtRuntimeCrds: CrdInput[] = [
  { group: 'kubevirt.io', kind: 'VirtualMachine', plural: 'virtualmachines', shortNames: ['vm', 'vms'], categories: all, scope: 'Namespaced',
    versions: [{ name: 'v1', served: true, storage: true, printerColumns: [age,
      { name: 'Status', type: 'string', jsonPath: '.status.printableStatus', description: 'Human Readable Status' },
      { name: 'Ready', type: 'string', jsonPath: ".status.conditions[?(@.type=='Ready')].status" },
    ], subresources: status }, { name: 'v1alpha3', served: true, storage: false, deprecated: true, subresources: status }] },
  { group: 'kubevirt.io', kind: 'VirtualMachineInstance', plural: 'virtualmachineinstances', shortNames: ['vmi', 'vmis'], categories: all, scope: 'Namespaced',
    versions: [{ name: 'v1', served: true, storage: true, printerColumns: [age, phase,
      { name: 'IP', type: 'string', jsonPath: '.status.interfaces[0].ipAddress' },
      { name: 'NodeName', type: 'string', jsonPath: '.status.nodeName' },
      { name: 'Ready', type: 'string', jsonPath: ".status.conditions[?(@.type=='Ready')].status" },
      { name: 'Live-Migratable', type: 'string', jsonPath: ".status.conditions[?(@.type=='LiveMigratable')].status", priority: 1 },
      { name: 'Paused', type: 'string', jsonPath: ".status.conditions[?(@.type=='Paused')].status", priority: 1 },
    ] }, { name: 'v1alpha3', served: true, storage: false, deprecated: true }] },
  { group: 'kubevirt.io', kind: 'VirtualMachineInstanceReplicaSet', plural: 'virtualmachineinstancereplicasets', shortNames: ['vmirs', 'vmirss'], categories: all, scope: 'Namespaced',
    versions: [{ name: 'v1', served: true, storage: true, printerColumns: [
      { name: 'Desired', type: 'integer', jsonPath: '.spec.replicas' },
      { name: 'Current', type: 'integer', jsonPath: '.status.replicas' },
      { name: 'Ready', type: 'integer', jsonPath: '.status.readyReplicas' }, age,
    ], subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.labelSelector' } } }] },
  { group: 'kubevirt.io', kind: 'VirtualMachineInstanceMigration', plural: 'virtualmachineinstancemigrations', shortNames: ['vmim', 'vmims'], categories: all, scope: 'Namespaced',
    versions: [{ name: 'v1', served: true, storage: true, printerColumns: [phase, { name: 'VMI', type: 'string', jsonPath: '.spec.vmiName' }], subresources: status }] },
  { group: 'kubevirt.io', kind: 'VirtualMachineInstancePreset', plural: 'virtualmachineinstancepresets', shortNames: ['vmipreset', 'vmipresets'], categories: all, scope: 'Namespaced',
    versions: [{ name: 'v1', served: true, storage: true, deprecated: true }] },
  { group: 'instancetype.kubevirt.io', kind: 'VirtualMachineInstancetype', plural: 'virtualmachineinstancetypes', shortNames: ['vminstancetype', 'vminstancetypes', 'vmf', 'vmfs'], categories: all, scope: 'Namespaced',
    versions: [{ name: 'v1beta1', served: true, storage: true }] },
  { group: 'instancetype.kubevirt.io', kind: 'VirtualMachineClusterInstancetype', plural: 'virtualmachineclusterinstancetypes', shortNames: ['vmclusterinstancetype', 'vmclusterinstancetypes', 'vmcf', 'vmcfs'], scope: 'Cluster',
    versions: [{ name: 'v1beta1', served: true, storage: true }] },
  { group: 'instancetype.kubevirt.io', kind: 'VirtualMachinePreference', plural: 'virtualmachinepreferences', shortNames: ['vmpref', 'vmprefs', 'vmp', 'vmps'], categories: all, scope: 'Namespaced',
    versions: [{ name: 'v1beta1', served: true, storage: true }] },
  { group: 'instancetype.kubevirt.io', kind: 'VirtualMachineClusterPreference', plural: 'virtualmachineclusterpreferences', shortNames: ['vmcp', 'vmcps'], scope: 'Cluster',
    versions: [{ name: 'v1beta1', served: true, storage: true }] },
  { group: 'pool.kubevirt.io', kind: 'VirtualMachinePool', plural: 'virtualmachinepools', shortNames: ['vmpool', 'vmpools'], categories: all, scope: 'Namespaced',
    versions: [{ name: 'v1alpha1', served: true, storage: true, printerColumns: [
      { name: 'Desired', type: 'integer', jsonPath: '.spec.replicas' },
      { name: 'Current', type: 'integer', jsonPath: '.status.replicas' },
      { name: 'Ready', type: 'integer', jsonPath: '.status.readyReplicas' }, age,
    ], subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.labelSelector' } } }] },
  { group: 'snapshot.kubevirt.io', kind: 'VirtualMachineSnapshot', plural: 'virtualmachinesnapshots', shortNames: ['vmsnapshot', 'vmsnapshots'], categories: all, scope: 'Namespaced',
    versions: [{ name: 'v1beta1', served: true, storage: true, printerColumns: [
      { name: 'SourceKind', type: 'string', jsonPath: '.spec.source.kind' },
      { name: 'SourceName', type: 'string', jsonPath: '.spec.source.name' }, phase,
      { name: 'ReadyToUse', type: 'boolean', jsonPath: '.status.readyToUse' },
      { name: 'CreationTime', type: 'date', jsonPath: '.status.creationTime' },
      { name: 'Error', type: 'string', jsonPath: '.status.error.message' },
    ], subresources: status }] },
  { group: 'snapshot.kubevirt.io', kind: 'VirtualMachineSnapshotContent', plural: 'virtualmachinesnapshotcontents', shortNames: ['vmsnapshotcontent', 'vmsnapshotcontents'], categories: all, scope: 'Namespaced',
    versions: [{ name: 'v1beta1', served: true, storage: true, printerColumns: [
      { name: 'ReadyToUse', type: 'boolean', jsonPath: '.status.readyToUse' },
      { name: 'CreationTime', type: 'date', jsonPath: '.status.creationTime' },
      { name: 'Error', type: 'string', jsonPath: '.status.error.message' },
    ], subresources: status }] },
  { group: 'snapshot.kubevirt.io', kind: 'VirtualMachineRestore', plural: 'virtualmachinerestores', shortNames: ['vmrestore', 'vmrestores'], categories: all, scope: 'Namespaced',
    versions: [{ name: 'v1beta1', served: true, storage: true, printerColumns: [
      { name: 'TargetKind', type: 'string', jsonPath: '.spec.target.kind' },
      { name: 'TargetName', type: 'string', jsonPath: '.spec.target.name' },
      { name: 'Complete', type: 'boolean', jsonPath: '.status.complete' },
      { name: 'RestoreTime', type: 'date', jsonPath: '.status.restoreTime' },
      { name: 'Error', type: 'string', jsonPath: '.status.error.message' },
    ], subresources: status }] },
  { group: 'export.kubevirt.io', kind: 'VirtualMachineExport', plural: 'virtualmachineexports', shortNames: ['vmexport', 'vmexports'], categories: all, scope: 'Namespaced',
    versions: [{ name: 'v1beta1', served: true, storage: true, printerColumns: [
      { name: 'SourceKind', type: 'string', jsonPath: '.spec.source.kind' },
      { name: 'SourceName', type: 'string', jsonPath: '.spec.source.name' }, phase,
    ], subresources: status }] },
  { group: 'clone.kubevirt.io', kind: 'VirtualMachineClone', plural: 'virtualmachineclones', shortNames: ['vmclone', 'vmclones'], categories: all, scope: 'Namespaced',
    versions: [{ name: 'v1beta1', served: true, storage: true, printerColumns: [phase,
      { name: 'SourceVirtualMachine', type: 'string', jsonPath: '.spec.source.name' },
      { name: 'TargetVirtualMachine', type: 'string', jsonPath: '.spec.target.name' },
    ], subresources: status }] },
  { group: 'migrations.kubevirt.io', kind: 'MigrationPolicy', plural: 'migrationpolicies', categories: all, scope: 'Cluster',
    versions: [{ name: 'v1alpha1', served: true, storage: true, subresources: status }] },
];
