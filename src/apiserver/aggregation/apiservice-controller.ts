// kube-aggregator's part for APIServices with `spec.service`: routes each such group-version to
// the backend registered for its Service, and keeps the Available condition as upstream's
// AvailableConditionController words it (ServiceNotFound, ServicePortError, EndpointsNotFound,
// MissingEndpoints, FailedDiscoveryCheck, Passed).

import { serviceUnavailable } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { Store, StoreEvent, Watcher } from '../../storage/store.ts';
import type { ApiPriority } from '../api-priorities.ts';
import { INTERNAL_USER } from '../auth/user.ts';
import type { ResourceCatalog } from '../catalog.ts';
import { formatTime } from '../registry/codec.ts';
import type { WriteContext } from '../registry/context.ts';
import type { ResourceRegistry } from '../registry/registry.ts';
import type { AggregatedRequest, AggregationBackends } from './backends.ts';

const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';

/** The service a stored EndpointSlice belongs to, by its label. */
function sliceService(stored: string): string | undefined {
  const slice = JSON.parse(stored) as KubeObject;
  return slice.metadata?.labels?.[SERVICE_NAME_LABEL];
}
/** Whether a stored APIService names a backing Service (else it is served locally). */
function hasService(stored: string): boolean {
  return !!((JSON.parse(stored) as KubeObject).spec as { service?: unknown } | undefined)?.service;
}
const UNAVAILABLE = 'the server is currently unable to handle the request';
const ctx = (): WriteContext => ({ user: INTERNAL_USER, dryRun: false, fieldManager: 'kube-apiserver', warnings: [] });

export interface AggregatedAPIServicesDeps {
  store: Store;
  catalog: ResourceCatalog;
  backends: AggregationBackends;
  apiservices: ResourceRegistry;
  services: ResourceRegistry;
  endpointSlices: ResourceRegistry;
}

interface ServiceRef {
  namespace: string;
  name: string;
  port: number;
}

interface Availability {
  status: 'True' | 'False';
  reason: string;
  message: string;
}

interface Routed {
  group: string;
  version: string;
  service: string;
  available: boolean;
  priority: ApiPriority;
}

function serviceRefOf(apiservice: KubeObject): ServiceRef | undefined {
  const s = (apiservice.spec as { service?: { namespace?: string; name?: string; port?: number } } | undefined)?.service;
  if (!s?.name) return undefined;
  return { namespace: s.namespace ?? '', name: s.name, port: s.port ?? 443 };
}

export class AggregatedAPIServices {
  private readonly routed = new Map<string, Routed>();
  private readonly watchers: Watcher[] = [];
  private readonly relevantServices = new Set<string>();
  private running: Promise<void> = Promise.resolve();
  private again = false;
  private stopped = false;

  constructor(private readonly deps: AggregatedAPIServicesDeps) {}

  async start(): Promise<void> {
    const from = await this.deps.store.currentRevision();
    await this.sync();
    const onEvent = (ev: StoreEvent) => {
      if (ev.key.startsWith('/registry/apiregistration.k8s.io/')) {
        // Local APIServices (every served group-version has one) are not this controller's.
        if ([ev.value, ev.prevValue].some((v) => v !== undefined && v !== null && hasService(v))) this.schedule();
        return;
      }
      const [ns, name] = ev.key.split('/').slice(-2);
      if (!ev.key.includes('/endpointslices/')) {
        if (this.relevantServices.has(`${ns}/${name}`)) this.schedule();
        return;
      }
      // Slices change with every pod's readiness anywhere: only those of a backing service matter.
      if (!this.relevantNamespaces().has(ns!)) return;
      const services = [ev.value, ev.prevValue].map((v) => (v ? sliceService(v) : undefined));
      if (services.some((svc) => svc !== undefined && this.relevantServices.has(`${ns}/${svc}`))) this.schedule();
    };
    for (const prefix of ['/registry/apiregistration.k8s.io/apiservices/', '/registry/core/services/', '/registry/discovery.k8s.io/endpointslices/']) {
      this.watchers.push(await this.deps.store.watch(prefix, from, { onEvent }));
    }
    this.deps.backends.onChange(() => {
      this.deps.catalog.touch();
      this.schedule();
    });
  }

  private relevantNamespaces(): Set<string> {
    return new Set([...this.relevantServices].map((s) => s.slice(0, s.indexOf('/'))));
  }

  stop(): void {
    this.stopped = true;
    for (const w of this.watchers) w.stop();
  }

  /** Resolves once every change seen so far has been acted on. */
  settled(): Promise<void> {
    return this.running;
  }

  private schedule(): void {
    if (this.again || this.stopped) return;
    this.again = true;
    this.running = this.running
      .then(() => {
        this.again = false;
        return this.sync();
      })
      .catch(() => {});
  }

