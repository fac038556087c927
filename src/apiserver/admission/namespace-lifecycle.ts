// NamespaceLifecycle: no new content in a missing or terminating namespace, and the
// system namespaces cannot be deleted.

import { forbidden, notFound, StatusError } from '../../machinery/errors.ts';
import type { ResourceRegistry } from '../registry/registry.ts';
import type { AdmissionPlugin } from './admission.ts';

export const IMMORTAL_NAMESPACES = ['default', 'kube-system', 'kube-public'];

export function namespaceLifecycle(namespaces: () => ResourceRegistry): AdmissionPlugin {
  return {
    name: 'NamespaceLifecycle',
    async validate(req) {
      const gr = { group: req.resource.group, resource: req.resource.plural };
      if (req.resource.group === '' && req.resource.plural === 'namespaces') {
        if (req.operation === 'DELETE' && IMMORTAL_NAMESPACES.includes(req.name)) throw forbidden(gr, req.name, 'this namespace may not be deleted');
        return;
      }
      if (!req.resource.namespaced || req.operation !== 'CREATE' || !req.namespace) return;
      const ns = await namespaces().tryGet('', req.namespace);
      if (!ns) throw notFound({ group: '', resource: 'namespaces' }, req.namespace);
      if (ns.metadata.deletionTimestamp || (ns.status as { phase?: string } | undefined)?.phase === 'Terminating') {
        const err = forbidden(gr, req.name, `unable to create new content in namespace ${req.namespace} because it is being terminated`);
        throw new StatusError(err.code, err.reason, err.message, {
          ...err.details,
          causes: [{ reason: 'NamespaceTerminating', message: `namespace ${req.namespace} is being terminated`, field: 'metadata.namespace' }],
        });
      }
    },
  };
}
