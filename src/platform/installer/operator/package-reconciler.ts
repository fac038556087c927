// The Package reconciler (internal/operator/package_reconciler.go): a Package becomes one
// HelmRelease per installed component of its PackageSource's variant, in namespaces it keeps
// labelled; HelmReleases the variant no longer lists are removed; the Ready condition says what
// happened with the upstream reasons and messages.

import { isStatusError } from '../../../machinery/errors.ts';
import { deepEqual, type KubeObject } from '../../../machinery/object.ts';
import { formatTime } from '../../../apiserver/registry/codec.ts';
import { objectKey, runController, WorkQueue, type ReconcileResult, type RunningController } from '../../../controller/index.ts';
import {
  COZY_SYSTEM,
  findVariant,
  HELMRELEASE_GVK,
  installedComponents,
  LABEL_PACKAGE,
  NAMESPACE_GVK,
  PACKAGE_GVK,
  PACKAGESOURCE_GVK,
  PLATFORM_PACKAGE,
  PLATFORM_RELEASE,
  releaseNameOf,
  SECRET_GVK,
  setCondition,
  variantOf,
  type Condition,
  type Package,
  type PackageSource,
} from '../types.ts';
import { DependentsDepth } from '../../flux/dependents-depth.ts';
import { buildDependsOn, dependenciesReady, dependencyStatus, dependentsIndex, type PackageLookup } from './dependencies.ts';
import type { OperatorDeps } from './deps.ts';
import { helmReleaseFor, mergeIntoExisting } from './helmrelease.ts';
import { disabledPackages, keptMessage, keptPackages, PLATFORM_RELEASE_SELECTOR, renderedPackages } from './kept-packages.ts';
import { applyNamespace, namespaceObject, privilegedNamespaces, targetNamespaces } from './namespaces.ts';

const FIELD_MANAGER = 'cozystack-operator';

/** A Ready=False outcome: written to status; `error` also fails the reconcile so it is retried. */
class Outcome {
  constructor(
    readonly reason: string,
    readonly message: string,
    readonly retry = false,
  ) {}
}

