// The install stages `cozylab up` performs and prints (P-4): (1) Talos on the simulated nodes,
// (2) Kubernetes from them, (3) Cozystack — `helm upgrade --install cozystack cozy-installer
// --namespace cozy-system --create-namespace`, the operator it runs (which installs Flux, the CRDs and
// the platform source), then the Platform Package, then HelmReleases until every one is Ready.

import { customResourceDefinition } from '../charts/lib/crd.ts';
import { ciliumCrds } from '../charts/system/crds/cilium.ts';
import { isStatusError } from '../../machinery/errors.ts';
import { deepEqual, type KubeObject } from '../../machinery/object.ts';
import type { Clock, InformerFactory, KubeClient, SharedInformer } from '../../controller/index.ts';
import type { ImageProfiles } from '../../cluster/nodes/image-profiles.ts';
import type { ChartRegistry } from '../charts/registry.ts';
import { platformImageProfiles } from '../charts/lib/images.ts';
import { COZY_SYSTEM_LABELS } from '../charts/core/installer/index.ts';
import type { OperatorProgram } from './operator/program.ts';
import { defaultPlatformPackage } from './platform-package.ts';
import { upgradeInstall } from './installer-release.ts';
import { applyBootstrapManifests, clusterDomainOf } from './bootstrap-manifests.ts';
import { specOf } from '../flux/helmrelease-spec.ts';
import { COZY_SYSTEM, HELMRELEASE_GVK, isReady, NAMESPACE_GVK, PACKAGE_GVK, PLATFORM_PACKAGE, PLATFORM_RELEASE, type Package } from './types.ts';

export interface InstallerDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  /** The platform's charts and cozystack-operator: absent on a plain Kubernetes cluster (stages 1–2 only). */
  charts?: ChartRegistry;
  operator?: OperatorProgram;
  /** The kubelet simulator's image profiles: the platform's images get fast ones in the Cozystack stage. */
  profiles?: ImageProfiles;
  log: (line: string) => void;
  /** Aborted when the server stops. */
  signal?: AbortSignal;
}

export interface InstallOptions {
  /** The user's Platform Package (`--platform FILE`); without it a default one, applied only at first install. */
  platformPackage?: Package;
  /** The API server's own URL: the default Package's publishing.apiServerEndpoint. */
  apiServerURL: string;
  /**
   * How many nodes the inventory registers: Talos is reported as soon as that many are Ready.
   * Without it, the node set must stop growing for a moment first.
   */
  expectedNodes?: number;
  /** Stages 1 and 2 only. */
  kubernetesOnly?: boolean;
  /** When `cozylab up` started, for the time taken. */
  startedAt: number;
  /** Aborted when the server stops: the stages end without finishing. */
  signal?: AbortSignal;
}

const FIELD_MANAGER = 'cozylab';
const POLL_MS = 25;
const NODES_SETTLE_MS = 100;

export async function runInstallStages(deps: InstallerDeps, opts: InstallOptions): Promise<void> {
  deps = { ...deps, signal: opts.signal };
  const stages = opts.kubernetesOnly ? 2 : 3;
  await talosStage(deps, stages, opts.expectedNodes);
  await kubernetesStage(deps, stages, clusterDomainOf(opts.platformPackage, opts.kubernetesOnly === true));
  if (!opts.kubernetesOnly && (opts.platformPackage?.spec?.variant ?? '') === 'isp-hosted') await hostedCniStage(deps);
  if (opts.kubernetesOnly) return;
  await cozystackStage(deps, opts);
}

async function talosStage(deps: InstallerDeps, stages: number, expected?: number): Promise<void> {
  const nodes = deps.factory.informerFor({ apiVersion: 'v1', kind: 'Node' });
  // The registrar creates the inventory's nodes one by one: wait for all of them when their number
  // is known, else until the set stops growing.
  let seen = 0;
  let stableSince = 0;
  const ready = await until(deps, () => {
    const all = nodes.list();
    const now = deps.clock.now().getTime();
    if (all.length !== seen) [seen, stableSince] = [all.length, now];
    const complete = expected ? all.length >= expected : now - stableSince >= NODES_SETTLE_MS;
    return all.length && all.every(nodeReady) && complete ? all : undefined;
  }, [nodes]);
  const os = (ready[0]!.status as { nodeInfo?: { osImage?: string } }).nodeInfo?.osImage ?? 'Talos';
  deps.log(`[1/${stages}] Talos: ${ready.length} node(s) registered Ready (${os}): ${ready.map((n) => n.metadata.name).join(', ')}`);
}

