// The helm-controller: reconciles every HelmRelease (release-reconciler.ts) and decides when.
// A HelmRelease is reconciled when its spec or reconcile annotation changes, when its chart source
// gets a new artifact, when a dependency becomes ready, when a watched valuesFrom Secret/ConfigMap
// (`reconcile.fluxcd.io/watch: Enabled`) changes, when an object it installed changes or disappears
// (drift), while it waits for its objects to become ready, and at its interval.

import type { KubeObject } from '../../machinery/object.ts';
import { EventRecorder, objectKey, runController, WorkQueue, type Clock, type InformerFactory, type KubeClient } from '../../controller/index.ts';
import type { ChartRegistry } from '../charts/registry.ts';
import { artifactOf } from './artifact.ts';
import { sourceKeyOf } from './chart-source.ts';
import { getCondition, type FluxCondition } from './conditions.ts';
import { dependsOnKeys, specOf } from './helmrelease-spec.ts';
import { CONFIGMAP_GVK, EXTERNALARTIFACT_GVK, HELM_CONTROLLER, HELMCHART_GVK, HELMRELEASE_GVK, OCIREPOSITORY_GVK, RECONCILE_REQUESTED_AT, RECONCILE_WATCH_LABEL, SECRET_GVK } from './kinds.ts';
import { DependentsDepth } from './dependents-depth.ts';
import { ManagedObjectWatch } from './managed-objects.ts';
import { getOrUndefined } from '../helm/apply.ts';
import { readinessOf, settledReadiness } from '../helm/readiness.ts';
import { ReleaseReconciler } from './release-reconciler.ts';

export interface HelmControllerDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  charts: ChartRegistry;
  /** Parallel reconciles (helm-controller's --concurrent; Cozystack runs 5). */
  workers?: number;
  /** `.Capabilities.APIVersions` for charts that ask. */
  apiVersions?(): string[];
}

export interface RunningHelmController {
  stop(): Promise<void>;
}

export function startHelmController(deps: HelmControllerDeps): RunningHelmController {
  const { client, factory, clock } = deps;
  const recorder = new EventRecorder(client, { component: HELM_CONTROLLER, clock });
  const releases = factory.informerFor(HELMRELEASE_GVK);
  const depths = new DependentsDepth((key) => releases.byIndex('dependsOn', key).map(objectKey));
  const queue = new WorkQueue<string>({ clock, priorityOf: (key) => depths.of(key) });
  releases.addIndex('dependsOn', (hr) => dependsOnKeys(hr));
  releases.addIndex('source', (hr) => {
    const key = sourceKeyOf(hr);
    return key ? [key] : [];
  });
  releases.addIndex('valuesFrom', (hr) => (specOf(hr).valuesFrom ?? []).map((v) => `${v.kind}|${hr.metadata.namespace}/${v.name}`));

  const enqueue = (hr: KubeObject) => queue.add(objectKey(hr));
  const dependenciesReady = (hr: KubeObject) =>
    dependsOnKeys(hr).every((key) => {
      const dep = releases.getByKey(key);
      return !!dep && isReady(dep);
    });
  releases.addEventHandler({
    onAdd: (hr) => {
      depths.invalidate();
      enqueue(hr);
      // Dependents that were told this dependency does not exist learn that it does.
      const missing = `unable to get '${objectKey(hr)}' dependency`;
      for (const dependent of releases.byIndex('dependsOn', objectKey(hr))) if (readyOf(dependent)?.message.startsWith(missing)) enqueue(dependent);
    },
    onUpdate: (old, hr) => {
      if (JSON.stringify(dependsOnKeys(old)) !== JSON.stringify(dependsOnKeys(hr))) depths.invalidate();
      if (mustReconcile(old, hr)) enqueue(hr);
      if (readyChanged(old, hr)) {
        // helm-controller re-checks dependencies at --requeue-dependency; waking a dependent early
        // only helps once it can proceed (or must notice a dependency lost), not to rename the
        // first dependency still pending in its DependencyNotReady message.
        const lost = !isReady(hr) && isReady(old);
        for (const dependent of releases.byIndex('dependsOn', objectKey(hr))) if (lost || dependenciesReady(dependent)) enqueue(dependent);
      }
    },
    onDelete: (hr) => {
      depths.invalidate();
      for (const dependent of releases.byIndex('dependsOn', objectKey(hr))) enqueue(dependent);
    },
  });

  for (const gvk of [EXTERNALARTIFACT_GVK, OCIREPOSITORY_GVK, HELMCHART_GVK]) {
    const wakeUsers = (source: KubeObject) => {
      for (const hr of releases.byIndex('source', `${gvk.kind}|${objectKey(source)}`)) enqueue(hr);
    };
    factory.informerFor(gvk).addEventHandler({
      onAdd: wakeUsers,
      onUpdate: (old, source) => {
        if (artifactOf(old)?.revision !== artifactOf(source)?.revision || readyChanged(old, source)) wakeUsers(source);
      },
      onDelete: wakeUsers,
    });
  }
  for (const gvk of [SECRET_GVK, CONFIGMAP_GVK]) {
    const wakeUsers = (obj: KubeObject) => {
      for (const hr of releases.byIndex('valuesFrom', `${gvk.kind}|${objectKey(obj)}`)) enqueue(hr);
    };
    factory.informerFor(gvk, { labelSelector: `${RECONCILE_WATCH_LABEL}=Enabled` }).addEventHandler({ onAdd: wakeUsers, onUpdate: (_, o) => wakeUsers(o), onDelete: wakeUsers });
  }

  // Status-only changes of managed objects matter only while their release waits for readiness;
  // the reconcile of a waiting release returns a requeueAfter, so "waiting" is what is scheduled.
  // One that comes while the release is being reconciled (mostly its own objects, just applied,
  // showing up in the watch) is judged once that reconcile is over, against the status it left.
  const reconciling = new Set<string>();
  const deferred = new Set<string>();
  // The objects a release's last reconcile found it waiting on (some not ready, none failed). A
  // status-only wake after which, as the watch caches show them, some are still not ready and none
  // failed would end the same way (nothing written, still waiting) and is not queued: the change
  // that decides it (the last one ready, or one failed) comes as a wake of its own. An object the
  // caches do not hold sends the release to be reconciled, which asks the API.
  const awaiting = new Map<string, KubeObject[]>();
  const stillWaiting = (key: string): boolean => {
    const objects = awaiting.get(key);
    if (!objects) return false;
    let unready = false;
    for (const obj of objects) {
      const cached = managed.cached(obj);
      if (!cached) return false;
      const readiness = readinessOf(cached).status;
      if (readiness === 'Failed') return false;
      if (readiness !== 'Current') unready = true;
    }
    return unready;
  };
  const managed = new ManagedObjectWatch(factory, (key, statusOnly) => {
    const hr = releases.getByKey(key);
    if (!hr || specOf(hr).suspend) return;
    if (statusOnly && reconciling.has(key)) deferred.add(key);
    else if (!statusOnly || (isProgressing(hr) && !stillWaiting(key))) queue.add(key);
  });
  const reconcile = async (key: string) => {
    reconciling.add(key);
    awaiting.delete(key);
    try {
      return await reconciler.reconcile(key);
    } finally {
      reconciling.delete(key);
      if (deferred.delete(key) && !stillWaiting(key)) {
        const [namespace, name] = key.split('/') as [string, string];
        const hr = await getOrUndefined(client, { ...HELMRELEASE_GVK, namespace, name }).catch(() => releases.getByKey(key));
        if (hr && !specOf(hr).suspend && isProgressing(hr)) queue.add(key);
      }
    }
  };

  const reconciler = new ReleaseReconciler({
    client,
    clock,
    charts: deps.charts,
    recorder,
    cachedRelease: (key) => releases.getByKey(key),
    watchObjects: (objects) => managed.ensure(objects),
    cachedObject: (obj) => {
      const cached = managed.cached(obj);
      return cached && settledReadiness(cached) ? cached : undefined;
    },
    apiVersions: deps.apiVersions,
    awaiting: (key, objects) => void awaiting.set(key, objects),
  });

  let controller: { stop(): Promise<void> } | undefined;
  let stopped = false;
  void releases.waitForSync().then(() => {
    if (!stopped) {
      controller = runController({
        name: HELM_CONTROLLER,
        queue,
        reconcile,
        workers: deps.workers ?? 5,
        recorder,
        objectFor: (key) => releases.getByKey(key),
      });
    }
  });
  return {
    async stop() {
      stopped = true;
      queue.shutDown();
      await controller?.stop();
    },
  };
}

