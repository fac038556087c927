// Validating merged values against a chart's values.schema.json before render, with Helm's message.

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { Chart, Values } from '../charts/chart.ts';

const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const compiled = new WeakMap<object, ValidateFunction>();

/** Undefined when the values fit the chart's schema (or it has none), else Helm's error text. */
export function schemaError(chart: Chart, values: Values): string | undefined {
  if (!chart.valuesSchema) return undefined;
  let validate = compiled.get(chart.valuesSchema);
  if (!validate) {
    try {
      validate = ajv.compile(chart.valuesSchema);
    } catch (err) {
      return `${chart.name}: invalid values.schema.json: ${(err as Error).message}`;
    }
    compiled.set(chart.valuesSchema, validate);
  }
  if (validate(values)) return undefined;
  const lines = (validate.errors ?? []).map(describe);
  return `values don't meet the specifications of the schema(s) in the following chart(s):\n${chart.name}:\n${lines.join('\n')}`;
}

function describe(e: ErrorObject): string {
  const at = e.instancePath || '';
  if (e.keyword === 'additionalProperties') return `- at '${at}': additional properties '${(e.params as { additionalProperty: string }).additionalProperty}' not allowed`;
  if (e.keyword === 'required') return `- at '${at}': missing property '${(e.params as { missingProperty: string }).missingProperty}'`;
  if (e.keyword === 'enum') return `- at '${at}': value must be one of ${((e.params as { allowedValues: unknown[] }).allowedValues ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
  return `- at '${at}': ${e.message ?? e.keyword}`;
}
