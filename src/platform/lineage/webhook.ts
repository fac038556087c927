// The lineage-controller-webhook (cozystack internal/lineagecontrollerwebhook): at /mutate-lineage
// it labels what is created in tenant namespaces with the application it belongs to
// (`apps.cozystack.io/application.{group,kind,name}`, `internal.cozystack.io/managed-by-cozystack`)
// and with `internal.cozystack.io/tenantresource`, true when the application's definition names
// the object among the Secrets, Services or Ingresses its tenant sees (TenantSecrets and the
// dashboard's tabs list those).

import type { WebhookBackend } from '../../apiserver/admission/webhook-backends.ts';
import type { KubeClient } from '../../controller/index.ts';
import { parseApiVersion, type KubeObject } from '../../machinery/object.ts';
import { TENANT_RESOURCE_LABEL } from '../api/core/group.ts';
import { APP_GROUP_LABEL, APP_KIND_LABEL, APP_NAME_LABEL, owningApplications } from './ownership.ts';
import { isTenantResource } from './resource-selectors.ts';

type Json = Record<string, any>;

export const LINEAGE_WEBHOOK_SERVICE = 'cozy-system/lineage-controller-webhook';
export const MANAGED_LABEL = 'internal.cozystack.io/managed-by-cozystack';
const PATH = '/mutate-lineage';

/** Which selectors of a definition judge an object of this kind. */
function selectorsFor(obj: KubeObject, definition: KubeObject | undefined): Json | undefined {
  const spec = (definition?.spec ?? {}) as Json;
  const group = parseApiVersion(obj.apiVersion).group;
  if (group === '' && obj.kind === 'Secret') return spec.secrets;
  if (group === '' && obj.kind === 'Service') return spec.services;
  if (group === 'networking.k8s.io' && obj.kind === 'Ingress') return spec.ingresses;
  return undefined;
}

/** A label group is at most 63 characters, ending in an alphanumeric one. */
function truncateGroup(group: string): string {
  if (group.length < 63) return group;
  return group.slice(0, 63).replace(/[^A-Za-z0-9]+$/, '');
}

const pointer = (key: string) => `/metadata/labels/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;

export class LineageWebhook implements WebhookBackend {
  constructor(
    private readonly client: KubeClient,
    /** The ApplicationDefinition of an application kind (of group apps.cozystack.io). */
    private readonly definition: (kind: string) => KubeObject | undefined,
  ) {}

  async review(path: string, review: Json): Promise<Json> {
    const request = (review.request ?? {}) as Json;
    const answer = (response: Json) => ({ apiVersion: review.apiVersion, kind: 'AdmissionReview', response: { uid: request.uid, ...response } });
    if (path.split('?')[0] !== PATH) return answer({ allowed: false, status: { code: 404, message: `no webhook served at ${path.split('?')[0]}` } });
    const obj = request.object as KubeObject | undefined;
    if (!obj?.metadata) return answer({ allowed: false, status: { code: 400, message: 'decode object: empty admission object' } });
    // The object as the webhook's decoder sees it: the namespace of the request even when the body omits it.
    const subject: KubeObject = { ...obj, metadata: { ...obj.metadata, namespace: obj.metadata.namespace ?? request.namespace } };
    const owners = await owningApplications(this.client, subject);
    if (owners.length === 0) return answer({ allowed: true });
    const labels = this.labelsFor(subject, owners[0]!);
    const current = obj.metadata.labels ?? {};
    const ops = obj.metadata.labels
      ? Object.entries(labels).filter(([k, v]) => current[k] !== v).map(([k, v]) => ({ op: 'add', path: pointer(k), value: v }))
      : [{ op: 'add', path: '/metadata/labels', value: labels }];
    const warnings = owners.length > 1 ? ['object ancestry ambiguous, using first ancestor found'] : [];
    if (ops.length === 0) return answer({ allowed: true, ...(warnings.length ? { warnings } : {}) });
    return answer({ allowed: true, patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(ops)).toString('base64'), ...(warnings.length ? { warnings } : {}) });
  }

  private labelsFor(obj: KubeObject, owner: KubeObject): Record<string, string> {
    const group = parseApiVersion(owner.apiVersion).group;
    const ctx = { kind: owner.kind.toLowerCase(), name: owner.metadata.name ?? '', namespace: obj.metadata.namespace ?? '' };
    const definition = group === 'apps.cozystack.io' ? this.definition(owner.kind) : undefined;
    const tenant = isTenantResource(selectorsFor(obj, definition), obj.metadata.name ?? '', ctx, obj.metadata.labels ?? {});
    return {
      [MANAGED_LABEL]: 'true',
      [APP_GROUP_LABEL]: truncateGroup(group),
      [APP_KIND_LABEL]: owner.kind,
      [APP_NAME_LABEL]: owner.metadata.name ?? '',
      [TENANT_RESOURCE_LABEL]: tenant ? 'true' : 'false',
    };
  }
}
