// Pods and Services for the endpoints controllers' tests: pods as a kubelet leaves them (IP, Ready).

import type { KubeObject } from '../../machinery/object.ts';
import { refOf } from '../../controller/index.ts';
import type { WorkloadHarness } from '../workloads/workload-test-support.ts';

export async function runningPod(h: WorkloadHarness, name: string, ip: string, opts: { labels?: Record<string, string>; ready?: boolean; spec?: Record<string, unknown> } = {}): Promise<KubeObject> {
  const pod = await h.client.create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', labels: opts.labels ?? { app: 'web' } },
    spec: { nodeName: 'node-1', containers: [{ name: 'app', image: 'nginx', ports: [{ name: 'http', containerPort: 8080 }] }], ...opts.spec },
  });
  return h.client.patch(
    refOf(pod),
    'merge',
    { status: { phase: 'Running', podIP: ip, podIPs: [{ ip }], conditions: [{ type: 'Ready', status: opts.ready === false ? 'False' : 'True' }] } },
    { subresource: 'status' },
  );
}

export function service(name: string, spec: Record<string, unknown>, labels?: Record<string, string>): KubeObject {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default', ...(labels ? { labels } : {}) }, spec };
}

