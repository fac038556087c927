// Label and field selectors of a list or watch, checked against a kind's selectable fields.

import { isEmptyFieldSelector, matchesFields, METADATA_FIELDS, parseFieldSelector, type FieldSelector } from '../../machinery/fields.ts';
import { isEverything, matches, parseLabelSelector, type LabelSelector } from '../../machinery/labels.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { ResourceType } from '../resource.ts';
import type { Strategy } from './strategy.ts';

export interface Selection {
  /** No selector at all: every object matches. */
  empty: boolean;
  matches(obj: KubeObject): boolean;
}

function fieldsOf(obj: KubeObject, strategy: Strategy): Record<string, string> {
  return {
    'metadata.name': obj.metadata.name ?? '',
    'metadata.namespace': obj.metadata.namespace ?? '',
    ...(strategy.selectableFields?.(obj) ?? {}),
  };
}

export function buildSelection(rt: ResourceType, strategy: Strategy, labelSelector?: string, fieldSelector?: string): Selection {
  const labels: LabelSelector | undefined = labelSelector ? parseLabelSelector(labelSelector) : undefined;
  const kindFields = Object.keys(strategy.selectableFields?.({ apiVersion: '', kind: '', metadata: {} }) ?? {});
  const ownConversion = kindFields.length > 0 || !rt.strategicMergePatch;
  const fields: FieldSelector | undefined = fieldSelector
    ? parseFieldSelector(fieldSelector, { fields: [...METADATA_FIELDS, ...kindFields], style: ownConversion ? 'not-supported' : 'not-known' })
    : undefined;
  const useLabels = labels !== undefined && !isEverything(labels);
  const useFields = fields !== undefined && !isEmptyFieldSelector(fields);
  return {
    empty: !useLabels && !useFields,
    matches(obj) {
      if (useLabels && !matches(labels!, obj.metadata.labels)) return false;
      if (useFields && !matchesFields(fields!, fieldsOf(obj, strategy))) return false;
      return true;
    },
  };
}
