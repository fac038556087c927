// cozy-lib's resource helpers (packages/library/cozy-lib/templates/_resources.tpl): a flat map
// of limits becomes {limits, requests}, requests being the limit divided by the cluster's
// allocation ratio (cpu 10, memory 1, ephemeral-storage 40 unless `_cluster` says otherwise).

import { ChartRenderError, type Values } from '../chart.ts';
import { presetResources, type FlatResources } from './presets.ts';

export interface AllocationRatios {
  cpu: number;
  memory: number;
  ephemeralStorage: number;
}

export const DEFAULT_ALLOCATION_RATIOS: AllocationRatios = { cpu: 10, memory: 1, ephemeralStorage: 40 };

export interface SanitizedResources {
  limits: Record<string, string>;
  requests: Record<string, string>;
}

/** Ratios from `.Values._cluster` (`cpu-allocation-ratio` …), each falling back to its default. */
export function allocationRatios(values: Values = {}): AllocationRatios {
  const cluster = (values._cluster ?? {}) as Record<string, unknown>;
  const read = (key: string, fallback: number): number => {
    const raw = cluster[key];
    if (raw === undefined || raw === null || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new ChartRenderError(`ERROR: _cluster.${key} must be a positive number, got ${JSON.stringify(raw)}`);
    return n;
  };
  return {
    cpu: read('cpu-allocation-ratio', DEFAULT_ALLOCATION_RATIOS.cpu),
    memory: read('memory-allocation-ratio', DEFAULT_ALLOCATION_RATIOS.memory),
    ephemeralStorage: read('ephemeral-storage-allocation-ratio', DEFAULT_ALLOCATION_RATIOS.ephemeralStorage),
  };
}

const UNITS: Record<string, number> = {
  Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60,
  m: 1e-3, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18,
};

/** `cozy-lib.resources.toFloat`: a quantity ("500m", "256Mi", 2) as a plain number. */
export function quantityToFloat(value: unknown): number {
  if (typeof value === 'number') return value;
  const text = String(value);
  const suffix = Object.keys(UNITS).find((unit) => unit.length === 2 && text.endsWith(unit)) ?? Object.keys(UNITS).find((unit) => text.endsWith(unit));
  const number = Number(suffix ? text.slice(0, -suffix.length) : text);
  if (text.trim() === '' || !Number.isFinite(number)) throw new ChartRenderError(`ERROR: quantity ${JSON.stringify(value)} is not a number with a unit`);
  return number * (suffix ? UNITS[suffix]! : 1);
}

/** Go's `%v` of a float64 (what `toString` prints): shortest form, exponent outside [1e-4, 1e21). */
export function goFloatString(n: number): string {
  if (n === 0 || !Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  if (abs < 1e-4 || abs >= 1e21) {
    const [mantissa, exp] = n.toExponential().split('e') as [string, string];
    const sign = exp.startsWith('-') ? '-' : '+';
    const digits = exp.replace(/^[-+]/, '').padStart(2, '0');
    return `${mantissa}e${sign}${digits}`;
  }
  return String(n);
}

function valueString(value: unknown): string {
  return typeof value === 'number' ? goFloatString(value) : String(value);
}

/** `cozy-lib.resources.sanitize`: every value is a limit; requests follow from the ratios. */
export function sanitizeResources(flat: Record<string, unknown>, values: Values = {}): SanitizedResources {
  if (Object.hasOwn(flat, 'limits') || Object.hasOwn(flat, 'requests')) {
    throw new ChartRenderError('ERROR: A flat map of resources expected, not nested `requests:` or `limits:` sections.');
  }
  const ratios = allocationRatios(values);
  const limits: Record<string, string> = {};
  const requests: Record<string, string> = {};
  for (const key of Object.keys(flat).sort()) {
    const value = flat[key];
    limits[key] = valueString(value);
    if (key === 'cpu') requests[key] = goFloatString(quantityToFloat(value) / ratios.cpu);
    else if (key === 'memory') requests[key] = String(Math.trunc(quantityToFloat(value) / ratios.memory));
    else if (key === 'ephemeral-storage') requests[key] = String(Math.trunc(quantityToFloat(value) / ratios.ephemeralStorage));
    else requests[key] = valueString(value);
  }
  return { limits, requests };
}

/**
 * `cozy-lib.resources.defaultingSanitize`: the preset expanded, the user's `resources` merged
 * over it key by key (a user `cpu` keeps the preset's memory), then sanitized.
 */
export function defaultingSanitize(preset: string, resources: Record<string, unknown> | undefined | null, values: Values = {}): SanitizedResources {
  const merged: Record<string, unknown> = { ...presetResources(preset) };
  for (const [key, value] of Object.entries(resources ?? {})) {
    if (value !== undefined && value !== null && value !== '') merged[key] = value;
  }
  return sanitizeResources(merged, values);
}

/** `cozy-lib.resources.javaHeap`: -Xmx is 75% of the memory limit, -Xms the lesser of the request and 25% of it. */
export function javaHeap(resources: SanitizedResources): string {
  const request = Math.trunc(quantityToFloat(resources.requests.memory ?? '0'));
  const limit = Math.trunc(quantityToFloat(resources.limits.memory ?? '0'));
  const xmx = Math.trunc((limit * 3) / 4194304);
  const xms = Math.min(Math.trunc(limit / 4194304), Math.trunc(request / 1048576));
  return `-Xms${xms}m -Xmx${xmx}m`;
}

export type { FlatResources };
