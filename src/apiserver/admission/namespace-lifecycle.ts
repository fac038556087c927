// NamespaceLifecycle: no new content in a missing or terminating namespace, and the
// system namespaces cannot be deleted.

import { forbidden, notFound, StatusError } from '../../machinery/errors.ts';
import { decodeStoredValue } from '../registry/codec.ts';
import type { ResourceRegistry } from '../registry/registry.ts';
import type { AdmissionPlugin } from './admission.ts';

export const IMMORTAL_NAMESPACES = ['default', 'kube-system', 'kube-public'];

export function namespaceLifecycle(namespaces: () => ResourceRegistry): AdmissionPlugin {
  // Each namespace's state by the revision it was read at: a create decodes its namespace only
  // when the namespace has changed since the last create in it.
  const seen = new Map<string, { modRevision: number; terminating: boolean }>();

  /** Whether the namespace is terminating; NotFound when it does not exist. */
  async function terminating(name: string): Promise<boolean> {
    const registry = namespaces();
    const sv = await registry.store.get(registry.key('', name));
    if (!sv) {
      seen.delete(name);
      throw notFound({ group: '', resource: 'namespaces' }, name);
    }
    const known = seen.get(name);
    if (known?.modRevision === sv.modRevision) return known.terminating;
    const ns = decodeStoredValue(sv);
    const state = { modRevision: sv.modRevision, terminating: !!ns.metadata.deletionTimestamp || (ns.status as { phase?: string } | undefined)?.phase === 'Terminating' };
    seen.set(name, state);
    return state.terminating;
  }

  return {
    name: 'NamespaceLifecycle',
    async validate(req) {
      const gr = { group: req.resource.group, resource: req.resource.plural };
      if (req.resource.group === '' && req.resource.plural === 'namespaces') {
        if (req.operation === 'DELETE' && IMMORTAL_NAMESPACES.includes(req.name)) throw forbidden(gr, req.name, 'this namespace may not be deleted');
        return;
      }
      if (!req.resource.namespaced || req.operation !== 'CREATE' || !req.namespace) return;
      if (await terminating(req.namespace)) {
        const err = forbidden(gr, req.name, `unable to create new content in namespace ${req.namespace} because it is being terminated`);
        throw new StatusError(err.code, err.reason, err.message, {
          ...err.details,
          causes: [{ reason: 'NamespaceTerminating', message: `namespace ${req.namespace} is being terminated`, field: 'metadata.namespace' }],
        });
      }
    },
  };
}
