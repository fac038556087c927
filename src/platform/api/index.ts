// Starts cozystack-api: the backend registers behind Service cozy-system/cozystack-api (the
// APIServices of the cozystack-api chart route to it once its Deployment has a ready pod) and
// follows ApplicationDefinitions through an informer, so a new definition is served at once.

import type { ApiServer } from '../../apiserver/api-server.ts';
import type { GroupVersionKind, InformerFactory, KubeClient } from '../../controller/index.ts';
import type { SharedInformer } from '../../controller/informer.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { StatusSources } from './apps/conversion.ts';
import { COZYSTACK_API_SERVICE, CozystackApi } from './backend.ts';

export { appValidators } from './validation-hooks.ts';
export { COZYSTACK_API_SERVICE, CozystackApi } from './backend.ts';

export interface CozystackApiStartDeps {
  server: ApiServer;
  client: KubeClient;
  factory: InformerFactory;
}

export interface RunningCozystackApi {
  api: CozystackApi;
  stop(): Promise<void>;
}

const APPLICATION_DEFINITION: GroupVersionKind = { apiVersion: 'cozystack.io/v1alpha1', kind: 'ApplicationDefinition' };
const WORKLOAD_MONITOR: GroupVersionKind = { apiVersion: 'cozystack.io/v1alpha1', kind: 'WorkloadMonitor' };
const SERVICE: GroupVersionKind = { apiVersion: 'v1', kind: 'Service' };

/** The index of a shared informer by namespace, so a status read does not scan the whole cache. */
const BY_NAMESPACE = 'cozystack-api/namespace';

function byNamespace(informer: SharedInformer): (namespace: string) => KubeObject[] {
  informer.addIndex(BY_NAMESPACE, (obj) => [obj.metadata.namespace ?? '']);
  return (namespace) => informer.byIndex(BY_NAMESPACE, namespace);
}

/** An informer for a custom kind, created once its CRD is served (before that, it reads as empty). */
function whenServed(deps: CozystackApiStartDeps, gvk: GroupVersionKind, plural: string, onInformer?: (i: SharedInformer) => void) {
  let list: ((namespace: string) => KubeObject[]) | undefined;
  const group = gvk.apiVersion.split('/')[0]!;
  const check = () => {
    if (list || !deps.server.catalog.all().some((s) => s.type.group === group && s.type.plural === plural)) return;
    const informer = deps.factory.informerFor(gvk);
    list = byNamespace(informer);
    onInformer?.(informer);
  };
  const unsubscribe = deps.server.catalog.onChange(check);
  check();
  return { list: (namespace: string): KubeObject[] => list?.(namespace) ?? [], unsubscribe };
}

export function startCozystackApi(deps: CozystackApiStartDeps): RunningCozystackApi {
  const services = byNamespace(deps.factory.informerFor(SERVICE));
  const monitors = whenServed(deps, WORKLOAD_MONITOR, 'workloadmonitors');
  const sources: StatusSources = { services, workloadMonitors: (ns) => monitors.list(ns) };
  const server = deps.server;
  const api = new CozystackApi({
    store: server.store,
    services: server.deps.services,
    now: () => server.deps.now(),
    registry: (group, plural) => server.registry(group, plural),
    client: deps.client,
    sources,
  });
  const definitions = whenServed(deps, APPLICATION_DEFINITION, 'applicationdefinitions', (informer) => api.apps.follow(informer));
  const unregister = server.aggregation.register(COZYSTACK_API_SERVICE, api);
  return {
    api,
    async stop() {
      unregister();
      monitors.unsubscribe();
      definitions.unsubscribe();
    },
  };
}
