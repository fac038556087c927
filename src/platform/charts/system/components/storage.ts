// Block storage (LINSTOR/DRBD), snapshots, object storage, backups.

import type { ComponentSpec } from '../component.ts';
import { backupControllerCrds } from '../crds/backup-controller.ts';
import { backupstrategyControllerCrds } from '../crds/backupstrategy-controller.ts';
import { objectstorageControllerCrds } from '../crds/objectstorage-controller.ts';
import { piraeusOperatorCrdsCrds } from '../crds/piraeus-operator-crds.ts';
import { snapshotControllerCrds } from '../crds/snapshot-controller.ts';
import { veleroCrds } from '../crds/velero.ts';
import { vsnapCrdCrds } from '../crds/vsnap-crd.ts';
import { SEAWEEDFS, seaweedfsObjects } from './seaweedfs.ts';
import { cozyImage, daemon, deploy } from './shorthand.ts';

export const storageComponents: ComponentSpec[] = [
  { path: 'system/piraeus-operator-crds', chart: 'cozy-piraeus-operator-crds', crds: piraeusOperatorCrdsCrds },
  { path: 'system/piraeus-operator', chart: 'cozy-piraeus-operator', upstream: { name: 'piraeus', version: '2.10.2', appVersion: 'v2.10.2' },
    values: { piraeus: { installCRDs: false } },
    workloads: [deploy('{release}-controller-manager', 'quay.io/piraeusdatastore/piraeus-operator:v2.10.2', { container: 'manager', selector: { 'app.kubernetes.io/component': 'piraeus-operator', 'app.kubernetes.io/name': 'piraeus-datastore' },
      labels: { 'app.kubernetes.io/component': 'piraeus-operator', 'app.kubernetes.io/name': 'piraeus-datastore' },
      containers: [
        { name: 'manager', image: 'quay.io/piraeusdatastore/piraeus-operator:v2.10.2' },
        { name: 'kube-rbac-proxy', image: 'gcr.io/kubebuilder/kube-rbac-proxy:v0.13.1', requests: { cpu: '5m', memory: '16Mi' } },
      ] })] },
  // The LINSTOR controller and satellites are made by piraeus-operator from these objects.
  { path: 'system/linstor', chart: 'cozy-linstor',
    extra: (ctx) => [
      { apiVersion: 'piraeus.io/v1', kind: 'LinstorCluster', metadata: { name: 'linstorcluster', labels: ctx.labels },
        spec: { repository: 'ghcr.io/cozystack/cozystack', patches: [], linstorPassphraseSecret: 'linstor-passphrase' } },
      { apiVersion: 'piraeus.io/v1', kind: 'LinstorSatelliteConfiguration', metadata: { name: 'cozystack', labels: ctx.labels },
        spec: { podTemplate: { spec: { containers: [{ name: 'linstor-satellite', image: cozyImage('piraeus-server') }] } } } },
    ] },
  { path: 'system/linstor-scheduler', chart: 'cozy-linstor-scheduler', upstream: { name: 'linstor-scheduler', version: '0.3.1', appVersion: 'v0.3.6' },
    values: { 'linstor-scheduler': { fullnameOverride: 'linstor-scheduler', replicaCount: 2 } },
    workloads: [
      deploy('linstor-scheduler', 'registry.k8s.io/kube-scheduler:v1.33.4', { replicasValue: 'linstor-scheduler.replicaCount', containers: [
        { name: 'kube-scheduler', image: 'registry.k8s.io/kube-scheduler:v1.33.4' },
        { name: 'linstor-scheduler-extender', image: 'quay.io/piraeusdatastore/linstor-scheduler-extender:v0.3.6', requests: { cpu: '5m', memory: '16Mi' } },
      ] }),
      deploy('linstor-scheduler-admission', 'quay.io/piraeusdatastore/linstor-scheduler-extender:v0.3.6', { container: 'linstor-scheduler-admission', component: 'admission', replicas: 1 }),
    ] },
  { path: 'system/linstor-gui', chart: 'cozy-linstor-gui',
    workloads: [
      deploy('linstor-gui', cozyImage('linstor-gui'), { selector: { app: 'linstor-gui' }, labels: { app: 'linstor-gui' }, replicasValue: 'replicas', service: { ports: [{ name: 'http', port: 8000 }] } }),
      deploy('linstor-gui-gatekeeper', cozyImage('token-proxy'), { container: 'token-proxy', selector: { app: 'linstor-gui-gatekeeper' }, labels: { app: 'linstor-gui-gatekeeper' } }),
    ] },
  { path: 'system/snapshot-controller', chart: 'cozy-snapshot-controller', upstream: { name: 'snapshot-controller', version: '3.0.5', appVersion: 'v8.0.1' }, crds: snapshotControllerCrds,
    values: { 'snapshot-controller': { controller: { replicaCount: 2 }, webhook: { replicaCount: 2 } } },
    workloads: [
      deploy('{fullname}', 'registry.k8s.io/sig-storage/snapshot-controller:v8.0.1', { replicasValue: 'snapshot-controller.controller.replicaCount' }),
      deploy('snapshot-validation-webhook', 'registry.k8s.io/sig-storage/snapshot-validation-webhook:v8.0.1', { selector: { 'app.kubernetes.io/name': 'snapshot-validation-webhook', 'app.kubernetes.io/instance': 'snapshot-controller' },
        labels: { 'app.kubernetes.io/name': 'snapshot-validation-webhook' }, replicasValue: 'snapshot-controller.webhook.replicaCount', service: { ports: [{ name: 'https', port: 443, targetPort: 8443 }] } }),
    ] },
  { path: 'system/vsnap-crd', chart: 'cozy-vsnap-crd', crds: vsnapCrdCrds },
  { path: 'system/objectstorage-controller', chart: 'cozy-objectstorage-controller', crds: objectstorageControllerCrds,
    workloads: [deploy('container-object-storage-controller', cozyImage('objectstorage-controller'), { container: 'objectstorage-controller',
      selector: { 'app.kubernetes.io/part-of': 'container-object-storage-interface', 'app.kubernetes.io/component': 'controller' },
      labels: { 'app.kubernetes.io/part-of': 'container-object-storage-interface', 'app.kubernetes.io/component': 'controller' }, serviceAccount: 'container-object-storage-controller-sa' })] },
  { path: 'system/nfs-driver', chart: 'cozy-nfs-driver', upstream: { name: 'csi-driver-nfs', version: '4.13.3', appVersion: '4.13.3' },
    workloads: [
      deploy('csi-nfs-controller', 'registry.k8s.io/sig-storage/nfsplugin:v4.13.3', { selector: { app: 'csi-nfs-controller' }, labels: { app: 'csi-nfs-controller' }, serviceAccount: 'csi-nfs-controller-sa', hostNetwork: true,
        containers: [
          { name: 'csi-provisioner', image: 'registry.k8s.io/sig-storage/csi-provisioner:v6.1.0', requests: { cpu: '5m', memory: '16Mi' } },
          { name: 'csi-resizer', image: 'registry.k8s.io/sig-storage/csi-resizer:v2.0.0', requests: { cpu: '5m', memory: '16Mi' } },
          { name: 'liveness-probe', image: 'registry.k8s.io/sig-storage/livenessprobe:v2.17.0', requests: { cpu: '5m', memory: '16Mi' } },
          { name: 'nfs', image: 'registry.k8s.io/sig-storage/nfsplugin:v4.13.3' },
        ] }),
      daemon('csi-nfs-node', 'registry.k8s.io/sig-storage/nfsplugin:v4.13.3', { selector: { app: 'csi-nfs-node' }, labels: { app: 'csi-nfs-node' }, serviceAccount: 'csi-nfs-node-sa', hostNetwork: true,
        containers: [
          { name: 'liveness-probe', image: 'registry.k8s.io/sig-storage/livenessprobe:v2.17.0', requests: { cpu: '5m', memory: '16Mi' } },
          { name: 'node-driver-registrar', image: 'registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.15.0', requests: { cpu: '5m', memory: '16Mi' } },
          { name: 'nfs', image: 'registry.k8s.io/sig-storage/nfsplugin:v4.13.3' },
        ] }),
    ] },
  { path: 'system/velero', chart: 'cozy-velero', upstream: { name: 'velero', version: '12.0.3', appVersion: '1.18.1' }, crds: veleroCrds,
    workloads: [
      deploy('velero', 'docker.io/velero/velero:v1.18.1', { selector: { name: 'velero', 'app.kubernetes.io/name': 'velero', 'app.kubernetes.io/instance': 'velero' }, labels: { name: 'velero', component: 'velero' },
        serviceAccount: 'velero-server', initContainers: [{ name: 'velero-plugin-for-aws', image: 'docker.io/velero/velero-plugin-for-aws:v1.14.1', requests: { cpu: '1m', memory: '8Mi' } }],
        service: { ports: [{ name: 'http-monitoring', port: 8085 }] } }),
      daemon('node-agent', 'docker.io/velero/velero:v1.18.1', { selector: { name: 'node-agent' }, labels: { name: 'node-agent', role: 'node-agent' }, serviceAccount: 'velero-server' }),
    ] },
  { path: 'system/backup-controller', chart: 'cozy-backup-controller', crds: backupControllerCrds, values: { backupController: { replicas: 2 } },
    workloads: [deploy('backup-controller', cozyImage('backup-controller'), { replicasValue: 'backupController.replicas', selector: { app: 'backup-controller' }, labels: { app: 'backup-controller' } })] },
  { path: 'system/backupstrategy-controller', chart: 'cozy-backupstrategy-controller', crds: backupstrategyControllerCrds, values: { backupStrategyController: { replicas: 2 } },
    workloads: [deploy('backupstrategy-controller', cozyImage('backupstrategy-controller'), { replicasValue: 'backupStrategyController.replicas', selector: { app: 'backupstrategy-controller' }, labels: { app: 'backupstrategy-controller' } })] },
  // The SeaweedFS system chart, rendered per tenant by the seaweedfs module (`seaweedfs-system`).
  { path: 'system/seaweedfs', chart: 'cozy-seaweedfs', upstream: SEAWEEDFS,
    values: { global: { serviceAccountName: 'tenant-foo-seaweedfs' }, seaweedfs: { fullnameOverride: 'seaweedfs', master: { replicas: 3 }, filer: { replicas: 2 }, volume: { replicas: 2 }, s3: { replicas: 2 } } },
    extra: seaweedfsObjects },
  // The filer's PostgreSQL (`seaweedfs-db`), a CloudNativePG Cluster.
  { path: 'system/seaweedfs-db', chart: 'cozy-seaweedfs-db', values: { db: { replicas: 2, size: '10Gi' } },
    extra: (ctx) => {
      const db = (ctx.values.db ?? {}) as Record<string, unknown>;
      const storage: Record<string, unknown> = { size: db.size ?? '10Gi' };
      if (db.storageClass) storage.storageClass = db.storageClass;
      return [{ apiVersion: 'postgresql.cnpg.io/v1', kind: 'Cluster', metadata: { name: 'seaweedfs-db', namespace: ctx.namespace, labels: ctx.labels },
        spec: { instances: db.replicas ?? 2, storage, ...(db.resources ? { resources: db.resources } : {}) } }];
    } },
  // A Bucket's system chart: the bucket UI next to the COSI BucketClaim.
  { path: 'system/bucket', chart: 'cozy-bucket', values: { bucketName: 'cozystack' },
    workloads: [deploy('{value:bucketName}-ui', cozyImage('s3manager'), { container: 's3manager', selector: { app: 'bucket-ui' }, labels: { app: 'bucket-ui' }, serviceAccount: false, service: { ports: [{ name: 'http', port: 8080 }] } })] },
];
