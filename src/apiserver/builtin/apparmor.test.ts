import { test } from 'node:test';
import assert from 'node:assert/strict';
import { syncAppArmor, validateAppArmorAnnotations, validateAppArmorMatch } from './apparmor.ts';
import type { KubeObject } from '../../machinery/object.ts';

const PREFIX = 'container.apparmor.security.beta.kubernetes.io/';

function pod(annotations: Record<string, string>, containers: Array<Record<string, unknown>>, podProfile?: Record<string, unknown>): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', annotations },
    spec: { ...(podProfile ? { securityContext: { appArmorProfile: podProfile } } : {}), containers },
  };
}

test('a new Pod: annotations become container fields with a deprecation warning, fields get their annotations', () => {
  const p = pod({ [`${PREFIX}a`]: 'localhost/k8s-deny-write', [`${PREFIX}b`]: 'runtime/default', [`${PREFIX}d`]: 'bogus' }, [
    { name: 'a', image: 'x' },
    { name: 'b', image: 'x' },
    { name: 'c', image: 'x', securityContext: { appArmorProfile: { type: 'Unconfined' } } },
    { name: 'd', image: 'x' },
    { name: 'e', image: 'x' },
  ], { type: 'RuntimeDefault' });
  const warnings: string[] = [];
  syncAppArmor(p, (w) => warnings.push(w));
  const containers = (p.spec as { containers: Array<{ securityContext?: unknown }> }).containers;
  assert.deepEqual(containers[0]!.securityContext, { appArmorProfile: { type: 'Localhost', localhostProfile: 'k8s-deny-write' } });
  // Equal to the pod-level profile: not copied, and no warning.
  assert.equal(containers[1]!.securityContext, undefined);
  assert.equal(p.metadata.annotations![`${PREFIX}c`], 'unconfined');
  assert.equal(p.metadata.annotations![`${PREFIX}e`], 'runtime/default');
  assert.deepEqual(warnings, [
    `metadata.annotations[${PREFIX}a]: deprecated since v1.30; use the "appArmorProfile" field instead`,
    `metadata.annotations[${PREFIX}d]: deprecated since v1.30; use the "appArmorProfile" field instead`,
  ]);
});

test('annotations must name a container and a profile; on create they must agree with the fields', () => {
  const p = pod({ [`${PREFIX}ghost`]: 'runtime/default', [`${PREFIX}app`]: 'strict', [`${PREFIX}lh`]: 'localhost/one' }, [
    { name: 'app', image: 'x', securityContext: { appArmorProfile: { type: 'RuntimeDefault' } } },
    { name: 'lh', image: 'x', securityContext: { appArmorProfile: { type: 'Localhost', localhostProfile: 'two' } } },
  ]);
  assert.deepEqual(
    validateAppArmorAnnotations(p.metadata.annotations, p.spec, 'metadata.annotations').map((e) => `${e.field}: ${e.message}`),
    [`metadata.annotations[${PREFIX}ghost]: Invalid value: "ghost": container not found`, `metadata.annotations[${PREFIX}app]: Invalid value: "strict": invalid AppArmor profile name: "strict"`],
  );
  assert.deepEqual(
    validateAppArmorMatch(p).map((e) => `${e.field}: ${e.message}`),
    [
      'spec.containers[0].securityContext.appArmorProfile.type: Forbidden: apparmor type in annotation and field must match',
      'spec.containers[1].securityContext.appArmorProfile.localhostProfile: Forbidden: apparmor profile in annotation and field must match',
    ],
  );
});
