// The source-controller: OCIRepository, GitRepository, HelmRepository and HelmChart get an artifact
// (status.artifact), Ready=True reason Succeeded with Flux's message, and observedGeneration.
// What an artifact packs comes from cozylab's built-in charts (see source-revision.ts).
// ExternalArtifacts are written by their generator (the cozystack-operator), never here.

import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { EventRecorder, objectKey, runController, splitKey, WorkQueue, type Clock, type GroupVersionKind, type InformerFactory, type KubeClient, type SharedInformer } from '../../controller/index.ts';
import { formatTime } from '../../apiserver/registry/codec.ts';
import type { ChartRegistry } from '../charts/registry.ts';
import { buildArtifact } from './artifact.ts';
import { setCondition, deleteCondition, type FluxCondition } from './conditions.ts';
import { FLUX_FINALIZER, GITREPOSITORY_GVK, HELMCHART_GVK, HELMREPOSITORY_GVK, OCIREPOSITORY_GVK, RECONCILE_REQUESTED_AT, SOURCE_CONTROLLER } from './kinds.ts';
import { resolveGitRepository, resolveHelmChart, resolveHelmRepository, resolveOCIRepository, type Resolution } from './source-revision.ts';
import { canonicalJson } from './values.ts';

export interface SourceControllerDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  charts: ChartRegistry;
}

export interface RunningSourceController {
  stop(): Promise<void>;
}

const SOURCE_KINDS: GroupVersionKind[] = [OCIREPOSITORY_GVK, GITREPOSITORY_GVK, HELMREPOSITORY_GVK, HELMCHART_GVK];

