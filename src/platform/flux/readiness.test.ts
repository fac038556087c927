import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createExternalArtifact, eventually, helmRelease, readyOf, startFluxTestEnv } from './test-support.ts';

const HR = (name: string) => ({ apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease', namespace: 'apps', name });
const DEPLOY = (name: string) => ({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'apps', name });

test('Ready only once the Deployment is available; past the timeout the install fails and RetryOnFailure retries', async () => {
  const env = await startFluxTestEnv();
  try {
    await createExternalArtifact(env.client, 'demo-artifact', 'system/demo');
    await env.client.create(helmRelease('slow', { values: { deployment: true }, timeout: '1m', install: { strategy: { name: 'RetryOnFailure', retryInterval: '30s' } } }));
    const waiting = await eventually('progressing', async () => {
      const o = await env.client.get(HR('slow'));
      return readyOf(o)?.status === 'Unknown' && o;
    });
    assert.equal(readyOf(waiting)!.message, "Running 'install' action with timeout of 1m0s");
    await env.clock.advance(61_000);
    const failed = await eventually('timed out', async () => {
      const o = await env.client.get(HR('slow'));
      return readyOf(o)?.status === 'False' && o;
    });
    assert.equal(readyOf(failed)!.reason, 'InstallFailed');
    assert.match(readyOf(failed)!.message, /timeout waiting for: \[Deployment\/apps\/slow status: 'InProgress'\]/);
    const secret = await env.client.get({ apiVersion: 'v1', kind: 'Secret', namespace: 'apps', name: 'sh.helm.release.v1.slow.v1' });
    assert.equal(secret.metadata.labels?.status, 'failed');
    // The Deployment becomes available (as its controller would report it); the retry upgrades and succeeds.
    const deploy = await env.client.get(DEPLOY('slow'));
    await env.client.updateStatus({ ...deploy, status: { observedGeneration: deploy.metadata.generation, replicas: 1, updatedReplicas: 1, readyReplicas: 1, availableReplicas: 1 } });
    await env.clock.advance(30_000);
    const ready = await eventually('ready after retry', async () => {
      const o = await env.client.get(HR('slow'));
      return readyOf(o)?.status === 'True' && o;
    });
    assert.equal(readyOf(ready)!.reason, 'UpgradeSucceeded');
    assert.deepEqual((ready.status as { history: Array<{ version: number; status: string }> }).history.map((h) => [h.version, h.status]), [[2, 'deployed'], [1, 'failed']]);
  } finally {
    await env.stop();
  }
});

test('an object owned by another release is refused with Helm\'s ownership error', async () => {
  const env = await startFluxTestEnv();
  try {
    await createExternalArtifact(env.client, 'demo-artifact', 'system/demo');
    await env.client.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'taken-config', namespace: 'apps', labels: { 'app.kubernetes.io/managed-by': 'Helm' }, annotations: { 'meta.helm.sh/release-name': 'other', 'meta.helm.sh/release-namespace': 'apps' } } });
    await env.client.create(helmRelease('taken', {}));
    const hr = await eventually('refused', async () => {
      const o = await env.client.get(HR('taken'));
      return readyOf(o)?.status === 'False' && o;
    });
    assert.match(readyOf(hr)!.message, /Unable to continue with install: ConfigMap "taken-config" in namespace "apps" exists and cannot be imported into the current release: invalid ownership metadata; annotation validation error: key "meta\.helm\.sh\/release-name" must equal "taken": current value is "other"/);
    assert.equal((hr.status as { conditions: Array<{ type: string; reason: string }> }).conditions.find((c) => c.type === 'Stalled')?.reason, 'RetriesExceeded');
  } finally {
    await env.stop();
  }
});

test("an upgrade updates the release's own objects whatever their metadata, and refuses only what it would newly take over", async () => {
  const env = await startFluxTestEnv();
  try {
    await createExternalArtifact(env.client, 'demo-artifact', 'system/demo');
    await env.client.create(helmRelease('mine', {}));
    await eventually('installed', async () => readyOf(await env.client.get(HR('mine')))?.status === 'True');
    // Something rewrote the release's ConfigMap without Helm's metadata (as cozystack-api rebuilds a HelmRelease).
    const cm = await env.client.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'apps', name: 'mine-config' });
    await env.client.update({ ...cm, metadata: { ...cm.metadata, labels: {}, annotations: {} } });
    // An object the upgrade adds, which nobody's release owns.
    await env.client.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'mine-extra', namespace: 'apps' } });
    await env.client.patch(HR('mine'), 'merge', { spec: { values: { message: 'again', extra: true } } });
    const refused = await eventually('refused', async () => {
      const o = await env.client.get(HR('mine'));
      return readyOf(o)?.status === 'False' && /Unable to continue with upgrade/.test(readyOf(o)!.message) && o;
    });
    assert.match(readyOf(refused)!.message, /ConfigMap "mine-extra" in namespace "apps" exists and cannot be imported into the current release/);
    assert.doesNotMatch(readyOf(refused)!.message, /mine-config/);
    await env.client.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'apps', name: 'mine-extra' });
    await env.client.patch(HR('mine'), 'merge', { spec: { values: { message: 'third', extra: true } } });
    await eventually('upgraded', async () => readyOf(await env.client.get(HR('mine')))?.status === 'True');
    const updated = await env.client.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'apps', name: 'mine-config' });
    assert.equal((updated as { data?: Record<string, string> }).data?.message, 'third');
    assert.equal(updated.metadata.annotations?.['meta.helm.sh/release-name'], 'mine');
  } finally {
    await env.stop();
  }
});

