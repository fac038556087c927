// The charts cozylab ships, looked up by their path in the packages tree. A Flux artifact
// (ExternalArtifact, OCIRepository …) names a path; the helm-controller renders the chart found here.

import type { Chart } from './chart.ts';

export class ChartRegistry {
  private readonly byPath = new Map<string, Chart>();

  constructor(charts: Iterable<Chart> = []) {
    for (const c of charts) this.register(c);
  }

  register(chart: Chart): void {
    if (this.byPath.has(chart.path)) throw new Error(`chart ${chart.path} registered twice`);
    this.byPath.set(chart.path, chart);
  }

  get(path: string): Chart | undefined {
    return this.byPath.get(normalizePath(path));
  }

  has(path: string): boolean {
    return this.byPath.has(normalizePath(path));
  }

  list(): Chart[] {
    return [...this.byPath.values()];
  }
}

/** `./system/cilium/`, `/system/cilium` and `system/cilium` name the same chart. */
export function normalizePath(path: string): string {
  return path.replace(/^\.?\/+/, '').replace(/\/+$/, '');
}
