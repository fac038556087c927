import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import type { ResourceType } from '../resource.ts';
import { dropEmptyCollections } from './empty-collections.ts';

const kind = (group: string, version: string, k: string) => ({ group, version, kind: k, strategicMergePatch: true }) as ResourceType;

test('optional lists and maps written empty are dropped, as Go omitempty drops them; structs and required lists stay', () => {
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', annotations: {}, labels: {} },
    spec: {
      selector: { matchLabels: { app: 'web' }, matchExpressions: [] },
      template: {
        metadata: { labels: { app: 'web' }, annotations: {} },
        spec: {
          nodeSelector: {},
          tolerations: [],
          affinity: {},
          imagePullSecrets: null,
          containers: [{ name: 'c', image: 'nginx', env: [], ports: [], resources: {} }],
        },
      },
    },
  } as unknown as KubeObject;
  dropEmptyCollections(kind('apps', 'v1', 'Deployment'), deployment);
  assert.deepEqual(deployment, {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { affinity: {}, containers: [{ name: 'c', image: 'nginx', resources: {} }] } },
    },
  });
  // A pod's containers are required: an empty list is the validator's to refuse, not the decoder's to drop.
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [] } } as unknown as KubeObject;
  dropEmptyCollections(kind('', 'v1', 'Pod'), pod);
  assert.deepEqual(pod.spec, { containers: [] });
});

test('the optional lists Go encodes even when empty stay: a Role\'s rules, an EndpointSlice\'s endpoints', () => {
  const role = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'r' }, rules: [] } as unknown as KubeObject;
  dropEmptyCollections(kind('rbac.authorization.k8s.io', 'v1', 'Role'), role);
  assert.deepEqual(role.rules, []);
  const slice = { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 's' }, addressType: 'IPv4', endpoints: [], ports: [] } as unknown as KubeObject;
  dropEmptyCollections(kind('discovery.k8s.io', 'v1', 'EndpointSlice'), slice);
  assert.deepEqual([slice.endpoints, slice.ports], [[], []]);
});

test('what is dropped is dropped from copies: values shared with another object are left as they were', () => {
  const shared = { containers: [{ name: 'c', image: 'nginx', env: [] }], tolerations: [] };
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: shared } as unknown as KubeObject;
  dropEmptyCollections(kind('', 'v1', 'Pod'), pod);
  assert.deepEqual(pod.spec, { containers: [{ name: 'c', image: 'nginx' }] });
  assert.deepEqual(shared, { containers: [{ name: 'c', image: 'nginx', env: [] }], tolerations: [] });
  // Nothing to drop: not a single copy.
  const clean = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'q' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } as unknown as KubeObject;
  const spec = clean.spec;
  dropEmptyCollections(kind('', 'v1', 'Pod'), clean);
  assert.equal(clean.spec, spec);
});
