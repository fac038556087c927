import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Attributes } from './authorizer.ts';
import { compactRules, compactString, covers, describeSubject, ruleAllows, subjectAppliesTo, type PolicyRule } from './rbac-rules.ts';

const bob = { username: 'bob', groups: ['devs', 'system:authenticated'] };
const res = (verb: string, resource: string, extra: Partial<Attributes> = {}): Attributes => ({ user: bob, verb, group: '', resource, namespace: 'ns', ...extra });
const path = (verb: string, p: string): Attributes => ({ user: bob, verb, path: p });

describe('ruleAllows', () => {
  test('verbs, groups and resources must all match; * matches anything', () => {
    const rule: PolicyRule = { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] };
    assert.equal(ruleAllows(res('get', 'pods'), rule), true);
    assert.equal(ruleAllows(res('delete', 'pods'), rule), false);
    assert.equal(ruleAllows(res('get', 'services'), rule), false);
    assert.equal(ruleAllows(res('get', 'pods', { group: 'apps' }), rule), false);
    const all: PolicyRule = { apiGroups: ['*'], resources: ['*'], verbs: ['*'] };
    assert.equal(ruleAllows(res('escalate', 'deployments', { group: 'apps', subresource: 'scale' }), all), true);
  });

  test('a subresource is matched as resource/subresource, or by */subresource', () => {
    const logs: PolicyRule = { apiGroups: [''], resources: ['pods/log'], verbs: ['get'] };
    assert.equal(ruleAllows(res('get', 'pods', { subresource: 'log' }), logs), true);
    assert.equal(ruleAllows(res('get', 'pods'), logs), false);
    assert.equal(ruleAllows(res('get', 'pods', { subresource: 'exec' }), logs), false);
    const pods: PolicyRule = { apiGroups: [''], resources: ['pods'], verbs: ['get'] };
    assert.equal(ruleAllows(res('get', 'pods', { subresource: 'log' }), pods), false);
    const anyScale: PolicyRule = { apiGroups: ['*'], resources: ['*/scale'], verbs: ['update'] };
    assert.equal(ruleAllows(res('update', 'deployments', { group: 'apps', subresource: 'scale' }), anyScale), true);
    assert.equal(ruleAllows(res('update', 'deployments', { group: 'apps' }), anyScale), false);
  });

  test('resourceNames restrict to those names (a list has no name, so it is refused)', () => {
    const rule: PolicyRule = { apiGroups: [''], resources: ['configmaps'], resourceNames: ['app'], verbs: ['get', 'list'] };
    assert.equal(ruleAllows(res('get', 'configmaps', { name: 'app' }), rule), true);
    assert.equal(ruleAllows(res('get', 'configmaps', { name: 'other' }), rule), false);
    assert.equal(ruleAllows(res('list', 'configmaps'), rule), false);
  });

  test('nonResourceURLs match exactly or by a trailing *; resource rules never match a path', () => {
    const rule: PolicyRule = { nonResourceURLs: ['/healthz', '/apis/*'], verbs: ['get'] };
    assert.equal(ruleAllows(path('get', '/healthz'), rule), true);
    assert.equal(ruleAllows(path('get', '/healthz/etcd'), rule), false);
    assert.equal(ruleAllows(path('get', '/apis/apps/v1'), rule), true);
    assert.equal(ruleAllows(path('post', '/apis/apps'), rule), false);
    assert.equal(ruleAllows(path('get', '/metrics'), { apiGroups: ['*'], resources: ['*'], verbs: ['*'] }), false);
    assert.equal(ruleAllows(res('get', 'pods'), { nonResourceURLs: ['*'], verbs: ['*'] }), false);
  });
});

