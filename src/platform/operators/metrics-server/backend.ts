// metrics-server's API, metrics.k8s.io/v1beta1 NodeMetrics and PodMetrics (get, list), served behind
// the APIService the metrics-server chart installs, from the pods and nodes the informers hold, so
// `kubectl top nodes` and `kubectl top pods` read as on a cluster with metrics-server.

import type { AggregatedBackend, AggregatedRequest } from '../../../apiserver/aggregation/backends.ts';
import { responseFormat, writeList, writeObject } from '../../../apiserver/handlers/output.ts';
import type { ResourceType } from '../../../apiserver/resource.ts';
import { formatTime } from '../../../apiserver/registry/codec.ts';
import type { SharedInformer } from '../../../controller/informer.ts';
import { badRequest, methodNotSupported, notFound, pathNotFound } from '../../../machinery/errors.ts';
import { everything, matches, parseLabelSelector, type LabelSelector } from '../../../machinery/labels.ts';
import type { KubeObject } from '../../../machinery/object.ts';
import { Quantity } from '../../../machinery/quantity.ts';
import { column, nameColumn, objectName } from '../../../machinery/table-build.ts';
import type { TablePrinter } from '../../../machinery/table.ts';
import { POD_NODE_INDEX } from '../../../cluster/nodes/pod-facts.ts';
import { containerUsage, isRunning, nodeUsage, podContainers, usageList } from './usage.ts';

export const METRICS_GROUP = 'metrics.k8s.io';
export const METRICS_VERSION = 'v1beta1';
const API_VERSION = `${METRICS_GROUP}/${METRICS_VERSION}`;
/** metrics-server's default --metric-resolution is 15s; the window is the time between its two scrapes. */
const WINDOW = '15s';

const printer = (usage: (o: KubeObject) => { cpu: string; memory: string }): TablePrinter => ({
  columns: [{ ...nameColumn(), name: 'NAME' }, column('CPU', 'string', 'CPU usage'), column('MEMORY', 'string', 'Memory usage'), column('WINDOW', 'string', 'Window of the measurement')],
  cells: (o) => [objectName(o), usage(o).cpu, usage(o).memory, String((o as { window?: string }).window ?? '')],
});

function metricsType(kind: string, plural: string, namespaced: boolean, p: TablePrinter): ResourceType {
  return {
    group: METRICS_GROUP, version: METRICS_VERSION, kind, listKind: `${kind}List`, plural, singular: '', namespaced,
    shortNames: [], categories: [], verbs: ['get', 'list'], subresources: [], strategicMergePatch: false,
    schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }, printer: p,
  };
}

type PodMetrics = KubeObject & { containers: Array<{ name: string; usage: { cpu: string; memory: string } }> };
type NodeMetrics = KubeObject & { usage: { cpu: string; memory: string } };

export const nodeMetricsType = metricsType('NodeMetrics', 'nodes', false, printer((o) => (o as NodeMetrics).usage));
/** A pod's row sums its containers, as metrics-server's table does. */
export const podMetricsType = metricsType('PodMetrics', 'pods', true, printer((o) => {
  let cpu = Quantity.ZERO;
  let memory = Quantity.ZERO;
  for (const c of (o as PodMetrics).containers) {
    cpu = cpu.add(Quantity.parse(c.usage.cpu));
    memory = memory.add(Quantity.parse(c.usage.memory));
  }
  return { cpu: cpu.toString(), memory: memory.toString() };
}));

export interface MetricsSources {
  pods: SharedInformer;
  nodes: SharedInformer;
  now: () => Date;
}

export class MetricsServerApi implements AggregatedBackend {
  constructor(private readonly sources: MetricsSources) {}

  resources(group: string, version: string): ResourceType[] {
    return group === METRICS_GROUP && version === METRICS_VERSION ? [nodeMetricsType, podMetricsType] : [];
  }

  onChange(): () => void {
    return () => {};
  }

  async handle(r: AggregatedRequest): Promise<void> {
    const { resource, verb, name, namespace } = r.info;
    const rt = resource === 'nodes' ? nodeMetricsType : resource === 'pods' ? podMetricsType : undefined;
    if (!rt || r.info.subresource) throw pathNotFound();
    if (verb !== 'get' && verb !== 'list') throw methodNotSupported({ group: METRICS_GROUP, resource }, verb);
    const now = this.sources.now();
    const format = responseFormat(r.req.headers.accept);
    const objects = rt === nodeMetricsType ? this.nodeMetrics(now) : this.podMetrics(namespace, now);
    if (verb === 'get') {
      const obj = objects.find((o) => o.metadata.name === name);
      // metrics-server names what it has no sample of as podmetrics "<namespace>/<name>" or nodemetrics "<name>".
      if (!obj) throw notFound({ group: METRICS_GROUP, resource: rt.kind.toLowerCase() }, namespace ? `${namespace}/${name}` : name);
      return writeObject(r.res, 200, rt, obj, format, r.query, now);
    }
    const selector = labelSelectorOf(r.query.get('labelSelector'));
    const items = objects.filter((o) => matches(selector, o.metadata.labels));
    writeList(r.res, rt, { apiVersion: API_VERSION, kind: rt.listKind, metadata: {}, items }, format, r.query, now);
  }

  private nodeMetrics(now: Date): NodeMetrics[] {
    const timestamp = formatTime(now);
    return this.sources.nodes.list().map((node) => ({
      kind: 'NodeMetrics',
      apiVersion: API_VERSION,
      metadata: { name: node.metadata.name, creationTimestamp: timestamp, labels: node.metadata.labels ?? {} },
      timestamp,
      window: WINDOW,
      usage: usageList(nodeUsage(this.sources.pods.byIndex(POD_NODE_INDEX, node.metadata.name!))),
    }));
  }

  /** Running pods only: metrics-server has no sample of a pod that is not. */
  private podMetrics(namespace: string, now: Date): PodMetrics[] {
    const timestamp = formatTime(now);
    return this.sources.pods
      .list(namespace || undefined)
      .filter(isRunning)
      .map((pod) => ({
        kind: 'PodMetrics',
        apiVersion: API_VERSION,
        metadata: { name: pod.metadata.name, namespace: pod.metadata.namespace, creationTimestamp: timestamp, labels: pod.metadata.labels ?? {} },
        timestamp,
        window: WINDOW,
        containers: podContainers(pod).map((c) => ({ name: c.name, usage: usageList(containerUsage(pod, c)) })),
      }));
  }
}

function labelSelectorOf(text: string | null): LabelSelector {
  if (!text) return everything();
  try {
    return parseLabelSelector(text);
  } catch (err) {
    throw badRequest((err as Error).message);
  }
}
