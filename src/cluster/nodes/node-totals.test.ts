import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import type { Pod } from './pod-facts.ts';
import { NodeTotals } from './node-totals.ts';
import { nodeState } from './scheduling-filters.ts';

const node: KubeObject = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', labels: { zone: 'a' } }, status: { allocatable: { cpu: '8', memory: '16Gi', pods: '110' } } };

function pod(i: number, variant: number): Pod {
  const requests = variant % 3 === 0 ? {} : { cpu: `${100 * variant}m`, memory: `${variant}Mi` };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: `p${i}`, namespace: 'default', labels: { app: `g${variant % 4}` }, ...(variant % 2 ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: `rs-${variant % 3}`, controller: true }] } : {}) },
    spec: {
      nodeName: 'n1',
      containers: [{ name: 'c', resources: { requests }, ...(variant === 5 ? { ports: [{ containerPort: 80, hostPort: 8080 + i }] } : {}) }],
      ...(variant === 7 ? { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'zone', labelSelector: { matchLabels: { app: 'g3' } } }] } } } : {}),
    },
  } as unknown as Pod;
}

const comparable = (s: ReturnType<typeof nodeState>) => ({
  requested: Object.fromEntries(Object.entries(s.requested).filter(([, v]) => v !== 0)),
  nonZero: s.nonZeroRequested,
  pods: s.pods,
  ports: [...s.usedPorts].sort((a, b) => a.port - b.port),
  anti: new Set(s.antiAffinityPods),
  groups: new Map([...s.groups].sort()),
});

test('running totals match summing the pods after any sequence of places, updates and removals', () => {
  const totals = new NodeTotals();
  const placed = new Map<string, Pod>();
  let seed = 7;
  const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
  for (let step = 0; step < 400; step++) {
    const i = rand(30);
    const key = `default/p${i}`;
    if (rand(4) === 0) {
      totals.delete(key);
      placed.delete(key);
    } else {
      const p = pod(i, rand(9));
      totals.set(key, p);
      placed.set(key, p);
    }
    assert.deepEqual(comparable(totals.snapshot(node)), comparable(nodeState(node, [...placed.values()])), `step ${step}`);
  }
});

test('a fractional quantity makes the state summed from the pods', () => {
  const totals = new NodeTotals();
  const p = pod(1, 1);
  (p.spec as any).containers[0].resources.requests = { 'example.com/thing': '0.1', cpu: '100m' };
  for (let i = 0; i < 3; i++) totals.set(`k${i}`, { ...p, metadata: { ...p.metadata, name: `f${i}` } });
  totals.delete('k0');
  assert.deepEqual(totals.snapshot(node).requested, nodeState(node, totals.snapshot(node).pods).requested);
});
