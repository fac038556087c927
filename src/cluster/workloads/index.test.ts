import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startWorkloadControllers } from './index.ts';
import { container, newWorkloadHarness } from './workload-test-support.ts';
import { DEPLOYMENT_GVK, REPLICASET_GVK, STATEFULSET_GVK } from './workload-deps.ts';

test('startWorkloadControllers runs Deployments down to pods, and StatefulSets', async () => {
  const h = await newWorkloadHarness();
  h.run(startWorkloadControllers(h.deps));
  const template = (app: string) => ({ metadata: { labels: { app } }, spec: { containers: [container()] } });
  await h.client.create({ ...DEPLOYMENT_GVK, metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: template('web') } });
  await h.client.create({ ...STATEFULSET_GVK, metadata: { name: 'db', namespace: 'default' }, spec: { replicas: 1, serviceName: 'db', selector: { matchLabels: { app: 'db' } }, template: template('db') } });
  await h.until(async () => (await h.pods('app=web')).length === 2 && (await h.pods('app=db')).length === 1, 'pods of both');
  const rs = (await h.client.list(REPLICASET_GVK, { namespace: 'default' })).items;
  assert.equal(rs.length, 1);
  assert.deepEqual((await h.pods('app=db')).map((p) => p.metadata.name), ['db-0']);
  await h.stop();
});
