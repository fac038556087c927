// The PackageSource reconciler: keeps the ExternalArtifacts of every variant × component, removes
// those the source no longer lists, and reports `status.variants` and Ready.

import { isStatusError } from '../../../machinery/errors.ts';
import { deepEqual, type KubeObject } from '../../../machinery/object.ts';
import { formatTime } from '../../../apiserver/registry/codec.ts';
import { objectKey, runController, WorkQueue, type ReconcileResult, type RunningController } from '../../../controller/index.ts';
import { COZY_SYSTEM, EXTERNALARTIFACT_GVK, LABEL_PACKAGESOURCE, PACKAGESOURCE_GVK, setCondition, type Condition, type PackageSource } from '../types.ts';
import { artifactObject, artifactStatus, desiredArtifacts, type SourceState } from './artifacts.ts';
import type { OperatorDeps } from './deps.ts';

const FIELD_MANAGER = 'cozystack-packagesource-controller';

export function startPackageSourceReconciler(deps: OperatorDeps): RunningController {
  const { client, factory, clock, charts } = deps;
  const sources = factory.informerFor<PackageSource>(PACKAGESOURCE_GVK);
  const artifacts = factory.informerFor(EXTERNALARTIFACT_GVK, { namespace: COZY_SYSTEM });
  const fluxSources = ['OCIRepository', 'GitRepository'].map((kind) => factory.informerFor({ apiVersion: 'source.toolkit.fluxcd.io/v1', kind }, { namespace: COZY_SYSTEM }));
  const queue = new WorkQueue<string>({ clock });

  const enqueue = (ps: KubeObject) => queue.add(objectKey(ps));
  sources.addEventHandler({ onAdd: enqueue, onUpdate: (_, ps) => enqueue(ps), onDelete: enqueue });
  const enqueueOwner = (a: KubeObject) => {
    const owner = a.metadata.labels?.[LABEL_PACKAGESOURCE];
    if (owner) queue.add(owner);
  };
  artifacts.addEventHandler({ onUpdate: (_, a) => enqueueOwner(a), onDelete: enqueueOwner });
  const enqueueUsers = (src: KubeObject) => {
    for (const ps of sources.list()) {
      const ref = ps.spec?.sourceRef;
      if (ref && ref.kind === src.kind && ref.name === src.metadata.name && (ref.namespace || COZY_SYSTEM) === src.metadata.namespace) enqueue(ps);
    }
  };
  for (const informer of fluxSources) informer.addEventHandler({ onAdd: enqueueUsers, onUpdate: (_, s) => enqueueUsers(s), onDelete: enqueueUsers });

  function sourceState(ps: PackageSource): SourceState {
    const ref = ps.spec!.sourceRef!;
    const informer = fluxSources[ref.kind === 'GitRepository' ? 1 : 0]!;
    const src = informer.get(ref.namespace || COZY_SYSTEM, ref.name);
    const name = `${ref.kind}/${ref.namespace || COZY_SYSTEM}/${ref.name}`;
    if (!src) return { ready: false, revision: '', message: `source ${name} not found` };
    const ready = (src.status as { conditions?: Condition[] } | undefined)?.conditions?.find((c) => c.type === 'Ready');
    const revision = (src.status as { artifact?: { revision?: string } } | undefined)?.artifact?.revision;
    if (ready?.status !== 'True' || !revision) return { ready: false, revision: '', message: `source ${name} is not ready${ready?.message ? `: ${ready.message}` : ''}` };
    return { ready: true, revision, message: '' };
  }

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    try {
      await sync(key);
    } catch (err) {
      if (isStatusError(err, 'Conflict')) return { requeue: true };
      throw err;
    }
  }

  async function sync(key: string): Promise<void> {
    const ps = sources.getByKey(key);
    if (!ps || ps.metadata.deletionTimestamp) return;
    const now = formatTime(clock.now());
    const desired = ps.spec?.sourceRef ? desiredArtifacts(ps) : [];
    const state = ps.spec?.sourceRef ? sourceState(ps) : undefined;
    // The artifacts are independent of each other: they are kept all at once.
    const conditions = await Promise.all(
      desired.map(async (want) => {
        const existing = artifacts.get(COZY_SYSTEM, want.name) ?? (await createArtifact(ps, want));
        const next = artifactStatus(want, charts.get(want.chartPath), state!, now, existing);
        const prevStatus = (existing.status ?? {}) as { conditions?: Condition[] };
        const cond = (next.conditions as Condition[])[0]!;
        const status = { ...next, conditions: setCondition(prevStatus.conditions, cond, now) };
        if (!deepEqual(stripTimes(existing.status), stripTimes(status))) {
          await client.updateStatus({ ...existing, status }, { fieldManager: FIELD_MANAGER });
        }
        return cond;
      }),
    );
    const ready = conditions.filter((c) => c.status === 'True').length;
    const notReady = conditions.filter((c) => c.status !== 'True').map((c) => c.message);
    const wanted = new Set(desired.map((d) => d.name));
    for (const a of artifacts.list(COZY_SYSTEM)) {
      if (a.metadata.labels?.[LABEL_PACKAGESOURCE] === ps.metadata.name && !wanted.has(a.metadata.name!)) {
        await client.delete({ ...EXTERNALARTIFACT_GVK, namespace: COZY_SYSTEM, name: a.metadata.name! }).catch((err) => {
          if (!isStatusError(err, 'NotFound')) throw err;
        });
      }
    }
    await writeStatus(ps, sourceCondition(ps, desired.length, ready, notReady), now);
  }

  function sourceCondition(ps: PackageSource, total: number, ready: number, notReady: string[]): Condition {
    if (!ps.spec?.sourceRef) return { type: 'Ready', status: 'Unknown', reason: 'SourceRefNotSet', message: 'SourceRef is not configured' };
    if (notReady.length) return { type: 'Ready', status: 'False', reason: 'ArtifactsNotReady', message: `${ready}/${total} artifact(s) ready: ${[...new Set(notReady)].join('; ')}` };
    return { type: 'Ready', status: 'True', reason: 'Succeeded', message: `reconciliation succeeded, generated ${total} artifact(s)` };
  }

  async function createArtifact(ps: PackageSource, want: ReturnType<typeof desiredArtifacts>[number]): Promise<KubeObject> {
    try {
      return await client.create(artifactObject(ps, want), { fieldManager: FIELD_MANAGER });
    } catch (err) {
      if (!isStatusError(err, 'AlreadyExists')) throw err;
      return client.get({ ...EXTERNALARTIFACT_GVK, namespace: COZY_SYSTEM, name: want.name });
    }
  }

  async function writeStatus(ps: PackageSource, cond: Condition, now: string): Promise<void> {
    const variants = (ps.spec?.variants ?? []).map((v) => v.name).join(',');
    const status = { ...(ps.status ?? {}), variants, conditions: setCondition(ps.status?.conditions, { ...cond, observedGeneration: ps.metadata.generation }, now) };
    if (deepEqual(stripTimes(ps.status), stripTimes(status))) return;
    await client.updateStatus({ ...ps, status }, { fieldManager: FIELD_MANAGER });
  }

  // The platform's ~100 PackageSources arrive at once, and a release cannot start before its
  // artifact is Ready: with 2 workers the last artifacts (cilium's, second on the dependsOn chain)
  // were Ready ~0.25 s after the release could have started. The syncs write independent objects.
  return runController({ name: 'cozystack-packagesource', queue, reconcile, workers: 8, objectFor: (k) => sources.getByKey(k) });
}

/** Status compared without timestamps, so an unchanged state writes nothing. */
function stripTimes(status: unknown): unknown {
  return JSON.parse(JSON.stringify(status ?? {}, (k, v) => (k === 'lastTransitionTime' || k === 'lastUpdateTime' ? undefined : v)));
}
