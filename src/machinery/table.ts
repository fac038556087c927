// Server-side printing: the meta.k8s.io/v1 Table kubectl asks for with `as=Table`.

import type { KubeObject } from './object.ts';

export interface TableColumnDefinition {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'date';
  format: string;
  description: string;
  priority: number;
}

export interface TableRow {
  cells: unknown[];
  object?: unknown;
}

export interface Table {
  kind: 'Table';
  apiVersion: 'meta.k8s.io/v1';
  metadata: { resourceVersion?: string; continue?: string; remainingItemCount?: number };
  columnDefinitions: TableColumnDefinition[];
  rows: TableRow[];
}

/** How one kind prints: its columns and one row of cells per object. `now` is for ages. */
export interface TablePrinter {
  columns: TableColumnDefinition[];
  cells(obj: KubeObject, now: Date): unknown[];
}
