import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { refOf } from '../../controller/index.ts';
import { formatTime } from './conditions.ts';
import { CRONJOB_GVK, startCronJobController } from './cronjob-controller.ts';
import { JOB_GVK } from './job-controller.ts';
import { newWorkloadHarness, type WorkloadHarness } from './workload-test-support.ts';

const minutes = (iso: string) => Date.parse(iso) / 60_000;
const cjRef = { ...CRONJOB_GVK, namespace: 'default', name: 'tick' };

function cronJob(spec: Record<string, unknown> = {}): KubeObject {
  return {
    ...CRONJOB_GVK,
    metadata: { name: 'tick', namespace: 'default' },
    spec: {
      schedule: '*/1 * * * *',
      jobTemplate: { metadata: { labels: { team: 'ops' } }, spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'tick', image: 'busybox', command: ['date'] }] } } } },
      ...spec,
    },
  };
}

const jobs = async (h: WorkloadHarness) => (await h.client.list(JOB_GVK, { namespace: 'default' })).items.filter((j) => !j.metadata.deletionTimestamp).map((j) => j.metadata.name!).sort();
const cjStatus = async (h: WorkloadHarness) => ((await h.client.get(cjRef)).status ?? {}) as Record<string, any>;

/** Plays the Job controller's last word on a Job. */
async function finishJob(h: WorkloadHarness, name: string, type: 'Complete' | 'Failed'): Promise<void> {
  const now = formatTime(h.clock.now());
  const condition = { type, status: 'True', lastProbeTime: now, lastTransitionTime: now };
  await h.client.patch({ ...JOB_GVK, namespace: 'default', name }, 'merge', { status: { startTime: now, conditions: [condition], ...(type === 'Complete' ? { completionTime: now, succeeded: 1 } : { failed: 1 }) } }, { subresource: 'status' });
}

describe('CronJob controller', () => {
  test('creates <name>-<minutes> at each start, tracks active and last times, stamps the schedule', async () => {
    const h = await newWorkloadHarness();
    h.run(startCronJobController(h.deps));
    const cj = await h.client.create(cronJob());
    await h.clock.advance(59_000);
    assert.deepEqual(await jobs(h), [], 'nothing before the first start');
    await h.clock.advance(1_200);
    await h.until(async () => (await jobs(h)).length === 1, 'first job');
    const name = `tick-${minutes('2026-01-01T00:01:00Z')}`;
    assert.deepEqual(await jobs(h), [name]);
    const job = await h.client.get({ ...JOB_GVK, namespace: 'default', name });
    assert.deepEqual(job.metadata.labels, { team: 'ops' });
    assert.equal(job.metadata.annotations!['batch.kubernetes.io/cronjob-scheduled-timestamp'], '2026-01-01T00:01:00Z');
    assert.equal(job.metadata.ownerReferences![0]!.uid, cj.metadata.uid);
    await h.until(async () => (await cjStatus(h)).lastScheduleTime === '2026-01-01T00:01:00Z', 'lastScheduleTime');
    assert.deepEqual((await cjStatus(h)).active.map((r: any) => [r.kind, r.name, r.uid]), [['Job', name, job.metadata.uid]]);
    assert.ok((await h.events()).some((e) => e.reason === 'SuccessfulCreate' && e.message === `Created job ${name}`));

    await finishJob(h, name, 'Complete');
    await h.until(async () => ((await cjStatus(h)).active ?? []).length === 0, 'active emptied');
    assert.equal((await cjStatus(h)).lastSuccessfulTime, formatTime(h.clock.now()));
    assert.ok((await h.events()).some((e) => e.reason === 'SawCompletedJob' && e.message === `Saw completed job: ${name}, condition: Complete`));
    await h.stop();
  });

  test('Forbid skips a start while a Job runs; Replace deletes the running Job', async () => {
    const h = await newWorkloadHarness();
    h.run(startCronJobController(h.deps));
    await h.client.create(cronJob({ concurrencyPolicy: 'Forbid' }));
    await h.clock.advance(61_000);
    await h.until(async () => (await jobs(h)).length === 1);
    await h.clock.advance(60_000);
    await h.until(async () => (await h.events()).some((e) => e.reason === 'JobAlreadyActive'), 'JobAlreadyActive');
    assert.equal((await jobs(h)).length, 1);

    await h.client.patch(cjRef, 'merge', { spec: { concurrencyPolicy: 'Replace' } });
    await h.clock.advance(60_000);
    const third = `tick-${minutes('2026-01-01T00:03:00Z')}`;
    await h.until(async () => (await jobs(h)).join() === third, 'replaced by the newest');
    assert.ok((await h.events()).some((e) => e.reason === 'SuccessfulDelete' && e.message === `Deleted job tick-${minutes('2026-01-01T00:01:00Z')}`));
    await h.stop();
  });

  test('suspend stops starts; a start later than startingDeadlineSeconds is skipped', async () => {
    const h = await newWorkloadHarness();
    h.run(startCronJobController(h.deps));
    await h.client.create(cronJob({ suspend: true, schedule: '0 * * * *', startingDeadlineSeconds: 30 }));
    await h.clock.advance(3_600_000 + 200);
    assert.deepEqual(await jobs(h), [], 'suspended');
    await h.clock.advance(60_000);
    await h.client.patch(cjRef, 'merge', { spec: { suspend: false } });
    await h.clock.advance(10);
    assert.deepEqual(await jobs(h), [], 'the 01:00 start is more than 30 s late');
    await h.clock.advance(3_600_000);
    await h.until(async () => (await jobs(h)).join() === `tick-${minutes('2026-01-01T02:00:00Z')}`, 'the 02:00 start runs');
    await h.stop();
  });

  test('history limits prune the oldest finished Jobs', async () => {
    const h = await newWorkloadHarness();
    h.run(startCronJobController(h.deps));
    await h.client.create(cronJob({ successfulJobsHistoryLimit: 1, failedJobsHistoryLimit: 1 }));
    await h.clock.advance(200);
    const names: string[] = [];
    for (let i = 1; i <= 3; i++) {
      await h.clock.advance(60_000);
      const name = `tick-${minutes('2026-01-01T00:00:00Z') + i}`;
      await h.until(async () => (await jobs(h)).includes(name), name);
      names.push(name);
      await finishJob(h, name, i === 2 ? 'Failed' : 'Complete');
      await h.until(async () => !((await cjStatus(h)).active ?? []).some((r: any) => r.name === name), `${name} done`);
    }
    await h.until(async () => (await jobs(h)).join() === [names[1], names[2]].join(), 'one complete and one failed kept');
    await h.stop();
  });

  test('an unknown time zone is reported and nothing runs', async () => {
    const h = await newWorkloadHarness();
    h.run(startCronJobController(h.deps));
    await h.client.create(cronJob({ timeZone: 'Mars/Olympus' }));
    await h.until(async () => (await h.events()).some((e) => e.reason === 'UnknownTimeZone'));
    await h.clock.advance(120_000);
    assert.deepEqual(await jobs(h), []);
    await h.client.delete(refOf(await h.client.get(cjRef)));
    await h.stop();
  });
});
