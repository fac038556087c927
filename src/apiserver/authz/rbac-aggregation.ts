// The clusterrole-aggregation controller: a ClusterRole with `aggregationRule.clusterRoleSelectors`
// has as rules the union of the rules of every other ClusterRole its selectors match, kept so as
// ClusterRoles come, change and go (it reacts to the RBAC cache, not to a watch of its own).

import { labelSelectorFromObject, matches, type LabelSelectorObject } from '../../machinery/labels.ts';
import { deepEqual } from '../../machinery/object.ts';
import type { WriteContext } from '../registry/context.ts';
import type { ResourceRegistry } from '../registry/registry.ts';
import type { RoleObject } from './rbac-cache.ts';
import type { RBACAuthorizer } from './rbac.ts';
import type { PolicyRule } from './rbac-rules.ts';

export const AGGREGATION_FIELD_MANAGER = 'clusterrole-aggregation-controller';

/** The aggregated rules of `role` given every ClusterRole, in upstream's order: selectors, then role names. */
export function aggregatedRules(role: RoleObject, all: Iterable<RoleObject>): PolicyRule[] {
  const result: PolicyRule[] = [];
  const roles = [...all].sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0));
  for (const selectorObject of role.aggregationRule?.clusterRoleSelectors ?? []) {
    const selector = labelSelectorFromObject(selectorObject as LabelSelectorObject);
    for (const other of roles) {
      if (other.metadata.name === role.metadata.name || !matches(selector, other.metadata.labels)) continue;
      for (const r of other.rules ?? []) {
        if (!result.some((existing) => sameRule(existing, r))) result.push(r);
      }
    }
  }
  return result;
}

/** equality.Semantic: a missing list and an empty one are the same. */
function normalized(rule: PolicyRule): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(rule)) if (Array.isArray(v) && v.length) out[k] = v as string[];
  return out;
}

function sameRule(a: PolicyRule, b: PolicyRule): boolean {
  return deepEqual(normalized(a), normalized(b));
}

function sameRules(a: readonly PolicyRule[], b: readonly PolicyRule[]): boolean {
  return a.length === b.length && a.every((r, i) => sameRule(r, b[i]!));
}

export class ClusterRoleAggregator {
  private queue: Promise<void> = Promise.resolve();
  private readonly pending = new Set<string>();
  private running = false;

  constructor(
    private readonly rbac: RBACAuthorizer,
    private readonly clusterRoles: ResourceRegistry,
    private readonly context: () => WriteContext,
  ) {}

  async start(): Promise<void> {
    await this.rbac.start();
    // Any ClusterRole change may change what any aggregated role selects.
    this.rbac.cache.onChange((kind) => {
      if (kind === 'ClusterRole' && this.running) this.enqueueAll();
    });
    this.running = true;
    this.enqueueAll();
    await this.settled();
  }

  stop(): void {
    this.running = false;
  }

  /** Resolves once every change seen so far has been acted on. */
  async settled(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.queue;
      await seen;
      // A write made while syncing re-enqueues; wait for the watch to deliver it.
      await new Promise<void>((r) => setImmediate(r));
    } while (seen !== this.queue || this.pending.size > 0);
  }

  private enqueueAll(): void {
    for (const role of this.rbac.cache.clusterRoles.values()) {
      if (role.aggregationRule) this.pending.add(role.metadata.name!);
    }
    this.queue = this.queue.then(() => this.drain()).catch(() => {});
  }

  private async drain(): Promise<void> {
    for (const name of [...this.pending]) {
      this.pending.delete(name);
      if (this.running) await this.sync(name).catch(() => undefined);
    }
  }

  private async sync(name: string): Promise<void> {
    const role = this.rbac.cache.clusterRoles.get(name);
    if (!role?.aggregationRule) return;
    const rules = aggregatedRules(role, this.rbac.cache.clusterRoles.values());
    if (sameRules(rules, role.rules ?? [])) return;
    await this.clusterRoles.guaranteedUpdate('', name, this.context(), '', (current) => {
      const next = current as RoleObject;
      next.rules = rules;
      return next;
    });
  }
}