describe('subjects', () => {
  const sa = { username: 'system:serviceaccount:team:builder', groups: ['system:serviceaccounts', 'system:serviceaccounts:team'] };

  test('User by name, Group by membership, ServiceAccount by its username', () => {
    assert.equal(subjectAppliesTo(bob, { kind: 'User', name: 'bob' }, ''), true);
    assert.equal(subjectAppliesTo(bob, { kind: 'User', name: 'alice' }, ''), false);
    assert.equal(subjectAppliesTo(bob, { kind: 'Group', name: 'devs' }, ''), true);
    assert.equal(subjectAppliesTo(sa, { kind: 'ServiceAccount', name: 'builder', namespace: 'team' }, ''), true);
    assert.equal(subjectAppliesTo(sa, { kind: 'ServiceAccount', name: 'builder', namespace: 'other' }, ''), false);
    assert.equal(subjectAppliesTo(sa, { kind: 'Group', name: 'system:serviceaccounts:team' }, ''), true);
  });

  test("a ServiceAccount subject without namespace is the binding's namespace's; none in a ClusterRoleBinding", () => {
    assert.equal(subjectAppliesTo(sa, { kind: 'ServiceAccount', name: 'builder' }, 'team'), true);
    assert.equal(subjectAppliesTo(sa, { kind: 'ServiceAccount', name: 'builder' }, ''), false);
    assert.equal(describeSubject({ kind: 'ServiceAccount', name: 'builder' }, 'team'), 'ServiceAccount "builder/team"');
    assert.equal(describeSubject({ kind: 'User', name: 'bob' }, 'team'), 'User "bob"');
  });
});

describe('covers', () => {
  test('owned rules cover a rule piece by piece; what is missing comes back broken down', () => {
    const owned: PolicyRule[] = [
      { apiGroups: [''], resources: ['pods', 'pods/log'], verbs: ['get', 'list'] },
      { apiGroups: ['apps'], resources: ['*'], verbs: ['*'] },
    ];
    assert.equal(covers(owned, [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }]).covered, true);
    assert.equal(covers(owned, [{ apiGroups: ['apps'], resources: ['deployments/scale'], verbs: ['update'] }]).covered, true);
    const { covered, missing } = covers(owned, [{ apiGroups: [''], resources: ['pods', 'secrets'], verbs: ['get', 'delete'] }]);
    assert.equal(covered, false);
    assert.deepEqual(missing, [
      { apiGroups: [''], resources: ['pods'], verbs: ['delete'] },
      { apiGroups: [''], resources: ['secrets'], verbs: ['get'] },
      { apiGroups: [''], resources: ['secrets'], verbs: ['delete'] },
    ]);
  });

  test('*/subresource covers any resource’s subresource; resourceNames only narrow', () => {
    assert.equal(covers([{ apiGroups: [''], resources: ['*/status'], verbs: ['get'] }], [{ apiGroups: [''], resources: ['pods/status'], verbs: ['get'] }]).covered, true);
    const named: PolicyRule[] = [{ apiGroups: [''], resources: ['configmaps'], resourceNames: ['a'], verbs: ['get'] }];
    assert.equal(covers(named, [{ apiGroups: [''], resources: ['configmaps'], resourceNames: ['a'], verbs: ['get'] }]).covered, true);
    assert.equal(covers(named, [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get'] }]).covered, false);
  });

  test('nonResourceURLs are covered by equal or prefix-* owner URLs', () => {
    const owned: PolicyRule[] = [{ nonResourceURLs: ['/apis/*'], verbs: ['get'] }];
    assert.equal(covers(owned, [{ nonResourceURLs: ['/apis/apps'], verbs: ['get'] }]).covered, true);
    assert.equal(covers(owned, [{ nonResourceURLs: ['/metrics'], verbs: ['get'] }]).covered, false);
  });

  test('compacting joins verbs of one group/resource; CompactString prints as Go does', () => {
    const compact = compactRules([
      { apiGroups: [''], resources: ['pods'], verbs: ['get'] },
      { apiGroups: [''], resources: ['pods'], verbs: ['list'] },
      { nonResourceURLs: ['/metrics'], verbs: ['get'] },
    ]);
    assert.deepEqual(compact.map(compactString), ['{NonResourceURLs:["/metrics"], Verbs:["get"]}', '{APIGroups:[""], Resources:["pods"], Verbs:["get" "list"]}']);
    assert.equal(compactString({ apiGroups: ['apps'], resources: ['deployments'], resourceNames: ['web'], verbs: ['get'] }), '{APIGroups:["apps"], Resources:["deployments"], ResourceNames:["web"], Verbs:["get"]}');
  });
});
