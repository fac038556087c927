// The cozy-values replicator (internal/cozyvaluesreplicator): the Secret
// `<--cozy-values-secret-namespace>/<--cozy-values-secret-name>` is copied (data, type, labels,
// annotations) into every namespace matching `--cozy-values-namespace-selector`, so the
// HelmReleases' `valuesFrom: cozystack-values` resolve there; a copy in a namespace that stops
// matching, or after the source is gone, is deleted.

import { isStatusError } from '../../../machinery/errors.ts';
import { matches, parseLabelSelector } from '../../../machinery/labels.ts';
import { deepEqual, type KubeObject } from '../../../machinery/object.ts';
import { runController, WorkQueue, type RunningController } from '../../../controller/index.ts';
import { NAMESPACE_GVK, SECRET_GVK } from '../types.ts';
import type { OperatorDeps } from './deps.ts';

const FIELD_MANAGER = 'cozystack-operator';

export function startValuesReplicator(deps: OperatorDeps): RunningController {
  const { client, factory, clock, flags } = deps;
  const name = flags.cozyValuesSecretName;
  const sourceNs = flags.cozyValuesSecretNamespace;
  const selector = parseLabelSelector(flags.cozyValuesNamespaceSelector);
  const secrets = factory.informerFor(SECRET_GVK, { fieldSelector: `metadata.name=${name}` });
  // As the operator's cache holds only matching namespaces: a `cozystack-values` of its own in another
  // namespace (tenant-root's, every tenant's) is not the replicator's to delete.
  const namespaces = factory.informerFor(NAMESPACE_GVK, { labelSelector: flags.cozyValuesNamespaceSelector });
  const queue = new WorkQueue<string>({ clock });

  const selected = (ns: KubeObject) => matches(selector, ns.metadata.labels);
  const fanOut = () => {
    for (const ns of namespaces.list()) if (ns.metadata.name !== sourceNs && selected(ns)) queue.add(ns.metadata.name!);
  };
  secrets.addEventHandler({
    onAdd: (s) => (s.metadata.namespace === sourceNs ? fanOut() : queue.add(s.metadata.namespace!)),
    onUpdate: (_, s) => (s.metadata.namespace === sourceNs ? fanOut() : queue.add(s.metadata.namespace!)),
    onDelete: (s) => (s.metadata.namespace === sourceNs ? fanOut() : queue.add(s.metadata.namespace!)),
  });
  namespaces.addEventHandler({
    onAdd: (ns) => selected(ns) && queue.add(ns.metadata.name!),
    onUpdate: (old, ns) => (selected(old) || selected(ns)) && queue.add(ns.metadata.name!),
  });

  async function reconcile(namespace: string): Promise<void> {
    if (namespace === sourceNs) return;
    const ns = namespaces.get(undefined, namespace);
    if (!ns || ns.metadata.deletionTimestamp) return;
    const copy = secrets.get(namespace, name);
    const source = secrets.get(sourceNs, name);
    if (!selected(ns) || !source) {
      if (copy) await remove(namespace);
      return;
    }
    const s = source as KubeObject & { data?: Record<string, string>; type?: string };
    const want = {
      data: s.data ?? {},
      type: s.type,
      labels: { ...copy?.metadata.labels, ...s.metadata.labels },
      annotations: { ...copy?.metadata.annotations, ...s.metadata.annotations },
    };
    if (copy) {
      const c = copy as typeof s;
      if (deepEqual([c.data ?? {}, c.type, c.metadata.labels ?? {}, c.metadata.annotations ?? {}], [want.data, want.type, want.labels, want.annotations])) return;
      await client.update({ ...c, metadata: { ...c.metadata, labels: want.labels, annotations: want.annotations }, data: want.data, type: want.type } as KubeObject, { fieldManager: FIELD_MANAGER });
      return;
    }
    await client.create({ ...SECRET_GVK, metadata: { name, namespace, labels: want.labels, annotations: want.annotations }, data: want.data, type: want.type } as KubeObject, { fieldManager: FIELD_MANAGER }).catch((err) => {
      if (!isStatusError(err, 'AlreadyExists')) throw err;
      queue.add(namespace);
    });
  }

  async function remove(namespace: string): Promise<void> {
    await client.delete({ ...SECRET_GVK, namespace, name }).catch((err) => {
      if (!isStatusError(err, 'NotFound')) throw err;
    });
  }

  return runController({ name: 'cozy-values-replicator', queue, reconcile, workers: 2 });
}
