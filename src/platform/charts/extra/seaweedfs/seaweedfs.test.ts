import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ChartRenderError } from '../../chart.ts';
import { seaweedfsObjects } from '../../system/components/seaweedfs.ts';
import { find, release, renderModule } from '../test-render.ts';
import { seaweedfsChart } from './index.ts';

test('seaweedfs renders seaweedfs-db and seaweedfs-system; the sub-chart runs master 3, volume 2, filer 2, s3 2 sized by t1.small', () => {
  const objects = renderModule(seaweedfsChart, 'tenant-foo');
  const db = find(objects, 'HelmRelease', 'seaweedfs-db').spec as any;
  assert.equal(db.values.db.replicas, 2);
  assert.equal(db.values.db.resources.requests.cpu, '0.1');
  const system = find(objects, 'HelmRelease', 'seaweedfs-system').spec as any;
  assert.deepEqual(system.dependsOn, [{ name: 'seaweedfs-db' }, { name: 'ingress-nginx-system', namespace: 'tenant-foo' }]);
  assert.equal(system.values.seaweedfs.master.defaultReplicaPlacement, '001');
  assert.equal(system.values.seaweedfs.s3.ingress.host, 's3.foo.example.org');
  const workloads = seaweedfsObjects({ values: { seaweedfs: { fullnameOverride: 'seaweedfs' }, ...system.values }, release: release('seaweedfs-system', 'tenant-foo'), namespace: 'tenant-foo', labels: {} });
  assert.equal((find(workloads, 'StatefulSet', 'seaweedfs-master').spec as any).replicas, 3);
  assert.equal((find(workloads, 'StatefulSet', 'seaweedfs-volume').spec as any).replicas, 2);
  assert.equal((find(workloads, 'StatefulSet', 'seaweedfs-filer').spec as any).replicas, 2);
  const s3 = find(workloads, 'Deployment', 'seaweedfs-s3').spec as any;
  assert.equal(s3.replicas, 2);
  assert.deepEqual(s3.template.spec.containers[0].resources.limits, { cpu: '1', 'ephemeral-storage': '2Gi', memory: '512Mi' });
  assert.equal(s3.template.spec.containers[0].resources.requests.cpu, '0.1');
  find(workloads, 'Ingress', 'ingress-seaweedfs-s3');
  assert.equal((find(workloads, 'StatefulSet', 'seaweedfs-volume').spec as any).volumeClaimTemplates[0].spec.resources.requests.storage, '10Gi');
});

test('seaweedfs options: volume size and a pool make their own StatefulSet; bad topology fails', () => {
  const objects = renderModule(seaweedfsChart, 'tenant-foo', { volume: { size: '50Gi', replicas: 3, pools: { fast: { diskType: 'ssd', size: '20Gi' } } } });
  const values = (find(objects, 'HelmRelease', 'seaweedfs-system').spec as any).values;
  const workloads = seaweedfsObjects({ values, release: release('seaweedfs-system', 'tenant-foo'), namespace: 'tenant-foo', labels: {} });
  assert.equal((find(workloads, 'StatefulSet', 'seaweedfs-volume').spec as any).replicas, 3);
  assert.equal((find(workloads, 'StatefulSet', 'seaweedfs-volume-fast').spec as any).volumeClaimTemplates[0].spec.resources.requests.storage, '20Gi');
  find(objects, 'BucketClass', 'tenant-foo-fast');
  assert.throws(() => renderModule(seaweedfsChart, 'tenant-foo', { topology: 'MultiZone' }), (e: unknown) => e instanceof ChartRenderError && e.message === 'Zones must be defined for MultiZone topology.');
});
