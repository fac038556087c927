// The few Go-template semantics the platform templates rely on: Helm's truthiness, nil-safe
// field walks, and how a `fail` reads on the HelmRelease.

import { ChartRenderError } from '../../chart.ts';

export const CHART_NAME = 'cozy-platform';

/** `if x` in a Go template: false, 0, "", nil and empty lists/maps are false. */
export function truthy(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}

/** `((.a).b).c`: undefined as soon as a hop is missing or not a map. */
export function dig(root: unknown, ...path: string[]): unknown {
  let cur = root;
  for (const key of path) {
    if (!cur || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

export function str(v: unknown, fallback = ''): string {
  return truthy(v) ? String(v) : fallback;
}

export function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

export function stringList(v: unknown): string[] {
  return list(v).map((x) => String(x));
}

export function record(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** `{{ x | quote }}` of a scalar as Go prints it: true/false, numbers, strings as they are. */
export function quoteScalar(v: unknown): string {
  if (v === undefined || v === null) return '';
  return String(v);
}

/** What `{{- fail "…" }}` at templates/<file>:<line> makes Helm report. */
export function templateFail(file: string, line: number, message: string): ChartRenderError {
  return new ChartRenderError(`execution error at (${CHART_NAME}/templates/${file}:${line}:4): ${message}`);
}
