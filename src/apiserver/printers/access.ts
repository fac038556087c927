// Small readers over untyped objects, and the cell helpers several printers share.

import { isPlainObject, type KubeObject } from '../../machinery/object.ts';
import { column } from '../../machinery/table-build.ts';
import type { TableColumnDefinition } from '../../machinery/table.ts';
import type { LabelSelectorObject } from '../../machinery/labels.ts';
import { DOC, type DocKey } from './descriptions.ts';

export type Obj = Record<string, unknown>;

export function obj(v: unknown): Obj {
  return isPlainObject(v) ? v : {};
}

/** The value when it is an object, else undefined (a set-or-unset struct pointer). */
export function present(v: unknown): Obj | undefined {
  return isPlainObject(v) ? v : undefined;
}

export function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

export function objs(v: unknown): Obj[] {
  return arr(v).map(obj);
}

export function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

export function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

export function optStr(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function strMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(obj(v))) out[k] = typeof val === 'string' ? val : String(val);
  return out;
}

/** A metav1.LabelSelector field; undefined when unset. */
export function selectorObject(v: unknown): LabelSelectorObject | undefined {
  return isPlainObject(v) ? (v as LabelSelectorObject) : undefined;
}

export const spec = (o: KubeObject): Obj => obj(o.spec);
export const status = (o: KubeObject): Obj => obj(o.status);

/** A column whose description is a k8s.io/api swagger text. */
export function docColumn(name: string, type: TableColumnDefinition['type'], key: DocKey, priority = 0): TableColumnDefinition {
  return column(name, type, DOC[key], { priority });
}

/** A column with a literal description. */
export function textColumn(name: string, type: TableColumnDefinition['type'], description: string, priority = 0): TableColumnDefinition {
  return column(name, type, description, { priority });
}

export const CONTAINERS_DESCRIPTION = 'Names of each container in the template.';
export const IMAGES_DESCRIPTION = 'Images referenced by each container in the template.';

/** layoutContainerCells: "a,b" and "img-a,img-b". */
export function layoutContainerCells(containers: unknown): [string, string] {
  const list = objs(containers);
  return [list.map((c) => str(c.name)).join(','), list.map((c) => str(c.image)).join(',')];
}

/** The pod template's containers of a workload object. */
export function templateContainers(template: unknown): unknown {
  return obj(obj(template).spec).containers;
}

/** intstr.IntOrString.String(). */
export function intOrString(v: unknown): string {
  if (typeof v === 'number') return String(Math.trunc(v));
  return str(v);
}

/** The Quantity text as stored; an absent quantity is Go's zero Quantity, "0". */
export function quantity(v: unknown): string {
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' && v !== '' ? v : '0';
}

/** printBoolPtr: "True"/"False", `<unset>` when absent. */
export function boolPtr(v: unknown): string {
  if (typeof v !== 'boolean') return '<unset>';
  return v ? 'True' : 'False';
}

/** net.JoinHostPort: brackets around IPv6 hosts. */
export function joinHostPort(host: string, port: number | string): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** "a,b,c + 2 more..." after three items; `<unset>` for none (listWithMoreString). */
export function listWithMore(list: string[], count: number, max = 3): string {
  const ret = list.slice(0, max).join(',');
  if (count > max) return `${ret} + ${count - max} more...`;
  return ret === '' ? '<unset>' : ret;
}
