// NamespaceLifecycle: no new content in a missing or terminating namespace, and the
// system namespaces cannot be deleted.

import { forbidden, notFound, StatusError } from '../../machinery/errors.ts';
import type { MaybePromise } from '../../machinery/maybe-promise.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { StoreEvent } from '../../storage/store.ts';
import { decodeStored, decodeStoredValue } from '../registry/codec.ts';
import { resourcePrefix } from '../registry/keys.ts';
import type { ResourceRegistry } from '../registry/registry.ts';
import type { AdmissionPlugin, AdmissionRequest } from './admission.ts';

export const IMMORTAL_NAMESPACES = ['default', 'kube-system', 'kube-public'];

const isTerminating = (ns: KubeObject): boolean => !!ns.metadata.deletionTimestamp || (ns.status as { phase?: string } | undefined)?.phase === 'Terminating';

/**
 * Whether each namespace is terminating, kept from a watch of the store (as kube-apiserver's
 * plug-in keeps a namespace lister): a create is admitted without a read. The store feeds its
 * watches before it answers a write, so a namespace whose create has been answered is here.
 */
class NamespaceStates {
  private readonly terminating = new Map<string, boolean>();
  private started: Promise<void> | undefined;
  private ready = false;

  constructor(private readonly namespaces: () => ResourceRegistry) {}

  /** true / false for a namespace the watch knows; undefined when it cannot say (not started, or no such namespace). */
  known(name: string): boolean | undefined {
    if (!this.ready) {
      // Until the watch runs, reads answer; a start that fails is tried again by the next question.
      this.started ??= this.start().catch(() => {
        this.started = undefined;
      });
      return undefined;
    }
    return this.terminating.get(name);
  }

  private async start(): Promise<void> {
    const registry = this.namespaces();
    const listed = await registry.store.list(resourcePrefix(registry.rt));
    for (const sv of listed.items) this.observe({ type: 'put', key: sv.key, value: sv.value, modRevision: sv.modRevision, createRevision: sv.createRevision });
    await registry.store.watch(resourcePrefix(registry.rt), listed.revision, {
      onEvent: (ev) => this.observe(ev),
      onError: () => {
        this.ready = false;
        this.started = undefined;
        this.terminating.clear();
      },
    });
    this.ready = true;
  }

  private observe(ev: StoreEvent): void {
    const name = ev.key.slice(ev.key.lastIndexOf('/') + 1);
    if (ev.type === 'delete') this.terminating.delete(name);
    else this.terminating.set(name, isTerminating(decodeStored(ev.value, ev.modRevision)));
  }
}

export function namespaceLifecycle(namespaces: () => ResourceRegistry): AdmissionPlugin {
  const states = new NamespaceStates(namespaces);

  /** Whether the namespace is terminating; NotFound when it does not exist. */
  function terminating(name: string): MaybePromise<boolean> {
    const known = states.known(name);
    if (known !== undefined) return known;
    const registry = namespaces();
    return registry.store.get(registry.key('', name)).then((sv) => {
      if (!sv) throw notFound({ group: '', resource: 'namespaces' }, name);
      return isTerminating(decodeStoredValue(sv));
    });
  }

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
      const state = terminating(req.namespace);
      if (typeof state === 'boolean') return refuseIfTerminating(req, state);
      return state.then((t) => refuseIfTerminating(req, t));
    },
  };
}
