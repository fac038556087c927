// Switching RBAC on for a server: the authorizer, the escalation check, the bootstrap roles and
// bindings (created when absent, as the rbac/bootstrap-roles post-start hook does) and the
// ClusterRole aggregation controller.

import { isStatusError } from '../../machinery/errors.ts';
import type { Store } from '../../storage/store.ts';
import type { AdmissionChain } from '../admission/admission.ts';
import type { WriteContext } from '../registry/context.ts';
import type { ResourceRegistry } from '../registry/registry.ts';
import type { Authorizer } from './authorizer.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { controllerClusterRoleBindings, controllerClusterRoles } from './controller-roles.ts';
import { defaultClusterRoleBindings, defaultClusterRoles, RBAC_GROUP } from './default-roles.ts';
import { namespaceRoleBindings, namespaceRoles } from './namespace-roles.ts';
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

/**
 * Creates each default role and binding that does not exist (the cluster-wide ones, the
 * controllers', and kube-system's and kube-public's); existing ones are left as they are.
 */
export async function ensureDefaultRBAC(host: Pick<RBACHost, 'registry' | 'internalContext'>): Promise<void> {
  const ctx = host.internalContext('kube-apiserver');
  const sets: [ResourceRegistry, KubeObject[]][] = [
    [host.registry(RBAC_GROUP, 'clusterroles'), [...defaultClusterRoles(), ...controllerClusterRoles()]],
    [host.registry(RBAC_GROUP, 'clusterrolebindings'), [...defaultClusterRoleBindings(), ...controllerClusterRoleBindings()]],
    [host.registry(RBAC_GROUP, 'roles'), namespaceRoles()],
    [host.registry(RBAC_GROUP, 'rolebindings'), namespaceRoleBindings()],
  ];
  // The namespaced ones' namespaces are made when absent, as the bootstrap policy's reconciler does.
  const namespaces = host.registry('', 'namespaces');
  for (const name of new Set(namespaceRoles().map((r) => r.metadata.namespace!))) {
    if (await namespaces.tryGet('', name)) continue;
    await namespaces.create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, ctx).catch((err) => {
      if (!isStatusError(err, 'AlreadyExists')) throw err;
    });
  }
  for (const [registry, objects] of sets) {
    // One set at a time (roles before what binds them), its objects at once.
    await Promise.all(
      objects.map(async (obj) => {
        const namespace = obj.metadata.namespace ?? '';
        if (await registry.tryGet(namespace, obj.metadata.name!)) return;
        await registry.create(namespace, obj, ctx).catch((err) => {
          if (!isStatusError(err, 'AlreadyExists')) throw err;
        });
      }),
    );
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
