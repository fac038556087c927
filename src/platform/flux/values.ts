// How a HelmRelease's values come together, as Flux and Helm do it: the chart's values.yaml, then
// the values files the `cozyhr.cozystack.io/values-files` annotation names, then each valuesFrom
// Secret/ConfigMap in order (whole documents merged, or one value placed at targetPath), then
// spec.values. Maps merge deeply, anything else replaces, and a null from the user deletes a default.

import { createHash } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import { isStatusError } from '../../machinery/errors.ts';
import { isPlainObject, type KubeObject } from '../../machinery/object.ts';
import type { KubeClient } from '../../controller/index.ts';
import type { Chart, Values } from '../charts/chart.ts';

export const VALUES_FILES_ANNOTATION = 'cozyhr.cozystack.io/values-files';

export interface ValuesReference {
  kind: 'Secret' | 'ConfigMap';
  name: string;
  valuesKey?: string;
  targetPath?: string;
  optional?: boolean;
}

/** A valuesFrom failure, shown as Ready=False reason ValuesError. */
export class ValuesError extends Error {}

/** Flux's MergeMaps: `over` wins; nested maps merge. Neither input is changed. */
export function mergeMaps(base: Values, over: Values): Values {
  const out: Values = { ...base };
  for (const [k, v] of Object.entries(over)) {
    out[k] = isPlainObject(v) && isPlainObject(out[k]) ? mergeMaps(out[k] as Values, v) : structuredClone(v);
  }
  return out;
}

/** Helm's CoalesceValues: user values over chart defaults, where a user null removes the key. */
export function coalesceValues(defaults: Values, user: Values): Values {
  const out: Values = structuredClone(defaults);
  for (const [k, v] of Object.entries(user)) {
    if (v === null) delete out[k];
    else if (isPlainObject(v) && isPlainObject(out[k])) out[k] = coalesceValues(out[k] as Values, v);
    else out[k] = structuredClone(v);
  }
  return out;
}

/** The chart's own values: values.yaml, then each named values file over it. */
export function chartDefaults(chart: Chart, hr: KubeObject): Values {
  const files = (hr.metadata.annotations?.[VALUES_FILES_ANNOTATION] ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  let values: Values = structuredClone(chart.values);
  for (const file of files) {
    if (file === 'values.yaml') continue;
    const extra = chart.valuesFiles?.[file];
    if (!extra) throw new ValuesError(`values file '${file}' not found in chart '${chart.name}'`);
    values = coalesceValues(values, extra);
  }
  return values;
}

/** chartutil.ChartValuesFromReferences: valuesFrom in order, then spec.values. */
export async function userValues(client: KubeClient, namespace: string, refs: ValuesReference[], inline: Values | undefined): Promise<Values> {
  let result: Values = {};
  for (const ref of refs) {
    const where = `${ref.kind} '${namespace}/${ref.name}'`;
    if (ref.kind !== 'Secret' && ref.kind !== 'ConfigMap') throw new ValuesError(`unsupported ValuesReference kind '${ref.kind}'`);
    const key = ref.valuesKey || 'values.yaml';
    let obj: KubeObject;
    try {
      obj = await client.get({ apiVersion: 'v1', kind: ref.kind, namespace, name: ref.name });
    } catch (err) {
      if (isStatusError(err, 'NotFound')) {
        if (ref.optional) continue;
        throw new ValuesError(`could not find ${where}`);
      }
      throw err;
    }
    const text = readKey(obj, key);
    if (text === undefined) {
      if (ref.optional) continue;
      throw new ValuesError(`missing key '${key}' in ${where}`);
    }
    if (ref.targetPath) {
      try {
        result = setPath(result, ref.targetPath, scalarOf(text));
      } catch (err) {
        throw new ValuesError(`unable to merge value from key '${key}' in ${where} into target path '${ref.targetPath}': ${(err as Error).message}`);
      }
      continue;
    }
    let parsed: unknown;
    try {
      parsed = parsedValues(text);
    } catch (err) {
      throw new ValuesError(`unable to read values from key '${key}' in ${where}: ${(err as Error).message}`);
    }
    if (!isPlainObject(parsed)) throw new ValuesError(`unable to read values from key '${key}' in ${where}: values must be a YAML map`);
    result = mergeMaps(result, parsed);
  }
  return inline ? mergeMaps(result, inline) : result;
}

// Every release of the platform reads the same large values documents (cozystack-values …) on
// each reconcile; the YAML of a given text is parsed once. Callers only read what they get
// (mergeMaps copies), so the parsed values are shared.
const PARSED_VALUES_CACHE_SIZE = 64;
const parsedValuesCache = new Map<string, unknown>();

function parsedValues(text: string): unknown {
  if (parsedValuesCache.has(text)) {
    const hit = parsedValuesCache.get(text);
    parsedValuesCache.delete(text);
    parsedValuesCache.set(text, hit);
    return hit;
  }
  const parsed = parseYaml(text) ?? {};
  if (parsedValuesCache.size >= PARSED_VALUES_CACHE_SIZE) parsedValuesCache.delete(parsedValuesCache.keys().next().value!);
  parsedValuesCache.set(text, parsed);
  return parsed;
}

function readKey(obj: KubeObject, key: string): string | undefined {
  if (obj.kind === 'Secret') {
    const data = (obj as { data?: Record<string, string> }).data?.[key];
    if (data !== undefined) return Buffer.from(data, 'base64').toString();
    return (obj as { stringData?: Record<string, string> }).stringData?.[key];
  }
  const data = (obj as { data?: Record<string, string> }).data?.[key];
  if (data !== undefined) return data;
  const binary = (obj as { binaryData?: Record<string, string> }).binaryData?.[key];
  return binary === undefined ? undefined : Buffer.from(binary, 'base64').toString();
}

/** strvals' typing of a `--set` value: booleans, integers and null become themselves; the rest stays text. */
function scalarOf(text: string): unknown {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (/^-?(0|[1-9]\d*)$/.test(text) && Number.isSafeInteger(Number(text))) return Number(text);
  return text;
}

/** Places a value at a dotted path (`a.b\.c` escapes a dot), creating maps on the way. */
export function setPath(values: Values, path: string, value: unknown): Values {
  const parts = path.split(/(?<!\\)\./).map((p) => p.replace(/\\\./g, '.'));
  if (parts.some((p) => p === '')) throw new Error(`key "${path}" has no value`);
  const out = structuredClone(values);
  let node: Values = out;
  for (const part of parts.slice(0, -1)) {
    if (!isPlainObject(node[part])) node[part] = {};
    node = node[part] as Values;
  }
  node[parts.at(-1)!] = value;
  return out;
}

/** Go's json.Marshal of a map: keys sorted at every level. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => value[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** chartutil.DigestValues: the digest Flux records as configDigest. */
export function valuesDigest(values: Values): string {
  // The same values are digested many times a reconcile (config, the stored release's config);
  // equal JSON means equal values, so the canonical form is computed once per JSON text.
  const json = JSON.stringify(values);
  const known = json === undefined ? undefined : digests.get(json);
  if (known) return known;
  const digest = `sha256:${createHash('sha256').update(canonicalJson(values)).digest('hex')}`;
  if (json !== undefined) {
    if (digests.size >= DIGEST_CACHE_SIZE) digests.delete(digests.keys().next().value!);
    digests.set(json, digest);
  }
  return digest;
}

const DIGEST_CACHE_SIZE = 512;
const digests = new Map<string, string>();
