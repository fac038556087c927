// Discovery documents, legacy (/api, /apis, per group-version) and aggregated (apidiscovery.k8s.io
// v2 and v2beta1), rebuilt only when the set of served resources changes.

import { createHash } from 'node:crypto';
import { localPriority, type ApiPriority } from './api-priorities.ts';
import { compareVersions, type ResourceCatalog } from './catalog.ts';
import { groupVersion, type ResourceType } from './resource.ts';

interface SubresourceInfo {
  group: string;
  version: string;
  kind: string;
  verbs: string[];
}

/** What each subresource answers with, when not the parent kind itself. */
function subresourceInfo(rt: ResourceType, sub: string): SubresourceInfo {
  const own = { group: rt.group, version: rt.version, kind: rt.kind };
  switch (sub) {
    case 'status':
      return { ...own, verbs: ['get', 'patch', 'update'] };
    case 'scale':
      return { group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'] };
    case 'binding':
      return { group: '', version: 'v1', kind: 'Binding', verbs: ['create'] };
    case 'token':
      return { group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest', verbs: ['create'] };
    case 'eviction':
      return { group: 'policy', version: 'v1', kind: 'Eviction', verbs: ['create'] };
    case 'approval':
    case 'ephemeralcontainers':
      return { ...own, verbs: ['get', 'patch', 'update'] };
    case 'finalize':
      return { ...own, verbs: ['update'] };
    case 'log':
      return { ...own, verbs: ['get'] };
    case 'exec':
    case 'attach':
    case 'portforward':
      return { group: '', version: 'v1', kind: sub === 'exec' ? 'PodExecOptions' : sub === 'attach' ? 'PodAttachOptions' : 'PodPortForwardOptions', verbs: ['create', 'get'] };
    default:
      return { ...own, verbs: ['get'] };
  }
}

export interface DiscoveryDoc {
  body: string;
  etag: string;
}

function doc(value: unknown): DiscoveryDoc {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"` };
}

export class DiscoveryPublisher {
  private cacheVersion = -1;
  private cache = new Map<string, DiscoveryDoc>();

  constructor(
    private readonly catalog: ResourceCatalog,
    private readonly serverAddress: () => string,
  ) {}

  private memo(key: string, build: () => unknown): DiscoveryDoc {
    if (this.cacheVersion !== this.catalog.version) {
      this.cache.clear();
      this.cacheVersion = this.catalog.version;
    }
    let d = this.cache.get(key);
    if (!d) {
      d = doc(build());
      this.cache.set(key, d);
    }
    return d;
  }

  private groups(): Map<string, Map<string, ResourceType[]>> {
    const groups = new Map<string, Map<string, ResourceType[]>>();
    for (const rt of this.catalog.allTypes()) {
      const versions = groups.get(rt.group) ?? new Map<string, ResourceType[]>();
      const list = versions.get(rt.version) ?? [];
      list.push(rt);
      versions.set(rt.version, list);
      groups.set(rt.group, versions);
    }
    return groups;
  }

  /** A group-version's standing: an aggregated one's APIService spec, else the built-in table's or a CRD's. */
  private priority(group: string, version: string): ApiPriority {
    return this.catalog.aggregatedFor(group, version)?.priority ?? localPriority(group, version);
  }

  /** The named groups by priority, highest first (a group ranks as its best version), ties by name. */
  private sortedGroupNames(groups: Map<string, Map<string, ResourceType[]>>): string[] {
    const rank = new Map<string, number>();
    for (const [group, versions] of groups) rank.set(group, Math.max(...[...versions.keys()].map((v) => this.priority(group, v).group)));
    return [...groups.keys()].filter((g) => g !== '').sort((a, b) => rank.get(b)! - rank.get(a)! || (a < b ? -1 : a > b ? 1 : 0));
  }

  /** A group's versions, preferred first: by version priority, ties in Kubernetes version order. */
  private sortedVersions(group: string, versions: Iterable<string>): string[] {
    return [...versions].sort((a, b) => this.priority(group, b).version - this.priority(group, a).version || compareVersions(a, b));
  }

  hasGroupVersion(group: string, version: string): boolean {
    return this.groups().get(group)?.has(version) ?? false;
  }

  legacyApiVersions(): DiscoveryDoc {
    return this.memo('api', () => ({
      kind: 'APIVersions',
      versions: ['v1'],
      serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: this.serverAddress() }],
    }));
  }

  private apiGroup(name: string, versions: Map<string, ResourceType[]>) {
    const sorted = this.sortedVersions(name, versions.keys());
    const entries = sorted.map((v) => ({ groupVersion: `${name}/${v}`, version: v }));
    return { name, versions: entries, preferredVersion: entries[0] };
  }

  legacyGroupList(): DiscoveryDoc {
    return this.memo('apis', () => {
      const groups = this.groups();
      return {
        kind: 'APIGroupList',
        apiVersion: 'v1',
        groups: this.sortedGroupNames(groups).map((g) => this.apiGroup(g, groups.get(g)!)),
      };
    });
  }

  legacyGroup(group: string): DiscoveryDoc | undefined {
    const versions = this.groups().get(group);
    if (!versions || group === '') return undefined;
    return this.memo(`group:${group}`, () => ({ kind: 'APIGroup', apiVersion: 'v1', ...this.apiGroup(group, versions) }));
  }

  legacyResourceList(group: string, version: string): DiscoveryDoc | undefined {
    const types = this.groups().get(group)?.get(version);
    if (!types) return undefined;
    return this.memo(`rl:${group}/${version}`, () => ({
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion: groupVersion({ group, version }),
      resources: sortByName(types).flatMap((rt) => [
        {
          name: rt.plural,
          singularName: rt.singular,
          namespaced: rt.namespaced,
          kind: rt.kind,
          verbs: rt.verbs,
          ...(rt.shortNames.length ? { shortNames: rt.shortNames } : {}),
          ...(rt.categories.length ? { categories: rt.categories } : {}),
          storageVersionHash: storageVersionHash(rt),
        },
        ...rt.subresources.map((sub) => {
          const info = subresourceInfo(rt, sub);
          const other = info.group !== rt.group || info.version !== rt.version;
          return {
            name: `${rt.plural}/${sub}`,
            singularName: '',
            namespaced: rt.namespaced,
            ...(other ? { group: info.group, version: info.version } : {}),
            kind: info.kind,
            verbs: info.verbs,
          };
        }),
      ]),
    }));
  }

  private discoveryResource(rt: ResourceType) {
    return {
      resource: rt.plural,
      responseKind: { group: rt.group, version: rt.version, kind: rt.kind },
      scope: rt.namespaced ? 'Namespaced' : 'Cluster',
      singularResource: rt.singular,
      verbs: rt.verbs,
      ...(rt.shortNames.length ? { shortNames: rt.shortNames } : {}),
      ...(rt.categories.length ? { categories: rt.categories } : {}),
      ...(rt.subresources.length
        ? {
            subresources: rt.subresources.map((sub) => {
              const info = subresourceInfo(rt, sub);
              return { subresource: sub, responseKind: { group: info.group, version: info.version, kind: info.kind }, verbs: info.verbs };
            }),
          }
        : {}),
    };
  }

  private discoveryGroup(name: string, versions: Map<string, ResourceType[]>) {
    return {
      metadata: name ? { name, creationTimestamp: null } : { creationTimestamp: null },
      versions: this.sortedVersions(name, versions.keys()).map((v) => ({
        version: v,
        resources: sortByName(versions.get(v)!).map((rt) => this.discoveryResource(rt)),
        freshness: 'Current',
      })),
    };
  }

  aggregated(which: 'api' | 'apis', version: 'v2' | 'v2beta1'): DiscoveryDoc {
    return this.memo(`agg:${which}:${version}`, () => {
      const groups = this.groups();
      const items =
        which === 'api'
          ? groups.has('')
            ? [this.discoveryGroup('', groups.get('')!)]
            : []
          : this.sortedGroupNames(groups).map((g) => this.discoveryGroup(g, groups.get(g)!));
      return { kind: 'APIGroupDiscoveryList', apiVersion: `apidiscovery.k8s.io/${version}`, metadata: {}, items };
    });
  }
}

export function aggregatedContentType(version: 'v2' | 'v2beta1'): string {
  return `application/json;g=apidiscovery.k8s.io;v=${version};as=APIGroupDiscoveryList`;
}

function sortByName(types: ResourceType[]): ResourceType[] {
  return [...types].sort((a, b) => a.plural.localeCompare(b.plural));
}

function storageVersionHash(rt: ResourceType): string {
  return createHash('sha256').update(`${rt.group}/${rt.version}/${rt.kind}`).digest('base64').slice(0, 11);
}