  private async sync(): Promise<void> {
    const list = await this.deps.apiservices.list('');
    const seen = new Set<string>();
    this.relevantServices.clear();
    for (const apiservice of list.items) {
      const ref = serviceRefOf(apiservice);
      if (!ref) continue;
      const name = apiservice.metadata.name!;
      seen.add(name);
      this.relevantServices.add(`${ref.namespace}/${ref.name}`);
      const spec = apiservice.spec as { group?: string; version?: string; groupPriorityMinimum?: number; versionPriority?: number };
      const availability = await this.check(spec.group ?? '', spec.version ?? '', ref);
      const priority = { group: spec.groupPriorityMinimum ?? 0, version: spec.versionPriority ?? 0 };
      this.route(name, spec.group ?? '', spec.version ?? '', `${ref.namespace}/${ref.name}`, availability.status === 'True', priority);
      await this.writeStatus(apiservice, availability);
    }
    for (const [name, r] of this.routed) {
      if (seen.has(name)) continue;
      this.routed.delete(name);
      this.deps.catalog.removeAggregated(r.group, r.version);
    }
  }

  private route(name: string, group: string, version: string, service: string, available: boolean, priority: ApiPriority): void {
    const current = this.routed.get(name);
    const samePriority = current?.priority.group === priority.group && current.priority.version === priority.version;
    if (current && current.group === group && current.version === version && current.service === service && current.available === available && samePriority) return;
    if (current && (current.group !== group || current.version !== version)) this.deps.catalog.removeAggregated(current.group, current.version);
    const routed: Routed = { group, version, service, available, priority };
    this.routed.set(name, routed);
    const backends = this.deps.backends;
    this.deps.catalog.addAggregated({
      group,
      version,
      service,
      priority,
      resources: () => (routed.available ? backends.get(service)?.resources(group, version) ?? [] : []),
      handler: async (request: AggregatedRequest) => {
        const backend = backends.get(service);
        if (!routed.available || !backend) throw serviceUnavailable(UNAVAILABLE);
        await backend.handle(request);
      },
    });
  }

  private async check(group: string, version: string, ref: ServiceRef): Promise<Availability> {
    const where = `service/${ref.name} in "${ref.namespace}"`;
    const svc = await this.deps.services.tryGet(ref.namespace, ref.name);
    if (!svc) return { status: 'False', reason: 'ServiceNotFound', message: `${where} is not present` };
    const spec = (svc.spec ?? {}) as { type?: string; clusterIP?: string; ports?: Array<{ name?: string; port?: number }> };
    if ((spec.type ?? 'ClusterIP') === 'ClusterIP') {
      const port = (spec.ports ?? []).find((p) => p.port === ref.port);
      if (!port) return { status: 'False', reason: 'ServicePortError', message: `${where} is not listening on port ${ref.port}` };
      const slices = await this.deps.endpointSlices.list(ref.namespace, { labelSelector: `${SERVICE_NAME_LABEL}=${ref.name}` });
      if (slices.items.length === 0) return { status: 'False', reason: 'EndpointsNotFound', message: `cannot find endpointslices for ${where}` };
      const portName = port.name ?? '';
      if (!slices.items.some((s) => hasReadyEndpoint(s, portName))) {
        return { status: 'False', reason: 'MissingEndpoints', message: `endpointslices for ${where} have no addresses with port name "${portName}"` };
      }
    }
    const backend = this.deps.backends.get(`${ref.namespace}/${ref.name}`);
    if (!backend || backend.resources(group, version).length === 0) {
      const url = `https://${spec.clusterIP ?? ref.name}:${ref.port}/apis/${group}/${version}`;
      const why = backend ? `bad status from ${url}: 404` : `dial tcp ${spec.clusterIP ?? ref.name}:${ref.port}: connect: connection refused`;
      return { status: 'False', reason: 'FailedDiscoveryCheck', message: `failing or missing response from ${url}: ${why}` };
    }
    return { status: 'True', reason: 'Passed', message: 'all checks passed' };
  }

  private async writeStatus(apiservice: KubeObject, a: Availability): Promise<void> {
    type Condition = Availability & { type: string; lastTransitionTime?: string };
    const conditions = ((apiservice.status as { conditions?: Condition[] } | undefined)?.conditions ?? []).filter((c) => c.type === 'Available');
    const old = conditions[0];
    if (old && old.status === a.status && old.reason === a.reason && old.message === a.message) return;
    const lastTransitionTime = old && old.status === a.status && old.lastTransitionTime ? old.lastTransitionTime : formatTime(this.deps.apiservices.now());
    const status = { conditions: [{ type: 'Available', status: a.status, lastTransitionTime, reason: a.reason, message: a.message }] };
    await this.deps.apiservices.guaranteedUpdate('', apiservice.metadata.name!, ctx(), 'status', (c) => ({ ...c, status })).catch(() => undefined);
  }
}

function hasReadyEndpoint(slice: KubeObject, portName: string): boolean {
  const s = slice as unknown as { endpoints?: Array<{ conditions?: { ready?: boolean } }>; ports?: Array<{ name?: string; port?: number }> };
  const ready = (s.endpoints ?? []).some((e) => e.conditions?.ready === undefined || e.conditions.ready === true);
  return ready && (s.ports ?? []).some((p) => (p.name ?? '') === portName && p.port !== undefined);
}
