// NamespaceLifecycle: no new content in a missing or terminating namespace, and the
// system namespaces cannot be deleted.

import { forbidden, StatusError } from '../../machinery/errors.ts';
import { isPromise } from '../../machinery/maybe-promise.ts';
import type { AdmissionPlugin, AdmissionRequest } from './admission.ts';
import type { NamespaceCache } from './namespace-cache.ts';

export const IMMORTAL_NAMESPACES = ['default', 'kube-system', 'kube-public'];

export function namespaceLifecycle(namespaces: NamespaceCache): AdmissionPlugin {
  function refuseIfTerminating(req: AdmissionRequest, terminating: boolean): void {
    if (!terminating) return;
    const err = forbidden({ group: req.resource.group, resource: req.resource.plural }, req.name, `unable to create new content in namespace ${req.namespace} because it is being terminated`);
    throw new StatusError(err.code, err.reason, err.message, {
      ...err.details,
      causes: [{ reason: 'NamespaceTerminating', message: `namespace ${req.namespace} is being terminated`, field: 'metadata.namespace' }],
    });
  }

  return {
    name: 'NamespaceLifecycle',
    validate(req) {
      if (req.resource.group === '' && req.resource.plural === 'namespaces') {
        if (req.operation === 'DELETE' && IMMORTAL_NAMESPACES.includes(req.name)) throw forbidden({ group: '', resource: 'namespaces' }, req.name, 'this namespace may not be deleted');
        return;
      }
      if (!req.resource.namespaced || req.operation !== 'CREATE' || !req.namespace) return;
      const facts = namespaces.get(req.namespace);
      if (!isPromise(facts)) return refuseIfTerminating(req, facts.terminating);
      return facts.then((f) => refuseIfTerminating(req, f.terminating));
    },
  };
}