test('spec.chart: the helm-controller templates a HelmChart and the source-controller packs the chart from a HelmRepository', async () => {
  const env = await startFluxTestEnv();
  try {
    await env.client.create({ apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'HelmRepository', metadata: { name: 'charts', namespace: 'apps' }, spec: { url: 'https://charts.example.org', interval: '5m' } });
    await env.client.create({ ...helmRelease('fromrepo', {}), spec: { interval: '5m', chart: { spec: { chart: 'demo', version: '>=1.0.0', sourceRef: { kind: 'HelmRepository', name: 'charts' } } } } });
    const hr = await eventually('installed from HelmChart', async () => {
      const o = await env.client.get(HR('fromrepo'));
      return readyOf(o)?.status === 'True' && o;
    });
    assert.equal((hr.status as { helmChart?: string }).helmChart, 'apps/apps-fromrepo');
    const hc = await env.client.get({ apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'HelmChart', namespace: 'apps', name: 'apps-fromrepo' });
    assert.equal(readyOf(hc)!.message, "pulled 'demo' chart with version '1.0.0'");
    const repo = await env.client.get({ apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'HelmRepository', namespace: 'apps', name: 'charts' });
    assert.match(readyOf(repo)!.message, /^stored artifact: revision 'sha256:[0-9a-f]{64}'$/);
    // A chart from the internet: the HelmChart says it is not in the index, and why.
    await env.client.create({ ...helmRelease('podinfo', {}), spec: { interval: '5m', chart: { spec: { chart: 'podinfo', version: '6.x', sourceRef: { kind: 'HelmRepository', name: 'charts' } } } } });
    const missing = await eventually('HelmChart not ready', async () => {
      const o = await env.client.get({ apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'HelmChart', namespace: 'apps', name: 'apps-podinfo' }).catch(() => undefined);
      return o && readyOf(o)?.status === 'False' && o;
    });
    assert.equal(readyOf(missing)!.reason, 'ChartPullError');
    assert.match(readyOf(missing)!.message, /^invalid chart reference: failed to get chart version for remote reference: no chart name found \(cozylab reaches no network: .*'podinfo' is none of them\)$/);
    const oci = await env.client.create({ apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'OCIRepository', metadata: { name: 'pkgs', namespace: 'apps' }, spec: { url: 'oci://ghcr.io/cozystack/cozystack/cozystack-packages', ref: { tag: 'v1.6.2' }, interval: '5m' } });
    const ociReady = await eventually('oci ready', async () => {
      const o = await env.client.get({ apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'OCIRepository', namespace: 'apps', name: oci.metadata.name! });
      return readyOf(o)?.status === 'True' && o;
    });
    assert.match(readyOf(ociReady)!.message, /^stored artifact for digest 'v1\.6\.2@sha256:[0-9a-f]{64}'$/);
    assert.equal((ociReady.status as { observedGeneration: number }).observedGeneration, 1);
  } finally {
    await env.stop();
  }
});

test('install remediation retries -1 means retry forever: the release installs instead of stalling', async () => {
  const env = await startFluxTestEnv();
  try {
    await createExternalArtifact(env.client, 'demo-artifact', 'system/demo');
    await env.client.create(helmRelease('forever', { install: { remediation: { retries: -1 } } }));
    const hr = await eventually('installed', async () => {
      const o = await env.client.get(HR('forever'));
      return readyOf(o)?.status === 'True' && o;
    });
    assert.equal(readyOf(hr)!.reason, 'InstallSucceeded');
  } finally {
    await env.stop();
  }
});

test('a waiting release is woken by the status change that decides it: Ready once available, failed at once on a deadline exceeded', async () => {
  const env = await startFluxTestEnv();
  try {
    await createExternalArtifact(env.client, 'demo-artifact', 'system/demo');
    for (const name of ['steady', 'doomed']) await env.client.create(helmRelease(name, { values: { deployment: true }, timeout: '10m' }));
    for (const name of ['steady', 'doomed']) await eventually(`${name} progressing`, async () => readyOf(await env.client.get(HR(name)))?.status === 'Unknown');
    // Progressing is said before the install writes anything: the Deployments come a moment later.
    for (const name of ['steady', 'doomed']) await eventually(`${name} installed`, () => env.client.get(DEPLOY(name)).then(() => true, () => false));
    // A status that still leaves the Deployment unavailable: the release keeps waiting.
    let deploy = await env.client.get(DEPLOY('steady'));
    deploy = await env.client.updateStatus({ ...deploy, status: { observedGeneration: deploy.metadata.generation, replicas: 1, updatedReplicas: 1, readyReplicas: 0, availableReplicas: 0 } });
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(readyOf(await env.client.get(HR('steady')))?.status, 'Unknown');
    // Available: Ready without waiting for any timer.
    await env.client.updateStatus({ ...deploy, status: { observedGeneration: deploy.metadata.generation, replicas: 1, updatedReplicas: 1, readyReplicas: 1, availableReplicas: 1 } });
    const ready = await eventually('steady Ready', async () => {
      const o = await env.client.get(HR('steady'));
      return readyOf(o)?.status === 'True' && o;
    });
    assert.equal(readyOf(ready)!.reason, 'InstallSucceeded');
    // Its progress deadline exceeded: the install fails at once, not at the timeout.
    const doomed = await env.client.get(DEPLOY('doomed'));
    await env.client.updateStatus({ ...doomed, status: { observedGeneration: doomed.metadata.generation, replicas: 1, updatedReplicas: 1, conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }] } });
    const failed = await eventually('doomed failed', async () => {
      const o = await env.client.get(HR('doomed'));
      return readyOf(o)?.status === 'False' && o;
    });
    assert.equal(readyOf(failed)!.reason, 'InstallFailed');
    assert.match(readyOf(failed)!.message, /Deployment\/apps\/doomed status: 'Failed'/);
  } finally {
    await env.stop();
  }
});
