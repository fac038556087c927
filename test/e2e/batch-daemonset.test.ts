// Jobs, CronJobs and DaemonSets driven by real kubectl against `cozylab up`: a Job runs to
// completion on the simulated nodes, a failing one exhausts its backoff limit, a DaemonSet puts a
// Running pod on each of the three nodes, and `kubectl create job --from=cronjob/…` works.
// Schedules and long backoffs are covered with the FakeClock in the controllers' unit tests.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';
import { kubectlBinary, runKubectl } from '../support/kubectl.ts';

const cluster = useCluster({}, () => {
  cluster.kubectl(['create', 'namespace', 'batch']);
});

const k = (args: string[], input?: string) => cluster.kubectl(['-n', 'batch', ...args], { input });

function ok(args: string[], input?: string): string {
  const r = k(args, input);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

async function eventually(what: string, check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test('kubectl create job runs to completion: COMPLETIONS 1/1, wait --for=condition=complete', async () => {
  ok(['create', 'job', 'pi', '--image=perl:5.34', '--', 'perl', '-e', 'print 1']);
  ok(['wait', '--for=condition=complete', 'job/pi', '--timeout=60s']);
  const table = ok(['get', 'job', 'pi']);
  assert.match(table, /^NAME\s+STATUS\s+COMPLETIONS\s+DURATION\s+AGE$/m);
  assert.match(table, /^pi\s+Complete\s+1\/1\s+\d+s\s+\d+s$/m);
  const pods = ok(['get', 'pods', '-l', 'job-name=pi']);
  assert.match(pods, /^pi-[a-z0-9]{5}\s+0\/1\s+Completed\s+0\s+\d+s$/m);
  // The Completed event follows the status that `kubectl wait` saw.
  await eventually('the Completed event', () => /Normal\s+Completed\s+\S+\s+job-controller\s+Job completed/.test(k(['describe', 'job', 'pi']).stdout));
  assert.match(ok(['describe', 'job', 'pi']), /Normal\s+SuccessfulCreate\s+\S+\s+job-controller\s+Created pod: pi-[a-z0-9]{5}/);
  const finalizers = ok(['get', 'pods', '-l', 'job-name=pi', '-o', 'jsonpath={.items[0].metadata.finalizers}']);
  assert.equal(finalizers, '', 'the tracking finalizer is gone once the pod is counted');
});

test('a failing Job reaches BackoffLimitExceeded', async () => {
  ok(
    ['apply', '-f', '-'],
    `apiVersion: batch/v1
kind: Job
metadata: {name: boom}
spec:
  backoffLimit: 0
  template:
    spec:
      restartPolicy: Never
      containers:
      - {name: boom, image: busybox:1.36, command: [sh, -c, "echo failing; exit 2"]}
`,
  );
  ok(['wait', '--for=condition=failed', 'job/boom', '--timeout=60s']);
  assert.equal(ok(['get', 'job', 'boom', '-o', 'jsonpath={.status.conditions[?(@.type=="Failed")].reason}']), 'BackoffLimitExceeded');
  assert.equal(ok(['get', 'job', 'boom', '-o', 'jsonpath={.status.failed}']), '1');
  assert.match(ok(['get', 'job', 'boom']), /^boom\s+Failed\s+0\/1\s+/m);
  assert.match(ok(['get', 'pods', '-l', 'job-name=boom']), /^boom-[a-z0-9]{5}\s+0\/1\s+Error\s+0\s+/m);
  await eventually('the BackoffLimitExceeded event', () =>
    /Warning\s+BackoffLimitExceeded\s+\S+\s+job-controller\s+Job has reached the specified backoff limit/.test(k(['describe', 'job', 'boom']).stdout),
  );
});

test('a DaemonSet runs one pod on each of the three nodes', async () => {
  ok(
    ['apply', '-f', '-'],
    `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers:
      - {name: agent, image: fluent/fluent-bit:3.1}
`,
  );
  ok(['rollout', 'status', 'ds/agent', '--timeout=60s']);
  assert.match(ok(['get', 'ds', 'agent']), /^agent\s+3\s+3\s+3\s+3\s+3\s+<none>\s+\d+s$/m);
  const nodes = ok(['get', 'pods', '-l', 'app=agent', '-o', 'jsonpath={range .items[*]}{.spec.nodeName} {.status.phase}{"\\n"}{end}']).trim().split('\n').sort();
  assert.deepEqual(nodes, ['node1 Running', 'node2 Running', 'node3 Running']);

  // A template change rolls out node by node to new pods.
  ok(['set', 'image', 'ds/agent', 'agent=fluent/fluent-bit:3.2']);
  ok(['rollout', 'status', 'ds/agent', '--timeout=60s']);
  await eventually('three pods of the new image', () => {
    const images = k(['get', 'pods', '-l', 'app=agent', '-o', 'jsonpath={range .items[*]}{.spec.containers[0].image} {.metadata.deletionTimestamp}{"\\n"}{end}']).stdout.trim().split('\n');
    return images.length === 3 && images.every((l) => l.trim() === 'fluent/fluent-bit:3.2');
  });
});

test('kubectl create cronjob, then kubectl create job --from=cronjob/…', () => {
  // A schedule that does not come due while the test runs (every minute did, at a minute's turn).
  ok(['create', 'cronjob', 'tick', '--image=busybox:1.36', '--schedule=0 0 1 1 *', '--', 'date']);
  assert.match(ok(['get', 'cronjob', 'tick']), /^tick\s+0 0 1 1 \*\s+<none>\s+False\s+0\s+<none>\s+\d+s$/m);
  ok(['create', 'job', 'tick-manual', '--from=cronjob/tick']);
  assert.equal(ok(['get', 'job', 'tick-manual', '-o', 'jsonpath={.metadata.annotations.cronjob\\.kubernetes\\.io/instantiate}']), 'manual');
  assert.equal(ok(['get', 'job', 'tick-manual', '-o', 'jsonpath={.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name}']), 'CronJob/tick');
  ok(['wait', '--for=condition=complete', 'job/tick-manual', '--timeout=60s']);
});

const workloadYaml = (kind: 'StatefulSet' | 'DaemonSet', name: string, image: string) => `apiVersion: apps/v1
kind: ${kind}
metadata: {name: ${name}}
spec:
${kind === 'StatefulSet' ? `  serviceName: ${name}\n  replicas: 2\n` : ''}  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec:
      containers: [{name: main, image: "${image}"}]
`;

for (const version of ['1.27', '1.33']) {
  for (const kind of ['StatefulSet', 'DaemonSet'] as const) {
    test(`kubectl ${version}: rollout history and undo of a ${kind} go through its ControllerRevisions`, { skip: kubectlBinary(version) ? false : `kubectl.${version} absent` }, () => {
      const kv = (args: string[], input?: string) => {
        const r = runKubectl(kubectlBinary(version)!, cluster.kubeconfig, ['-n', 'batch', ...args], input);
        assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
        return r.stdout;
      };
      const name = `${kind === 'StatefulSet' ? 'sts' : 'ds'}-${version.replace('.', '')}`;
      const resource = `${kind.toLowerCase()}/${name}`;
      kv(['apply', '-f', '-'], workloadYaml(kind, name, 'busybox:1.36'));
      kv(['rollout', 'status', resource, '--timeout=30s']);
      kv(['set', 'image', resource, 'main=busybox:1.37']);
      kv(['rollout', 'status', resource, '--timeout=30s']);
      assert.match(kv(['rollout', 'history', resource]), /^REVISION\s+CHANGE-CAUSE\n1\s+<none>\n2\s+<none>\n/m);
      const table = kv(['get', 'controllerrevisions', '-l', `app=${name}`]);
      assert.match(table, /^NAME\s+CONTROLLER\s+REVISION\s+AGE$/m);
      assert.match(table, new RegExp(`^${name}-\\w+\\s+${kind.toLowerCase()}\\.apps/${name}\\s+2\\s+\\d+s$`, 'm'));
      assert.match(kv(['rollout', 'undo', resource]), /rolled back/);
      kv(['rollout', 'status', resource, '--timeout=30s']);
      // The first template's revision is renumbered, not copied: two revisions, numbered 2 and 3.
      assert.match(kv(['rollout', 'history', resource]), /^REVISION\s+CHANGE-CAUSE\n2\s+<none>\n3\s+<none>\n/m);
      assert.match(kv(['rollout', 'history', resource, '--revision=3']), /Image:\s+busybox:1\.36/);
      const images = kv(['get', 'pods', '-l', `app=${name}`, '-o', 'jsonpath={.items[*].spec.containers[0].image}']).trim().split(' ');
      assert.ok(images.length >= 2 && images.every((i) => i === 'busybox:1.36'), images.join(' '));
      kv(['delete', resource, '--wait=true']);
    });
  }
}
