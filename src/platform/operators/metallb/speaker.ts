// MetalLB's speakers in layer 2 (speaker/layer2_controller.go): an assigned address is announced
// when an L2Advertisement covers its pool and the service has a ready endpoint, by one node among
// those with a ready speaker the advertisement selects (for externalTrafficPolicy Local, only nodes
// with a ready endpoint), the first by sha256(node#ip). That speaker says so in a nodeAssigned Event
// and a ServiceL2Status (`l2-…`) in MetalLB's namespace, owned by its pod.

import { createHash } from 'node:crypto';
import { deepEqual, type KubeObject } from '../../../machinery/object.ts';
import { isStatusError } from '../../../machinery/errors.ts';
import { labelSelectorFromObject, matches } from '../../../machinery/labels.ts';
import { EventRecorder, objectKey, runWhenSynced, WorkQueue, type ReconcileResult } from '../../../controller/index.ts';
import { isServing, METALLB_NAMESPACE, POOL_GVK, type MetallbDeps } from './controller.ts';
import { poolContains, poolsFromResources, type Pool } from './pools.ts';

const L2_ADVERTISEMENT = { apiVersion: 'metallb.io/v1beta1', kind: 'L2Advertisement' };
const L2_STATUS = { apiVersion: 'metallb.io/v1beta1', kind: 'ServiceL2Status' };
const LABEL = { node: 'metallb.io/node', serviceName: 'metallb.io/service-name', serviceNamespace: 'metallb.io/service-namespace' };
const SPEAKER_SELECTOR = 'app.kubernetes.io/component=speaker';

type Rec = Record<string, any>;

function selectorMatches(selectors: unknown, labels: Record<string, string>): boolean {
  return (selectors as Rec[]).some((s) => {
    try {
      return matches(labelSelectorFromObject(s), labels);
    } catch {
      return false;
    }
  });
}

function selectsNode(adv: KubeObject, node: KubeObject): boolean {
  const selectors = ((adv.spec as Rec | undefined)?.nodeSelectors ?? []) as Rec[];
  return selectors.length === 0 || selectorMatches(selectors, node.metadata.labels ?? {});
}

/** setL2AdvertisementsToPools: an advertisement naming no pools and no pool selectors covers every pool. */
function advertises(adv: KubeObject, pool: Pool, poolLabels: Record<string, string>): boolean {
  const spec = (adv.spec ?? {}) as Rec;
  const names = (spec.ipAddressPools ?? []) as string[];
  const selectors = (spec.ipAddressPoolSelectors ?? []) as Rec[];
  if (names.length === 0 && selectors.length === 0) return true;
  return names.includes(pool.name) || selectorMatches(selectors, poolLabels);
}

