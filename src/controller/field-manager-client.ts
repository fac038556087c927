// A KubeClient that writes as one field manager, as each Kubernetes component does (its user
// agent's name: kubelet, kube-scheduler, kube-controller-manager), unless a call names its own.

import type { KubeClient, PatchOptions, WriteOptions } from './client.ts';

export function asFieldManager(client: KubeClient, fieldManager: string): KubeClient {
  const named = <O extends WriteOptions>(opts: O | undefined): O => ({ ...opts, fieldManager: opts?.fieldManager ?? fieldManager }) as O;
  return {
    resolve: (gvk) => client.resolve(gvk),
    get: (ref) => client.get(ref),
    getSubresource: (ref, subresource) => client.getSubresource(ref, subresource),
    list: (gvk, opts) => client.list(gvk, opts),
    watch: (gvk, opts, handler) => client.watch(gvk, opts, handler),
    create: (obj, opts) => client.create(obj, named(opts)),
    update: (obj, opts) => client.update(obj, named(opts)),
    updateStatus: (obj, opts) => client.updateStatus(obj, named(opts)),
    updateSubresource: (obj, subresource, opts) => client.updateSubresource(obj, subresource, named(opts)),
    patch: (ref, patchType, body, opts) => client.patch(ref, patchType, body, named<PatchOptions>(opts)),
    delete: (ref, opts) => client.delete(ref, opts),
    deleteCollection: (gvk, opts) => client.deleteCollection(gvk, opts),
    createSubresource: (ref, subresource, body, opts) => client.createSubresource(ref, subresource, body, named(opts)),
  };
}
