// HorizontalPodAutoscalers driven by real kubectl against `cozylab up` with the platform (so
// metrics-server serves metrics.k8s.io): `kubectl autoscale` from kubectl 1.27 (autoscaling/v1)
// and 1.33 (autoscaling/v2, protobuf), both versions of one stored object, validation, and a
// Deployment scaled up by its CPU usage. The HPA sync period is shortened with the hidden flag
// kube-controller-manager has too; the scaling rules are unit-tested on a FakeClock.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';
import { kubectlBinary } from '../support/kubectl.ts';

// A sync every 3 s: faster, and the Warnings of the first syncs (pods still inside their metrics
// window) would spend the recorder's 25-event burst before the rescale is reported.
const cluster = useCluster({ platform: true, extraArgs: ['--horizontal-pod-autoscaler-sync-period', '3s'] }, () => {
  cluster.kubectl(['create', 'namespace', 'scale']);
});

const k = (args: string[], opts: { version?: string; input?: string } = {}) => cluster.kubectl(['-n', 'scale', ...args], opts);

function ok(args: string[], opts: { version?: string; input?: string } = {}): string {
  const r = k(args, opts);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

async function eventually(what: string, check: () => boolean, timeoutMs = 120_000, explain = () => ''): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) assert.fail(`timed out waiting for ${what}\n${explain()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const deployment = (name: string, replicas: number) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec:
      containers:
      - name: app
        image: nginx:1.27
        resources: {requests: {cpu: 100m, memory: 64Mi}}
`;

for (const [version, apiVersion] of [['1.27', 'autoscaling/v1'], ['1.33', 'autoscaling/v2']] as const) {
  test(`kubectl ${version} autoscale creates an HPA (${apiVersion}) that kubectl get hpa shows`, { skip: kubectlBinary(version) ? false : `kubectl ${version} not installed` }, () => {
    const name = `app-${version.replace('.', '-')}`;
    ok(['apply', '-f', '-'], { input: deployment(name, 1) });
    const out = ok(['autoscale', `deployment/${name}`, '--min=2', '--max=5', '--cpu-percent=60'], { version });
    assert.equal(out.trim(), `horizontalpodautoscaler.autoscaling/${name} autoscaled`);
    const table = ok(['get', 'hpa', name], { version });
    assert.match(table, /^NAME\s+REFERENCE\s+TARGETS\s+MINPODS\s+MAXPODS\s+REPLICAS\s+AGE$/m);
    assert.match(table, new RegExp(`^${name}\\s+Deployment/${name}\\s+cpu: (<unknown>|\\d+%)/60%\\s+2\\s+5\\s+\\d+\\s+\\d+s$`, 'm'));
    // Both versions read the one object: v1 as a CPU target, v2 as a metric.
    assert.equal(ok(['get', 'horizontalpodautoscalers.v1.autoscaling', name, '-o', 'jsonpath={.spec.targetCPUUtilizationPercentage}']), '60');
    assert.equal(ok(['get', 'horizontalpodautoscalers.v2.autoscaling', name, '-o', 'jsonpath={.spec.metrics[0].resource.target.averageUtilization}']), '60');
  });
}

test('a v2 HPA keeps its memory metric and behavior through a replace of its v1 form', () => {
  ok(['apply', '-f', '-'], { input: deployment('mem', 1) });
  ok(['apply', '-f', '-'], {
    input: `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: mem}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: mem}
  minReplicas: 1
  maxReplicas: 4
  metrics:
  - type: Resource
    resource: {name: memory, target: {type: AverageValue, averageValue: 500Mi}}
  - type: Resource
    resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}
  behavior:
    scaleDown: {stabilizationWindowSeconds: 60}
`,
  });
  const v1 = JSON.parse(ok(['get', 'horizontalpodautoscalers.v1.autoscaling', 'mem', '-o', 'json']));
  assert.equal(v1.spec.targetCPUUtilizationPercentage, 70);
  assert.deepEqual(JSON.parse(v1.metadata.annotations['autoscaling.alpha.kubernetes.io/metrics']), [{ type: 'Resource', resource: { name: 'memory', targetAverageValue: '500Mi' } }]);
  // The API server completed the behavior; v1 shows it as kube-apiserver does, with Go's field names.
  assert.deepEqual(JSON.parse(v1.metadata.annotations['autoscaling.alpha.kubernetes.io/behavior']).ScaleDown, { StabilizationWindowSeconds: 60, SelectPolicy: 'Max', Policies: [{ Type: 'Percent', Value: 100, PeriodSeconds: 15 }] });
  v1.spec.maxReplicas = 6;
  delete v1.metadata.resourceVersion;
  ok(['replace', '-f', '-'], { input: JSON.stringify(v1) });
  const v2 = JSON.parse(ok(['get', 'hpa', 'mem', '-o', 'json']));
  assert.equal(v2.spec.maxReplicas, 6);
  assert.deepEqual(v2.spec.metrics.map((m: { resource: { name: string } }) => m.resource.name), ['memory', 'cpu']);
  assert.equal(v2.spec.behavior.scaleDown.stabilizationWindowSeconds, 60);
  const stored = Object.keys(v2.metadata.annotations ?? {});
  assert.deepEqual(stored.filter((a) => a.startsWith('autoscaling.alpha.kubernetes.io/')), [], 'the conversion annotations are not stored');
});

test('an invalid HPA is refused with the field and the rule it breaks', () => {
  const r = k(['create', '-f', '-'], {
    input: `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: bad}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 5
  maxReplicas: 2
  metrics:
  - type: Resource
    resource: {name: cpu, target: {type: Utilization}}
`,
  });
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /The HorizontalPodAutoscaler "bad" is invalid: \n\* spec\.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`\n/);
  assert.match(r.stderr, /\* spec\.metrics\[0\]\.resource\.target\.averageUtilization: Required value: must populate the given metric target/);
  const v1 = k(['create', '-f', '-'], {
    input: `apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata: {name: bad-v1}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  maxReplicas: 0
  targetCPUUtilizationPercentage: 0
`,
  });
  assert.notEqual(v1.code, 0);
  assert.match(v1.stderr, /\* spec\.maxReplicas: Invalid value: 0: must be greater than 0/);
  assert.match(v1.stderr, /\* spec\.targetCPUUtilizationPercentage: Invalid value: 0: must be greater than 0/);
  assert.equal(k(['get', 'hpa', 'bad', 'bad-v1']).code, 1, 'nothing was stored');
});

test('metrics-server usage scales a Deployment up: kubectl get hpa and describe show it', async () => {
  ok(['apply', '-f', '-'], { input: deployment('web', 2) });
  ok(['rollout', 'status', 'deployment/web', '--timeout=60s']);
  // metrics-server comes with the platform, which may still be installing under a loaded machine.
  await eventually('metrics.k8s.io', () => cluster.kubectl(['get', '--raw', '/apis/metrics.k8s.io/v1beta1/namespaces/scale/pods']).code === 0);
  // Each simulated container uses 15–65 % of its request: a 5 % target asks for the maximum.
  ok(['autoscale', 'deployment/web', '--min=2', '--max=6', '--cpu-percent=5']);
  await eventually('the Deployment scaled to 6', () => k(['get', 'deployment', 'web', '-o', 'jsonpath={.spec.replicas}']).stdout === '6', 120_000, () => k(['describe', 'hpa', 'web']).stdout);
  await eventually('the HPA reporting 6 replicas', () => /^web\s+Deployment\/web\s+cpu: \d+%\/5%\s+2\s+6\s+6\s+/m.test(k(['get', 'hpa', 'web']).stdout));
  const described = ok(['describe', 'hpa', 'web']);
  assert.match(described, /resource cpu on pods\s+\(as a percentage of request\):\s+\d+% \(\d+m\) \/ 5%/);
  assert.match(described, /ScalingActive\s+True\s+ValidMetricFound\s+the HPA was able to successfully calculate a replica count from cpu resource utilization \(percentage of request\)/);
  assert.match(described, /ScalingLimited\s+True\s+TooManyReplicas\s+the desired replica count is more than the maximum replica count/);
  assert.match(described, /Normal\s+SuccessfulRescale\s+.*horizontal-pod-autoscaler\s+New size: \d; reason: cpu resource utilization \(percentage of request\) above target/);
});
