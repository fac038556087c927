// For the module charts' tests: render a chart as the helm-controller would — its values.yaml under
// the user's values and the tenant namespace's cozystack-values — and pick objects out.

import type { KubeObject } from '../../../machinery/object.ts';
import type { Chart, ReleaseContext, Values } from '../chart.ts';
import { mergeValues } from '../lib/index.ts';

export function release(name: string, namespace: string): ReleaseContext {
  return { name, namespace, revision: 1, isInstall: true, isUpgrade: false, service: 'Helm' };
}

export function tenantValues(namespace: string, cluster: Record<string, string> = {}): Values {
  return {
    _cluster: { 'root-host': 'example.org', 'oidc-enabled': 'false', 'expose-ingress': 'tenant-root', ...cluster },
    _namespace: { host: namespace === 'tenant-root' ? 'example.org' : `${namespace.slice(7)}.example.org`, etcd: namespace, ingress: namespace, monitoring: namespace, seaweedfs: namespace },
  };
}

export function renderModule(chart: Chart, namespace: string, user: Values = {}, cluster: Record<string, string> = {}, releaseName = chart.name): KubeObject[] {
  return chart.render(mergeValues(chart.values, tenantValues(namespace, cluster), user), release(releaseName, namespace));
}

export function find(objects: KubeObject[], kind: string, name: string): KubeObject {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} among ${objects.map((o) => `${o.kind}/${o.metadata.name}`).join(', ')}`);
  return found;
}
