// An API server over a MemoryStore for admission tests in this layer: writes straight through the
// registries (admission and validation included), in the `default` namespace.

import type { KubeObject } from '../../machinery/object.ts';
import { MemoryStore } from '../../storage/memory.ts';
import { ApiServer } from '../api-server.ts';
import { INTERNAL_USER } from '../auth/user.ts';
import type { WriteContext } from '../registry/context.ts';

const PLURALS: Record<string, string> = {
  Pod: 'pods',
  Service: 'services',
  PersistentVolumeClaim: 'persistentvolumeclaims',
  ConfigMap: 'configmaps',
  Secret: 'secrets',
  ResourceQuota: 'resourcequotas',
  LimitRange: 'limitranges',
};

export interface AdmissionHarness {
  create(obj: KubeObject, opts?: { dryRun?: boolean }): Promise<KubeObject>;
  get(kind: string, name: string): Promise<KubeObject>;
  /** Read-modify-write of the object (or its status), as a PUT would be admitted. */
  update(kind: string, name: string, change: (obj: KubeObject) => void, subresource?: string): Promise<KubeObject>;
}

export async function newAdmissionHarness(): Promise<AdmissionHarness> {
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' }, disableAdmissionPlugins: ['ServiceAccount'] });
  const ctx = (dryRun = false): WriteContext => ({ user: INTERNAL_USER, dryRun, fieldManager: 'test', warnings: [] });
  const registryOf = (kind: string) => server.registry('', PLURALS[kind]!);
  await server.registry('', 'namespaces').create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } }, ctx());
  return {
    create: (obj, opts = {}) => registryOf(obj.kind).create('default', obj, ctx(opts.dryRun)),
    get: (kind, name) => registryOf(kind).get('default', name),
    update: (kind, name, change, subresource = '') =>
      registryOf(kind).guaranteedUpdate('default', name, ctx(), subresource, (obj) => {
        change(obj);
        return obj;
      }),
  };
}