async function kubernetesStage(deps: InstallerDeps, stages: number, clusterDomain: string): Promise<void> {
  const accounts = deps.factory.informerFor({ apiVersion: 'v1', kind: 'ServiceAccount' });
  await until(deps, () => accounts.get('default', 'default'), [accounts]);
  // The platform chart reads the cluster CA from it (_cluster.kube-root-ca), as on a running cluster.
  const rootCA = deps.factory.informerFor({ apiVersion: 'v1', kind: 'ConfigMap' }, { fieldSelector: 'metadata.name=kube-root-ca.crt' });
  await until(deps, () => rootCA.get('kube-system', 'kube-root-ca.crt'), [rootCA]);
  const version = (await deps.client.list({ apiVersion: 'v1', kind: 'Node' })).items[0]?.status as { nodeInfo?: { kubeletVersion?: string } } | undefined;
  const problems = await applyBootstrapManifests(deps.client, clusterDomain);
  deps.log(`[2/${stages}] Kubernetes ${version?.nodeInfo?.kubeletVersion ?? ''}: API server, controllers, the default ServiceAccount and kube-root-ca.crt ready; CoreDNS (${clusterDomain}) applied`.replace('  ', ' '));
  for (const problem of problems) deps.log(`      not applied: ${problem}`);
}

/**
 * isp-hosted runs on a cluster that brings its own CNI and storage: the platform installs no
 * networking, yet every tenant renders Cilium policies. The simulated host runs Cilium, as the
 * hosted install requires, so its cilium.io kinds are there before Cozystack.
 */
async function hostedCniStage(deps: InstallerDeps): Promise<void> {
  for (const crd of ciliumCrds.map(customResourceDefinition)) {
    await deps.client.patch({ apiVersion: crd.apiVersion, kind: crd.kind, name: crd.metadata.name! }, 'apply', crd, { fieldManager: 'host-cni', force: true });
  }
  deps.log('      hosted cluster: its own CNI (Cilium, cilium.io CRDs) and StorageClasses are in place');
}

async function cozystackStage(deps: InstallerDeps, opts: InstallOptions): Promise<void> {
  const { client, clock, log, charts, operator } = deps;
  if (!charts || !operator) throw new Error('the Cozystack stage needs the platform running (its charts and cozystack-operator)');
  if (deps.profiles) for (const [prefix, profile] of Object.entries(platformImageProfiles())) deps.profiles.set(prefix, profile);
  await createNamespace(client);
  const chart = charts.get('core/installer');
  if (!chart) throw new Error('the cozy-installer chart (core/installer) is not registered');
  const release = await upgradeInstall(client, clock, chart, { releaseName: 'cozystack', namespace: COZY_SYSTEM, values: {} });
  log(`[3/3] Cozystack: cozy-installer ${chart.version} ${release.changed ? (release.revision === 1 ? 'installed' : 'upgraded') : 'unchanged'} (release cozystack, revision ${release.revision})`);
  await operator.started();
  log('      cozystack-operator running; Flux, the Package/PackageSource CRDs and PackageSource cozystack.cozystack-platform installed');
  const { pkg, action } = await applyPlatformPackage(client, opts);
  log(`      Platform Package ${PLATFORM_PACKAGE} (variant ${pkg.spec?.variant || 'default'}) ${action}`);
  await waitForHelmReleases(deps, opts.startedAt);
}

