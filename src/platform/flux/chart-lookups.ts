// What helm-controller fetches for a chart's `lookup` calls before it renders: each object the
// chart names, or every object of a kind for a list lookup, read from the cluster now; with
// `.Capabilities`, handed to the chart in its values (charts/lookup.ts).

import type { KubeClient } from '../../controller/index.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { Chart, ReleaseContext, Values } from '../charts/chart.ts';
import { withLookups, type LookedUpList } from '../charts/lookup.ts';
import { getOrUndefined } from '../helm/apply.ts';

export async function valuesWithLookups(client: KubeClient, chart: Chart, values: Values, context: ReleaseContext, apiVersions: string[]): Promise<Values> {
  if (!chart.lookups) return values;
  const found: KubeObject[] = [];
  const lists: LookedUpList[] = [];
  for (const ref of chart.lookups(values, context)) {
    if (!ref.name) {
      // A kind not served lists as nothing, as Helm's lookup answers.
      const list = await client.list({ apiVersion: ref.apiVersion, kind: ref.kind }, ref.namespace ? { namespace: ref.namespace } : {}).catch(() => undefined);
      lists.push({ ref, items: list?.items ?? [] });
      continue;
    }
    const obj = await getOrUndefined(client, { apiVersion: ref.apiVersion, kind: ref.kind, namespace: ref.namespace || undefined, name: ref.name }).catch(() => undefined);
    if (obj) found.push(obj);
  }
  return withLookups(values, found, apiVersions, lists);
}
