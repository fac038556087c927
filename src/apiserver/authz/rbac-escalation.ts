// RBAC's escalation prevention, which kube-apiserver does in the RBAC storages, as an admission
// plugin: a user may write a role only with rules they hold (or with `escalate` on it), and a
// binding only to a role whose rules they hold (or with `bind` on it). system:masters skips all.

import { forbidden } from '../../machinery/errors.ts';
import { deepEqual, type KubeObject } from '../../machinery/object.ts';
import type { AdmissionPlugin, AdmissionRequest } from '../admission/admission.ts';
import { SYSTEM_MASTERS, type UserInfo } from '../auth/user.ts';
import type { Authorizer } from './authorizer.ts';
import { RBAC_GROUP } from './default-roles.ts';
import type { BindingObject, RoleObject } from './rbac-cache.ts';
import type { RBACAuthorizer } from './rbac.ts';
import { compactRules, compactString, covers, goQuote, goQuoteList, type PolicyRule } from './rbac-rules.ts';

const FULL_AUTHORITY: PolicyRule[] = [
  { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
  { verbs: ['*'], nonResourceURLs: ['*'] },
];

const ROLE_KINDS: Record<string, string> = { Role: 'roles', ClusterRole: 'clusterroles' };

export class EscalationError extends Error {}

/** ConfirmNoEscalation: throws with upstream's text when `rules` are not all held by `user` in `namespace`. */
export async function confirmNoEscalation(rbac: RBACAuthorizer, user: UserInfo, namespace: string, rules: readonly PolicyRule[]): Promise<void> {
  const owned = await rbac.policyRulesFor(user, namespace);
  const { covered, missing } = covers(owned.rules, rules);
  if (covered) return;
  const descriptions = [...new Set(compactRules(missing).map(compactString))].sort();
  let msg = `user ${goQuote(user.username)} (groups=${goQuoteList(user.groups)}) is attempting to grant RBAC permissions not currently held:\n${descriptions.join('\n')}`;
  if (owned.errors.length) msg += `; resolution errors: [${owned.errors.join(' ')}]`;
  throw new EscalationError(msg);
}

/** Only what the garbage collector changes (owners, finalizers, deletion): not an escalation. */
function onlyGCFieldsChanged(obj: KubeObject, old: KubeObject): boolean {
  const strip = (o: KubeObject) => {
    const { ownerReferences: _o, finalizers: _f, deletionTimestamp: _d, deletionGracePeriodSeconds: _g, managedFields: _m, resourceVersion: _r, ...metadata } = o.metadata;
    return { ...o, metadata };
  };
  return deepEqual(strip(obj), strip(old));
}

function hasAggregationRule(role: RoleObject | undefined): boolean {
  return (role?.aggregationRule?.clusterRoleSelectors?.length ?? 0) > 0;
}

export function rbacEscalationCheck(rbac: RBACAuthorizer, authorizer: () => Authorizer = () => rbac): AdmissionPlugin {
  const allowedVerb = async (user: UserInfo, verb: string, group: string, resource: string, namespace: string, name: string) =>
    (await authorizer().authorize({ user, verb, group, version: '*', resource, namespace, name })).allowed;

  async function check(req: AdmissionRequest, obj: KubeObject): Promise<void> {
    const plural = req.resource.plural;
    const namespace = req.resource.namespaced ? req.namespace : '';
    const gr = { group: RBAC_GROUP, resource: plural };
    const refuse = (err: unknown): never => {
      throw forbidden(gr, obj.metadata.name ?? req.name, (err as Error).message);
    };
    if (plural === 'roles' || plural === 'clusterroles') {
      // The URL's name: none on create.
      if (await allowedVerb(req.user, 'escalate', RBAC_GROUP, plural, namespace, req.operation === 'CREATE' ? '' : req.name)) return;
      await confirmNoEscalation(rbac, req.user, namespace, (obj as RoleObject).rules ?? []).catch(refuse);
      if (plural === 'clusterroles' && (hasAggregationRule(obj as RoleObject) || hasAggregationRule(req.oldObject as RoleObject | undefined))) {
        await confirmNoEscalation(rbac, req.user, namespace, FULL_AUTHORITY).catch(() =>
          refuse(new EscalationError('must have cluster-admin privileges to use the aggregationRule')),
        );
      }
      return;
    }
    const ref = (obj as BindingObject).roleRef;
    if (!ref) return;
    const roleResource = ROLE_KINDS[ref.kind];
    if (roleResource && (await allowedVerb(req.user, 'bind', ref.apiGroup ?? '', roleResource, namespace, ref.name))) return;
    let rules: PolicyRule[] = [];
    try {
      rules = rbac.roleReferenceRules(ref, namespace);
    } catch (err) {
      refuse(err);
    }
    await confirmNoEscalation(rbac, req.user, namespace, rules).catch(refuse);
  }

  return {
    name: 'RBACEscalationPrevention',
    validate(req) {
      if (req.resource.group !== RBAC_GROUP || req.subresource) return;
      if (req.operation !== 'CREATE' && req.operation !== 'UPDATE') return;
      if (!['roles', 'clusterroles', 'rolebindings', 'clusterrolebindings'].includes(req.resource.plural)) return;
      if (!req.object || req.user.groups.includes(SYSTEM_MASTERS)) return;
      if (req.operation === 'UPDATE' && req.oldObject && onlyGCFieldsChanged(req.object, req.oldObject)) return;
      const object = req.object;
      return rbac.start().then(() => check(req, object));
    },
  };
}
