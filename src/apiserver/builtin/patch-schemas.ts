// Patch schemas of the built-in kinds: the `+patchMergeKey`, `+patchStrategy`, `+listType`,
// `+listMapKey`, `+mapType` and `+structType` tags of k8s.io/api. Only what differs from the
// defaults is written down: an undescribed list is atomic (replaced by SMP), an undescribed
// object is a granular struct that Go holds by value. Structs held by pointer, and lists Go
// encodes as null, are marked where a create's owners depend on it (managed fields compare a
// create with the kind's empty object).

import { patchSchemaFromOpenAPI, unstructuredRoot, type OpenAPISchemaLike, type PatchSchema } from '../../machinery/patch/schema.ts';

const fields = (f: Record<string, PatchSchema>, extra: PatchSchema = {}): PatchSchema => ({ ...extra, fields: f });

/** map[string]string and friends (labels, data, resource lists). */
const stringMap: PatchSchema = { additional: {} };
const atomicMap: PatchSchema = { additional: {}, mapType: 'atomic' };
/** A `+structType=atomic` struct (LocalObjectReference, ObjectReference, key selectors …). */
const atomicStruct: PatchSchema = { mapType: 'atomic' };
/** A struct Go holds by pointer (`*PodSecurityContext`): absent from the kind's empty object. */
const pointer = (schema: PatchSchema = {}): PatchSchema => ({ ...schema, pointer: true });

/** `+patchStrategy=merge +patchMergeKey=<key> +listType=map +listMapKey=<keys…>`. */
function mergeList(mergeKey: string, items?: PatchSchema, keys: string[] = [mergeKey], defaults?: Record<string, unknown>): PatchSchema {
  const s: PatchSchema = { strategy: 'merge', mergeKey, listType: 'map', listMapKeys: keys };
  if (items) s.items = items;
  if (defaults) s.listMapKeyDefaults = defaults;
  return s;
}

/** `+listType=map` without a patch strategy: SSA merges by key, SMP replaces. */
function keyedList(keys: string[], items?: PatchSchema): PatchSchema {
  return items ? { listType: 'map', listMapKeys: keys, items } : { listType: 'map', listMapKeys: keys };
}

const conditions = mergeList('type');

const objectMeta = fields({
  labels: stringMap,
  annotations: stringMap,
  finalizers: { strategy: 'merge', listType: 'set' },
  ownerReferences: mergeList('uid'),
});

const labelSelector = fields({ matchLabels: stringMap }, { mapType: 'atomic' });

// ---- core/v1 pod pieces ----

const envVar = fields({
  valueFrom: fields({
    configMapKeyRef: atomicStruct,
    secretKeyRef: atomicStruct,
    fieldRef: atomicStruct,
    resourceFieldRef: atomicStruct,
    fileKeyRef: atomicStruct,
  }),
});

const resourceRequirements = fields({ limits: stringMap, requests: stringMap, claims: keyedList(['name']) });

const container = fields({
  ports: mergeList('containerPort', undefined, ['containerPort', 'protocol'], { protocol: 'TCP' }),
  env: mergeList('name', envVar),
  envFrom: { items: fields({ configMapRef: atomicStruct, secretRef: atomicStruct }) },
  volumeMounts: mergeList('mountPath'),
  volumeDevices: mergeList('devicePath'),
  resources: resourceRequirements,
});

const nodeSelector = atomicStruct;


const affinity = fields({
  nodeAffinity: fields({ requiredDuringSchedulingIgnoredDuringExecution: nodeSelector }),
});

const volume = fields({
  ephemeral: fields({ volumeClaimTemplate: fields({ metadata: objectMeta }) }),
  csi: fields({ volumeAttributes: stringMap, nodePublishSecretRef: atomicStruct }),
});

const podSpec = fields({
  volumes: { ...mergeList('name', volume), strategy: 'merge,retainKeys' },
  initContainers: mergeList('name', container),
  containers: { ...mergeList('name', container), nullInEmpty: true },
  ephemeralContainers: mergeList('name', container),
  imagePullSecrets: mergeList('name', atomicStruct),
  hostAliases: mergeList('ip'),
  topologySpreadConstraints: mergeList('topologyKey', fields({ labelSelector }), ['topologyKey', 'whenUnsatisfiable']),
  schedulingGates: mergeList('name'),
  resourceClaims: { ...mergeList('name'), strategy: 'merge,retainKeys' },
  nodeSelector: atomicMap,
  overhead: stringMap,
  affinity: pointer(affinity),
  securityContext: pointer(),
  dnsConfig: pointer(),
  os: pointer(),
  resources: pointer(resourceRequirements),
});

