import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import type { Attributes } from './authorizer.ts';
import { CONTROLLER_ROLE_PREFIX, controllerClusterRoleBindings, controllerClusterRoles } from './controller-roles.ts';
import { namespaceRoleBindings, namespaceRoles } from './namespace-roles.ts';
import { ruleAllows, type PolicyRule } from './rbac-rules.ts';

const G = 'rbac.authorization.k8s.io';
const nobody = { username: 'nobody', groups: [] };
const rulesOf = (role: KubeObject) => role.rules as PolicyRule[];
const allows = (role: KubeObject, attrs: Omit<Attributes, 'user'>) => rulesOf(role).some((r) => ruleAllows({ user: nobody, ...attrs }, r));
const find = (objects: KubeObject[], name: string, namespace?: string) => {
  const found = objects.find((o) => o.metadata.name === name && o.metadata.namespace === namespace);
  assert.ok(found, `${name} in ${namespace ?? '(cluster)'}`);
  return found;
};

test('there is one ClusterRole per controller of the bootstrap policy (38), each a bootstrap role', () => {
  const roles = controllerClusterRoles();
  assert.equal(roles.length, 38);
  assert.equal(new Set(roles.map((r) => r.metadata.name)).size, roles.length);
  for (const role of roles) {
    assert.ok(role.metadata.name?.startsWith(CONTROLLER_ROLE_PREFIX), role.metadata.name);
    assert.equal(role.kind, 'ClusterRole');
    assert.equal(role.metadata.labels?.['kubernetes.io/bootstrapping'], 'rbac-defaults');
    assert.equal(role.metadata.annotations?.['rbac.authorization.kubernetes.io/autoupdate'], 'true');
    assert.ok(rulesOf(role).length > 0, role.metadata.name);
  }
});

test('the deployment controller may update apps deployments/status and manage replicasets, nothing of secrets', () => {
  const deployment = find(controllerClusterRoles(), 'system:controller:deployment-controller');
  assert.ok(rulesOf(deployment).some((r) => r.apiGroups?.includes('apps') && r.resources?.includes('deployments/status') && r.verbs.includes('update')));
  assert.equal(allows(deployment, { verb: 'update', group: 'apps', resource: 'deployments', subresource: 'status', namespace: 'ns' }), true);
  assert.equal(allows(deployment, { verb: 'create', group: 'apps', resource: 'replicasets', namespace: 'ns' }), true);
  assert.equal(allows(deployment, { verb: 'get', group: '', resource: 'secrets', namespace: 'ns' }), false);
});

test('a few well-known grants: garbage collector everywhere, HPA on any */scale, the token cleaner on one configmap', () => {
  const roles = controllerClusterRoles();
  const gc = find(roles, 'system:controller:generic-garbage-collector');
  assert.equal(allows(gc, { verb: 'delete', group: 'example.com', resource: 'widgets', namespace: 'ns' }), true);
  const hpa = find(roles, 'system:controller:horizontal-pod-autoscaler');
  assert.equal(allows(hpa, { verb: 'update', group: 'apps', resource: 'deployments', subresource: 'scale', namespace: 'ns' }), true);
  const cleaner = find(roles, 'system:controller:legacy-service-account-token-cleaner');
  assert.equal(allows(cleaner, { verb: 'get', group: '', resource: 'configmaps', name: 'kube-apiserver-legacy-service-account-token-tracking', namespace: 'kube-system' }), true);
  assert.equal(allows(cleaner, { verb: 'get', group: '', resource: 'configmaps', name: 'other', namespace: 'kube-system' }), false);
});

test('every controller ClusterRole is bound, under its own name, to the ServiceAccount kube-system/<controller>', () => {
  const roles = controllerClusterRoles();
  const bindings = controllerClusterRoleBindings();
  assert.equal(bindings.length, roles.length);
  for (const role of roles) {
    const name = role.metadata.name ?? '';
    const binding = find(bindings, name);
    assert.deepEqual(binding.roleRef, { apiGroup: G, kind: 'ClusterRole', name });
    assert.deepEqual(binding.subjects, [{ kind: 'ServiceAccount', name: name.slice(CONTROLLER_ROLE_PREFIX.length), namespace: 'kube-system' }]);
  }
});

test('extension-apiserver-authentication-reader reads only the extension-apiserver-authentication configmap in kube-system', () => {
  const reader = find(namespaceRoles(), 'extension-apiserver-authentication-reader', 'kube-system');
  assert.equal(reader.kind, 'Role');
  for (const verb of ['get', 'list', 'watch']) {
    assert.equal(allows(reader, { verb, group: '', resource: 'configmaps', name: 'extension-apiserver-authentication', namespace: 'kube-system' }), true, verb);
  }
  assert.equal(allows(reader, { verb: 'update', group: '', resource: 'configmaps', name: 'extension-apiserver-authentication', namespace: 'kube-system' }), false);
  assert.equal(allows(reader, { verb: 'get', group: '', resource: 'configmaps', name: 'kube-proxy', namespace: 'kube-system' }), false);

  const binding = find(namespaceRoleBindings(), 'system::extension-apiserver-authentication-reader', 'kube-system');
  assert.deepEqual(binding.roleRef, { apiGroup: G, kind: 'Role', name: 'extension-apiserver-authentication-reader' });
  assert.deepEqual((binding.subjects as { kind: string; name: string }[]).map((s) => `${s.kind}:${s.name}`), ['User:system:kube-controller-manager', 'User:system:kube-scheduler']);
});

test('every namespaced RoleBinding refers to a Role of its own namespace', () => {
  const roles = namespaceRoles();
  const bindings = namespaceRoleBindings();
  assert.equal(roles.length, 7);
  assert.equal(bindings.length, 7);
  for (const binding of bindings) {
    const ref = binding.roleRef as { kind: string; name: string };
    assert.equal(ref.kind, 'Role');
    find(roles, ref.name, binding.metadata.namespace);
  }
  const leader = find(bindings, 'system::leader-locking-kube-controller-manager', 'kube-system');
  assert.deepEqual(leader.subjects, [
    { apiGroup: G, kind: 'User', name: 'system:kube-controller-manager' },
    { kind: 'ServiceAccount', name: 'kube-controller-manager', namespace: 'kube-system' },
    { kind: 'ServiceAccount', name: 'leader-election-controller', namespace: 'kube-system' },
  ]);
});
