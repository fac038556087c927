// Upstream types client-node flattens (Time, Quantity, IntOrString, RawExtension, JSON …): their
// component schemas, and which fields carry them.

import type { JSONSchemaProps } from '../resource.ts';

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';
const APIEXT = 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1';
const PRESERVE = { 'x-kubernetes-preserve-unknown-fields': true };

export const TIME = `${META}.Time`;
export const MICRO_TIME = `${META}.MicroTime`;
export const INT_OR_STRING = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';
export const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';

export const SPECIAL_COMPONENTS: Record<string, JSONSchemaProps> = {
  [TIME]: {
    description:
      'Time is a wrapper around time.Time which supports correct marshaling to YAML and JSON.  Wrappers are provided for many of the factory methods that the time package offers.',
    type: 'string',
    format: 'date-time',
  },
  [MICRO_TIME]: { description: 'MicroTime is version of Time with microsecond level precision.', type: 'string', format: 'date-time' },
  [INT_OR_STRING]: {
    description:
      'IntOrString is a type that can hold an int32 or a string.  When used in JSON or YAML marshalling and unmarshalling, it produces or consumes the inner type.  This allows you to have, for example, a JSON field that can accept a name or number.',
    format: 'int-or-string',
    'x-kubernetes-int-or-string': true,
  },
  [QUANTITY]: {
    description:
      'Quantity is a fixed-point representation of a number. It provides convenient marshaling/unmarshaling in JSON and YAML, in addition to String() and AsInt64() accessors.',
    'x-kubernetes-int-or-string': true,
  },
  [`${META}.FieldsV1`]: {
    description: 'FieldsV1 stores a set of fields in a data structure like a Trie, in JSON format.',
    type: 'object',
    ...PRESERVE,
  },
  'io.k8s.apimachinery.pkg.runtime.RawExtension': {
    description: 'RawExtension is used to hold extensions in external versions.',
    type: 'object',
    ...PRESERVE,
  },
  [`${APIEXT}.JSON`]: {
    description:
      'JSON represents any valid JSON value. These types are supported: bool, int64, float64, string, []interface{}, map[string]interface{} and nil.',
    ...PRESERVE,
  },
  [`${APIEXT}.JSONSchemaPropsOrArray`]: {
    description:
      'JSONSchemaPropsOrArray represents a value that can either be a JSONSchemaProps or an array of JSONSchemaProps. Mainly here for serialization purposes.',
    ...PRESERVE,
  },
  [`${APIEXT}.JSONSchemaPropsOrBool`]: {
    description: 'JSONSchemaPropsOrBool represents JSONSchemaProps or a boolean value. Defaults to true for the boolean property.',
    ...PRESERVE,
  },
  [`${APIEXT}.JSONSchemaPropsOrStringArray`]: {
    description: 'JSONSchemaPropsOrStringArray represents a JSONSchemaProps or a string array.',
    ...PRESERVE,
  },
  [`${APIEXT}.CustomResourceSubresourceStatus`]: {
    description:
      'CustomResourceSubresourceStatus defines how to serve the status subresource for CustomResources. Status is represented by the `.status` JSON path inside of a CustomResource. When set, * exposes a /status subresource for the custom resource * PUT requests to the /status subresource take a custom resource object, and ignore changes to anything except the status stanza * PATCH requests to the /status subresource take a custom resource object, and ignore changes to anything except the status stanza',
    type: 'object',
  },
};

/** Fields client-node types as `any`: the upstream type each one has. */
export const ANY_FIELD_TYPES: Record<string, string> = {
  'V1JSONSchemaProps.additionalItems': `${APIEXT}.JSONSchemaPropsOrBool`,
  'V1JSONSchemaProps.additionalProperties': `${APIEXT}.JSONSchemaPropsOrBool`,
  'V1JSONSchemaProps.items': `${APIEXT}.JSONSchemaPropsOrArray`,
  'V1JSONSchemaProps.default': `${APIEXT}.JSON`,
  'V1JSONSchemaProps.example': `${APIEXT}.JSON`,
  'V1JSONSchemaProps.enum': `${APIEXT}.JSON`,
  'V1JSONSchemaProps.dependencies': `${APIEXT}.JSONSchemaPropsOrStringArray`,
  'V1ManagedFieldsEntry.fieldsV1': `${META}.FieldsV1`,
  'V1ControllerRevision.data': 'io.k8s.apimachinery.pkg.runtime.RawExtension',
  'V1WatchEvent.object': 'io.k8s.apimachinery.pkg.runtime.RawExtension',
  'V1CustomResourceSubresources.status': `${APIEXT}.CustomResourceSubresourceStatus`,
};

/** Fields client-node types as `string` (or maps of string) that are resource Quantities upstream. */
export const QUANTITY_FIELDS = new Set([
  'V1ResourceRequirements.limits', 'V1ResourceRequirements.requests',
  'V1VolumeResourceRequirements.limits', 'V1VolumeResourceRequirements.requests',
  'V1EmptyDirVolumeSource.sizeLimit', 'V1ResourceFieldSelector.divisor',
  'V1ResourceQuotaSpec.hard', 'V1ResourceQuotaStatus.hard', 'V1ResourceQuotaStatus.used',
  'V1LimitRangeItem.default', 'V1LimitRangeItem.defaultRequest', 'V1LimitRangeItem.max', 'V1LimitRangeItem.maxLimitRequestRatio', 'V1LimitRangeItem.min',
  'V1NodeStatus.allocatable', 'V1NodeStatus.capacity', 'V1PersistentVolumeSpec.capacity',
  'V1PersistentVolumeClaimStatus.capacity', 'V1PersistentVolumeClaimStatus.allocatedResources',
  'V1ContainerStatus.allocatedResources', 'V1PodSpec.overhead',
]);

export const METADATA_DESCRIPTION =
  "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata";
