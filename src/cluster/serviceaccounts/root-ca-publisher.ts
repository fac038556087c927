// kube-controller-manager's root-ca-certificate-publisher: a ConfigMap `kube-root-ca.crt` in every
// active namespace holding the cluster CA under `ca.crt`, put back when it is deleted or changed
// (workloads mount it through their service-account token volumes to verify the API server).

import { type Clock, type InformerFactory, type KubeClient, runWhenSynced, WorkQueue } from '../../controller/index.ts';
import { isStatusError } from '../../machinery/errors.ts';
import { deepEqual, type KubeObject } from '../../machinery/object.ts';
import { ROOT_CA_CONFIGMAP } from '../../apiserver/admission/service-account.ts';

const DESCRIPTION_ANNOTATION = 'kubernetes.io/description';
const DESCRIPTION =
  'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. ' +
  'No other usage is guaranteed across distributions of Kubernetes clusters.';

export interface RootCAPublisherDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  caPem: string;
}

export function startRootCAPublisher(deps: RootCAPublisherDeps): { stop(): Promise<void> } {
  const namespaces = deps.factory.informerFor({ apiVersion: 'v1', kind: 'Namespace' });
  const configMaps = deps.factory.informerFor({ apiVersion: 'v1', kind: 'ConfigMap' }, { fieldSelector: `metadata.name=${ROOT_CA_CONFIGMAP}` });
  const queue = new WorkQueue<string>({ clock: deps.clock });
  const data = { 'ca.crt': deps.caPem };

  namespaces.addEventHandler({ onAdd: (ns) => queue.add(ns.metadata.name!), onUpdate: (_old, ns) => queue.add(ns.metadata.name!) });
  configMaps.addEventHandler({ onUpdate: (_old, cm) => queue.add(cm.metadata.namespace!), onDelete: (cm) => queue.add(cm.metadata.namespace!) });

  async function sync(name: string): Promise<void> {
    const ns = namespaces.get(undefined, name);
    if (!ns || ns.metadata.deletionTimestamp || (ns.status as { phase?: string } | undefined)?.phase === 'Terminating') return;
    const current = configMaps.get(name, ROOT_CA_CONFIGMAP);
    try {
      if (!current) {
        await deps.client.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: ROOT_CA_CONFIGMAP, namespace: name, annotations: { [DESCRIPTION_ANNOTATION]: DESCRIPTION } }, data } as KubeObject);
        return;
      }
      const cm = current as KubeObject & { data?: Record<string, string> };
      if (deepEqual(cm.data, data) && cm.metadata.annotations?.[DESCRIPTION_ANNOTATION] === DESCRIPTION) return;
      await deps.client.update({ ...cm, metadata: { ...cm.metadata, annotations: { ...cm.metadata.annotations, [DESCRIPTION_ANNOTATION]: DESCRIPTION } }, data } as KubeObject);
    } catch (err) {
      // A namespace being deleted refuses new objects; an update racing another write is retried by its event.
      if (isStatusError(err, 'AlreadyExists') || isStatusError(err, 'Forbidden') || isStatusError(err, 'NotFound') || isStatusError(err, 'Conflict')) return;
      throw err;
    }
  }

  deps.factory.start();
  return runWhenSynced({ name: 'root-ca-certificate-publisher', queue, reconcile: sync, workers: 2 }, [namespaces, configMaps]);
}