/** Flux's predicates: a new generation, a reconcile request, deletion, or a finalizer change. */
function mustReconcile(old: KubeObject, hr: KubeObject): boolean {
  return (
    old.metadata.generation !== hr.metadata.generation ||
    old.metadata.annotations?.[RECONCILE_REQUESTED_AT] !== hr.metadata.annotations?.[RECONCILE_REQUESTED_AT] ||
    old.metadata.annotations?.['cozyhr.cozystack.io/values-files'] !== hr.metadata.annotations?.['cozyhr.cozystack.io/values-files'] ||
    (!!hr.metadata.deletionTimestamp && !old.metadata.deletionTimestamp) ||
    // While it is deleted, a finalizer gone may let the uninstall finish; otherwise a finalizer
    // change (the controller's own, added on first reconcile) is no reason to reconcile again.
    (!!hr.metadata.deletionTimestamp && JSON.stringify(old.metadata.finalizers ?? []) !== JSON.stringify(hr.metadata.finalizers ?? []))
  );
}

function readyOf(obj: KubeObject): FluxCondition | undefined {
  return getCondition((obj.status as { conditions?: FluxCondition[] } | undefined)?.conditions, 'Ready');
}

/** Ready=True for the generation it has observed: what a dependent's dependsOn asks for. */
function isReady(obj: KubeObject): boolean {
  return readyOf(obj)?.status === 'True' && obj.metadata.generation === (obj.status as { observedGeneration?: number } | undefined)?.observedGeneration;
}

function readyChanged(old: KubeObject, obj: KubeObject): boolean {
  const a = readyOf(old);
  const b = readyOf(obj);
  return a?.status !== b?.status || (old.status as { observedGeneration?: number } | undefined)?.observedGeneration !== (obj.status as { observedGeneration?: number } | undefined)?.observedGeneration;
}

function isProgressing(hr: KubeObject): boolean {
  const reconciling = getCondition((hr.status as { conditions?: FluxCondition[] } | undefined)?.conditions, 'Reconciling');
  return reconciling?.status === 'True' && reconciling.reason === 'Progressing';
}
