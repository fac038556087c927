// The shapes of kube-apiserver's bootstrap policy (bootstrappolicy/policy.go): rules, and the
// roles and bindings it creates labelled kubernetes.io/bootstrapping=rbac-defaults and
// annotated for auto-update.

import type { KubeObject } from '../../machinery/object.ts';
import type { PolicyRule } from './rbac-rules.ts';

export const RBAC_GROUP = 'rbac.authorization.k8s.io';
export const BOOTSTRAPPING_LABEL = 'kubernetes.io/bootstrapping';
export const AUTOUPDATE_ANNOTATION = 'rbac.authorization.kubernetes.io/autoupdate';

export const READ = ['get', 'list', 'watch'];
export const WRITE = ['create', 'delete', 'deletecollection', 'patch', 'update'];
export const READ_WRITE = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

/** A rule, its keys in the order kube-apiserver writes them (rbacv1.PolicyRule's fields). */
export const rule = (apiGroups: string[], resources: string[], verbs: string[], resourceNames?: string[]): PolicyRule => ({
  verbs,
  apiGroups,
  resources,
  ...(resourceNames ? { resourceNames } : {}),
});
/** Recording events, in either events API: what nearly every component may do. */
export const eventsRule = (): PolicyRule => rule(['', 'events.k8s.io'], ['events'], ['create', 'patch', 'update']);
export const urls = (nonResourceURLs: string[], verbs: string[]): PolicyRule => ({ nonResourceURLs, verbs });

/** A binding's subject: `User:name`, `Group:name` or `ServiceAccount:namespace/name`. */
export type SubjectRef = `User:${string}` | `Group:${string}` | `ServiceAccount:${string}`;

function subject(ref: SubjectRef): Record<string, string> {
  const [kind, name] = [ref.slice(0, ref.indexOf(':')), ref.slice(ref.indexOf(':') + 1)];
  if (kind === 'ServiceAccount') {
    const [namespace, sa] = name.split('/') as [string, string];
    return { kind, name: sa, namespace };
  }
  return { apiGroup: RBAC_GROUP, kind, name };
}

function bootstrapMetadata(name: string, namespace?: string, labels?: Record<string, string>): KubeObject['metadata'] {
  return {
    name,
    ...(namespace ? { namespace } : {}),
    labels: { [BOOTSTRAPPING_LABEL]: 'rbac-defaults', ...labels },
    annotations: { [AUTOUPDATE_ANNOTATION]: 'true' },
  };
}

export function clusterRole(name: string, rules: PolicyRule[] | undefined, extra: { labels?: Record<string, string>; aggregateFrom?: string } = {}): KubeObject {
  return {
    apiVersion: `${RBAC_GROUP}/v1`,
    kind: 'ClusterRole',
    metadata: bootstrapMetadata(name, undefined, extra.labels),
    ...(extra.aggregateFrom ? { aggregationRule: { clusterRoleSelectors: [{ matchLabels: { [extra.aggregateFrom]: 'true' } }] } } : {}),
    ...(rules ? { rules } : {}),
  };
}

/** A ClusterRoleBinding of the ClusterRole `role` (default: the binding's own name). */
export function clusterRoleBinding(name: string, subjects: SubjectRef[], role = name): KubeObject {
  return {
    apiVersion: `${RBAC_GROUP}/v1`,
    kind: 'ClusterRoleBinding',
    metadata: bootstrapMetadata(name),
    roleRef: { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name: role },
    ...(subjects.length > 0 ? { subjects: subjects.map(subject) } : {}),
  };
}

export function role(namespace: string, name: string, rules: PolicyRule[]): KubeObject {
  return { apiVersion: `${RBAC_GROUP}/v1`, kind: 'Role', metadata: bootstrapMetadata(name, namespace), rules };
}

/** A RoleBinding of the Role `roleName` in the same namespace (default: the binding's own name). */
export function roleBinding(namespace: string, name: string, subjects: SubjectRef[], roleName = name): KubeObject {
  return {
    apiVersion: `${RBAC_GROUP}/v1`,
    kind: 'RoleBinding',
    metadata: bootstrapMetadata(name, namespace),
    roleRef: { apiGroup: RBAC_GROUP, kind: 'Role', name: roleName },
    subjects: subjects.map(subject),
  };
}
