// `helm upgrade --install <release> <chart> --namespace <ns>` for the installer chart, straight on
// the helm engine (release records, ownership, install order, dropped objects) — no HelmRelease,
// as on the real platform where the admin runs helm. An unchanged chart and values make no new
// revision; the objects are applied again all the same, so drift is corrected.

import type { Clock, KubeClient } from '../../controller/index.ts';
import type { Chart, Values } from '../charts/chart.ts';
import { mergeValues } from '../charts/lib/values.ts';
import { applyObjects, applyRelease } from '../helm/apply.ts';
import { parseManifest, renderManifest, type HelmRelease } from '../helm/release.ts';
import { ReleaseStore } from '../helm/release-store.ts';

export interface UpgradeInstallOptions {
  releaseName: string;
  namespace: string;
  /** `--values`/`--set`: the release's config. */
  values: Values;
  maxHistory?: number;
}

export interface UpgradeInstallResult {
  revision: number;
  /** A new revision was written (first install, or a changed chart, values or manifest). */
  changed: boolean;
}

export async function upgradeInstall(client: KubeClient, clock: Clock, chart: Chart, opts: UpgradeInstallOptions): Promise<UpgradeInstallResult> {
  const store = new ReleaseStore(client, opts.namespace, () => clock.now());
  const history = await store.history(opts.releaseName);
  const last = history.at(-1);
  const deployed = [...history].reverse().find((r) => r.info.status === 'deployed');
  const revision = (last?.version ?? 0) + 1;
  const isInstall = !deployed;
  const merged = mergeValues(chart.values, opts.values);
  const objects = chart.render(merged, { name: opts.releaseName, namespace: opts.namespace, revision, isInstall, isUpgrade: !isInstall, service: 'Helm' });
  const manifest = renderManifest(chart.name, objects);
  const ctx = { client, release: { name: opts.releaseName, namespace: opts.namespace }, fieldManager: 'helm', clock };

  if (deployed && deployed.manifest === manifest && deployed.chart.metadata.version === chart.version && JSON.stringify(deployed.config) === JSON.stringify(opts.values)) {
    await applyObjects({ ...ctx, released: 'all' }, objects, 'upgrade');
    return { revision: deployed.version, changed: false };
  }

  const now = clock.now().toISOString();
  const release: HelmRelease = {
    name: opts.releaseName,
    namespace: opts.namespace,
    version: revision,
    info: { first_deployed: history[0]?.info.first_deployed ?? now, last_deployed: now, deleted: '', description: isInstall ? 'Install complete' : 'Upgrade complete', status: isInstall ? 'pending-install' : 'pending-upgrade' },
    chart: { metadata: { name: chart.name, version: chart.version, apiVersion: 'v2' }, lock: null, templates: [], values: chart.values, schema: chart.valuesSchema ?? null, files: [] },
    config: opts.values,
    manifest,
  };
  await store.create(release);
  try {
    await applyRelease(ctx, objects, deployed && parseManifest(deployed.manifest), isInstall ? 'install' : 'upgrade');
  } catch (err) {
    await store.update({ ...release, info: { ...release.info, status: 'failed', description: `${isInstall ? 'Release' : 'Upgrade'} "${opts.releaseName}" failed: ${(err as Error).message}` } });
    throw err;
  }
  if (deployed) await store.update({ ...deployed, info: { ...deployed.info, status: 'superseded' } });
  await store.update({ ...release, info: { ...release.info, status: 'deployed' } });
  await store.prune(opts.releaseName, opts.maxHistory ?? 10);
  return { revision, changed: true };
}
