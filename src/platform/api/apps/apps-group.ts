// apps.cozystack.io/v1alpha1: one resource per ApplicationDefinition in the cluster, kept in step
// with the definitions as they come, change and go (no restart, unlike the real cozystack-api).

import type { KubeObject } from '../../../machinery/object.ts';
import type { ServedResource } from '../../../apiserver/catalog.ts';
import { ResourceRegistry, type RegistryDeps } from '../../../apiserver/registry/registry.ts';
import type { SharedInformer } from '../../../controller/informer.ts';
import { appResourceType, appStrategy } from './resource.ts';
import { ViewStore } from '../view-store.ts';
import { appStatusInputs, appToHelmRelease, helmReleaseToApp, isReleaseOf, type StatusSources } from './conversion.ts';
import { APPS_GROUP, parseApplicationDefinition, type AppDefinition } from './definition.ts';

export interface AppsGroupDeps {
  /** Store, admission (cozystack-api's own chain), allocators and clock for the app registries. */
  registryDeps: RegistryDeps;
  helmReleases(): ResourceRegistry;
  sources: StatusSources;
}

export const HELMRELEASE_PREFIX = '/registry/helm.toolkit.fluxcd.io/helmreleases/';

interface ServedApp {
  definition: AppDefinition;
  served: ServedResource;
  /** The definition as it was when served, to skip no-op updates. */
  source: string;
}

export class AppsGroup {
  private readonly byPlural = new Map<string, ServedApp>();
  /** Which definition object serves which plural (two definitions may not share one). */
  private readonly pluralOf = new Map<string, string>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: AppsGroupDeps) {}

  /** Follows the definitions an informer holds. */
  follow(definitions: SharedInformer): () => void {
    return definitions.addEventHandler({
      onAdd: (obj) => this.upsert(obj),
      onUpdate: (_old, obj) => this.upsert(obj),
      onDelete: (obj) => this.remove(obj.metadata.name ?? ''),
    });
  }

  upsert(obj: KubeObject): void {
    const name = obj.metadata.name ?? '';
    const definition = parseApplicationDefinition(obj);
    if (!definition) return this.remove(name);
    const source = JSON.stringify(obj.spec) + JSON.stringify(obj.metadata.annotations ?? {});
    const previousPlural = this.pluralOf.get(name);
    const current = previousPlural ? this.byPlural.get(previousPlural) : undefined;
    if (current && current.source === source) return;
    const owner = [...this.pluralOf].find(([other, plural]) => plural === definition.plural && other !== name);
    if (owner) return;
    if (previousPlural && previousPlural !== definition.plural) this.byPlural.delete(previousPlural);
    this.pluralOf.set(name, definition.plural);
    this.byPlural.set(definition.plural, { definition, served: this.serve(definition), source });
    this.changed();
  }

  remove(name: string): void {
    const plural = this.pluralOf.get(name);
    if (!plural) return;
    this.pluralOf.delete(name);
    this.byPlural.delete(plural);
    this.changed();
  }

  served(plural: string): ServedResource | undefined {
    return this.byPlural.get(plural)?.served;
  }

  definition(plural: string): AppDefinition | undefined {
    return this.byPlural.get(plural)?.definition;
  }

  definitions(): AppDefinition[] {
    return [...this.byPlural.values()].map((s) => s.definition);
  }

  all(): ServedResource[] {
    return [...this.byPlural.values()].map((s) => s.served);
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private serve(definition: AppDefinition): ServedResource {
    const type = appResourceType(definition);
    const sources = this.deps.sources;
    const store = new ViewStore(this.deps.registryDeps.store, {
      viewPrefix: `/registry/${APPS_GROUP}/${definition.plural}/`,
      targetPrefix: HELMRELEASE_PREFIX,
      namespaced: true,
      namePrefix: definition.prefix,
      toView: (hr) => (isReleaseOf(definition, hr) ? helmReleaseToApp(hr, definition, sources) : undefined),
      viewInputs: (key) => {
        const [namespace = '', name = ''] = key.slice(HELMRELEASE_PREFIX.length).split('/');
        return appStatusInputs(definition, namespace, name, sources);
      },
      toTarget: (app, live) => appToHelmRelease(app, definition, live),
      deletable: (hr, name) => isReleaseOf(definition, hr, name),
      targetRegistry: this.deps.helmReleases,
      fieldManager: 'cozystack-api',
    });
    return { type, registry: new ResourceRegistry(type, appStrategy(definition), { ...this.deps.registryDeps, store }) };
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}
