// What admission plug-ins need to know of a namespace (whether it is terminating, its labels),
// kept from a watch of the store as kube-apiserver's plug-ins keep a namespace lister: a write is
// admitted without a read. The store feeds its watches before it answers a write, so a namespace
// whose create has been answered is here.

import { notFound } from '../../machinery/errors.ts';
import type { MaybePromise } from '../../machinery/maybe-promise.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { StoreEvent } from '../../storage/store.ts';
import { decodeStored, decodeStoredValue } from '../registry/codec.ts';
import { resourcePrefix } from '../registry/keys.ts';
import type { ResourceRegistry } from '../registry/registry.ts';

export interface NamespaceFacts {
  terminating: boolean;
  labels: Readonly<Record<string, string>>;
}

const NO_LABELS: Readonly<Record<string, string>> = Object.freeze({});

export const isTerminating = (ns: KubeObject): boolean => !!ns.metadata.deletionTimestamp || (ns.status as { phase?: string } | undefined)?.phase === 'Terminating';

function factsOf(ns: KubeObject): NamespaceFacts {
  return { terminating: isTerminating(ns), labels: ns.metadata.labels ?? NO_LABELS };
}

export class NamespaceCache {
  private readonly facts = new Map<string, NamespaceFacts>();
  private started: Promise<void> | undefined;
  private ready = false;

  constructor(private readonly namespaces: () => ResourceRegistry) {}

  /** The namespace's facts; NotFound when it does not exist. Read from the store until the watch runs. */
  get(name: string): MaybePromise<NamespaceFacts> {
    const known = this.known(name);
    if (known !== undefined) return known;
    const registry = this.namespaces();
    return registry.store.get(registry.key('', name)).then((sv) => {
      if (!sv) throw notFound({ group: '', resource: 'namespaces' }, name);
      return factsOf(decodeStoredValue(sv));
    });
  }

  /** The facts of a namespace the watch knows; undefined when it cannot say (not started, or no such namespace). */
  private known(name: string): NamespaceFacts | undefined {
    if (!this.ready) {
      // Until the watch runs, reads answer; a start that fails is tried again by the next question.
      this.started ??= this.start().catch(() => {
        this.started = undefined;
      });
      return undefined;
    }
    return this.facts.get(name);
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
        this.facts.clear();
      },
    });
    this.ready = true;
  }

  private observe(ev: StoreEvent): void {
    const name = ev.key.slice(ev.key.lastIndexOf('/') + 1);
    if (ev.type === 'delete') this.facts.delete(name);
    else this.facts.set(name, factsOf(decodeStored(ev.value, ev.modRevision)));
  }
}
