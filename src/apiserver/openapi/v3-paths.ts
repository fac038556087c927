// The `paths` of an OpenAPI v3 group-version document: collection and item URLs of each
// resource with their operations, as kube-apiserver publishes them. kubectl reads the PATCH
// operation's GVK, its `fieldValidation` parameter and its request content types.

import type { ResourceType } from '../resource.ts';

type Json = Record<string, unknown>;

const JSON_TYPES = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];
const PATCH_TYPES = ['application/apply-patch+yaml', 'application/json-patch+json', 'application/merge-patch+json'];
const SMP = 'application/strategic-merge-patch+json';

const query = (name: string, type: string, description: string): Json => ({ name, in: 'query', description, schema: { type, uniqueItems: true } });

const DRY_RUN = query('dryRun', 'string', 'When present, indicates that modifications should not be persisted. Valid values are: - All: all dry run stages will be processed');
const FIELD_MANAGER = query('fieldManager', 'string', 'fieldManager is a name associated with the actor or entity that is making these changes.');
const FIELD_VALIDATION = query(
  'fieldValidation',
  'string',
  'fieldValidation instructs the server on how to handle objects in the request (POST/PUT/PATCH) containing unknown or duplicate fields. Valid values are: - Ignore - Warn - Strict',
);
const FORCE = query('force', 'boolean', 'Force is going to "force" Apply requests. It means user will re-acquire conflicting fields owned by other people.');
const PRETTY = query('pretty', 'string', "If 'true', then the output is pretty printed.");
const LIST_PARAMS = [
  query('allowWatchBookmarks', 'boolean', 'allowWatchBookmarks requests watch events with type "BOOKMARK".'),
  query('continue', 'string', 'The continue option should be set when retrieving more results from the server.'),
  query('fieldSelector', 'string', 'A selector to restrict the list of returned objects by their fields. Defaults to everything.'),
  query('labelSelector', 'string', 'A selector to restrict the list of returned objects by their labels. Defaults to everything.'),
  query('limit', 'integer', 'limit is a maximum number of responses to return for a list call.'),
  query('resourceVersion', 'string', 'resourceVersion sets a constraint on what resource versions a request may be served from.'),
  query('timeoutSeconds', 'integer', 'Timeout for the list/watch call.'),
  query('watch', 'boolean', 'Watch for changes to the described resources and return them as a stream of add, update, and remove notifications.'),
];
const DELETE_PARAMS = [
  DRY_RUN,
  query('gracePeriodSeconds', 'integer', 'The duration in seconds before the object should be deleted.'),
  query('propagationPolicy', 'string', "Whether and how garbage collection will be performed. Acceptable values are: 'Orphan', 'Background', 'Foreground'."),
];

const pathParam = (name: string, description: string): Json => ({ name, in: 'path', description, required: true, schema: { type: 'string', uniqueItems: true } });

function content(ref: string, types: string[]): Json {
  return Object.fromEntries(types.map((t) => [t, { schema: { $ref: ref } }]));
}

export interface PathContext {
  rt: ResourceType;
  /** `#/components/schemas/…` of the kind and of its list. */
  kindRef: string;
  listRef: string;
}

function operation(ctx: PathContext, action: string, verbText: string, gvk: Json, extra: Json): Json {
  return {
    description: verbText,
    operationId: `${action}${ctx.rt.kind}`,
    ...extra,
    'x-kubernetes-action': action,
    'x-kubernetes-group-version-kind': gvk,
  };
}

function ok(ref: string): Json {
  return { '200': { description: 'OK', content: content(ref, JSON_TYPES) }, '401': { description: 'Unauthorized' } };
}

function writeBody(ref: string): Json {
  return { content: content(ref, ['*/*']), required: true };
}

function patchBody(strategic: boolean): Json {
  const types = strategic ? [...PATCH_TYPES, SMP] : PATCH_TYPES;
  return { content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'object' } }])), required: true };
}

function itemOperations(ctx: PathContext, kindRef: string, gvk: Json, what: string): Json {
  const { rt } = ctx;
  const item: Json = {};
  if (rt.verbs.includes('get')) item.get = operation(ctx, 'get', `read the specified ${what}`, gvk, { responses: ok(kindRef) });
  if (rt.verbs.includes('update')) {
    item.put = operation(ctx, 'put', `replace the specified ${what}`, gvk, {
      parameters: [DRY_RUN, FIELD_MANAGER, FIELD_VALIDATION],
      requestBody: writeBody(kindRef),
      responses: ok(kindRef),
    });
  }
  if (rt.verbs.includes('patch')) {
    item.patch = operation(ctx, 'patch', `partially update the specified ${what}`, gvk, {
      parameters: [DRY_RUN, FIELD_MANAGER, FIELD_VALIDATION, FORCE],
      requestBody: patchBody(rt.strategicMergePatch),
      responses: ok(kindRef),
    });
  }
  return item;
}

/** Path items for one resource type, keyed by URL template. */
export function resourcePaths(ctx: PathContext): Record<string, Json> {
  const { rt } = ctx;
  const base = rt.group === '' ? `/api/${rt.version}` : `/apis/${rt.group}/${rt.version}`;
  const scoped = rt.namespaced ? `${base}/namespaces/{namespace}/${rt.plural}` : `${base}/${rt.plural}`;
  const gvk = { group: rt.group, kind: rt.kind, version: rt.version };
  const common = [...(rt.namespaced ? [pathParam('namespace', 'object name and auth scope, such as for teams and projects')] : []), PRETTY];
  const paths: Record<string, Json> = {};

  const collection: Json = { parameters: common };
  if (rt.verbs.includes('list')) {
    collection.get = operation(ctx, 'list', `list or watch objects of kind ${rt.kind}`, gvk, { parameters: LIST_PARAMS, responses: ok(ctx.listRef) });
  }
  if (rt.verbs.includes('create')) {
    collection.post = operation(ctx, 'post', `create a ${rt.kind}`, gvk, {
      parameters: [DRY_RUN, FIELD_MANAGER, FIELD_VALIDATION],
      requestBody: writeBody(ctx.kindRef),
      responses: ok(ctx.kindRef),
    });
  }
  if (rt.verbs.includes('deletecollection')) {
    collection.delete = operation(ctx, 'deletecollection', `delete collection of ${rt.kind}`, gvk, { parameters: DELETE_PARAMS, responses: ok(ctx.kindRef) });
  }
  if (Object.keys(collection).length > 1) paths[scoped] = collection;

  const itemParams = [pathParam('name', `name of the ${rt.kind}`), ...common];
  const item: Json = { parameters: itemParams, ...itemOperations(ctx, ctx.kindRef, gvk, rt.kind) };
  if (rt.verbs.includes('delete')) item.delete = operation(ctx, 'delete', `delete a ${rt.kind}`, gvk, { parameters: DELETE_PARAMS, responses: ok(ctx.kindRef) });
  if (Object.keys(item).length > 1) paths[`${scoped}/{name}`] = item;

  if (rt.subresources.includes('status')) {
    paths[`${scoped}/{name}/status`] = { parameters: itemParams, ...itemOperations(ctx, ctx.kindRef, gvk, `status of the ${rt.kind}`) };
  }
  if (rt.namespaced && rt.verbs.includes('list')) {
    paths[`${base}/${rt.plural}`] = {
      parameters: [PRETTY],
      get: operation(ctx, 'list', `list or watch objects of kind ${rt.kind}`, gvk, { parameters: LIST_PARAMS, responses: ok(ctx.listRef) }),
    };
  }
  return paths;
}