const containerStatus = fields({
  volumeMounts: mergeList('mountPath'),
  allocatedResourcesStatus: mergeList('name', fields({ resources: keyedList(['resourceID']) })),
  allocatedResources: stringMap,
  resources: resourceRequirements,
});

const podStatus = fields({
  conditions,
  podIPs: mergeList('ip'),
  hostIPs: { strategy: 'merge', mergeKey: 'ip', listType: 'atomic' },
  containerStatuses: { items: containerStatus },
  initContainerStatuses: { items: containerStatus },
  ephemeralContainerStatuses: { items: containerStatus },
  resourceClaimStatuses: { ...mergeList('name'), strategy: 'merge,retainKeys' },
});

const podTemplateSpec = fields({ metadata: objectMeta, spec: podSpec });

/** Every kind: metadata, plus its own top-level fields. */
const kind = (own: Record<string, PatchSchema> = {}): PatchSchema => fields({ metadata: objectMeta, ...own });

// ---- core/v1 ----

const pod = kind({ spec: podSpec, status: podStatus });
const service = kind({
  spec: fields({
    ports: mergeList('port', undefined, ['port', 'protocol'], { protocol: 'TCP' }),
    selector: atomicMap,
    sessionAffinityConfig: pointer(),
  }),
  status: fields({ conditions }),
});
const node = kind({
  spec: fields({ podCIDRs: { strategy: 'merge', listType: 'set' } }),
  status: fields({ conditions, addresses: mergeList('type'), capacity: stringMap, allocatable: stringMap }),
});
const pvcSpec = fields({ resources: fields({ limits: stringMap, requests: stringMap }), selector: labelSelector });
const pvc = kind({
  spec: pvcSpec,
  status: fields({
    conditions,
    capacity: stringMap,
    allocatedResources: stringMap,
    allocatedResourceStatuses: stringMap,
  }),
});
const pv = kind({
  spec: fields({
    capacity: stringMap,
    claimRef: atomicStruct,
    nodeAffinity: pointer(fields({ required: nodeSelector })),
    csi: fields({ volumeAttributes: stringMap }),
  }),
});
const coreEvent = kind({ involvedObject: atomicStruct, related: atomicStruct });

// ---- apps, batch, policy ----

const workloadStatus = fields({ conditions });
const rollingUpdateStrategy = fields({ rollingUpdate: pointer() });
const deployment = kind({
  spec: fields({ selector: labelSelector, template: podTemplateSpec, strategy: { ...rollingUpdateStrategy, strategy: 'retainKeys' } }),
  status: workloadStatus,
});
const statefulSet = kind({
  spec: fields({
    selector: labelSelector,
    template: podTemplateSpec,
    updateStrategy: rollingUpdateStrategy,
    persistentVolumeClaimRetentionPolicy: pointer(),
    ordinals: pointer(),
  }),
  status: workloadStatus,
});
const daemonSet = kind({ spec: fields({ selector: labelSelector, template: podTemplateSpec, updateStrategy: rollingUpdateStrategy }), status: workloadStatus });
const replicaSet = kind({ spec: fields({ selector: labelSelector, template: podTemplateSpec }), status: workloadStatus });
const replicationController = kind({ spec: fields({ selector: atomicMap, template: pointer(podTemplateSpec) }), status: workloadStatus });
const jobSpec = fields({ selector: labelSelector, template: podTemplateSpec, podFailurePolicy: pointer(), successPolicy: pointer() });
const job = kind({
  spec: jobSpec,
  status: fields({
    conditions: { strategy: 'merge', mergeKey: 'type', listType: 'atomic' },
    uncountedTerminatedPods: fields({ succeeded: { listType: 'set' }, failed: { listType: 'set' } }),
  }),
});
const cronJob = kind({ spec: fields({ jobTemplate: fields({ metadata: objectMeta, spec: jobSpec }) }) });
const pdb = kind({
  spec: fields({ selector: { ...labelSelector, strategy: 'replace' } }),
  status: fields({ conditions, disruptedPods: stringMap }),
});

// ---- admission configuration ----

const matchConditions = mergeList('name');
const webhookConfiguration = kind({
  webhooks: mergeList('name', fields({ namespaceSelector: labelSelector, objectSelector: labelSelector, matchConditions })),
});

// ---- everything else ----

