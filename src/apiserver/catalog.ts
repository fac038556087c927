// Every resource the server serves right now: built-in kinds, CRD kinds as they come and go,
// and group-versions delegated to aggregated API servers. Discovery and OpenAPI read it.

import type { ApiPriority } from './api-priorities.ts';
import type { ResourceRegistry } from './registry/registry.ts';
import { groupVersion, type ResourceType } from './resource.ts';

export interface ServedResource {
  type: ResourceType;
  registry: ResourceRegistry;
}

/** A group-version served by another component (an APIService with `spec.service`). */
export interface AggregatedGroupVersion {
  group: string;
  version: string;
  /** `namespace/name` of the Service that fronts it, as `kubectl get apiservices` shows. */
  service: string;
  resources: () => ResourceType[];
  handler: AggregatedHandler;
  /** The APIService's groupPriorityMinimum and versionPriority: where discovery lists it. */
  priority?: ApiPriority;
}

export type AggregatedHandler = (request: import('./aggregation/backends.ts').AggregatedRequest) => Promise<void>;

/** Versions of a group in preference order (stable before beta before alpha, newer first). */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
    if (!m) return [0, 0, 0];
    const stage = m[2] === undefined ? 3 : m[2] === 'beta' ? 2 : 1;
    return [stage, Number(m[1]), Number(m[3] ?? 0)];
  };
  const [sa, ma, na] = parse(a);
  const [sb, mb, nb] = parse(b);
  return sb! - sa! || mb! - ma! || nb! - na!;
}

export class ResourceCatalog {
  private readonly byGvr = new Map<string, ServedResource>();
  private readonly aggregated = new Map<string, AggregatedGroupVersion>();
  /** Create-only resources with no storage (reviews): discovered, served by special handlers. */
  private readonly virtual = new Map<string, ResourceType>();
  private readonly listeners = new Set<() => void>();
  private generation = 0;
  /** byGroupVersionKind's answers until the next change (misses too). */
  private readonly kinds = new Map<string, ServedResource | undefined>();

  get version(): number {
    return this.generation;
  }

  add(served: ServedResource): void {
    this.byGvr.set(gvrKey(served.type.group, served.type.version, served.type.plural), served);
    this.changed();
  }

  remove(group: string, version: string, plural: string): void {
    if (this.byGvr.delete(gvrKey(group, version, plural))) this.changed();
  }

  addVirtual(type: ResourceType): void {
    this.virtual.set(gvrKey(type.group, type.version, type.plural), type);
    this.changed();
  }

  addAggregated(agv: AggregatedGroupVersion): void {
    this.aggregated.set(groupVersion(agv), agv);
    this.changed();
  }

  removeAggregated(group: string, version: string): void {
    if (this.aggregated.delete(groupVersion({ group, version }))) this.changed();
  }

  /** Aggregated group-versions must be re-read by discovery (their resources changed). */
  touch(): void {
    this.changed();
  }

  get(group: string, version: string, plural: string): ServedResource | undefined {
    return this.byGvr.get(gvrKey(group, version, plural));
  }

  /** The served resource of a kind in a group-version (the first added, should two share the kind). */
  byGroupVersionKind(group: string, version: string, kind: string): ServedResource | undefined {
    const key = `${group}/${version}/${kind}`;
    if (this.kinds.has(key)) return this.kinds.get(key);
    let found: ServedResource | undefined;
    for (const s of this.byGvr.values()) {
      if (s.type.group === group && s.type.version === version && s.type.kind === kind) {
        found = s;
        break;
      }
    }
    this.kinds.set(key, found);
    return found;
  }

  aggregatedFor(group: string, version: string): AggregatedGroupVersion | undefined {
    return this.aggregated.get(groupVersion({ group, version }));
  }

  /** The served resource for a kind, in its preferred version. */
  byKind(group: string, kind: string): ServedResource | undefined {
    const candidates = [...this.byGvr.values()].filter((s) => s.type.group === group && s.type.kind === kind);
    candidates.sort((a, b) => compareVersions(a.type.version, b.type.version));
    return candidates[0];
  }

  all(): ServedResource[] {
    return [...this.byGvr.values()];
  }

  aggregatedAll(): AggregatedGroupVersion[] {
    return [...this.aggregated.values()];
  }

  /** Every resource type, local and aggregated. */
  allTypes(): ResourceType[] {
    return [...this.all().map((s) => s.type), ...this.virtual.values(), ...this.aggregatedAll().flatMap((a) => a.resources())];
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.generation++;
    this.kinds.clear();
    for (const l of this.listeners) l();
  }
}

function gvrKey(group: string, version: string, plural: string): string {
  return `${group}/${version}/${plural}`;
}
