// LINSTOR's CSI driver as the cluster sees it registered: the CSIDriver object the Piraeus
// operator installs, and on every node the CSINode the kubelet keeps (named after the node, owned
// by it) with the driver entry its node plugin registers through csi-node-driver-registrar, plus
// the kubelet's `csi.volume.kubernetes.io/nodeid` annotation on the Node.

import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { objectKey, refOf, runController, WorkQueue, type KubeClient, type ReconcileResult } from '../../controller/index.ts';
import { afterSync, isConflict, type StoppableController } from '../workloads/workload-deps.ts';
import type { StorageControllerDeps } from './deps.ts';
import { HOSTNAME_LABEL } from './csi-provisioner.ts';
import { LINSTOR_PROVISIONER } from './storage-classes.ts';
import { CSIDRIVER_GVK, CSINODE_GVK, NODE_GVK } from './storage-facts.ts';

export const ANN_CSI_NODE_IDS = 'csi.volume.kubernetes.io/nodeid';

/** The CSIDriver of piraeus-operator's csi-controller (pkg/resources/cluster/csi-controller/csi-driver.yaml). */
export const LINSTOR_CSI_DRIVER: KubeObject = {
  ...CSIDRIVER_GVK,
  metadata: { name: LINSTOR_PROVISIONER },
  spec: {
    attachRequired: true,
    fsGroupPolicy: 'ReadWriteOnceWithFSType',
    podInfoOnMount: true,
    volumeLifecycleModes: ['Persistent'],
    storageCapacity: true,
    requiresRepublish: false,
  },
};

export async function ensureCsiDriver(client: KubeClient, driver: KubeObject = LINSTOR_CSI_DRIVER): Promise<void> {
  try {
    await client.create(structuredClone(driver));
  } catch (err) {
    if (!isStatusError(err, 'AlreadyExists')) throw err;
  }
}

/** The entry a driver's node plugin registers: the node ID it knows the node by and the topology keys it reports. */
export function driverEntry(node: KubeObject, driver: string): Record<string, unknown> {
  return { name: driver, nodeID: node.metadata.name, topologyKeys: [HOSTNAME_LABEL] };
}

function csiNodeFor(node: KubeObject, driver: string): KubeObject {
  return {
    ...CSINODE_GVK,
    metadata: { name: node.metadata.name, ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: node.metadata.name!, uid: node.metadata.uid! }] },
    spec: { drivers: [driverEntry(node, driver)] },
  };
}

function nodeIDs(node: KubeObject): Record<string, string> {
  try {
    const parsed = JSON.parse(node.metadata.annotations?.[ANN_CSI_NODE_IDS] ?? '{}');
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

export function startCsiNodeRegistrar(deps: StorageControllerDeps & { driver?: string }): StoppableController {
  const { client, factory, clock } = deps;
  const driver = deps.driver ?? LINSTOR_PROVISIONER;
  const nodes = factory.informerFor(NODE_GVK);
  const csiNodes = factory.informerFor(CSINODE_GVK);
  const queue = new WorkQueue<string>({ clock });
  nodes.addEventHandler({ onAdd: (n) => queue.add(objectKey(n)), onUpdate: (_, n) => queue.add(objectKey(n)) });
  csiNodes.addEventHandler({ onUpdate: (_, c) => queue.add(objectKey(c)), onDelete: (c) => queue.add(objectKey(c)) });

  async function register(node: KubeObject): Promise<void> {
    const current = csiNodes.getByKey(objectKey(node));
    if (!current || current.metadata.deletionTimestamp) {
      if (!current) await client.create(csiNodeFor(node, driver));
    } else {
      const drivers = (Array.isArray((current.spec as { drivers?: unknown })?.drivers) ? (current.spec as { drivers: Array<{ name?: string }> }).drivers : []);
      if (!drivers.some((d) => d.name === driver)) {
        await client.update({ ...current, spec: { ...(current.spec as object), drivers: [...drivers, driverEntry(node, driver)] } });
      }
    }
    const ids = nodeIDs(node);
    if (ids[driver] !== node.metadata.name) {
      await client.patch(refOf(node), 'merge', { metadata: { annotations: { [ANN_CSI_NODE_IDS]: JSON.stringify({ ...ids, [driver]: node.metadata.name }) } } });
    }
  }

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const node = nodes.getByKey(key);
    if (!node || node.metadata.deletionTimestamp) return;
    try {
      await register(node);
    } catch (err) {
      if (isConflict(err) || isStatusError(err, 'AlreadyExists')) return { requeue: true };
      if (!isStatusError(err, 'NotFound')) throw err;
    }
  }

  return afterSync([nodes, csiNodes], () => runController({ name: 'csi-node-registrar', queue, reconcile, workers: deps.workers ?? 5 }));
}
