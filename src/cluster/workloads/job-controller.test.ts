import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { refOf } from '../../controller/index.ts';
import { startNodeControllers } from '../nodes/index.ts';
import { formatTime } from './conditions.ts';
import { JOB_GVK, startJobController } from './job-controller.ts';
import { newWorkloadHarness, type WorkloadHarness } from './workload-test-support.ts';

function job(name: string, spec: Record<string, unknown> = {}, podSpec: Record<string, unknown> = {}): KubeObject {
  return {
    ...JOB_GVK,
    metadata: { name, namespace: 'default' },
    spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: name, image: 'busybox:1.36', command: ['sh', '-c', 'echo hi'] }], ...podSpec } }, ...spec },
  };
}

const jobRef = (name: string) => ({ ...JOB_GVK, namespace: 'default', name });
const statusOf = async (h: WorkloadHarness, name: string) => ((await h.client.get(jobRef(name))).status ?? {}) as Record<string, any>;
const conditionTypes = async (h: WorkloadHarness, name: string) => ((await statusOf(h, name)).conditions ?? []).filter((c: any) => c.status === 'True').map((c: any) => c.type);
const live = async (h: WorkloadHarness) => (await h.pods()).filter((p) => !p.metadata.deletionTimestamp && !['Succeeded', 'Failed'].includes((p.status as any)?.phase));

/** What the kubelet reports when the pod's one container exits. */
function finish(h: WorkloadHarness, pod: KubeObject, exitCode: number): Promise<KubeObject> {
  const at = formatTime(h.clock.now());
  const name = (pod.spec as any).containers[0].name;
  return h.client.patch(
    refOf(pod),
    'merge',
    {
      status: {
        phase: exitCode === 0 ? 'Succeeded' : 'Failed',
        containerStatuses: [{ name, ready: false, restartCount: 0, state: { terminated: { exitCode, reason: exitCode ? 'Error' : 'Completed', startedAt: at, finishedAt: at } } }],
      },
    },
    { subresource: 'status' },
  );
}