function nodeReady(node: KubeObject): boolean {
  return ((node.status as { conditions?: Array<{ type: string; status: string }> } | undefined)?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
}

/** --create-namespace, then what the chart's pre-install labeler hook does. */
async function createNamespace(client: KubeClient): Promise<void> {
  try {
    await client.create({ ...NAMESPACE_GVK, metadata: { name: COZY_SYSTEM } }, { fieldManager: 'helm' });
  } catch (err) {
    if (!isStatusError(err, 'AlreadyExists')) throw err;
  }
  const ns = await client.get({ ...NAMESPACE_GVK, name: COZY_SYSTEM });
  if (Object.entries(COZY_SYSTEM_LABELS).every(([k, v]) => ns.metadata.labels?.[k] === v)) return;
  await client.patch({ ...NAMESPACE_GVK, name: COZY_SYSTEM }, 'merge', { metadata: { labels: COZY_SYSTEM_LABELS } }, { fieldManager: 'kubectl-label' });
}

/** The user's Package is applied (server-side, as `kubectl apply --server-side`); the default only when there is none yet. */
async function applyPlatformPackage(client: KubeClient, opts: InstallOptions): Promise<{ pkg: Package; action: string }> {
  const ref = { ...PACKAGE_GVK, name: PLATFORM_PACKAGE };
  let existing: Package | undefined;
  try {
    existing = await client.get<Package>(ref);
  } catch (err) {
    if (!isStatusError(err, 'NotFound')) throw err;
  }
  if (existing && !opts.platformPackage) return { pkg: existing, action: 'already installed (kept as it is)' };
  const pkg = opts.platformPackage ?? defaultPlatformPackage(opts.apiServerURL);
  const applied = await client.patch<Package>(ref, 'apply', pkg, { fieldManager: FIELD_MANAGER, force: true });
  const action = !existing ? (opts.platformPackage ? 'created from --platform' : 'created (default)') : applied.metadata.generation === existing.metadata.generation ? 'unchanged' : 'configured';
  return { pkg: applied, action };
}

/** Prints "N/M HelmReleases Ready" as it changes, until the platform has rendered everything and every HelmRelease is Ready. */
async function waitForHelmReleases(deps: InstallerDeps, startedAt: number): Promise<void> {
  const releases = deps.factory.informerFor(HELMRELEASE_GVK);
  const packages = deps.factory.informerFor<Package>(PACKAGE_GVK);
  let last = '';
  let loggedAt = -Infinity;
  await until(deps, () => {
    const all = releases.list();
    const ready = all.filter(readyAsSpecified).length;
    const line = `      ${ready}/${all.length} HelmReleases Ready`;
    const platform = packages.get(undefined, PLATFORM_PACKAGE);
    const settled =
      platform && isReady(platform) && platformReleaseCurrent(platform, releases.get(COZY_SYSTEM, PLATFORM_RELEASE)) && packages.list().every((p) => isReady(p)) && all.length > 0 && ready === all.length;
    // Progress is printed at most every POLL_MS, however often the releases change.
    const now = deps.clock.now().getTime();
    if (line !== last && (settled || now - loggedAt >= POLL_MS)) {
      deps.log(line);
      last = line;
      loggedAt = now;
    }
    return settled ? true : undefined;
  }, [releases, packages]);
  const seconds = ((deps.clock.now().getTime() - startedAt) / 1000).toFixed(1);
  deps.log(`Cozystack is ready: ${releases.list().length} HelmReleases Ready in ${seconds}s`);
}

/**
 * Ready for the spec it has now: a changed HelmRelease keeps its old Ready condition until
 * helm-controller has acted on the change (a suspended one is not acted on, so its Ready stands).
 */
function readyAsSpecified(hr: KubeObject): boolean {
  if (!isReady(hr)) return false;
  if (specOf(hr).suspend) return true;
  return (hr.status as { observedGeneration?: number } | undefined)?.observedGeneration === hr.metadata.generation;
}

/**
 * Whether cozystack-operator has carried the Platform Package as it is now into the platform's
 * HelmRelease. The Package's Ready condition has no observedGeneration (as on Cozystack), so after
 * `--platform` changed it, its Ready and every release's still speak of the previous description
 * until the operator has copied the new values over.
 */
function platformReleaseCurrent(platform: Package, release: KubeObject | undefined): boolean {
  if (!release) return false;
  const wanted = platform.spec?.components?.platform?.values;
  const carried = (release.spec as { values?: unknown } | undefined)?.values;
  return deepEqual(carried ?? null, wanted ?? null);
}

/**
 * Checks the informer caches (cheap) until `probe` gives a value, or the server stops: again on
 * every change the `watched` informers see, and every POLL_MS (what depends on time alone).
 */
async function until<T>(deps: { clock: Clock; signal?: AbortSignal }, probe: () => T | undefined | 0, watched: SharedInformer<any>[] = []): Promise<T> {
  let wake: (() => void) | undefined;
  const changed = () => wake?.();
  const unsubscribe = watched.map((informer) => informer.addEventHandler({ onAdd: changed, onUpdate: changed, onDelete: changed }));
  try {
    for (;;) {
      if (deps.signal?.aborted) throw new Error('the server stopped before the install finished');
      const v = probe();
      if (v) return v;
      await new Promise<void>((resolve) => {
        wake = resolve;
        void deps.clock.sleep(POLL_MS).then(resolve);
      });
      wake = undefined;
    }
  } finally {
    for (const off of unsubscribe) off();
  }
}
