import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { podManifest, startTestCluster } from './test-support.ts';
import { imageSizeOf } from './container-runtime.ts';
import { DEFAULT_PROFILE } from './image-profiles.ts';

describe('kubelet simulator', () => {
  test('a scheduled pod runs with an IP, container status, conditions and the kubelet events in order', async () => {
    const c = await startTestCluster();
    try {
      await c.client.create(podManifest('web-x'));
      await c.clock.advance(0);
      let pod = await c.pod('web-x');
      assert.equal(pod.spec.nodeName, 'node1');
      assert.equal(pod.status.phase, 'Pending');
      assert.equal(pod.status.containerStatuses[0].state.waiting.reason, 'ContainerCreating');
      await c.clock.advance(1000);
      pod = await c.pod('web-x');
      assert.equal(pod.status.phase, 'Running');
      assert.equal(pod.status.podIP, '10.244.0.2');
      assert.equal(pod.status.hostIP, '192.168.100.11');
      assert.equal(pod.status.qosClass, 'BestEffort');
      assert.equal(pod.status.startTime, '2026-01-01T00:00:00Z');
      const cs = pod.status.containerStatuses[0];
      assert.equal(cs.ready, true);
      assert.equal(cs.started, true);
      assert.equal(cs.restartCount, 0);
      assert.equal(cs.image, 'docker.io/library/nginx:1.27');
      assert.match(cs.imageID, /^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/);
      assert.match(cs.containerID, /^containerd:\/\/[0-9a-f]{64}$/);
      assert.equal(cs.state.running.startedAt, '2026-01-01T00:00:01Z');
      assert.deepEqual(
        pod.status.conditions.map((x: any) => `${x.type}=${x.status}`),
        ['PodReadyToStartContainers=True', 'Initialized=True', 'Ready=True', 'ContainersReady=True', 'PodScheduled=True'],
      );
      assert.equal(pod.status.conditions.find((x: any) => x.type === 'Ready').lastTransitionTime, '2026-01-01T00:00:01Z');
      const events = await c.events('Pod', 'web-x');
      assert.deepEqual(
        events.map((e) => [e.component, e.reason, e.message]),
        [
          ['default-scheduler', 'Scheduled', 'Successfully assigned default/web-x to node1'],
          ['kubelet', 'Pulling', 'Pulling image "nginx:1.27"'],
          ['kubelet', 'Pulled', `Successfully pulled image "nginx:1.27" in 1s (1s including waiting). Image size: ${imageSizeOf('nginx:1.27', DEFAULT_PROFILE)} bytes.`],
          ['kubelet', 'Created', 'Created container: main'],
          ['kubelet', 'Started', 'Started container main'],
        ],
      );
    } finally {
      await c.stop();
    }
  });

  test('an ephemeral container added through the subresource starts, is reported, never restarts and gates nothing', async () => {
    const c = await startTestCluster();
    try {
      await c.client.create(podManifest('dbg'));
      await c.clock.advance(1000);
      const pod = await c.pod('dbg');
      const ephemeralContainers = [{ name: 'debugger', image: 'busybox:1.36', command: ['sleep', '2'], targetContainerName: 'main' }];
      await c.client.patch({ apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'dbg' }, 'strategic', { spec: { ephemeralContainers } }, { subresource: 'ephemeralcontainers' });
      await c.clock.advance(0);
      await c.clock.advance(1000);
      let now = await c.pod('dbg');
      assert.equal(now.status.phase, 'Running');
      assert.equal(now.status.conditions.find((x: any) => x.type === 'Ready').status, 'True');
      const [status] = now.status.ephemeralContainerStatuses;
      assert.deepEqual([status.name, status.ready, Object.keys(status.state)], ['debugger', false, ['running']]);
      // `sleep 2` ends after its two seconds and the simulated program's one.
      await c.clock.advance(3000);
      now = await c.pod('dbg');
      assert.deepEqual([now.status.ephemeralContainerStatuses[0].state.terminated.reason, now.status.ephemeralContainerStatuses[0].restartCount], ['Completed', 0]);
      assert.equal(now.status.containerStatuses[0].state.running.startedAt, pod.status.containerStatuses[0].state.running.startedAt);
      const started = (await c.events('Pod', 'dbg')).filter((e) => e.reason === 'Started').map((e) => e.message);
      assert.deepEqual(started, ['Started container main', 'Started container debugger']);
      const events = await c.client.list({ apiVersion: 'v1', kind: 'Event' }, { namespace: 'default', fieldSelector: 'involvedObject.name=dbg,reason=Started' });
      assert.deepEqual(events.items.map((e: any) => e.involvedObject.fieldPath).sort(), ['spec.containers{main}', 'spec.ephemeralContainers{debugger}']);
    } finally {
      await c.stop();
    }
  });

  test('a second pod on the node finds the image present and gets the next IP', async () => {
    const c = await startTestCluster();
    try {
      const onNode1 = { nodeSelector: { 'kubernetes.io/hostname': 'node1' } };
      await c.client.create(podManifest('a', onNode1));
      await c.clock.advance(1000);
      await c.client.create(podManifest('b', onNode1));
      await c.clock.advance(1000);
      const b = await c.pod('b');
      assert.equal(b.status.podIP, '10.244.0.3');
      const pulled = (await c.events('Pod', 'b')).filter((e) => e.reason.startsWith('Pull'));
      assert.deepEqual(pulled.map((e) => e.message), ['Container image "nginx:1.27" already present on machine']);
    } finally {
      await c.stop();
    }
  });

  test('slow starts and readiness delays come from the image profile', async () => {
    const c = await startTestCluster();
    c.profiles.set('registry.example/slow', { startDelayMs: 5000, readyDelayMs: 3000 });
    try {
      await c.client.create(podManifest('slow', { containers: [{ name: 'main', image: 'registry.example/slow:1' }] }));
      await c.clock.advance(4999);
      assert.equal((await c.pod('slow')).status.phase, 'Pending');
      await c.clock.advance(1);
      let pod = await c.pod('slow');
      assert.equal(pod.status.phase, 'Running');
      assert.equal(pod.status.containerStatuses[0].ready, false);
      assert.equal(pod.status.conditions.find((x: any) => x.type === 'Ready').message, 'containers with unready status: [main]');
      await c.clock.advance(3000);
      pod = await c.pod('slow');
      assert.equal(pod.status.containerStatuses[0].ready, true);
    } finally {
      await c.stop();
    }
  });

  test('a crashing container restarts at once, then backs off 10s, 20s … as CrashLoopBackOff', async () => {
    const c = await startTestCluster();
    c.profiles.set('crasher', { startDelayMs: 0, crash: true, runMs: 1000 });
    try {
      await c.client.create(podManifest('crash', { containers: [{ name: 'main', image: 'crasher:1' }] }));
      await c.clock.advance(1000); // first exit, restarted at once
      let cs = (await c.pod('crash')).status.containerStatuses[0];
      assert.equal(cs.restartCount, 1);
      assert.ok(cs.state.running);
      assert.equal(cs.lastState.terminated.exitCode, 1);
      assert.equal(cs.lastState.terminated.reason, 'Error');
      await c.clock.advance(1000); // second exit: back-off 10s
      const pod = await c.pod('crash');
      cs = pod.status.containerStatuses[0];
      assert.equal(pod.status.phase, 'Running');
      assert.equal(cs.restartCount, 1);
      assert.equal(cs.state.waiting.reason, 'CrashLoopBackOff');
      assert.equal(cs.state.waiting.message, `back-off 10s restarting failed container=main pod=crash_default(${pod.metadata.uid})`);
      await c.clock.advance(9999);
      assert.equal((await c.pod('crash')).status.containerStatuses[0].restartCount, 1);
      await c.clock.advance(1);
      assert.equal((await c.pod('crash')).status.containerStatuses[0].restartCount, 2);
      await c.clock.advance(1000); // third exit: back-off 20s
      cs = (await c.pod('crash')).status.containerStatuses[0];
      assert.match(cs.state.waiting.message, /^back-off 20s /);
      const backoffs = (await c.events('Pod', 'crash')).filter((e) => e.reason === 'BackOff');
      assert.equal(backoffs.length, 1);
      assert.equal(backoffs[0]!.type, 'Warning');
      assert.equal(backoffs[0]!.count, 2);
    } finally {
      await c.stop();
    }
  });

  test('a pod whose program finishes with restartPolicy Never Succeeds', async () => {
    const c = await startTestCluster();
    c.profiles.set('job', { startDelayMs: 0, runMs: 2000 });
    try {
      await c.client.create(podManifest('once', { restartPolicy: 'Never', containers: [{ name: 'main', image: 'job' }] }));
      await c.clock.advance(2000);
      const pod = await c.pod('once');
      assert.equal(pod.status.phase, 'Succeeded');
      assert.equal(pod.status.containerStatuses[0].state.terminated.reason, 'Completed');
      assert.equal(pod.status.conditions.find((x: any) => x.type === 'Ready').reason, 'PodCompleted');
    } finally {
      await c.stop();
    }
  });

  test('init containers run first, one after another', async () => {
    const c = await startTestCluster();
    c.profiles.set('init', { startDelayMs: 500, runMs: 1000 });
    try {
      await c.client.create(podManifest('with-init', { initContainers: [{ name: 'setup', image: 'init' }] }));
      await c.clock.advance(500);
      let pod = await c.pod('with-init');
      assert.equal(pod.status.phase, 'Pending');
      assert.equal(pod.status.containerStatuses[0].state.waiting.reason, 'PodInitializing');
      assert.equal(pod.status.conditions.find((x: any) => x.type === 'Initialized').message, 'containers with incomplete status: [setup]');
      await c.clock.advance(2000);
      pod = await c.pod('with-init');
      assert.equal(pod.status.phase, 'Running');
      assert.equal(pod.status.initContainerStatuses[0].state.terminated.reason, 'Completed');
      assert.equal(pod.status.containerStatuses[0].state.running.startedAt, '2026-01-01T00:00:02Z');
    } finally {
      await c.stop();
    }
  });

  test('deletion stops the containers and removes the pod when terminationGracePeriodSeconds has passed', async () => {
    const c = await startTestCluster();
    try {
      await c.client.create(podManifest('bye', { terminationGracePeriodSeconds: 5 }));
      await c.clock.advance(1000);
      await c.client.delete({ apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'bye' });
      await c.clock.advance(0);
      const terminating = await c.pod('bye');
      assert.ok(terminating.metadata.deletionTimestamp);
      await c.clock.advance(4999);
      await c.pod('bye');
      await c.clock.advance(1);
      await assert.rejects(c.pod('bye'), /not found/);
      const killing = (await c.events('Pod', 'bye')).find((e) => e.reason === 'Killing');
      assert.equal(killing?.message, 'Stopping container main');
    } finally {
      await c.stop();
    }
  });

  test('a container that exits on SIGTERM is removed before the grace period ends', async () => {
    const c = await startTestCluster();
    c.profiles.set('nginx', { stopMs: 200 });
    try {
      await c.client.create(podManifest('quick'));
      await c.clock.advance(1000);
      await c.client.delete({ apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'quick' });
      await c.clock.advance(200);
      await assert.rejects(c.pod('quick'), /not found/);
    } finally {
      await c.stop();
    }
  });

  test('a profile for some images keeps what a shorter prefix says for all: a fast starter still stops on SIGTERM', async () => {
    const c = await startTestCluster();
    c.profiles.set('', { stopMs: 500 });
    c.profiles.set('ghcr.io/cozystack/', { startDelayMs: 20, readyDelayMs: 10 });
    try {
      await c.client.create(podManifest('ctl', { containers: [{ name: 'manager', image: 'ghcr.io/cozystack/cozystack/cozystack-controller:v1.6.2' }] }));
      await c.clock.advance(0);
      await c.clock.advance(20);
      assert.equal((await c.pod('ctl')).status.phase, 'Running');
      await c.clock.advance(10);
      await c.client.delete({ apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'ctl' });
      await c.clock.advance(499);
      assert.ok((await c.pod('ctl')).metadata.deletionTimestamp, 'still stopping');
      await c.clock.advance(1);
      await assert.rejects(c.pod('ctl'), /not found/);
    } finally {
      await c.stop();
    }
  });

  test('the kubelet reports a pod twice on its way to Running, as syncPod does: the ack, then the started containers', async () => {
    const c = await startTestCluster();
    const statuses: string[] = [];
    const watch = await c.client.watch({ apiVersion: 'v1', kind: 'Pod' }, { namespace: 'default', resourceVersion: '0' }, (e) => {
      if (e.type !== 'MODIFIED') return;
      const s = (e.object as any).status ?? {};
      if (!s.containerStatuses) return; // the binding, not the kubelet
      const cs = s.containerStatuses[0];
      statuses.push(`${s.phase} ${Object.keys(cs.state)[0]} ip=${s.podIP ?? '-'} sandbox=${s.conditions.find((x: any) => x.type === 'PodReadyToStartContainers').status}`);
    });
    try {
      await c.client.create(podManifest('twice'));
      await c.clock.advance(0);
      await c.until(() => statuses.length >= 1, 'the ack');
      await c.clock.advance(500);
      assert.deepEqual(statuses, ['Pending waiting ip=- sandbox=False'], 'its own report coming back does not make the kubelet sync again');
      await c.clock.advance(500);
      await c.until(() => statuses.length >= 2, 'Running');
      await c.clock.advance(5000);
      assert.deepEqual(statuses, ['Pending waiting ip=- sandbox=False', 'Running running ip=10.244.0.2 sandbox=True']);
      // A status written by someone else is still answered with the kubelet's own.
      const pod = await c.pod('twice');
      await c.client.updateStatus({ ...pod, status: { ...pod.status, phase: 'Pending' } });
      await c.until(async () => (await c.pod('twice')).status.phase === 'Running', 'the kubelet restoring its status');
    } finally {
      watch.stop();
      await c.stop();
    }
  });
});

describe('image pulls', () => {
  test('a pull reports a size of its own per image, the same on every pull; a profile may set it', () => {
    const nginx = imageSizeOf('nginx:1.27', DEFAULT_PROFILE);
    assert.ok(nginx >= 10_000_000 && nginx < 250_000_000, `${nginx}`);
    assert.equal(imageSizeOf('docker.io/library/nginx:1.27', DEFAULT_PROFILE), nginx);
    assert.notEqual(imageSizeOf('redis:7', DEFAULT_PROFILE), nginx);
    assert.equal(imageSizeOf('nginx:1.27', { ...DEFAULT_PROFILE, imageSizeBytes: 72_099_410 }), 72_099_410);
  });
});
