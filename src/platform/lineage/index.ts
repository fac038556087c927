// Starts the lineage-controller-webhook: its program registers behind Service
// cozy-system/lineage-controller-webhook (the chart's MutatingWebhookConfiguration `lineage` sends
// reviews there once the Deployment has a ready pod) and reads ApplicationDefinitions through an
// informer once their CRD is served.

import type { ApiServer } from '../../apiserver/api-server.ts';
import type { InformerFactory, KubeClient } from '../../controller/index.ts';
import type { SharedInformer } from '../../controller/informer.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { LINEAGE_WEBHOOK_SERVICE, LineageWebhook } from './webhook.ts';

const BY_APPLICATION_KIND = 'lineage/application-kind';

export function startLineageWebhook(deps: { server: ApiServer; client: KubeClient; factory: InformerFactory }): { stop(): Promise<void> } {
  let definitions: SharedInformer | undefined;
  const watchDefinitions = () => {
    if (definitions || !deps.server.catalog.all().some((s) => s.type.group === 'cozystack.io' && s.type.plural === 'applicationdefinitions')) return;
    definitions = deps.factory.informerFor({ apiVersion: 'cozystack.io/v1alpha1', kind: 'ApplicationDefinition' });
    definitions.addIndex(BY_APPLICATION_KIND, (d) => [String((d.spec as { application?: { kind?: string } } | undefined)?.application?.kind ?? '')]);
  };
  const unsubscribe = deps.server.catalog.onChange(watchDefinitions);
  watchDefinitions();
  const definition = (kind: string): KubeObject | undefined => definitions?.byIndex(BY_APPLICATION_KIND, kind)[0];
  const unregister = deps.server.webhooks.register(LINEAGE_WEBHOOK_SERVICE, new LineageWebhook(deps.client, definition));
  return {
    async stop() {
      unregister();
      unsubscribe();
    },
  };
}
