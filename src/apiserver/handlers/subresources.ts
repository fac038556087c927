// Subresources with their own shapes: scale, binding and a namespace's finalize.

import { badRequest, conflict, methodNotSupported } from '../../machinery/errors.ts';
import { isPlainObject, type KubeObject } from '../../machinery/object.ts';
import { applyJsonPatch } from '../../machinery/patch/json-patch.ts';
import { applyMergePatch } from '../../machinery/patch/merge-patch.ts';
import { decodeBody, OBJECT_BODY_TYPES, requireObjectBody } from '../body.ts';
import type { ApiResponse } from '../http-types.ts';
import { writeBody } from '../respond.ts';
import { writeObject, responseFormat } from './output.ts';
import type { WriteRequest } from './write.ts';

type Json = Record<string, unknown>;

function scaleOf(obj: KubeObject): Json {
  const spec = (obj.spec ?? {}) as Json;
  const status = (obj.status ?? {}) as Json;
  // A ReplicationController's selector is the label map itself.
  const raw = (spec.selector ?? {}) as Json;
  const selector = (obj.kind === 'ReplicationController' ? { matchLabels: raw } : raw) as { matchLabels?: Record<string, string> };
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: {
      name: obj.metadata.name,
      namespace: obj.metadata.namespace,
      uid: obj.metadata.uid,
      resourceVersion: obj.metadata.resourceVersion,
      creationTimestamp: obj.metadata.creationTimestamp,
    },
    spec: { replicas: spec.replicas ?? 0 },
    status: {
      replicas: status.replicas ?? 0,
      selector: Object.entries(selector?.matchLabels ?? {})
        .map(([k, v]) => `${k}=${v}`)
        .join(','),
    },
  };
}

export async function handleScale(r: WriteRequest | (Omit<WriteRequest, 'body' | 'contentType' | 'ctx'> & { ctx?: undefined }), method: string, res: ApiResponse): Promise<void> {
  const { registry } = r.served;
  if (method === 'GET') {
    writeBody(res, 200, scaleOf(await registry.get(r.namespace, r.name)));
    return;
  }
  const w = r as WriteRequest;
  const decoded = decodeBody(w.body, w.contentType, method === 'PUT' ? OBJECT_BODY_TYPES : ['application/merge-patch+json', 'application/json-patch+json', 'application/strategic-merge-patch+json']);
  const updated = await registry.guaranteedUpdate(r.namespace, r.name, w.ctx, 'scale', (current) => {
    const scale = scaleOf(current);
    let next: Json;
    if (method === 'PUT') {
      requireObjectBody(decoded.value);
      next = decoded.value;
    } else if (decoded.mediaType === 'application/json-patch+json') next = applyJsonPatch(scale, decoded.value) as Json;
    else next = applyMergePatch(scale, decoded.value) as Json;
    const replicas = (next.spec as Json | undefined)?.replicas;
    if (typeof replicas !== 'number' || replicas < 0 || !Number.isInteger(replicas)) {
      throw badRequest(`spec.replicas: Invalid value: ${JSON.stringify(replicas)}: must be greater than or equal to 0`);
    }
    (current.spec as Json).replicas = replicas;
    return current;
  });
  writeBody(res, 200, scaleOf(updated));
}

/** POST pods/<name>/binding: the scheduler's way to place a pod on a node. */
export async function handleBinding(r: WriteRequest, res: ApiResponse): Promise<void> {
  const { registry } = r.served;
  const decoded = decodeBody(r.body, r.contentType, OBJECT_BODY_TYPES);
  requireObjectBody(decoded.value);
  const target = (decoded.value as { target?: { name?: string } }).target;
  if (!target?.name) throw badRequest('target.name: Required value');
  await registry.guaranteedUpdate(r.namespace, r.name, r.ctx, 'binding', (pod) => {
    const spec = pod.spec as Json;
    if (spec.nodeName) throw conflict(registry.groupResource, r.name, `pod ${r.name} is already assigned to node "${spec.nodeName}"`);
    spec.nodeName = target.name;
    const status = (pod.status ?? {}) as Json;
    const conditions = ((status.conditions as Json[]) ?? []).filter((c) => c.type !== 'PodScheduled');
    conditions.push({ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: new Date(registry.now()).toISOString().replace(/\.\d{3}Z$/, 'Z') });
    status.conditions = conditions;
    pod.status = status;
    return pod;
  });
  writeBody(res, 201, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
}

/** PUT namespaces/<name>/finalize: only spec.finalizers changes. */
export async function handleFinalize(r: WriteRequest, res: ApiResponse): Promise<void> {
  const { registry } = r.served;
  const decoded = decodeBody(r.body, r.contentType, OBJECT_BODY_TYPES);
  requireObjectBody(decoded.value);
  const finalizers = isPlainObject(decoded.value.spec) ? (decoded.value.spec as Json).finalizers : undefined;
  const updated = await registry.guaranteedUpdate(r.namespace, r.name, r.ctx, 'finalize', (ns) => {
    ns.spec = { ...(ns.spec as Json), finalizers: Array.isArray(finalizers) ? finalizers : [] };
    return ns;
  });
  writeObject(res, 200, r.served.type, updated, responseFormat(r.accept), r.query, registry.now());
}

export function unsupportedSubresource(r: WriteRequest | { served: WriteRequest['served']; subresource: string }, verb: string): never {
  throw methodNotSupported({ group: r.served.type.group, resource: `${r.served.type.plural}/${r.subresource}` }, verb);
}
