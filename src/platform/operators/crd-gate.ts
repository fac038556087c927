// Operators of custom resources start once their CRD is Established, as a real operator's manager
// would only come up after its chart installed the CRDs: no informer lists a kind not yet served.

import type { KubeObject } from '../../machinery/object.ts';
import type { InformerFactory } from '../../controller/index.ts';

const CRD_GVK = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition' };

function established(crd: KubeObject): boolean {
  const conditions = ((crd.status as { conditions?: Array<{ type: string; status: string }> } | undefined)?.conditions ?? []);
  return conditions.some((c) => c.type === 'Established' && c.status === 'True');
}

/** Calls `start` once, when every named CRD (`<plural>.<group>`) is Established. */
export function whenCrdsEstablished(factory: InformerFactory, names: string[], start: () => void): void {
  const crds = factory.informerFor(CRD_GVK);
  let started = false;
  const check = () => {
    if (started) return;
    if (!names.every((n) => { const crd = crds.getByKey(n); return crd && established(crd); })) return;
    started = true;
    start();
  };
  crds.addEventHandler({ onAdd: check, onUpdate: check });
}
