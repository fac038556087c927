import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeRelease } from '../helm/release-store.ts';
import { createExternalArtifact, eventually, helmRelease, readyOf, startFluxTestEnv } from './test-support.ts';

const HR = (name: string) => ({ apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease', namespace: 'apps', name });
const CM = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'apps', name });

test('install: objects with Helm ownership, a release Secret, Ready=True InstallSucceeded; nothing new when nothing changed', async () => {
  const env = await startFluxTestEnv();
  try {
    await createExternalArtifact(env.client, 'demo-artifact', 'system/demo');
    await env.client.create(helmRelease('web', { values: { message: 'hi' } }));
    const hr = await eventually('web Ready', async () => {
      const o = await env.client.get(HR('web'));
      return readyOf(o)?.status === 'True' && o;
    });
    assert.equal(readyOf(hr)!.reason, 'InstallSucceeded');
    assert.equal(readyOf(hr)!.message, 'Helm install succeeded for release apps/web.v1 with chart demo@1.0.0+0123456789ab');
    const cm = await env.client.get(CM('web-config'));
    assert.equal((cm as { data?: Record<string, string> }).data?.message, 'hi');
    assert.equal(cm.metadata.labels?.['app.kubernetes.io/managed-by'], 'Helm');
    assert.equal(cm.metadata.labels?.['helm.toolkit.fluxcd.io/name'], 'web');
    assert.equal(cm.metadata.annotations?.['meta.helm.sh/release-name'], 'web');
    const secret = await env.client.get({ apiVersion: 'v1', kind: 'Secret', namespace: 'apps', name: 'sh.helm.release.v1.web.v1' });
    assert.equal((secret as { type?: string }).type, 'helm.sh/release.v1');
    const { name, owner, status: recordStatus, version } = secret.metadata.labels ?? {};
    assert.deepEqual({ name, owner, recordStatus, version }, { name: 'web', owner: 'helm', recordStatus: 'deployed', version: '1' });
    const rel = decodeRelease((secret as unknown as { data: Record<string, string> }).data.release!);
    assert.equal(rel.info.description, 'Install complete');
    assert.deepEqual(rel.config, { message: 'hi' });
    assert.match(rel.manifest, /kind: ConfigMap/);
    const status = hr.status as { history: Array<{ version: number; status: string; chartName: string }>; observedGeneration: number; lastAttemptedReleaseAction: string };
    assert.deepEqual(status.history.map((h) => [h.version, h.status, h.chartName]), [[1, 'deployed', 'demo']]);
    assert.equal(status.lastAttemptedReleaseAction, 'install');
    assert.equal(status.observedGeneration, 1);
    // A reconcile request with nothing changed makes no new revision.
    await env.client.patch(HR('web'), 'merge', { metadata: { annotations: { 'reconcile.fluxcd.io/requestedAt': 'now' } } });
    await eventually('request handled', async () => ((await env.client.get(HR('web'))).status as { lastHandledReconcileAt?: string } | undefined)?.lastHandledReconcileAt === 'now');
    const secrets = await env.client.list({ apiVersion: 'v1', kind: 'Secret' }, { namespace: 'apps', labelSelector: 'owner=helm' });
    assert.equal(secrets.items.length, 1);
  } finally {
    await env.stop();
  }
});

test('values: chart defaults, values files, valuesFrom in order and spec.values merge; a change upgrades to v2', async () => {
  const env = await startFluxTestEnv();
  try {
    await createExternalArtifact(env.client, 'demo-artifact', 'system/demo');
    await env.client.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'base', namespace: 'apps' }, data: { 'values.yaml': 'message: from-configmap\nreplicas: 2\n' } });
    await env.client.create({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'msg', namespace: 'apps', labels: { 'reconcile.fluxcd.io/watch': 'Enabled' } }, stringData: { text: 'from-secret' } });
    const hr = helmRelease('merge', { valuesFrom: [{ kind: 'ConfigMap', name: 'base' }, { kind: 'Secret', name: 'msg', valuesKey: 'text', targetPath: 'message' }, { kind: 'Secret', name: 'absent', optional: true }] });
    hr.metadata.annotations = { 'cozyhr.cozystack.io/values-files': 'values.yaml,values-loud.yaml' };
    await env.client.create(hr);
    await eventually('merge Ready', async () => readyOf(await env.client.get(HR('merge')))?.status === 'True');
    assert.equal(((await env.client.get(CM('merge-config'))) as { data?: Record<string, string> }).data?.message, 'from-secret');
    // The watched Secret changes: the release upgrades with the new value.
    await env.client.patch({ apiVersion: 'v1', kind: 'Secret', namespace: 'apps', name: 'msg' }, 'merge', { stringData: { text: 'changed' } });
    const upgraded = await eventually('upgrade to v2', async () => {
      const o = await env.client.get(HR('merge'));
      return readyOf(o)?.reason === 'UpgradeSucceeded' && o;
    });
    assert.equal(readyOf(upgraded)!.message, 'Helm upgrade succeeded for release apps/merge.v2 with chart demo@1.0.0+0123456789ab');
    assert.equal(((await env.client.get(CM('merge-config'))) as { data?: Record<string, string> }).data?.message, 'changed');
    const history = (upgraded.status as { history: Array<{ version: number; status: string }> }).history;
    assert.deepEqual(history.map((h) => [h.version, h.status]), [[2, 'deployed'], [1, 'superseded']]);
    const v1 = await env.client.get({ apiVersion: 'v1', kind: 'Secret', namespace: 'apps', name: 'sh.helm.release.v1.merge.v1' });
    assert.equal(v1.metadata.labels?.status, 'superseded');
    // Without the optional Secret and values file the defaults show through.
    await env.client.patch(HR('merge'), 'merge', { spec: { valuesFrom: null, values: { replicas: 3 } } });
    await eventually('v3 with defaults', async () => ((await env.client.get(CM('merge-config'))) as { data?: Record<string, string> }).data?.message === 'HELLO');
  } finally {
    await env.stop();
  }
});