export function startPackageReconciler(deps: OperatorDeps): RunningController {
  const { client, factory, clock, flags, recorder } = deps;
  const packages = factory.informerFor<Package>(PACKAGE_GVK);
  const sources = factory.informerFor<PackageSource>(PACKAGESOURCE_GVK);
  const releases = factory.informerFor(HELMRELEASE_GVK, { labelSelector: LABEL_PACKAGE });
  const namespaces = factory.informerFor(NAMESPACE_GVK);
  const platformRecords = factory.informerFor(SECRET_GVK, { namespace: COZY_SYSTEM, labelSelector: PLATFORM_RELEASE_SELECTOR });
  const lookup: PackageLookup = { pkg: (n) => packages.get(undefined, n), source: (n) => sources.get(undefined, n) };
  // Packages due at once are taken longest chain of dependent Packages first, as the helm-controller
  // takes its releases: the platform's ~90 Packages all arrive together, and one that the rest wait
  // for (gateway-api-crds, networking, cert-manager ...) was queued behind every other one's first
  // DependenciesNotReady pass. Order only: each Package is reconciled as before.
  let index: Map<string, string[]> | undefined;
  const dependentsOf = (name: string): string[] => (index ??= dependentsIndex(packages.list(), lookup)).get(name) ?? [];
  const depths = new DependentsDepth(dependentsOf);
  const reshape = () => {
    index = undefined;
    depths.invalidate();
  };
  const queue = new WorkQueue<string>({ clock, priorityOf: (key) => depths.of(key) });
  // The graph comes from the Packages' and PackageSources' specs: their status writes leave it alone.
  const reshaped = (old: KubeObject | undefined, obj: KubeObject) => !old || old.metadata.generation !== obj.metadata.generation || !deepEqual(old.spec, obj.spec);
  /** What was last reported about kept packages, so the Warning is recorded once per change. */
  let reportedKept = '';

  const enqueue = (p: KubeObject) => queue.add(objectKey(p));
  const enqueueWithDependents = (p: Package) => {
    enqueue(p);
    for (const d of dependentsOf(p.metadata.name!)) queue.add(d);
  };
  // Every event may change the dependency graph except an update that leaves the spec as it was.
  const reshapingHandlers = <T extends KubeObject>(then: (obj: T) => void) => ({
    onAdd: (obj: T) => {
      reshape();
      then(obj);
    },
    onUpdate: (old: T, obj: T) => {
      if (reshaped(old, obj)) reshape();
      then(obj);
    },
    onDelete: (obj: T) => {
      reshape();
      then(obj);
    },
  });
  packages.addEventHandler(reshapingHandlers(enqueueWithDependents));
  // PackageSource and Package share a name.
  sources.addEventHandler(reshapingHandlers((ps: KubeObject) => queue.add(ps.metadata.name!)));
  const enqueueOwner = (hr: KubeObject) => {
    const owner = hr.metadata.ownerReferences?.find((r) => r.controller && r.kind === 'Package');
    if (owner) queue.add(owner.name);
  };
  // Only changes to what the reconciler writes wake the Package, not the helm-controller's status updates.
  const written = (hr: KubeObject) => [hr.spec, hr.metadata.labels, hr.metadata.annotations, hr.metadata.ownerReferences];
  releases.addEventHandler({ onUpdate: (old, hr) => (deepEqual(written(old), written(hr)) ? undefined : enqueueOwner(hr)), onDelete: enqueueOwner });
  const enqueuePlatform = () => queue.add(PLATFORM_PACKAGE);
  platformRecords.addEventHandler({ onAdd: enqueuePlatform, onUpdate: enqueuePlatform, onDelete: enqueuePlatform });
  // The platform Package's status names the Packages its release keeps: one of them going away (as
  // that status tells the user to do) changes it.
  const ofPlatformRelease = (p: KubeObject) => p.metadata.annotations?.['meta.helm.sh/release-name'] === PLATFORM_RELEASE;
  packages.addEventHandler({
    onUpdate: (old, p) => {
      if (ofPlatformRelease(p) && !old.metadata.deletionTimestamp && p.metadata.deletionTimestamp) enqueuePlatform();
    },
    onDelete: (p) => {
      if (ofPlatformRelease(p)) enqueuePlatform();
    },
  });

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const pkg = packages.getByKey(key);
    if (!pkg || pkg.metadata.deletionTimestamp) return;
    let outcome: Outcome | { count: number };
    let deps: Record<string, { ready: boolean }> | undefined;
    try {
      ({ outcome, deps } = await sync(pkg));
    } catch (err) {
      if (isStatusError(err, 'Conflict')) return { requeue: true };
      throw err;
    }
    try {
      await writeStatus(pkg, outcome, deps);
    } catch (err) {
      if (isStatusError(err, 'Conflict') || isStatusError(err, 'NotFound')) return { requeue: true };
      throw err;
    }
    if (outcome instanceof Outcome && outcome.retry) throw new Error(outcome.message);
  }

  async function sync(pkg: Package): Promise<{ outcome: Outcome | { count: number }; deps?: Record<string, { ready: boolean }> }> {
    const name = pkg.metadata.name!;
    const source = sources.get(undefined, name);
    if (!source) return { outcome: new Outcome('PackageSourceNotFound', `PackageSource ${name} not found`) };
    const variantName = variantOf(pkg);
    const variant = findVariant(source, variantName);
    if (!variant) return { outcome: new Outcome('VariantNotFound', `Variant ${variantName} not found in PackageSource ${name}`) };

    try {
      await reconcileNamespaces(pkg, targetNamespaces(pkg, variant));
    } catch (err) {
      return { outcome: new Outcome('InvalidConfiguration', (err as Error).message, true) };
    }
    const depStatus = dependencyStatus(pkg, variant, lookup);
    if (!dependenciesReady(pkg, variant, depStatus)) return { outcome: new Outcome('DependenciesNotReady', 'One or more dependencies are not ready'), deps: depStatus };

    let count = 0;
    for (const component of installedComponents(pkg, variant)) {
      if (!component.install!.namespace) {
        return { outcome: new Outcome('InvalidConfiguration', `Component ${component.name} has empty namespace in Install section`, true), deps: depStatus };
      }
      let dependsOn;
      try {
        dependsOn = buildDependsOn(pkg, variant, component, lookup);
      } catch (err) {
        return { outcome: new Outcome('DependsOnFailed', `Failed to build DependsOn for component ${component.name}: ${(err as Error).message}`), deps: depStatus };
      }
      const hr = helmReleaseFor(pkg, source, variantName, component, flags, dependsOn);
      try {
        await createOrUpdate(hr);
      } catch (err) {
        if (isStatusError(err, 'Conflict')) throw err;
        return { outcome: new Outcome('HelmReleaseFailed', `Failed to create HelmRelease ${releaseNameOf(component)}: ${(err as Error).message}`, true), deps: depStatus };
      }
      count++;
    }
    await cleanupOrphans(pkg, new Set(installedComponents(pkg, variant).map((c) => `${c.install!.namespace}/${releaseNameOf(c)}`)));
    return { outcome: { count }, deps: depStatus };
  }

  async function reconcileNamespaces(pkg: Package, names: string[]): Promise<void> {
    const privileged = privilegedNamespaces(names, sources.list(), (n) => packages.get(undefined, n));
    for (const ns of names) await applyNamespace(client, namespaceObject(ns, privileged.has(ns)), namespaces.get(undefined, ns));
  }

  async function createOrUpdate(hr: KubeObject): Promise<void> {
    const ref = { ...HELMRELEASE_GVK, namespace: hr.metadata.namespace, name: hr.metadata.name! };
    let existing = releases.get(hr.metadata.namespace, hr.metadata.name!);
    if (!existing) {
      try {
        await client.create(hr, { fieldManager: FIELD_MANAGER });
        return;
      } catch (err) {
        if (!isStatusError(err, 'AlreadyExists')) throw err;
        existing = await client.get(ref);
      }
    }
    const merged = mergeIntoExisting(existing, hr);
    if (deepEqual(merged.metadata, existing.metadata) && deepEqual(merged.spec, existing.spec)) return;
    await client.update(merged, { fieldManager: FIELD_MANAGER });
  }

  async function cleanupOrphans(pkg: Package, wanted: Set<string>): Promise<void> {
    for (const hr of releases.list()) {
      if (hr.metadata.labels?.[LABEL_PACKAGE] !== pkg.metadata.name || wanted.has(objectKey(hr))) continue;
      await client.delete({ ...HELMRELEASE_GVK, namespace: hr.metadata.namespace, name: hr.metadata.name! }).catch((err) => {
        if (!isStatusError(err, 'NotFound')) console.error(`cozystack-operator: deleting orphaned HelmRelease ${objectKey(hr)}:`, err);
      });
    }
  }

  async function writeStatus(pkg: Package, outcome: Outcome | { count: number }, deps?: Record<string, { ready: boolean }>): Promise<void> {
    const now = formatTime(clock.now());
    let cond: Condition;
    if (outcome instanceof Outcome) cond = { type: 'Ready', status: 'False', reason: outcome.reason, message: outcome.message };
    else {
      let message = `reconciliation succeeded, generated ${outcome.count} helmrelease(s)`;
      if (pkg.metadata.name === PLATFORM_PACKAGE) message += await keptPackagesNote(pkg);
      cond = { type: 'Ready', status: 'True', reason: 'ReconciliationSucceeded', message };
    }
    const status = { ...(pkg.status ?? {}), conditions: setCondition(pkg.status?.conditions, cond, now) } as NonNullable<Package['status']>;
    if (deps && Object.keys(deps).length) status.dependencies = deps;
    else if (deps) delete status.dependencies;
    if (deepEqual(JSON.parse(JSON.stringify(pkg.status ?? {})), JSON.parse(JSON.stringify(status)))) return;
    await client.updateStatus({ ...pkg, status }, { fieldManager: FIELD_MANAGER });
  }

  /** P-8: kept-but-unrendered Packages, as a sentence for the platform Package's status, with a Warning Event when the set changes. */
  async function keptPackagesNote(platform: Package): Promise<string> {
    const rendered = renderedPackages(platformRecords.list(COZY_SYSTEM));
    const kept = rendered ? keptPackages(packages.list(), rendered) : [];
    const disabled = disabledPackages(platform);
    const messages = kept.map((n) => keptMessage(n, disabled));
    const signature = kept.join(',');
    if (signature !== reportedKept) {
      reportedKept = signature;
      for (const m of messages) await recorder.warning(platform, 'PackageKept', m.charAt(0).toUpperCase() + m.slice(1));
    }
    return messages.length ? `; ${messages.join('; ')}` : '';
  }

  return runController({ name: 'cozystack-package', queue, reconcile, workers: 4, recorder, objectFor: (k) => packages.getByKey(k) });
}
