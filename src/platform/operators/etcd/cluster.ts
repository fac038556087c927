// EtcdCluster → its Services (`<name>` headless for member DNS, `<name>-client`), a PodDisruptionBudget,
// and EtcdMembers named `<name>-<random>`: a seed first, then one more each time every member is
// Ready, until spec.replicas; surplus members go newest first. Status counts ready members and
// carries the scale selector and Available / Progressing / Degraded, as the etcd-operator's cluster controller does.

import type { KubeObject } from '../../../machinery/object.ts';
import { isStatusError } from '../../../machinery/errors.ts';
import { objectKey, runController, WorkQueue, type ReconcileResult, type RunningController } from '../../../controller/index.ts';
import { whenCrdsEstablished } from '../crd-gate.ts';
import { applyOwned, deleteIfPresent, ownedBy } from '../owned-objects.ts';
import { condition, type OperatorDeps, type Stoppable } from '../workload-operator.ts';
import { clusterLabels, ETCD_GROUP_VERSION, LABEL_CLUSTER, LABEL_ROLE } from './labels.ts';

const CLUSTER_GVK = { apiVersion: ETCD_GROUP_VERSION, kind: 'EtcdCluster' };
const MEMBER_GVK = { apiVersion: ETCD_GROUP_VERSION, kind: 'EtcdMember' };

function isReady(member: KubeObject): boolean {
  return ((member.status as { conditions?: Array<{ type: string; status: string }> } | undefined)?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
}

function services(cluster: KubeObject): KubeObject[] {
  const name = cluster.metadata.name ?? '';
  const labels = clusterLabels(name);
  const selector = { [LABEL_CLUSTER]: name };
  return [
    { apiVersion: 'v1', kind: 'Service', metadata: { name, labels },
      spec: { clusterIP: 'None', publishNotReadyAddresses: true, selector, ports: [{ name: 'client', port: 2379, targetPort: 2379, protocol: 'TCP' }, { name: 'peer', port: 2380, targetPort: 2380, protocol: 'TCP' }] } },
    { apiVersion: 'v1', kind: 'Service', metadata: { name: `${name}-client`, labels },
      spec: { type: 'ClusterIP', selector, ports: [{ name: 'client', port: 2379, targetPort: 2379, protocol: 'TCP' }] } },
    { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name, labels },
      spec: { maxUnavailable: 1, selector: { matchLabels: { ...selector, [LABEL_ROLE]: 'voter' } } } },
  ];
}

function newMember(cluster: KubeObject, existing: KubeObject[]): KubeObject {
  const spec = (cluster.spec ?? {}) as Record<string, any>;
  const name = cluster.metadata.name ?? '';
  const ns = cluster.metadata.namespace ?? '';
  const tls = spec.tls ?? {};
  const peer = tls.peer?.secretRef ? 'https' : 'http';
  const memberSpec: Record<string, unknown> = {
    clusterName: name,
    version: spec.version,
    storage: spec.storage ?? {},
    bootstrap: existing.length === 0,
    initialCluster: existing.map((m) => `${m.metadata.name}=${peer}://${m.metadata.name}.${name}.${ns}.svc:2380`).join(','),
    clusterToken: `${name}-${cluster.metadata.uid ?? ''}`,
  };
  for (const key of ['resources', 'additionalMetadata', 'affinity', 'topologySpreadConstraints', 'options', 'imagePullSecrets']) if (spec[key] !== undefined) memberSpec[key] = spec[key];
  if (tls.client || tls.peer) {
    memberSpec.tls = {
      ...(tls.client?.serverSecretRef ? { clientServerSecretRef: tls.client.serverSecretRef, clientMTLS: Boolean(tls.client.operatorClientSecretRef) } : {}),
      ...(tls.peer?.secretRef ? { peerSecretRef: tls.peer.secretRef } : {}),
    };
  }
  return ownedBy(cluster, { apiVersion: ETCD_GROUP_VERSION, kind: 'EtcdMember', metadata: { generateName: `${name}-`, labels: clusterLabels(name) }, spec: memberSpec });
}

