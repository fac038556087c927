import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Attributes, Authorizer } from '../authz/authorizer.ts';
import type { ApiRequest } from '../http-types.ts';
import { impersonatedUser } from './impersonation.ts';
import type { UserInfo } from './user.ts';

function request(headers: [string, string][]): ApiRequest {
  return { rawHeaders: headers.flat(), headers: {} } as unknown as ApiRequest;
}

/** Allows `impersonate` only on what `allowed` lists as `resource/name` (`*` for any name). */
function authorizer(allowed: string[], seen: Attributes[] = []): Authorizer {
  return {
    async authorize(attrs) {
      seen.push(attrs);
      const resource = attrs.subresource ? `${attrs.resource}/${attrs.subresource}` : attrs.resource;
      const ok = attrs.verb === 'impersonate' && (allowed.includes(`${resource}/${attrs.name}`) || allowed.includes(`${resource}/*`));
      return { allowed: ok, reason: '' };
    },
    async rulesFor() {
      return { resourceRules: [], nonResourceRules: [], incomplete: false };
    },
  };
}

const alice: UserInfo = { username: 'alice', groups: ['devs', 'system:authenticated'] };

describe('impersonation', () => {
  test('without Impersonate-* headers the requester stays who it is', async () => {
    assert.equal(await impersonatedUser(request([['Accept', 'application/json']]), alice, authorizer([])), alice);
  });

  test('a user allowed to impersonate becomes the user, authenticated', async () => {
    const seen: Attributes[] = [];
    const user = await impersonatedUser(request([['Impersonate-User', 'bob']]), alice, authorizer(['users/bob'], seen));
    assert.deepEqual(user, { username: 'bob', groups: ['system:authenticated'] });
    assert.deepEqual(seen.map((a) => [a.verb, a.group, a.resource, a.name]), [['impersonate', '', 'users', 'bob']]);
  });

  test('refused with kube-apiserver\'s Forbidden message', async () => {
    await assert.rejects(impersonatedUser(request([['Impersonate-User', 'bob']]), alice, authorizer([])), (err: Error & { code: number }) => {
      assert.equal(err.code, 403);
      assert.equal(err.message, 'users "bob" is forbidden: User "alice" cannot impersonate resource "users" in API group "" at the cluster scope');
      return true;
    });
    await assert.rejects(
      impersonatedUser(request([['Impersonate-User', 'bob'], ['Impersonate-Group', 'admins']]), alice, authorizer(['users/bob'])),
      /groups "admins" is forbidden: User "alice" cannot impersonate resource "groups" in API group "" at the cluster scope/,
    );
  });

  test('a service account is checked in its namespace and brings its groups', async () => {
    const seen: Attributes[] = [];
    const user = await impersonatedUser(request([['Impersonate-User', 'system:serviceaccount:team:builder']]), alice, authorizer(['serviceaccounts/builder'], seen));
    assert.deepEqual(user, { username: 'system:serviceaccount:team:builder', groups: ['system:serviceaccounts', 'system:serviceaccounts:team', 'system:authenticated'] });
    assert.equal(seen[0]!.namespace, 'team');
    await assert.rejects(
      impersonatedUser(request([['Impersonate-User', 'system:serviceaccount:team:builder']]), alice, authorizer([])),
      /serviceaccounts "builder" is forbidden: User "alice" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "team"$/,
    );
  });

  test('groups, uid and extras are each authorized and carried over', async () => {
    const headers: [string, string][] = [
      ['Impersonate-User', 'bob'],
      ['Impersonate-Group', 'qa'],
      ['Impersonate-Group', 'ops'],
      ['Impersonate-Uid', '1234'],
      ['Impersonate-Extra-Scopes', 'view'],
      ['Impersonate-Extra-Scopes', 'edit'],
      ['Impersonate-Extra-Example.com%2fteam', 'red'],
    ];
    const seen: Attributes[] = [];
    const user = await impersonatedUser(request(headers), alice, authorizer(['users/*', 'groups/*', 'uids/*', 'userextras/scopes/*', 'userextras/example.com/team/*'], seen));
    assert.deepEqual(user, { username: 'bob', groups: ['qa', 'ops', 'system:authenticated'], uid: '1234', extra: { scopes: ['view', 'edit'], 'example.com/team': ['red'] } });
    assert.ok(seen.some((a) => a.group === 'authentication.k8s.io' && a.resource === 'userextras' && a.subresource === 'scopes'));
  });

  test('groups without a user are an error, as upstream', async () => {
    await assert.rejects(impersonatedUser(request([['Impersonate-Group', 'qa']]), alice, authorizer(['groups/*'])), /without impersonating a user/);
  });

  test('impersonating anonymous gives system:unauthenticated', async () => {
    const user = await impersonatedUser(request([['Impersonate-User', 'system:anonymous']]), alice, authorizer(['users/*']));
    assert.deepEqual(user.groups, ['system:unauthenticated']);
  });
});