export function startSourceController(deps: SourceControllerDeps): RunningSourceController {
  const { client, factory, clock, charts } = deps;
  const recorder = new EventRecorder(client, { component: SOURCE_CONTROLLER, clock });
  const informers = new Map<string, SharedInformer>(SOURCE_KINDS.map((gvk) => [gvk.kind, factory.informerFor(gvk)]));
  const queue = new WorkQueue<string>({ clock });
  for (const [kind, informer] of informers) {
    const enqueue = (o: KubeObject) => queue.add(`${kind}|${objectKey(o)}`);
    informer.addEventHandler({ onAdd: enqueue, onUpdate: (_, o) => enqueue(o) });
  }
  // A HelmChart follows its source: a new source revision re-packs the chart.
  const charts_ = informers.get('HelmChart')!;
  for (const kind of ['HelmRepository', 'GitRepository']) {
    informers.get(kind)!.addEventHandler({
      onUpdate: (_, src) => {
        for (const hc of charts_.list(src.metadata.namespace)) {
          const ref = (hc.spec as { sourceRef?: { kind?: string; name?: string } } | undefined)?.sourceRef;
          if (ref?.kind === kind && ref.name === src.metadata.name) queue.add(`HelmChart|${objectKey(hc)}`);
        }
      },
    });
  }

  async function reconcile(item: string): Promise<void> {
    const [kind, key] = item.split('|') as [string, string];
    const obj = informers.get(kind)!.getByKey(key);
    if (!obj) return;
    if (obj.metadata.deletionTimestamp) return removeFinalizer(obj);
    if (!obj.metadata.finalizers?.includes(FLUX_FINALIZER)) {
      await client.patch(refFor(kind, key), 'merge', { metadata: { finalizers: [...(obj.metadata.finalizers ?? []), FLUX_FINALIZER] } });
      return;
    }
    if ((obj.spec as { suspend?: boolean } | undefined)?.suspend) return;
    const resolution = resolve(kind, obj);
    const now = formatTime(clock.now());
    const status = { ...((obj.status ?? {}) as Record<string, unknown>) };
    let conditions = status.conditions as FluxCondition[] | undefined;
    if (resolution.ok) {
      const contentKey = canonicalJson({ spec: obj.spec, metadata: resolution.metadata ?? {} });
      status.artifact = buildArtifact(obj, resolution.revision, contentKey, now, resolution.metadata);
      conditions = setCondition(conditions, 'Ready', 'True', resolution.reason ?? 'Succeeded', resolution.message, now, obj.metadata.generation);
      conditions = setCondition(conditions, 'ArtifactInStorage', 'True', 'Succeeded', resolution.message, now, obj.metadata.generation);
      conditions = deleteCondition(deleteCondition(conditions, 'FetchFailed'), 'Reconciling');
      if (kind === 'HelmChart') {
        status.observedChartName = (obj.spec as { chart?: string }).chart;
        status.observedSourceArtifactRevision = sourceRevision(obj);
      }
      if (kind === 'HelmRepository' || kind === 'GitRepository') status.url = (status.artifact as { url: string }).url;
    } else {
      conditions = setCondition(conditions, 'Ready', 'False', resolution.reason, resolution.message, now, obj.metadata.generation);
      conditions = setCondition(conditions, 'FetchFailed', 'True', resolution.reason, resolution.message, now, obj.metadata.generation);
    }
    status.conditions = conditions;
    status.observedGeneration = obj.metadata.generation;
    const requested = obj.metadata.annotations?.[RECONCILE_REQUESTED_AT];
    if (requested) status.lastHandledReconcileAt = requested;
    if (canonicalJson(status) === canonicalJson(obj.status ?? {})) return;
    const wasReady = ((obj.status as { conditions?: FluxCondition[] } | undefined)?.conditions ?? []).find((c) => c.type === 'Ready');
    try {
      await client.updateStatus({ ...obj, status });
    } catch (err) {
      if (isStatusError(err, 'Conflict') || isStatusError(err, 'NotFound')) return queue.add(item);
      throw err;
    }
    const ready = conditions.find((c) => c.type === 'Ready')!;
    if (wasReady?.status !== ready.status || wasReady?.message !== ready.message) {
      if (ready.status === 'True') await recorder.normal(obj, ready.reason, ready.message);
      else await recorder.warning(obj, ready.reason, ready.message);
    }
  }

  function resolve(kind: string, obj: KubeObject): Resolution {
    switch (kind) {
      case 'OCIRepository':
        return resolveOCIRepository(obj, charts);
      case 'GitRepository':
        return resolveGitRepository(obj);
      case 'HelmRepository':
        return resolveHelmRepository(obj);
      default: {
        const ref = (obj.spec as { sourceRef?: { kind?: string; name?: string } } | undefined)?.sourceRef ?? {};
        const source = ref.kind ? informers.get(ref.kind)?.get(obj.metadata.namespace, ref.name ?? '') : undefined;
        if (!source) return { ok: false, reason: 'SourceUnavailable', message: `failed to get source: ${ref.kind}.source.toolkit.fluxcd.io "${ref.name}" not found` };
        const sourceReady = ((source.status as { conditions?: FluxCondition[] } | undefined)?.conditions ?? []).find((c) => c.type === 'Ready');
        if (sourceReady?.status !== 'True') return { ok: false, reason: 'SourceUnavailable', message: `source '${ref.kind}/${ref.name}' is not ready` };
        return resolveHelmChart(obj, charts);
      }
    }
  }

  function sourceRevision(hc: KubeObject): string | undefined {
    const ref = (hc.spec as { sourceRef?: { kind?: string; name?: string } } | undefined)?.sourceRef ?? {};
    const source = ref.kind ? informers.get(ref.kind)?.get(hc.metadata.namespace, ref.name ?? '') : undefined;
    return (source?.status as { artifact?: { revision?: string } } | undefined)?.artifact?.revision;
  }

  async function removeFinalizer(obj: KubeObject): Promise<void> {
    if (!obj.metadata.finalizers?.includes(FLUX_FINALIZER)) return;
    try {
      await client.patch(refFor(obj.kind, objectKey(obj)), 'merge', { metadata: { finalizers: obj.metadata.finalizers.filter((f) => f !== FLUX_FINALIZER) } });
    } catch (err) {
      if (!isStatusError(err, 'NotFound')) throw err;
    }
  }

  function refFor(kind: string, key: string) {
    const gvk = SOURCE_KINDS.find((g) => g.kind === kind)!;
    return { ...gvk, ...splitKey(key) };
  }

  let controller: { stop(): Promise<void> } | undefined;
  let stopped = false;
  void Promise.all([...informers.values()].map((i) => i.waitForSync())).then(() => {
    if (!stopped) controller = runController({ name: SOURCE_CONTROLLER, queue, reconcile, workers: 2 });
  });
  return {
    async stop() {
      stopped = true;
      queue.shutDown();
      await controller?.stop();
    },
  };
}