export function startMetallbSpeakers(deps: MetallbDeps): { stop(): Promise<void> } {
  const { factory, client, clock } = deps;
  const services = factory.informerFor({ apiVersion: 'v1', kind: 'Service' });
  const pools = factory.informerFor(POOL_GVK, { namespace: METALLB_NAMESPACE });
  const advertisements = factory.informerFor(L2_ADVERTISEMENT, { namespace: METALLB_NAMESPACE });
  const statuses = factory.informerFor(L2_STATUS, { namespace: METALLB_NAMESPACE });
  const speakers = factory.informerFor({ apiVersion: 'v1', kind: 'Pod' }, { namespace: METALLB_NAMESPACE, labelSelector: SPEAKER_SELECTOR });
  const nodes = factory.informerFor({ apiVersion: 'v1', kind: 'Node' });
  const slices = factory.informerFor({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice' });
  const recorders = new Map<string, EventRecorder>();
  const recorderOn = (node: string) => {
    let r = recorders.get(node);
    if (!r) recorders.set(node, (r = new EventRecorder(client, { component: 'metallb-speaker', host: node, clock })));
    return r;
  };
  const queue = new WorkQueue<string>({ clock });
  const enqueueAll = () => services.list().forEach((s) => queue.add(objectKey(s)));
  // The pools as the configuration reads them, parsed once per change of the pools, not per Service.
  let parsedPools: ReturnType<typeof poolsFromResources> | undefined;
  const configuration = () => (parsedPools ??= poolsFromResources(pools.list()));

  /** The node that announces the service now, with its speaker pod; undefined when nobody does. */
  function announcer(svc: KubeObject): { node: string; pod: KubeObject; interfaces?: string[] } | undefined {
    const spec = (svc.spec ?? {}) as Rec;
    if (spec.type !== 'LoadBalancer' || spec.loadBalancerClass) return undefined;
    const ips = (((svc.status as Rec | undefined)?.loadBalancer?.ingress ?? []) as Rec[]).flatMap((i) => (i.ip ? [String(i.ip)] : []));
    if (ips.length === 0) return undefined;
    const parsed = configuration();
    if (typeof parsed === 'string') return undefined;
    const pool = [...parsed.values()].find((p) => ips.every((ip) => poolContains(p, ip)));
    if (!pool) return undefined;
    const poolLabels = pools.get(METALLB_NAMESPACE, pool.name)?.metadata.labels ?? {};
    const advs = advertisements.list().filter((a) => advertises(a, pool, poolLabels));
    if (advs.length === 0) return undefined;
    const endpoints = slices
      .list(svc.metadata.namespace)
      .filter((s) => s.metadata.labels?.['kubernetes.io/service-name'] === svc.metadata.name)
      .flatMap((s) => ((s as Rec).endpoints ?? []) as Rec[])
      .filter((e) => e.conditions?.ready !== false);
    if (endpoints.length === 0) return undefined;
    const withEndpoints = new Set(endpoints.map((e) => String(e.nodeName ?? '')));
    const candidates = new Map<string, KubeObject>();
    for (const pod of speakers.list()) {
      const nodeName = (pod.spec as Rec | undefined)?.nodeName as string | undefined;
      if (!nodeName || !isServing(pod)) continue;
      const node = nodes.get(undefined, nodeName);
      if (!node || 'node.kubernetes.io/exclude-from-external-load-balancers' in (node.metadata.labels ?? {})) continue;
      const selected = advs.some((a) => selectsNode(a, node));
      if (!selected) continue;
      if (spec.externalTrafficPolicy === 'Local' && !withEndpoints.has(nodeName)) continue;
      candidates.set(nodeName, pod);
    }
    if (candidates.size === 0) return undefined;
    const rank = (node: string) => createHash('sha256').update(`${node}#${ips[0]}`).digest('hex');
    let node = '';
    let best = '';
    for (const candidate of candidates.keys()) {
      const r = rank(candidate);
      if (!node || r < best) [node, best] = [candidate, r];
    }
    // The interfaces the node announces on: every one if an advertisement that selects it names none.
    const onNode = advs.filter((a) => selectsNode(a, nodes.get(undefined, node)!));
    const named = onNode.map((a) => ((a.spec as Rec | undefined)?.interfaces ?? []) as string[]);
    const interfaces = named.some((list) => list.length === 0) ? undefined : [...new Set(named.flat())].sort();
    return { node, pod: candidates.get(node)!, interfaces };
  }

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const [namespace, name] = key.split('/') as [string, string];
    const svc = services.getByKey(key);
    const chosen = svc ? announcer(svc) : undefined;
    const existing = statuses.list().filter((s) => s.metadata.labels?.[LABEL.serviceName] === name && s.metadata.labels?.[LABEL.serviceNamespace] === namespace);
    try {
      for (const s of existing) {
        if (chosen && s.metadata.labels?.[LABEL.node] === chosen.node) continue;
        await client.delete({ ...L2_STATUS, namespace: METALLB_NAMESPACE, name: s.metadata.name! });
      }
      if (!chosen || !svc) return;
      const interfaces = chosen.interfaces?.map((i) => ({ name: i }));
      const status = { node: chosen.node, serviceName: name, serviceNamespace: namespace, ...(interfaces ? { interfaces } : {}) };
      const current = existing.find((s) => s.metadata.labels?.[LABEL.node] === chosen.node);
      if (current) {
        if (!deepEqual(current.status ?? {}, status)) await client.updateStatus({ ...current, status });
        return;
      }
      const pod = chosen.pod;
      const created = await client.create({
        ...L2_STATUS,
        metadata: {
          generateName: 'l2-',
          namespace: METALLB_NAMESPACE,
          labels: { [LABEL.node]: chosen.node, [LABEL.serviceName]: name, [LABEL.serviceNamespace]: namespace },
          ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name!, uid: pod.metadata.uid! }],
        },
        spec: {},
      });
      await client.updateStatus({ ...created, status });
      await recorderOn(chosen.node).normal(svc, 'nodeAssigned', `announcing from node ${JSON.stringify(chosen.node)} with protocol "layer2"`);
    } catch (err) {
      if (isStatusError(err, 'Conflict') || isStatusError(err, 'NotFound') || isStatusError(err, 'AlreadyExists')) return { requeue: true };
      throw err;
    }
  }

  const add = (o: KubeObject) => queue.add(objectKey(o));
  services.addEventHandler({ onAdd: add, onUpdate: (_, s) => add(s), onDelete: add });
  const wakeService = (slice: KubeObject) => {
    const svc = slice.metadata.labels?.['kubernetes.io/service-name'];
    if (svc) queue.add(`${slice.metadata.namespace}/${svc}`);
  };
  slices.addEventHandler({ onAdd: wakeService, onUpdate: (_, s) => wakeService(s), onDelete: wakeService });
  const poolsChanged = () => {
    parsedPools = undefined;
    enqueueAll();
  };
  pools.addEventHandler({ onAdd: poolsChanged, onUpdate: poolsChanged, onDelete: poolsChanged });
  for (const informer of [advertisements, speakers, nodes]) informer.addEventHandler({ onAdd: enqueueAll, onUpdate: enqueueAll, onDelete: enqueueAll });
  statuses.addEventHandler({ onDelete: (s) => queue.add(`${s.metadata.labels?.[LABEL.serviceNamespace]}/${s.metadata.labels?.[LABEL.serviceName]}`) });

  const controller = runWhenSynced({ name: 'metallb-speaker', queue, reconcile, workers: 1 }, [services, pools, advertisements, statuses, speakers, nodes, slices]);
  return {
    async stop() {
      queue.shutDown();
      await controller.stop();
    },
  };
}