export function startEtcdClusterController(deps: OperatorDeps): Stoppable {
  const { client, factory, clock } = deps;
  const queue = new WorkQueue<string>({ clock });
  let controller: RunningController | undefined;
  // A member just created may not be in the cache yet; no second one until it shows up there.
  const awaiting = new Map<string, string>();

  whenCrdsEstablished(factory, ['etcdclusters.etcd-operator.cozystack.io', 'etcdmembers.etcd-operator.cozystack.io'], () => {
    const clusters = factory.informerFor(CLUSTER_GVK);
    const members = factory.informerFor(MEMBER_GVK);
    clusters.addEventHandler({ onAdd: (c) => queue.add(objectKey(c)), onUpdate: (_, c) => queue.add(objectKey(c)) });
    const wake = (m: KubeObject) => {
      const cluster = m.metadata.labels?.[LABEL_CLUSTER];
      if (cluster) queue.add(`${m.metadata.namespace}/${cluster}`);
    };
    members.addEventHandler({ onAdd: wake, onUpdate: (_, m) => wake(m), onDelete: wake });

    async function reconcile(key: string): Promise<ReconcileResult | void> {
      const cluster = clusters.getByKey(key);
      if (!cluster || cluster.metadata.deletionTimestamp) return;
      for (const svc of services(cluster)) await applyOwned(client, ownedBy(cluster, svc));
      const name = cluster.metadata.name ?? '';
      const mine = members.list(cluster.metadata.namespace ?? '')
        .filter((m) => m.metadata.labels?.[LABEL_CLUSTER] === name && !m.metadata.deletionTimestamp)
        .sort((a, b) => String(a.metadata.creationTimestamp).localeCompare(String(b.metadata.creationTimestamp)) || String(a.metadata.name).localeCompare(String(b.metadata.name)));
      const pending = awaiting.get(key);
      if (pending && !mine.some((m) => m.metadata.name === pending)) return;
      awaiting.delete(key);
      const want = Number((cluster.spec as Record<string, unknown>).replicas ?? 3);
      const ready = mine.filter(isReady).length;
      if (mine.length < want && ready === mine.length) awaiting.set(key, (await client.create(newMember(cluster, mine))).metadata.name ?? '');
      else if (mine.length > want) await deleteIfPresent(client, mine[mine.length - 1]!);
      await writeStatus(cluster, mine.length, ready, want);
    }

    async function writeStatus(cluster: KubeObject, count: number, ready: number, want: number): Promise<void> {
      const now = clock.now();
      const quorum = Math.trunc(want / 2) + 1;
      const settled = count === want && ready === want;
      const selector = Object.entries(clusterLabels(cluster.metadata.name ?? '')).map(([k, v]) => `${k}=${v}`).sort().join(',');
      const status: Record<string, unknown> = {
        observedGeneration: cluster.metadata.generation,
        readyMembers: ready,
        selector,
        conditions: [
          settled ? condition(cluster, now, 'Available', true, 'QuorumHealthy', 'All members are ready')
            : ready >= quorum ? condition(cluster, now, 'Available', true, 'QuorumAvailable', `${ready}/${want} members ready`)
              : condition(cluster, now, 'Available', ready > 0, ready > 0 ? 'ClusterDiscovered' : 'WaitingForSeed', `${ready}/${want} members ready`),
          condition(cluster, now, 'Progressing', !settled, settled ? 'Reconciled' : 'ScalingMembers', settled ? 'Cluster matches spec' : `${count}/${want} members, ${ready} ready`),
          condition(cluster, now, 'Degraded', false, settled ? 'QuorumHealthy' : 'Progressing', ''),
        ],
      };
      if (JSON.stringify(status) === JSON.stringify(cluster.status ?? {})) return;
      try {
        await client.updateStatus({ ...cluster, status });
      } catch (err) {
        if (!isStatusError(err, 'Conflict') && !isStatusError(err, 'NotFound')) throw err;
        queue.addRateLimited(objectKey(cluster));
      }
    }

    controller = runController({ name: 'etcdcluster', queue, reconcile, objectFor: (k) => clusters.getByKey(k) });
  });

  return {
    async stop() {
      queue.shutDown();
      await controller?.stop();
    },
  };
}

