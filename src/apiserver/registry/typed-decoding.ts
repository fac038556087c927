// What kube-apiserver's decoding into typed structs does to every written object, done in one
// place for each write path (create, update, a webhook's patch): quantities in canonical form,
// empty omitempty lists and maps gone (a built-in kind's by its schema, a custom resource's metadata),
// a built-in kind's nested metadata with its zero creationTimestamp.

import type { KubeObject } from '../../machinery/object.ts';
import type { ResourceType } from '../resource.ts';
import { dropEmptyCollections, dropEmptyMetaCollections } from './empty-collections.ts';
import { stampNestedCreationTimestamps } from './nested-object-meta.ts';
import { canonicalizeQuantities } from './quantities.ts';

export function decodeAsTyped(rt: ResourceType, obj: KubeObject): void {
  canonicalizeQuantities(rt, obj);
  if (!dropEmptyCollections(rt, obj)) dropEmptyMetaCollections(obj);
  else stampNestedCreationTimestamps(rt, obj);
}
