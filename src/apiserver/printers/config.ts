// Configuration and quota: ConfigMap, Secret, ServiceAccount, ResourceQuota (LimitRange uses the
// default created-at printer).

import type { TablePrinter } from '../../machinery/table.ts';
import { ageColumn, nameColumn, objectAge, objectName } from '../../machinery/table-build.ts';
import { arr, docColumn, obj, quantity, status, str, textColumn } from './access.ts';

export const configMapPrinter: TablePrinter = {
  columns: [nameColumn(), docColumn('Data', 'string', 'ConfigMap.data'), ageColumn()],
  cells: (cm, now) => [objectName(cm), Object.keys(obj(cm.data)).length + Object.keys(obj(cm.binaryData)).length, objectAge(cm, now)],
};

export const secretPrinter: TablePrinter = {
  columns: [nameColumn(), docColumn('Type', 'string', 'Secret.type'), docColumn('Data', 'string', 'Secret.data'), ageColumn()],
  // Defaulting makes an untyped Secret "Opaque".
  cells: (s, now) => [objectName(s), str(s.type) || 'Opaque', Object.keys(obj(s.data)).length, objectAge(s, now)],
};

export const serviceAccountPrinter: TablePrinter = {
  columns: [nameColumn(), docColumn('Secrets', 'string', 'ServiceAccount.secrets'), ageColumn()],
  cells: (sa, now) => [objectName(sa), arr(sa.secrets).length, objectAge(sa, now)],
};

/** "cpu: 500m/1, memory: 1Gi/2Gi" for requests; `limits.*` resources go to the Limit column. */
function quotaColumns(hard: Record<string, unknown>, used: Record<string, unknown>): [string, string] {
  const request: string[] = [];
  const limit: string[] = [];
  for (const resource of Object.keys(hard).sort()) {
    const pieces = resource.split('.');
    const target = pieces.length > 1 && pieces[0] === 'limits' ? limit : request;
    target.push(`${resource}: ${quantity(used[resource])}/${quantity(hard[resource])}`);
  }
  return [request.join(', '), limit.join(', ')];
}

export const resourceQuotaPrinter: TablePrinter = {
  columns: [
    nameColumn(),
    textColumn('Request', 'string', 'Request represents a minimum amount of cpu/memory that a container may consume.'),
    textColumn('Limit', 'string', 'Limits control the maximum amount of cpu/memory that a container may use independent of contention on the node.'),
    ageColumn(),
  ],
  cells(rq, now) {
    const st = status(rq);
    const [request, limit] = quotaColumns(obj(st.hard), obj(st.used));
    return [objectName(rq), request, limit, objectAge(rq, now)];
  },
};
