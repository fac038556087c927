// Switching RBAC on for a server: the authorizer, the escalation check, the default roles and
// bindings (created when absent, as the rbac/bootstrap-roles post-start hook does) and the
// ClusterRole aggregation controller.

import { isStatusError } from '../../machinery/errors.ts';
import type { Store } from '../../storage/store.ts';
import type { AdmissionChain } from '../admission/admission.ts';
import type { WriteContext } from '../registry/context.ts';
import type { ResourceRegistry } from '../registry/registry.ts';
import type { Authorizer } from './authorizer.ts';
import { defaultClusterRoleBindings, defaultClusterRoles, RBAC_GROUP } from './default-roles.ts';
import { AGGREGATION_FIELD_MANAGER, ClusterRoleAggregator } from './rbac-aggregation.ts';
import { rbacEscalationCheck } from './rbac-escalation.ts';
import { RBACAuthorizer } from './rbac.ts';

/** What of the API server RBAC needs (ApiServer has all of it). */
export interface RBACHost {
  readonly store: Store;
  readonly admission: AdmissionChain;
  authorizer: Authorizer;
  registry(group: string, plural: string): ResourceRegistry;
  internalContext(fieldManager?: string): WriteContext;
}

export interface RBAC {
  authorizer: RBACAuthorizer;
  aggregator: ClusterRoleAggregator;
  /** Resolves once aggregation has caught up with every ClusterRole change seen so far. */
  settled(): Promise<void>;
  stop(): void;
}

/** Creates each default ClusterRole and ClusterRoleBinding that does not exist; existing ones are left as they are. */
export async function ensureDefaultRBAC(host: Pick<RBACHost, 'registry' | 'internalContext'>): Promise<void> {
  const ctx = host.internalContext('kube-apiserver');
  const sets: [ResourceRegistry, ReturnType<typeof defaultClusterRoles>][] = [
    [host.registry(RBAC_GROUP, 'clusterroles'), defaultClusterRoles()],
    [host.registry(RBAC_GROUP, 'clusterrolebindings'), defaultClusterRoleBindings()],
  ];
  for (const [registry, objects] of sets) {
    for (const obj of objects) {
      if (await registry.tryGet('', obj.metadata.name!)) continue;
      await registry.create('', obj, ctx).catch((err) => {
        if (!isStatusError(err, 'AlreadyExists')) throw err;
      });
    }
  }
}

/** Enforces RBAC on `host` from now on; call before the server takes requests. */
export async function enableRBAC(host: RBACHost): Promise<RBAC> {
  const authorizer = new RBACAuthorizer(host);
  host.authorizer = authorizer;
  host.admission.register(rbacEscalationCheck(authorizer, () => host.authorizer));
  await authorizer.start();
  await ensureDefaultRBAC(host);
  const aggregator = new ClusterRoleAggregator(authorizer, host.registry(RBAC_GROUP, 'clusterroles'), () => host.internalContext(AGGREGATION_FIELD_MANAGER));
  await aggregator.start();
  return {
    authorizer,
    aggregator,
    settled: () => aggregator.settled(),
    stop() {
      aggregator.stop();
      authorizer.stop();
    },
  };
}
