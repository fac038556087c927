import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formatTime } from './conditions.ts';
import { JOB_GVK } from './job-controller.ts';
import { startTtlAfterFinishedController } from './ttl-after-finished-controller.ts';
import { newWorkloadHarness } from './workload-test-support.ts';

describe('ttl-after-finished controller', () => {
  test('deletes a finished Job ttlSecondsAfterFinished after it finished, not before', async () => {
    const h = await newWorkloadHarness();
    h.run(startTtlAfterFinishedController(h.deps));
    const ref = { ...JOB_GVK, namespace: 'default', name: 'once' };
    const spec = { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } };
    await h.client.create({ ...JOB_GVK, metadata: { name: 'once', namespace: 'default' }, spec: { ...spec, ttlSecondsAfterFinished: 100 } });
    await h.client.create({ ...JOB_GVK, metadata: { name: 'kept', namespace: 'default' }, spec });
    await h.clock.advance(5_000);
    const now = formatTime(h.clock.now());
    for (const name of ['once', 'kept']) {
      const condition = { type: 'Complete', status: 'True', lastProbeTime: now, lastTransitionTime: now };
      await h.client.patch({ ...ref, name }, 'merge', { status: { startTime: now, completionTime: now, succeeded: 1, conditions: [condition] } }, { subresource: 'status' });
    }
    await h.clock.advance(99_000);
    await h.client.get(ref);
    await h.clock.advance(1_000);
    const names = async () => (await h.client.list(JOB_GVK, { namespace: 'default' })).items.filter((j) => !j.metadata.deletionTimestamp).map((j) => j.metadata.name);
    await h.until(async () => (await names()).join() === 'kept', 'expired Job deleted');
    assert.deepEqual(await names(), ['kept']);
    await h.stop();
  });
});
