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
  /**
   * Strings the stored JSON of every matching object contains (`"key":"value"` of each label the
   * selector requires to equal a value, `"key":` of each it requires to exist): a stored value
   * without one of them cannot match, and is skipped without being decoded.
   */
  needles: string[];
}

function labelNeedles(selector: LabelSelector | undefined): string[] {
  const needles: string[] = [];
  for (const r of selector?.requirements ?? []) {
    const key = JSON.stringify(r.key);
    if ((r.operator === '=' || r.operator === '==' || r.operator === 'in') && r.values.length === 1) needles.push(`${key}:${JSON.stringify(r.values[0])}`);
    else if (r.operator === 'exists') needles.push(`${key}:`);
  }
  return needles;
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
    needles: useLabels ? labelNeedles(labels) : [],
    matches(obj) {
      if (useLabels && !matches(labels!, obj.metadata.labels)) return false;
      if (useFields && !matchesFields(fields!, fieldsOf(obj, strategy))) return false;
      return true;
    },
  };
}