describe('Job controller', () => {
  test('runs completions pods, parallelism at a time, tracked by the finalizer, then completes', async () => {
    const h = await newWorkloadHarness();
    h.run(startJobController(h.deps));
    const created = await h.client.create(job('batch', { completions: 3, parallelism: 2 }));
    await h.until(async () => (await h.pods()).length === 2, '2 pods');
    let pods = await h.pods();
    for (const p of pods) {
      assert.match(p.metadata.name!, /^batch-[a-z0-9]{5}$/);
      assert.deepEqual(p.metadata.finalizers, ['batch.kubernetes.io/job-tracking']);
      assert.equal(p.metadata.labels!['batch.kubernetes.io/job-name'], 'batch');
      assert.equal(p.metadata.labels!['batch.kubernetes.io/controller-uid'], created.metadata.uid);
      assert.equal(p.metadata.labels!['job-name'], 'batch');
      assert.equal(p.metadata.labels!['controller-uid'], created.metadata.uid);
      assert.equal(p.metadata.ownerReferences![0]!.kind, 'Job');
    }
    await h.until(async () => (await statusOf(h, 'batch')).active === 2, 'active 2');
    const s = await statusOf(h, 'batch');
    assert.deepEqual(s, { startTime: '2026-01-01T00:00:00Z', active: 2, ready: 0, terminating: 0, uncountedTerminatedPods: {} });

    await finish(h, pods[0]!, 0);
    await h.until(async () => (await statusOf(h, 'batch')).succeeded === 1 && (await h.pods()).length === 3, 'one succeeded, third pod');
    const done = await h.client.get(refOf(pods[0]!));
    assert.equal(done.metadata.finalizers, undefined, 'the finalizer comes off once counted');
    pods = await live(h);
    assert.equal(pods.length, 2);
    await h.clock.advance(5_000);
    for (const p of pods) await finish(h, p, 0);
    await h.until(async () => (await conditionTypes(h, 'batch')).includes('Complete'), 'Complete');
    const final = await statusOf(h, 'batch');
    assert.deepEqual(
      final.conditions.map((c: any) => [c.type, c.status, c.reason, c.message]),
      [
        ['SuccessCriteriaMet', 'True', 'CompletionsReached', 'Reached expected number of succeeded pods'],
        ['Complete', 'True', 'CompletionsReached', 'Reached expected number of succeeded pods'],
      ],
    );
    assert.equal(final.succeeded, 3);
    assert.equal(final.active, undefined);
    assert.equal(final.completionTime, '2026-01-01T00:00:05Z');
    assert.deepEqual(final.uncountedTerminatedPods, {});
    const events = await h.events();
    assert.equal(events.filter((e) => e.reason === 'SuccessfulCreate' && /^Created pod: batch-/.test(String(e.message))).length, 3);
    assert.ok(events.some((e) => e.reason === 'Completed' && e.message === 'Job completed'));
    await h.stop();
  });

  test('failed pods are replaced after 10 s, 20 s … until the backoff limit is exceeded', async () => {
    const h = await newWorkloadHarness();
    h.run(startJobController(h.deps));
    await h.client.create(job('flaky', { backoffLimit: 2 }));
    const failCurrent = async () => {
      const [pod] = await live(h);
      await finish(h, pod!, 1);
    };
    await h.until(async () => (await live(h)).length === 1);
    await failCurrent();
    await h.until(async () => (await statusOf(h, 'flaky')).failed === 1, 'failed 1');
    await h.clock.advance(9_000);
    assert.equal((await live(h)).length, 0, 'backoff: no replacement before 10 s');
    await h.clock.advance(1_000);
    await h.until(async () => (await live(h)).length === 1, 'replacement after 10 s');
    await failCurrent();
    await h.until(async () => (await statusOf(h, 'flaky')).failed === 2);
    await h.clock.advance(19_000);
    assert.equal((await live(h)).length, 0, 'second backoff is 20 s');
    await h.clock.advance(1_000);
    await h.until(async () => (await live(h)).length === 1, 'replacement after 20 s');
    await failCurrent();
    await h.until(async () => (await conditionTypes(h, 'flaky')).includes('Failed'), 'Failed');
    const s = await statusOf(h, 'flaky');
    assert.equal(s.failed, 3);
    assert.deepEqual(
      s.conditions.map((c: any) => [c.type, c.reason, c.message]),
      [
        ['FailureTarget', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit'],
        ['Failed', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit'],
      ],
    );
    assert.equal(s.completionTime, undefined);
    assert.ok((await h.events()).some((e) => e.type === 'Warning' && e.reason === 'BackoffLimitExceeded'));
    await h.stop();
  });

  test('activeDeadlineSeconds fails the Job and deletes its running pods, Failed once they are gone', async () => {
    const h = await newWorkloadHarness();
    h.run(startJobController(h.deps));
    await h.client.create(job('slow', { activeDeadlineSeconds: 30, parallelism: 2, completions: 2 }));
    await h.until(async () => (await live(h)).length === 2);
    // Bound pods stop gracefully: they stay terminating until their (simulated) kubelet is done.
    for (const p of await h.pods()) await h.client.patch(refOf(p), 'merge', { spec: { nodeName: 'node1' } });
    await h.clock.advance(30_000);
    await h.until(async () => (await conditionTypes(h, 'slow')).includes('FailureTarget'), 'FailureTarget');
    assert.equal((await statusOf(h, 'slow')).terminating, 2);
    assert.ok(!(await conditionTypes(h, 'slow')).includes('Failed'), 'not Failed while pods terminate');
    for (const p of await h.pods()) await h.client.delete(refOf(p), { gracePeriodSeconds: 0 });
    await h.until(async () => (await conditionTypes(h, 'slow')).includes('Failed'), 'Failed');
    const s = await statusOf(h, 'slow');
    assert.equal(s.conditions.find((c: any) => c.type === 'Failed').reason, 'DeadlineExceeded');
    assert.equal(s.failed, 2);
    assert.equal(s.terminating, 0);
    assert.equal((await h.pods()).length, 0);
    await h.stop();
  });

  test('Indexed: one pod per completion index, completedIndexes in intervals', async () => {
    const h = await newWorkloadHarness();
    h.run(startJobController(h.deps));
    await h.client.create(job('idx', { completions: 4, parallelism: 4, completionMode: 'Indexed' }));
    await h.until(async () => (await h.pods()).length === 4);
    const pods = await h.pods();
    const indexes = pods.map((p) => p.metadata.annotations!['batch.kubernetes.io/job-completion-index']).sort();
    assert.deepEqual(indexes, ['0', '1', '2', '3']);
    for (const p of pods) {
      const ix = p.metadata.labels!['batch.kubernetes.io/job-completion-index'];
      assert.match(p.metadata.name!, new RegExp(`^idx-${ix}-[a-z0-9]{5}$`));
      assert.equal((p.spec as any).hostname, `idx-${ix}`);
      assert.equal((p.spec as any).containers[0].env[0].name, 'JOB_COMPLETION_INDEX');
    }
    const byIndex = (ix: string) => pods.find((p) => p.metadata.labels!['batch.kubernetes.io/job-completion-index'] === ix)!;
    for (const ix of ['0', '1', '3']) await finish(h, byIndex(ix), 0);
    await h.until(async () => (await statusOf(h, 'idx')).completedIndexes === '0-1,3', 'completedIndexes 0-1,3');
    await finish(h, byIndex('2'), 0);
    await h.until(async () => (await conditionTypes(h, 'idx')).includes('Complete'));
    const s = await statusOf(h, 'idx');
    assert.equal(s.completedIndexes, '0-3');
    assert.equal(s.succeeded, 4);
    await h.stop();
  });

  test('suspend deletes active pods without counting them; resume starts over with a new startTime', async () => {
    const h = await newWorkloadHarness();
    h.run(startJobController(h.deps));
    await h.client.create(job('pausable'));
    await h.until(async () => (await live(h)).length === 1);
    await h.clock.advance(60_000);
    await h.client.patch(jobRef('pausable'), 'merge', { spec: { suspend: true } });
    await h.until(async () => (await conditionTypes(h, 'pausable')).includes('Suspended'), 'Suspended');
    await h.until(async () => (await h.pods()).length === 0, 'pods deleted');
    let s = await statusOf(h, 'pausable');
    assert.equal(s.failed, undefined, 'suspension is not a failure');
    assert.equal(s.active, undefined);
    const suspended = s.conditions.find((c: any) => c.type === 'Suspended');
    assert.deepEqual([suspended.reason, suspended.message], ['JobSuspended', 'Job suspended']);
    await h.clock.advance(60_000);
    await h.client.patch(jobRef('pausable'), 'merge', { spec: { suspend: false } });
    await h.until(async () => (await live(h)).length === 1, 'resumed');
    // The new pod can be seen a moment before the status that records the resumption.
    await h.until(async () => (await statusOf(h, 'pausable')).conditions.some((c: any) => c.type === 'Suspended' && c.status === 'False'), 'Resumed condition');
    s = await statusOf(h, 'pausable');
    const resumed = s.conditions.find((c: any) => c.type === 'Suspended');
    assert.deepEqual([resumed.status, resumed.reason, resumed.message], ['False', 'JobResumed', 'Job resumed']);
    assert.equal(s.startTime, '2026-01-01T00:02:00Z');
    const reasons = (await h.events()).map((e) => e.reason);
    assert.ok(reasons.includes('Suspended') && reasons.includes('Resumed'));
    await h.stop();
  });

  test('OnFailure: container restarts count against the backoff limit', async () => {
    const h = await newWorkloadHarness();
    h.run(startJobController(h.deps));
    await h.client.create(job('restarts', { backoffLimit: 2 }, { restartPolicy: 'OnFailure' }));
    await h.until(async () => (await live(h)).length === 1);
    const [pod] = await live(h);
    const running = (restartCount: number) => ({ status: { phase: 'Running', containerStatuses: [{ name: 'restarts', restartCount, ready: false, state: { waiting: { reason: 'CrashLoopBackOff' } } }] } });
    await h.client.patch(refOf(pod!), 'merge', running(1), { subresource: 'status' });
    await h.clock.advance(10);
    assert.ok(!(await conditionTypes(h, 'restarts')).includes('FailureTarget'));
    await h.client.patch(refOf(pod!), 'merge', running(2), { subresource: 'status' });
    await h.until(async () => (await conditionTypes(h, 'restarts')).includes('FailureTarget'), 'FailureTarget');
    assert.equal((await statusOf(h, 'restarts')).conditions[0].reason, 'BackoffLimitExceeded');
    await h.stop();
  });

  test('deleting the Job releases its pods: the finalizer comes off and they go', async () => {
    const h = await newWorkloadHarness();
    h.run(startJobController(h.deps));
    await h.client.create(job('gone', { parallelism: 2, completions: 2 }));
    await h.until(async () => (await h.pods()).length === 2);
    const pods = await h.pods();
    await h.client.delete(jobRef('gone'), { propagationPolicy: 'Orphan' });
    await h.until(async () => (await h.pods()).every((p) => !p.metadata.finalizers), 'finalizers removed');
    for (const p of pods) await h.client.delete(refOf(p));
    await h.until(async () => (await h.pods()).length === 0, 'pods gone');
    await h.stop();
  });

  test('with the simulated nodes: a command runs to completion, `exit 1` fails', async () => {
    const h = await newWorkloadHarness();
    const nodes = startNodeControllers(h.deps);
    h.run(startJobController(h.deps), nodes);
    await h.client.create(job('pi', {}, { containers: [{ name: 'pi', image: 'perl:5.34', command: ['perl', '-Mbignum=bpi', '-wle', 'print bpi(20)'] }] }));
    await h.client.create(job('boom', { backoffLimit: 0 }, { containers: [{ name: 'boom', image: 'busybox:1.36', command: ['sh', '-c', 'exit 1'] }] }));
    for (let i = 0; i < 10; i++) await h.clock.advance(500);
    await h.until(async () => (await conditionTypes(h, 'pi')).includes('Complete') && (await conditionTypes(h, 'boom')).includes('Failed'), 'pi complete, boom failed');
    const pi = (await h.pods('job-name=pi'))[0]!;
    assert.equal((pi.status as any).phase, 'Succeeded');
    assert.equal((pi.status as any).containerStatuses[0].state.terminated.reason, 'Completed');
    const boom = (await h.pods('job-name=boom'))[0]!;
    assert.equal((boom.status as any).containerStatuses[0].state.terminated.exitCode, 1);
    await h.stop();
  });
});
