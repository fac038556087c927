// Flux with real kubectl: a HelmRelease of the built-in chart `system/reloader` (Cozystack's
// cozy-reloader, through an ExternalArtifact whose status is written with --subresource=status)
// installs, heals a deleted Deployment, honours suspend, upgrades on a values change, reports bad
// values (against core/platform's schema) as READY False, and uninstalls when deleted.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';

// Flux is Cozystack's: the cozystack-operator installs it in the Cozystack stage.
const cluster = useCluster({ platform: true });

function kubectl(args: string[], input?: string): string {
  const r = cluster.kubectl(args, { input });
  assert.equal(r.code, 0, `kubectl ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

/** Polls kubectl until `ok` accepts its output (the cluster reconciles asynchronously). */
async function until(args: string[], ok: (out: string) => boolean, what: string): Promise<string> {
  let out = '';
  for (let i = 0; i < 300; i++) {
    const r = cluster.kubectl(args);
    out = r.stdout + r.stderr;
    if (r.code === 0 && ok(r.stdout)) return r.stdout;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`${what}: last output:\n${out}`);
}

function artifact(name: string, chartPath: string): { manifest: string; status: string } {
  const digest = `sha256:${'ab'.repeat(32)}`;
  return {
    manifest: `apiVersion: source.toolkit.fluxcd.io/v1\nkind: ExternalArtifact\nmetadata:\n  name: ${name}\n  namespace: cozy-system\nspec: {}\n`,
    status: JSON.stringify({
      status: {
        artifact: { path: `e2e/${name}.tar.gz`, url: `http://flux.cozy-fluxcd.svc/e2e/${name}.tar.gz`, revision: digest, digest, lastUpdateTime: '2026-01-01T00:00:00Z', metadata: { 'cozylab.io/chart-path': chartPath } },
        conditions: [{ type: 'Ready', status: 'True', reason: 'Succeeded', message: 'stored artifact', lastTransitionTime: '2026-01-01T00:00:00Z' }],
      },
    }),
  };
}

const RELEASE = `apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: reloader
  namespace: e2e-flux
spec:
  interval: 5m
  chartRef: {kind: ExternalArtifact, name: e2e-reloader, namespace: cozy-system}
  install: {strategy: {name: RetryOnFailure, retryInterval: 30s}}
  values: {note: first}
`;

test('the flux Deployment runs in cozy-fluxcd and the Flux kinds are served', async () => {
  await until(['get', 'pods', '-n', 'cozy-fluxcd'], (o) => /flux-\S+\s+5\/5\s+Running/.test(o), 'flux pod Running');
  const resources = kubectl(['api-resources', '--api-group=helm.toolkit.fluxcd.io']);
  assert.match(resources, /helmreleases\s+hr\s+helm\.toolkit\.fluxcd\.io\/v2\s+true\s+HelmRelease/);
});

test('a HelmRelease installs, heals, suspends, upgrades, reports bad values and uninstalls', async () => {
  kubectl(['create', 'namespace', 'e2e-flux']);
  for (const [name, path] of [['e2e-reloader', 'system/reloader'], ['e2e-platform', 'core/platform']] as const) {
    const a = artifact(name, path);
    kubectl(['apply', '-f', '-'], a.manifest);
    kubectl(['patch', 'externalartifact', name, '-n', 'cozy-system', '--subresource=status', '--type=merge', '-p', a.status]);
  }
  kubectl(['apply', '-f', '-'], RELEASE);
  const list = await until(['get', 'hr', '-A'], (o) => /e2e-flux\s+reloader\s+\S+\s+True\s+Helm install succeeded for release e2e-flux\/reloader\.v1 with chart cozy-reloader@0\.0\.0\+abababababab/.test(o), 'reloader READY True');
  assert.match(list.split('\n')[0]!, /^NAMESPACE\s+NAME\s+AGE\s+READY\s+STATUS/);
  kubectl(['get', 'secret', 'sh.helm.release.v1.reloader.v1', '-n', 'e2e-flux']);

  // Self-healing: a deleted managed Deployment comes back.
  const uid = kubectl(['get', 'deploy', 'reloader-reloader', '-n', 'e2e-flux', '-o', 'jsonpath={.metadata.uid}']);
  kubectl(['delete', 'deploy', 'reloader-reloader', '-n', 'e2e-flux']);
  await until(['get', 'deploy', 'reloader-reloader', '-n', 'e2e-flux', '-o', 'jsonpath={.metadata.uid}'], (o) => o !== '' && o !== uid, 'Deployment restored');

  // Suspended: a manual edit survives; resumed: it is reverted.
  kubectl(['patch', 'hr', 'reloader', '-n', 'e2e-flux', '--type', 'merge', '-p', '{"spec":{"suspend":true}}']);
  kubectl(['label', 'deploy', 'reloader-reloader', '-n', 'e2e-flux', 'app=edited', '--overwrite']);
  await new Promise((res) => setTimeout(res, 1500));
  assert.equal(kubectl(['get', 'deploy', 'reloader-reloader', '-n', 'e2e-flux', '-o', 'jsonpath={.metadata.labels.app}']), 'edited');
  kubectl(['patch', 'hr', 'reloader', '-n', 'e2e-flux', '--type', 'merge', '-p', '{"spec":{"suspend":false}}']);
  await until(['get', 'deploy', 'reloader-reloader', '-n', 'e2e-flux', '-o', 'jsonpath={.metadata.labels.app}'], (o) => o === 'reloader-reloader', 'edit reverted');

  // A values change upgrades: revision 2, history grows.
  kubectl(['patch', 'hr', 'reloader', '-n', 'e2e-flux', '--type', 'merge', '-p', '{"spec":{"values":{"note":"second"}}}']);
  await until(['get', 'hr', 'reloader', '-n', 'e2e-flux', '-o', 'jsonpath={.status.history[*].version}'], (o) => o === '2 1', 'history 2 1');
  kubectl(['get', 'secret', 'sh.helm.release.v1.reloader.v2', '-n', 'e2e-flux']);
  assert.equal(kubectl(['get', 'secret', 'sh.helm.release.v1.reloader.v1', '-n', 'e2e-flux', '-o', 'jsonpath={.metadata.labels.status}']), 'superseded');

  // Bad values: READY False with the schema message.
  kubectl(['apply', '-f', '-'], RELEASE.replace('name: reloader', 'name: bad').replace('e2e-reloader', 'e2e-platform').replace('{note: first}', '{publishing: {host: 42}}'));
  const bad = await until(['get', 'hr', 'bad', '-n', 'e2e-flux'], (o) => /\sFalse\s/.test(o), 'bad READY False');
  assert.match(bad, /Helm install failed for release e2e-flux\/bad with chart cozy-platform@.*values don't meet the specifications of the schema\(s\) in the following chart\(s\):/);

  // Deleting the HelmRelease uninstalls what it installed.
  kubectl(['delete', 'hr', 'reloader', '-n', 'e2e-flux', '--wait=true']);
  const left = cluster.kubectl(['get', 'deploy,serviceaccount', '-n', 'e2e-flux', '-l', 'helm.toolkit.fluxcd.io/name=reloader', '-o', 'name']);
  assert.equal(left.stdout.trim(), '');
  assert.notEqual(cluster.kubectl(['get', 'secret', 'sh.helm.release.v1.reloader.v2', '-n', 'e2e-flux']).code, 0);
});
