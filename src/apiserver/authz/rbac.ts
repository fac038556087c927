// The RBAC authorizer, as kube-apiserver's: walk the ClusterRoleBindings, then the RoleBindings of
// the request's namespace, and allow on the first rule of a bound role that matches. Members of
// system:masters are allowed before RBAC is asked, as the privileged-group authorizer does.

import type { Store } from '../../storage/store.ts';
import { SYSTEM_MASTERS, type UserInfo } from '../auth/user.ts';
import type { Attributes, Authorizer, Decision, RulesSummary } from './authorizer.ts';
import { RBACCache, type BindingObject } from './rbac-cache.ts';
import { describeSubject, goQuote, ruleAllows, subjectAppliesTo, type PolicyRule, type RoleRef } from './rbac-rules.ts';

/** Called per rule with a lazy description of where it came from, or with a resolution error; false stops. */
export type RuleVisitor = (source: (() => string) | undefined, rule: PolicyRule | undefined, err: string | undefined) => boolean;

export class RBACAuthorizer implements Authorizer {
  readonly cache: RBACCache;

  constructor(host: { store: Store }) {
    this.cache = new RBACCache(host.store);
  }

  /** Fills the cache and starts watching; authorize and rulesFor also wait for it. */
  start(): Promise<void> {
    return this.cache.start();
  }

  stop(): void {
    this.cache.stop();
  }

  async authorize(attrs: Attributes): Promise<Decision> {
    if (attrs.user.groups.includes(SYSTEM_MASTERS)) return { allowed: true, reason: '' };
    await this.cache.start();
    const errors: string[] = [];
    let reason: string | undefined;
    this.visitRulesFor(attrs.user, attrs.namespace ?? '', (source, rule, err) => {
      if (rule && ruleAllows(attrs, rule)) {
        reason = `RBAC: allowed by ${source!()}`;
        return false;
      }
      if (err) errors.push(err);
      return true;
    });
    if (reason !== undefined) return { allowed: true, reason };
    return { allowed: false, reason: errors.length ? `RBAC: ${aggregate(errors)}` : '' };
  }

  /** SelfSubjectRulesReview's answer; `evaluationError` rides along when a binding's role is missing. */
  async rulesFor(user: UserInfo, namespace: string): Promise<RulesSummary> {
    const { rules, errors } = await this.policyRulesFor(user, namespace);
    const summary: RulesSummary & { evaluationError?: string } = { resourceRules: [], nonResourceRules: [], incomplete: false };
    for (const r of rules) {
      if (r.resources?.length) {
        summary.resourceRules.push({
          verbs: r.verbs,
          apiGroups: r.apiGroups ?? [],
          resources: r.resources,
          ...(r.resourceNames?.length ? { resourceNames: r.resourceNames } : {}),
        });
      }
      if (r.nonResourceURLs?.length) summary.nonResourceRules.push({ verbs: r.verbs, nonResourceURLs: r.nonResourceURLs });
    }
    if (errors.length) summary.evaluationError = aggregate(errors);
    return summary;
  }

  /** Every rule that applies to the user in the namespace (cluster-wide ones only for ""), and resolution errors. */
  async policyRulesFor(user: UserInfo, namespace: string): Promise<{ rules: PolicyRule[]; errors: string[] }> {
    await this.cache.start();
    const rules: PolicyRule[] = [];
    const errors: string[] = [];
    this.visitRulesFor(user, namespace, (_source, rule, err) => {
      if (rule) rules.push(rule);
      if (err) errors.push(err);
      return true;
    });
    return { rules, errors };
  }

  /** The rules a binding's roleRef grants; throws an Error with the lister's NotFound text. */
  roleReferenceRules(ref: RoleRef, bindingNamespace: string): PolicyRule[] {
    switch (ref.kind) {
      case 'Role': {
        const role = this.cache.role(bindingNamespace, ref.name);
        if (!role) throw new Error(`role.rbac.authorization.k8s.io ${goQuote(ref.name)} not found`);
        return role.rules ?? [];
      }
      case 'ClusterRole': {
        const role = this.cache.clusterRoles.get(ref.name);
        if (!role) throw new Error(`clusterrole.rbac.authorization.k8s.io ${goQuote(ref.name)} not found`);
        return role.rules ?? [];
      }
      default:
        throw new Error(`unsupported role reference kind: ${goQuote(ref.kind)}`);
    }
  }

  /** Call after start() has resolved. */
  visitRulesFor(user: UserInfo, namespace: string, visit: RuleVisitor): void {
    for (const binding of this.cache.clusterRoleBindings.values()) {
      if (!this.visitBinding(user, binding, '', visit)) return;
    }
    if (!namespace) return;
    for (const binding of this.cache.roleBindingsIn(namespace)) {
      if (!this.visitBinding(user, binding, namespace, visit)) return;
    }
  }

  private visitBinding(user: UserInfo, binding: BindingObject, namespace: string, visit: RuleVisitor): boolean {
    const subject = (binding.subjects ?? []).find((s) => subjectAppliesTo(user, s, namespace));
    if (!subject) return true;
    let rules: PolicyRule[];
    try {
      rules = this.roleReferenceRules(binding.roleRef, namespace);
    } catch (err) {
      return visit(undefined, undefined, (err as Error).message);
    }
    const ref = binding.roleRef;
    const source = namespace
      ? () => `RoleBinding ${goQuote(`${binding.metadata.name}/${namespace}`)} of ${ref.kind} ${goQuote(ref.name)} to ${describeSubject(subject, namespace)}`
      : () => `ClusterRoleBinding ${goQuote(binding.metadata.name!)} of ${ref.kind} ${goQuote(ref.name)} to ${describeSubject(subject, '')}`;
    for (const rule of rules) if (!visit(source, rule, undefined)) return false;
    return true;
  }
}

/** utilerrors.NewAggregate(...).Error(). */
function aggregate(messages: string[]): string {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
}