test('bad values: Ready=False InstallFailed with the schema message, never a crash; fixing them installs', async () => {
  const env = await startFluxTestEnv();
  try {
    await createExternalArtifact(env.client, 'demo-artifact', 'system/demo');
    await env.client.create(helmRelease('bad', { values: { replicas: 'three' } }));
    const hr = await eventually('bad fails', async () => {
      const o = await env.client.get(HR('bad'));
      return readyOf(o)?.status === 'False' && o;
    });
    assert.equal(readyOf(hr)!.reason, 'InstallFailed');
    assert.match(readyOf(hr)!.message, /^Helm install failed for release apps\/bad with chart demo@1\.0\.0\+0123456789ab: values don't meet the specifications of the schema\(s\) in the following chart\(s\):\ndemo:\n- at '\/replicas': must be integer/);
    await env.client.patch(HR('bad'), 'merge', { spec: { values: { replicas: 1, fail: true } } });
    const failing = await eventually('render error', async () => {
      const o = await env.client.get(HR('bad'));
      return /asked to fail/.test(readyOf(o)?.message ?? '') && o;
    });
    assert.equal(readyOf(failing)!.status, 'False');
    await env.client.patch(HR('bad'), 'merge', { spec: { values: { replicas: 1, fail: false } } });
    await eventually('bad installs', async () => readyOf(await env.client.get(HR('bad')))?.reason === 'InstallSucceeded');
  } finally {
    await env.stop();
  }
});

test('dependsOn: DependencyNotReady until the dependency is Ready', async () => {
  const env = await startFluxTestEnv();
  try {
    await env.client.create(helmRelease('second', { dependsOn: [{ name: 'first' }] }));
    const blocked = await eventually('blocked', async () => {
      const o = await env.client.get(HR('second'));
      return readyOf(o)?.reason === 'DependencyNotReady' && o;
    });
    assert.match(readyOf(blocked)!.message, /dependency 'apps\/first'|unable to get 'apps\/first' dependency/);
    await env.client.create(helmRelease('first', {}));
    await eventually('first blocked on its artifact', async () => readyOf(await env.client.get(HR('first')))?.reason === 'ArtifactFailed');
    assert.equal(readyOf(await env.client.get(HR('second')))!.message, "dependency 'apps/first' is not ready");
    await createExternalArtifact(env.client, 'demo-artifact', 'system/demo');
    await eventually('second installs after first', async () => readyOf(await env.client.get(HR('second')))?.reason === 'InstallSucceeded');
  } finally {
    await env.stop();
  }
});

test('drift: a deleted or edited managed object is restored; suspended, edits survive; resumed, they are reverted', async () => {
  const env = await startFluxTestEnv();
  try {
    await createExternalArtifact(env.client, 'demo-artifact', 'system/demo');
    await env.client.create(helmRelease('drift', { values: { message: 'desired' } }));
    await eventually('drift Ready', async () => readyOf(await env.client.get(HR('drift')))?.status === 'True');
    await env.client.delete(CM('drift-config'));
    await eventually('restored after delete', async () => ((await env.client.get(CM('drift-config'))) as { data?: Record<string, string> }).data?.message === 'desired');
    await env.client.patch(CM('drift-config'), 'merge', { data: { message: 'manual' } });
    await eventually('edit reverted', async () => ((await env.client.get(CM('drift-config'))) as { data?: Record<string, string> }).data?.message === 'desired');
    await env.client.patch(HR('drift'), 'merge', { spec: { suspend: true } });
    await eventually('suspend seen', async () => (await env.client.get(HR('drift'))).metadata.generation === 2);
    await env.client.patch(CM('drift-config'), 'merge', { data: { message: 'manual' } });
    await env.clock.advance(10 * 60_000);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(((await env.client.get(CM('drift-config'))) as { data?: Record<string, string> }).data?.message, 'manual');
    await env.client.patch(HR('drift'), 'merge', { spec: { suspend: false } });
    await eventually('resume reverts', async () => ((await env.client.get(CM('drift-config'))) as { data?: Record<string, string> }).data?.message === 'desired');
    const secrets = await env.client.list({ apiVersion: 'v1', kind: 'Secret' }, { namespace: 'apps', labelSelector: 'owner=helm,name=drift' });
    assert.equal(secrets.items.length, 1, 'drift correction makes no new revision');
  } finally {
    await env.stop();
  }
});

test('upgrade drops removed objects; uninstall on delete removes everything except keep-annotated objects', async () => {
  const env = await startFluxTestEnv();
  try {
    await createExternalArtifact(env.client, 'demo-artifact', 'system/demo');
    await env.client.create(helmRelease('gone', { values: { extra: true } }));
    await eventually('extra exists', async () => !!(await env.client.get(CM('gone-extra'))));
    await env.client.patch(HR('gone'), 'merge', { spec: { values: { extra: false } } });
    await eventually('extra dropped', async () => {
      try {
        await env.client.get(CM('gone-extra'));
        return false;
      } catch {
        return true;
      }
    });
    await env.client.delete(HR('gone'));
    await eventually('hr gone', async () => {
      try {
        await env.client.get(HR('gone'));
        return false;
      } catch {
        return true;
      }
    });
    await assert.rejects(env.client.get(CM('gone-config')), /not found/);
    assert.equal(((await env.client.get(CM('gone-kept'))) as { data?: Record<string, string> }).data?.kept, 'yes');
    const secrets = await env.client.list({ apiVersion: 'v1', kind: 'Secret' }, { namespace: 'apps', labelSelector: 'owner=helm,name=gone' });
    assert.equal(secrets.items.length, 0);
  } finally {
    await env.stop();
  }
});

test('flux reconcile --force upgrades a release in sync once; --reset lets a stalled release try again', async () => {
  const env = await startFluxTestEnv();
  const annotate = (name: string, annotations: Record<string, string>) => env.client.patch(HR(name), 'merge', { metadata: { annotations } });
  const status = async (name: string) => (await env.client.get(HR(name))).status as Record<string, any>;
  try {
    await createExternalArtifact(env.client, 'demo-artifact', 'system/demo');
    await env.client.create(helmRelease('web', {}));
    await eventually('web Ready', async () => readyOf(await env.client.get(HR('web')))?.status === 'True');
    await annotate('web', { 'reconcile.fluxcd.io/requestedAt': 'f1', 'reconcile.fluxcd.io/forceAt': 'f1' });
    const forced = await eventually('forced upgrade', async () => {
      const o = await env.client.get(HR('web'));
      return readyOf(o)?.reason === 'UpgradeSucceeded' && o;
    });
    assert.equal(readyOf(forced)!.message, 'Helm upgrade succeeded for release apps/web.v2 with chart demo@1.0.0+0123456789ab');
    assert.equal((forced.status as Record<string, unknown>).lastHandledForceAt, 'f1');
    // A plain request afterwards (forceAt no longer equal to it) makes no new revision.
    await annotate('web', { 'reconcile.fluxcd.io/requestedAt': 'r2' });
    await eventually('request handled', async () => (await status('web')).lastHandledReconcileAt === 'r2');
    assert.deepEqual((await status('web')).history.map((h: { version: number }) => h.version), [2, 1]);

    await env.client.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'taken-config', namespace: 'apps', labels: { 'app.kubernetes.io/managed-by': 'Helm' }, annotations: { 'meta.helm.sh/release-name': 'other', 'meta.helm.sh/release-namespace': 'apps' } } });
    await env.client.create(helmRelease('taken', {}));
    await eventually('stalled', async () => (await status('taken')).conditions?.some((c: { type: string; reason: string }) => c.type === 'Stalled' && c.reason === 'RetriesExceeded'));
    await env.client.delete(CM('taken-config'));
    await annotate('taken', { 'reconcile.fluxcd.io/requestedAt': 'plain' });
    await eventually('plain request handled', async () => (await status('taken')).lastHandledReconcileAt === 'plain');
    assert.equal(readyOf(await env.client.get(HR('taken')))!.status, 'False', 'retries spent: a plain request does not retry');
    await annotate('taken', { 'reconcile.fluxcd.io/requestedAt': 'r1', 'reconcile.fluxcd.io/resetAt': 'r1' });
    await eventually('released after the reset', async () => readyOf(await env.client.get(HR('taken')))?.status === 'True');
    const after = await status('taken');
    assert.equal(after.lastHandledResetAt, 'r1');
    assert.equal(after.installFailures, undefined);
    assert.ok(!after.conditions.some((c: { type: string }) => c.type === 'Stalled'));
  } finally {
    await env.stop();
  }
});
