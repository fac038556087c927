// Builds the meta.k8s.io/v1 Table for `kubectl get` from a printer and objects, and the printers
// every kind without its own falls back to: custom resources' columns and the generic ones.

import type { KubeObject } from './object.ts';
import type { Table, TableColumnDefinition, TablePrinter, TableRow } from './table.ts';
import { translateTimestampSince } from './duration.ts';
import { compileJsonPath, printerColumnCell } from './jsonpath.ts';

/** metav1.ObjectMeta's swagger text for `name`, the description of every Name column. */
export const NAME_DESCRIPTION =
  'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names';

/** metav1.ObjectMeta's swagger text for `creationTimestamp`, the description of Age columns. */
export const CREATION_TIMESTAMP_DESCRIPTION =
  'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata';

export function column(
  name: string,
  type: TableColumnDefinition['type'],
  description: string,
  opts: { format?: string; priority?: number } = {},
): TableColumnDefinition {
  return { name, type, format: opts.format ?? '', description, priority: opts.priority ?? 0 };
}

export const nameColumn = (): TableColumnDefinition => column('Name', 'string', NAME_DESCRIPTION, { format: 'name' });
/** Built-in printers declare Age as a string column; the cell is already humanized. */
export const ageColumn = (): TableColumnDefinition => column('Age', 'string', CREATION_TIMESTAMP_DESCRIPTION);

export function objectName(obj: KubeObject): string {
  return obj.metadata?.name ?? '';
}

export function objectAge(obj: KubeObject, now: Date): string {
  return translateTimestampSince(obj.metadata?.creationTimestamp, now);
}

export interface BuildTableOptions {
  now: Date;
  includeObject: 'None' | 'Metadata' | 'Object';
  resourceVersion?: string;
  continue?: string;
  remainingItemCount?: number;
}

/** The metadata-only form of an object that Table rows carry by default. */
export function partialObjectMetadata(obj: KubeObject): { kind: 'PartialObjectMetadata'; apiVersion: 'meta.k8s.io/v1'; metadata: Record<string, unknown> } {
  const { managedFields: _dropped, ...metadata } = obj.metadata ?? {};
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata };
}

export function buildTable(printer: TablePrinter, objects: KubeObject[], opts: BuildTableOptions): Table {
  const metadata: Table['metadata'] = {};
  if (opts.resourceVersion !== undefined) metadata.resourceVersion = opts.resourceVersion;
  if (opts.continue) metadata.continue = opts.continue;
  if (opts.remainingItemCount !== undefined) metadata.remainingItemCount = opts.remainingItemCount;
  const rows: TableRow[] = objects.map((obj) => {
    const cells = printer.cells(obj, opts.now);
    switch (opts.includeObject) {
      case 'Object':
        return { cells, object: obj };
      case 'None':
        return { cells, object: null };
      default:
        return { cells, object: partialObjectMetadata(obj) };
    }
  });
  return { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata, columnDefinitions: printer.columns, rows };
}

/** Name and Age: what a custom resource without printer columns shows. */
export const defaultPrinter: TablePrinter = {
  columns: [nameColumn(), column('Age', 'date', CREATION_TIMESTAMP_DESCRIPTION)],
  cells: (obj, now) => [objectName(obj), objectAge(obj, now)],
};

/**
 * rest.NewDefaultTableConvertor, used by built-in kinds without a dedicated printer (Role,
 * ClusterRole, LimitRange, CustomResourceDefinition …): Name and the creation time in RFC 3339.
 */
export const createdAtPrinter: TablePrinter = {
  columns: [nameColumn(), column('Created At', 'date', CREATION_TIMESTAMP_DESCRIPTION)],
  cells: (obj) => [objectName(obj), formatCreatedAt(obj.metadata?.creationTimestamp)],
};

function formatCreatedAt(ts: string | undefined): string {
  const ms = ts ? Date.parse(ts) : NaN;
  // Go formats the zero time when the timestamp is unset.
  if (Number.isNaN(ms)) return '0001-01-01T00:00:00Z';
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface PrinterColumnSpec {
  name: string;
  type: string;
  format?: string;
  description?: string;
  priority?: number;
  jsonPath: string;
}

/**
 * A custom resource's printer (apiextensions' table convertor): Name, then the CRD version's
 * additionalPrinterColumns in order. A version without columns gets the single default Age
 * column, as upstream; a CRD that lists columns shows Age only if it lists it. Throws a
 * JsonPathError when a column's path does not parse.
 */
export function crdPrinter(columns: PrinterColumnSpec[]): TablePrinter {
  const specs = columns.length > 0 ? columns : [{ name: 'Age', type: 'date', description: CREATION_TIMESTAMP_DESCRIPTION, jsonPath: '.metadata.creationTimestamp' }];
  const compiled = specs.map((c) => ({ type: c.type, select: compileJsonPath(c.jsonPath) }));
  return {
    columns: [
      nameColumn(),
      ...specs.map((c) =>
        column(c.name, c.type as TableColumnDefinition['type'], c.description || `Custom resource definition column (in JSONPath format): ${c.jsonPath}`, {
          format: c.format ?? '',
          priority: c.priority ?? 0,
        }),
      ),
    ],
    cells: (obj, now) => [objectName(obj), ...compiled.map((c) => printerColumnCell(c.type, c.select, obj, now))],
  };
}