const SCHEMAS: Record<string, PatchSchema> = {
  '/Namespace': kind({ status: fields({ conditions }) }),
  '/ConfigMap': kind({ data: stringMap, binaryData: stringMap }),
  '/Secret': kind({ data: stringMap, stringData: stringMap }),
  '/ServiceAccount': kind({ secrets: mergeList('name', atomicStruct), imagePullSecrets: { items: atomicStruct } }),
  '/Service': service,
  '/Pod': pod,
  '/Event': coreEvent,
  '/Node': node,
  '/PersistentVolumeClaim': pvc,
  '/PersistentVolume': pv,
  '/ResourceQuota': kind({
    spec: fields({ hard: stringMap, scopeSelector: atomicStruct }),
    status: fields({ hard: stringMap, used: stringMap }),
  }),
  '/LimitRange': kind(),
  '/PodTemplate': kind({ template: podTemplateSpec }),
  '/Endpoints': kind(),
  'events.k8s.io/Event': kind({ regarding: atomicStruct, related: atomicStruct }),
  'apps/Deployment': deployment,
  'apps/StatefulSet': statefulSet,
  'apps/DaemonSet': daemonSet,
  'apps/ReplicaSet': replicaSet,
  '/ReplicationController': replicationController,
  'autoscaling/HorizontalPodAutoscaler': kind({ spec: fields({ behavior: pointer() }), status: fields({ conditions }) }),
  'certificates.k8s.io/CertificateSigningRequest': kind({ spec: fields({ extra: stringMap }), status: fields({ conditions: keyedList(['type']) }) }),
  'batch/Job': job,
  'batch/CronJob': cronJob,
  'rbac.authorization.k8s.io/Role': kind(),
  'rbac.authorization.k8s.io/ClusterRole': kind(),
  'rbac.authorization.k8s.io/RoleBinding': kind({ roleRef: atomicStruct }),
  'rbac.authorization.k8s.io/ClusterRoleBinding': kind({ roleRef: atomicStruct }),
  'networking.k8s.io/NetworkPolicy': kind({ spec: fields({ podSelector: labelSelector }) }),
  'networking.k8s.io/Ingress': kind({ spec: fields({ defaultBackend: pointer(fields({ resource: atomicStruct })) }) }),
  'networking.k8s.io/IngressClass': kind(),
  'storage.k8s.io/StorageClass': kind({ parameters: stringMap }),
  'storage.k8s.io/CSINode': kind({ spec: fields({ drivers: mergeList('name') }) }),
  'storage.k8s.io/CSIStorageCapacity': kind({ nodeTopology: labelSelector }),
  'coordination.k8s.io/Lease': kind(),
  'apiextensions.k8s.io/CustomResourceDefinition': kind({
    status: fields({ conditions: keyedList(['type']) }),
  }),
  'apiregistration.k8s.io/APIService': kind({ status: fields({ conditions }) }),
  'discovery.k8s.io/EndpointSlice': kind(),
  'policy/PodDisruptionBudget': pdb,
  'admissionregistration.k8s.io/MutatingWebhookConfiguration': webhookConfiguration,
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration': webhookConfiguration,
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy': kind({
    spec: fields({ matchConstraints: fields({ namespaceSelector: labelSelector, objectSelector: labelSelector }), matchConditions }),
    status: fields({ conditions }),
  }),
};

const GENERIC = kind();

/**
 * A custom kind's patch schema: its own fields from its OpenAPI schema, ObjectMeta's for its
 * metadata (owner references by uid, finalizers as a set), as kube-apiserver's type converter for
 * custom resources has them; a create is compared with an empty unstructured object.
 */
export function customPatchSchema(schema: OpenAPISchemaLike): PatchSchema {
  const own = patchSchemaFromOpenAPI(schema);
  return unstructuredRoot({ ...own, fields: { ...own.fields, metadata: objectMeta } });
}

/** The patch schema of a built-in kind; an unknown kind gets ObjectMeta's semantics only. */
export function builtinPatchSchema(group: string, kindName: string): PatchSchema {
  return SCHEMAS[`${group}/${kindName}`] ?? GENERIC;
}

/** The group/kind pairs with a schema of their own. */
export function builtinPatchSchemaKinds(): Array<{ group: string; kind: string }> {
  return Object.keys(SCHEMAS).map((key) => {
    const slash = key.lastIndexOf('/');
    return { group: key.slice(0, slash), kind: key.slice(slash + 1) };
  });
}
