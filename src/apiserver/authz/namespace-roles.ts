// The bootstrap Roles and RoleBindings kube-apiserver keeps in kube-system and kube-public: leader
// election for the controller manager and scheduler, the extension-apiserver-authentication
// reader, and the namespaced rights of the bootstrap-signer, cloud-provider and token-cleaner.

import type { KubeObject } from '../../machinery/object.ts';
import type { PolicyRule } from './rbac-rules.ts';
import { eventsRule, READ, role, roleBinding, rule } from './policy-builders.ts';

const leaderLocking = (): PolicyRule[] => [
  rule(['coordination.k8s.io'], ['leases'], ['create', 'get', 'list', 'update', 'watch']),
  rule(['coordination.k8s.io'], ['leasecandidates'], ['create', 'get', 'list', 'update', 'watch']),
];

export function namespaceRoles(): KubeObject[] {
  return [
    role('kube-public', 'system:controller:bootstrap-signer', [
      rule([''], ['configmaps'], READ),
      rule([''], ['configmaps'], ['update'], ['cluster-info']),
      eventsRule(),
    ]),
    role('kube-system', 'extension-apiserver-authentication-reader', [
      rule([''], ['configmaps'], READ, ['extension-apiserver-authentication']),
    ]),
    role('kube-system', 'system::leader-locking-kube-controller-manager', leaderLocking()),
    role('kube-system', 'system::leader-locking-kube-scheduler', leaderLocking()),
    role('kube-system', 'system:controller:bootstrap-signer', [rule([''], ['secrets'], READ)]),
    role('kube-system', 'system:controller:cloud-provider', [rule([''], ['configmaps'], ['create', 'get', 'list', 'watch'])]),
    role('kube-system', 'system:controller:token-cleaner', [
      rule([''], ['secrets'], ['delete', 'get', 'list', 'watch']),
      eventsRule(),
    ]),
  ];
}

export function namespaceRoleBindings(): KubeObject[] {
  return [
    roleBinding('kube-public', 'system:controller:bootstrap-signer', ['ServiceAccount:kube-system/bootstrap-signer']),
    roleBinding('kube-system', 'system::extension-apiserver-authentication-reader', ['User:system:kube-controller-manager', 'User:system:kube-scheduler'], 'extension-apiserver-authentication-reader'),
    roleBinding('kube-system', 'system::leader-locking-kube-controller-manager', [
      'User:system:kube-controller-manager',
      'ServiceAccount:kube-system/kube-controller-manager',
      'ServiceAccount:kube-system/leader-election-controller',
    ]),
    roleBinding('kube-system', 'system::leader-locking-kube-scheduler', ['User:system:kube-scheduler', 'ServiceAccount:kube-system/kube-scheduler']),
    roleBinding('kube-system', 'system:controller:bootstrap-signer', ['ServiceAccount:kube-system/bootstrap-signer']),
    roleBinding('kube-system', 'system:controller:cloud-provider', ['ServiceAccount:kube-system/cloud-provider']),
    roleBinding('kube-system', 'system:controller:token-cleaner', ['ServiceAccount:kube-system/token-cleaner']),
  ];
}
