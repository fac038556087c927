// MetalLB's validating webhooks (internal/k8s/webhooks), behind Service
// cozy-metallb/metallb-webhook-service, where the chart's metallb-webhook-configuration sends them: an
// IPAddressPool is checked with every other pool of MetalLB's namespace as the configuration would
// read them, so a range that does not parse or overlaps another pool is denied before it is stored,
// and a pool outside MetalLB's namespace is refused. The other kinds' webhooks (BGP peers and
// advertisements, communities, BFD profiles, L2 advertisements) admit what they are sent.

import type { ApiServer } from '../../../apiserver/api-server.ts';
import type { WebhookBackend } from '../../../apiserver/admission/webhook-backends.ts';
import type { KubeClient } from '../../../controller/index.ts';
import type { KubeObject } from '../../../machinery/object.ts';
import { METALLB_NAMESPACE, POOL_GVK } from './controller.ts';
import { poolsFromResources } from './pools.ts';

type Json = Record<string, any>;

export const METALLB_WEBHOOK_SERVICE = `${METALLB_NAMESPACE}/metallb-webhook-service`;

/** The paths of the chart's webhooks (`/validate-metallb-io-v1beta1-ipaddresspool` …). */
const WEBHOOK_PATH = /^\/validate-metallb-io-v1beta[12]-[a-z0-9]+$/;
const POOL_PATH = '/validate-metallb-io-v1beta1-ipaddresspool';

export class MetallbWebhook implements WebhookBackend {
  constructor(private readonly client: KubeClient) {}

  async review(path: string, review: Json): Promise<Json> {
    const request = (review.request ?? {}) as Json;
    const answer = (response: Json) => ({ apiVersion: review.apiVersion, kind: 'AdmissionReview', response: { uid: request.uid, ...response } });
    const at = path.split('?')[0];
    if (!WEBHOOK_PATH.test(at)) return answer({ allowed: false, status: { code: 404, message: `no webhook served at ${at}` } });
    if (at !== POOL_PATH || request.operation === 'DELETE') return answer({ allowed: true, status: { code: 200 } });
    const pool = request.object as KubeObject | undefined;
    if (!pool?.metadata) return answer({ allowed: false, status: { code: 400, message: 'there is no content to decode' } });
    const denied = await this.poolRefusal(pool, request.operation === 'CREATE' ? (pool.metadata.namespace ?? request.namespace) : undefined);
    // admission.Denied: 403 Forbidden with the validator's words.
    if (denied) return answer({ allowed: false, status: { code: 403, reason: 'Forbidden', message: denied } });
    return answer({ allowed: true, status: { code: 200 } });
  }

  /** validateIPAddressPoolCreate/Update: the pool with every other one must make a valid configuration. */
  private async poolRefusal(pool: KubeObject, createdIn: string | undefined): Promise<string | undefined> {
    if (createdIn !== undefined && createdIn !== METALLB_NAMESPACE) return `resource must be created in ${METALLB_NAMESPACE} namespace`;
    // ipAddressListWithUpdate: the stored pools in list order, this one in place of its old self or last.
    const existing = (await this.client.list(POOL_GVK, { namespace: METALLB_NAMESPACE })).items;
    const at = existing.findIndex((p) => p.metadata.name === pool.metadata.name);
    const all = at < 0 ? [...existing, pool] : existing.map((p, i) => (i === at ? pool : p));
    const parsed = poolsFromResources(all, true);
    return typeof parsed === 'string' ? parsed : undefined;
  }
}

/** The controller's webhook server, reached once its pod is ready, as the Service routes to it. */
export function startMetallbWebhook(deps: { server: ApiServer; client: KubeClient }): { stop(): Promise<void> } {
  const unregister = deps.server.webhooks.register(METALLB_WEBHOOK_SERVICE, new MetallbWebhook(deps.client));
  return {
    async stop() {
      unregister();
    },
  };
}
