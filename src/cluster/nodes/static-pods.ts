// The control plane Talos runs on each control-plane node as static pods (kube-apiserver,
// kube-controller-manager, kube-scheduler), and the mirror pods the node's kubelet keeps for them
// in kube-system: `<name>-<node>`, owned by the Node, annotated kubernetes.io/config.mirror. The
// kubelets run them like any pod bound to their node; a mirror pod deleted through the API comes
// back, as the manifest it mirrors is still on the node.

import { createHash } from 'node:crypto';
import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { Clock } from '../../controller/clock.ts';
import type { KubeClient } from '../../controller/client.ts';
import { runWhenSynced } from '../../controller/controller.ts';
import type { InformerFactory } from '../../controller/informer-factory.ts';
import { WorkQueue } from '../../controller/workqueue.ts';
import { DEFAULT_SERVICE_CIDR } from '../../apiserver/allocators.ts';
import { MIRROR_POD_ANNOTATION } from '../../apiserver/admission/service-account.ts';
import type { Inventory } from './inventory.ts';
import { internalIPOf, NODE_INFO } from './node-object.ts';
import { isFailed } from './simulated-power.ts';

const NAMESPACE = 'kube-system';
const CLUSTER_CIDR = '10.244.0.0/16';

interface Component {
  name: string;
  requests: { cpu: string; memory: string };
  flags(nodeIP: string): string[];
}

const COMPONENTS: Component[] = [
  {
    name: 'kube-apiserver',
    requests: { cpu: '200m', memory: '512Mi' },
    flags: (ip) => [
      `--advertise-address=${ip}`,
      '--allow-privileged=true',
      '--authorization-mode=Node,RBAC',
      '--bind-address=0.0.0.0',
      '--client-ca-file=/system/secrets/kubernetes/kube-apiserver/ca.crt',
      '--enable-admission-plugins=NodeRestriction',
      '--etcd-servers=https://localhost:2379',
      '--secure-port=6443',
      `--service-cluster-ip-range=${DEFAULT_SERVICE_CIDR}`,
      '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
      '--tls-cert-file=/system/secrets/kubernetes/kube-apiserver/apiserver.crt',
      '--tls-private-key-file=/system/secrets/kubernetes/kube-apiserver/apiserver.key',
    ],
  },
  {
    name: 'kube-controller-manager',
    requests: { cpu: '50m', memory: '256Mi' },
    flags: () => [
      '--allocate-node-cidrs=true',
      '--bind-address=127.0.0.1',
      `--cluster-cidr=${CLUSTER_CIDR}`,
      '--cluster-signing-cert-file=/system/secrets/kubernetes/kube-controller-manager/ca.crt',
      '--cluster-signing-key-file=/system/secrets/kubernetes/kube-controller-manager/ca.key',
      '--controllers=*,tokencleaner',
      '--kubeconfig=/system/secrets/kubernetes/kube-controller-manager/kubeconfig',
      '--leader-elect=true',
      `--service-cluster-ip-range=${DEFAULT_SERVICE_CIDR}`,
      '--use-service-account-credentials',
    ],
  },
  {
    name: 'kube-scheduler',
    requests: { cpu: '10m', memory: '64Mi' },
    flags: () => ['--config=/system/config/kubernetes/kube-scheduler/scheduler-config.yaml', '--leader-elect=true'],
  },
];

function imageOf(component: string): string {
  return `registry.k8s.io/${component}:${NODE_INFO.kubeletVersion}`;
}

/** The static pod Talos writes for `component` on a node whose address is `nodeIP`. */
function staticPod(component: Component, nodeName: string, nodeIP: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `${component.name}-${nodeName}`,
      namespace: NAMESPACE,
      labels: { 'k8s-app': component.name, tier: 'control-plane' },
      annotations: { 'talos.dev/config-version': '1', 'talos.dev/secrets-version': '1' },
    },
    spec: {
      nodeName,
      hostNetwork: true,
      priorityClassName: 'system-cluster-critical',
      securityContext: { runAsNonRoot: true, runAsUser: 65534, runAsGroup: 65534 },
      tolerations: [{ operator: 'Exists', effect: 'NoExecute' }],
      containers: [
        {
          name: component.name,
          image: imageOf(component.name),
          imagePullPolicy: 'IfNotPresent',
          command: [`/usr/local/bin/${component.name}`, ...component.flags(nodeIP)],
          resources: { requests: component.requests },
        },
      ],
    },
  };
}

/** What the kubelet posts for a static pod: the manifest, with the mirror annotations and the Node as owner. */
function mirrorPod(component: Component, node: KubeObject, nodeIP: string, seen: Date): KubeObject {
  const pod = staticPod(component, node.metadata.name!, nodeIP);
  const hash = createHash('md5').update(JSON.stringify(pod)).digest('hex');
  pod.metadata.annotations = {
    ...pod.metadata.annotations,
    'kubernetes.io/config.hash': hash,
    [MIRROR_POD_ANNOTATION]: hash,
    'kubernetes.io/config.seen': seen.toISOString().replace('Z', '000000Z'),
    'kubernetes.io/config.source': 'file',
  };
  pod.metadata.ownerReferences = [{ apiVersion: 'v1', kind: 'Node', name: node.metadata.name!, uid: node.metadata.uid!, controller: true }];
  return pod;
}

export interface StaticPodsDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  inventory: Inventory;
}

/** The kubelets' mirror pods of the control plane on every control-plane node of the inventory. */
export function startStaticPods(deps: StaticPodsDeps): { stop(): Promise<void> } {
  const { client, factory, clock } = deps;
  const pods = factory.informerFor({ apiVersion: 'v1', kind: 'Pod' });
  const nodes = factory.informerFor({ apiVersion: 'v1', kind: 'Node' });
  const machines = new Map(deps.inventory.nodes.map((n) => [n.name, n]));
  const queue = new WorkQueue<string>({ clock });

  async function reconcile(nodeName: string): Promise<void> {
    const node = nodes.get(undefined, nodeName);
    // A failed machine's kubelet posts nothing; a worker runs no control plane.
    if (!node || isFailed(node) || machines.get(nodeName)?.role !== 'controlplane') return;
    const ip = internalIPOf(node) ?? machines.get(nodeName)!.address;
    for (const component of COMPONENTS) {
      // One being deleted is posted again once it is gone (its deletion wakes this node).
      if (pods.get(NAMESPACE, `${component.name}-${nodeName}`)) continue;
      try {
        await client.create(mirrorPod(component, node, ip, clock.now()));
      } catch (err) {
        if (!isStatusError(err, 'AlreadyExists')) throw err;
      }
    }
  }

  nodes.addEventHandler({
    onAdd: (n) => machines.has(n.metadata.name!) && queue.add(n.metadata.name!),
    onUpdate: (old, n) => machines.has(n.metadata.name!) && (isFailed(old) !== isFailed(n) || old.metadata.uid !== n.metadata.uid) && queue.add(n.metadata.name!),
  });
  pods.addEventHandler({
    onDelete: (p) => {
      const nodeName = (p.spec as { nodeName?: string } | undefined)?.nodeName;
      if (p.metadata.namespace === NAMESPACE && p.metadata.annotations?.[MIRROR_POD_ANNOTATION] && nodeName && machines.has(nodeName)) queue.add(nodeName);
    },
  });
  factory.start();
  return runWhenSynced({ name: 'static-pods', queue, reconcile, workers: 2 }, [pods, nodes]);
}
