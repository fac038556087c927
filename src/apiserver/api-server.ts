// The API server assembled: store, catalog of resources, admission, controllers of its own
// (CRDs, APIServices, system namespaces, compaction) and the HTTPS listener.

import { createSecureServer, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { parseApiVersion, type KubeObject } from '../machinery/object.ts';
import type { Store } from '../storage/store.ts';
import { AdmissionChain } from './admission/admission.ts';
import { namespaceLifecycle } from './admission/namespace-lifecycle.ts';
import { NamespaceCache } from './admission/namespace-cache.ts';
import { podSecurityAdmission } from './admission/pod-security/pod-security.ts';
import { UNRESTRICTED, type PodSecurityConfig } from './admission/pod-security/policy.ts';
import { defaultStorageClass } from './admission/default-storage-class.ts';
import { defaultTolerationSeconds, type DefaultTolerationSecondsOptions } from './admission/default-toleration-seconds.ts';
import { limitRanger } from './admission/limit-ranger.ts';
import { serviceAccountAdmission } from './admission/service-account.ts';
import { priorityAdmission } from './admission/priority.ts';
import { SYSTEM_PRIORITY_CLASSES } from './builtin/other-strategies.ts';
import { ServerHealth } from './health.ts';
import { IdentityLease } from './identity-lease.ts';
import { ServiceIPAddresses } from './service-ip-addresses.ts';
import { ComponentProbes, registerComponentStatus } from './component-status.ts';
import { resourceQuotaAdmission } from './admission/resource-quota.ts';
import { ServiceAllocators } from './allocators.ts';
import { APIServiceRegistration } from './apiservice-registration.ts';
import { AggregatedAPIServices } from './aggregation/apiservice-controller.ts';
import { AggregationBackends } from './aggregation/backends.ts';
import { reconcileKubernetesService } from './kubernetes-service.ts';
import { Authenticator, StaticTokens } from './auth/authenticator.ts';
import { INTERNAL_USER } from './auth/user.ts';
import { builtinPatchSchema } from './builtin/patch-schemas.ts';
import { BUILTIN_KINDS, builtinResourceType } from './builtin/definitions.ts';
import { ConvertingStore } from './registry/converting-store.ts';
import { EventExpiry } from './event-ttl.ts';
import { certificateApproval, certificateRequestor } from './admission/certificate-requests.ts';
import { validatingAdmissionPolicy } from './admission/validating-admission-policy.ts';
import { mutatingAdmissionWebhook, validatingAdmissionWebhook } from './admission/webhook-admission.ts';
import { WebhookBackends } from './admission/webhook-backends.ts';
import { resourcePrefix } from './registry/keys.ts';
import { ResourceCatalog } from './catalog.ts';
import { CRDController } from './crd/crd-controller.ts';
import { DiscoveryPublisher } from './discovery.ts';
import { OpenAPIV3Publisher } from './openapi/v3.ts';
import { createPipeline, type SpecialHandler } from './pipeline.ts';
import { builtinPrinter } from './printers/index.ts';
import type { WriteContext } from './registry/context.ts';
import { ResourceRegistry, type RegistryDeps } from './registry/registry.ts';
import { registerAccessReviews, registerSelfSubjectReview, registerTokenReview } from './reviews.ts';
import { allowAllAuthorizer, type Authorizer } from './authz/authorizer.ts';
import { enableRBAC, type RBAC } from './authz/bootstrap-rbac.ts';
import { ApiServerMetrics } from './metrics.ts';
import { DEFAULT_ISSUER, ServiceAccountTokens, tokenRequestHandler } from './auth/service-account-tokens.ts';
import { evictionHandler } from './eviction.ts';
import { podConnectHandler, podLogHandler } from './pod-streams.ts';
import { KUBERNETES_VERSION } from './version.ts';

export interface ApiServerOptions {
  store: Store;
  host: string;
  port: number;
  tls: { key: string; cert: string; ca: string };
  now?: () => Date;
  bookmarkIntervalMs?: number;
  compactionIntervalMs?: number;
  /** --event-ttl: how long an Event outlives its last write (1 h). */
  eventTtlMs?: number;
  /** --service-cluster-ip-range: what the `kubernetes` ServiceCIDR is made of (default 10.96.0.0/16). */
  serviceClusterIPRange?: string;
  /** PEM of the RSA key ServiceAccount tokens are signed with. */
  serviceAccountKey?: string;
  /** --default-not-ready-toleration-seconds / --default-unreachable-toleration-seconds (300). */
  defaultTolerationSeconds?: DefaultTolerationSecondsOptions;
  /** The PodSecurity admission configuration (default: kube-apiserver's, every level privileged). */
  podSecurity?: PodSecurityConfig;
  /**
   * --disable-admission-plugins, by plug-in name. A server without a controller-manager (a test's)
   * disables `ServiceAccount`, whose pods would otherwise wait for a `default` account nobody makes.
   */
  disableAdmissionPlugins?: readonly string[];
}

export const SYSTEM_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

export class ApiServer {
  readonly catalog = new ResourceCatalog();
  readonly admission = new AdmissionChain();
  /** What /livez, /readyz and /healthz report. */
  readonly health: ServerHealth;
  /** The in-process programs behind admission webhooks' Services. */
  readonly webhooks = new WebhookBackends();
  readonly authenticator: Authenticator;
  readonly tokens = new StaticTokens();
  readonly special = new Map<string, SpecialHandler>();
  /** What `kubectl get componentstatuses` reports: the store here, the scheduler and controller-manager once they run. */
  readonly components = new ComponentProbes();
  /** In-process programs behind APIServices with `spec.service`, by `namespace/name` of the Service. */
  readonly aggregation = new AggregationBackends();
  authorizer: Authorizer = allowAllAuthorizer;
  rbac?: RBAC;
  serviceAccountTokens?: ServiceAccountTokens;
  readonly deps: RegistryDeps;
  private readonly crdController: CRDController;
  private readonly apiservices: APIServiceRegistration;
  private readonly aggregatedApis: AggregatedAPIServices;
  private readonly openapi: OpenAPIV3Publisher;
  private server?: Http2SecureServer;
  private compactionTimer?: NodeJS.Timeout;
  private eventExpiry?: EventExpiry;
  private identityLease?: IdentityLease;
  private serviceIPAddresses?: ServiceIPAddresses;
  private readonly allocators: ServiceAllocators;
  private readonly openWatches = new Set<() => void>();
  /** What /metrics serves; the in-process clients count their requests here too. */
  readonly metrics: ApiServerMetrics;

  constructor(private readonly opts: ApiServerOptions) {
    this.admission.disable(opts.disableAdmissionPlugins ?? []);
    this.allocators = new ServiceAllocators(opts.store, opts.serviceClusterIPRange);
    this.health = new ServerHealth(opts.store);
    this.metrics = new ApiServerMetrics({ catalog: this.catalog, store: opts.store, version: versionInfo() });
    this.deps = { store: opts.store, admission: this.admission, services: this.allocators, now: opts.now ?? (() => new Date()) };
    for (const b of BUILTIN_KINDS) {
      const type = { ...builtinResourceType(b), printer: builtinPrinter(b.group, b.kind) };
      const strategy = { ...b.strategy, patchSchema: b.strategy.patchSchema ?? builtinPatchSchema(b.group, b.kind) };
      const deps = b.storedAs ? { ...this.deps, store: new ConvertingStore(this.deps.store, b.storedAs, resourcePrefix(type)) } : this.deps;
      this.catalog.add({ type, registry: new ResourceRegistry(type, strategy, deps) });
    }
    registerSelfSubjectReview(this.catalog, this.special, this.deps.now);
    registerComponentStatus(this.catalog, this.special, this.components, this.deps.now);
    this.components.set('etcd-0', () => this.health.storeProbe());
    registerAccessReviews(this.catalog, this.special, () => this.authorizer);
    const namespaces = new NamespaceCache(() => this.registry('', 'namespaces'));
    this.admission.register(namespaceLifecycle(namespaces));
    this.admission.register(defaultTolerationSeconds(opts.defaultTolerationSeconds));
    this.admission.register(limitRanger((group, plural) => this.registry(group, plural)));
    this.admission.register(serviceAccountAdmission(() => this.registry('', 'serviceaccounts')));
    this.admission.register(priorityAdmission(() => this.registry('scheduling.k8s.io', 'priorityclasses')));
    this.admission.register(defaultStorageClass(() => this.registry('storage.k8s.io', 'storageclasses')));
    this.admission.register(podSecurityAdmission(opts.podSecurity ?? UNRESTRICTED, { namespaces, pods: () => this.registry('', 'pods') }));
    this.admission.register(certificateRequestor());
    this.admission.register(validatingAdmissionPolicy({
      policies: () => this.registry('admissionregistration.k8s.io', 'validatingadmissionpolicies'),
      bindings: () => this.registry('admissionregistration.k8s.io', 'validatingadmissionpolicybindings'),
      namespaces: () => this.registry('', 'namespaces'),
      paramRegistry: (apiVersion, kind) => this.catalog.byKind(parseApiVersion(apiVersion).group, kind)?.registry,
    }));
    this.admission.register(certificateApproval(() => this.authorizer));
    for (const [plugin, plural] of [[mutatingAdmissionWebhook, 'mutatingwebhookconfigurations'], [validatingAdmissionWebhook, 'validatingwebhookconfigurations']] as const) {
      this.admission.register(plugin({
        configurations: () => this.registry('admissionregistration.k8s.io', plural),
        namespaces: () => this.registry('', 'namespaces'),
        service: (namespace, name) => this.registry('', 'services').tryGet(namespace, name),
        backend: (service) => this.webhooks.get(service),
        endpointSlices: async (namespace, service) => (await this.registry('discovery.k8s.io', 'endpointslices').list(namespace, { labelSelector: `kubernetes.io/service-name=${service}` })).items,
      }));
    }
    this.admission.register(resourceQuotaAdmission((group, plural) => this.registry(group, plural), () => this.deps.now()));
    this.authenticator = new Authenticator(opts.tls.ca, [DEFAULT_ISSUER]);
    this.authenticator.addTokenAuthenticator(this.tokens);
    registerTokenReview(this.catalog, this.special, this.authenticator);
    this.special.set('/v1/pods/eviction', evictionHandler(this, () => this.deps.now()));
    this.special.set('/v1/pods/log', podLogHandler(this));
    for (const sub of ['exec', 'attach', 'portforward'] as const) this.special.set(`/v1/pods/${sub}`, podConnectHandler(this, sub));
    if (opts.serviceAccountKey) {
      this.serviceAccountTokens = new ServiceAccountTokens(this, { signingKeyPem: opts.serviceAccountKey, now: () => this.deps.now() });
      this.authenticator.addTokenAuthenticator(this.serviceAccountTokens);
      this.special.set('/v1/serviceaccounts/token', tokenRequestHandler(this.serviceAccountTokens, this));
    }
    this.crdController = new CRDController(this.registry('apiextensions.k8s.io', 'customresourcedefinitions'), this.catalog, this.deps);
    this.apiservices = new APIServiceRegistration(this.registry('apiregistration.k8s.io', 'apiservices'), this.catalog);
    this.aggregatedApis = new AggregatedAPIServices({ store: opts.store, catalog: this.catalog, backends: this.aggregation, apiservices: this.registry('apiregistration.k8s.io', 'apiservices'), services: this.registry('', 'services'), endpointSlices: this.registry('discovery.k8s.io', 'endpointslices') });
    this.openapi = new OpenAPIV3Publisher(() => this.catalog.allTypes());
    this.catalog.onChange(() => this.openapi.invalidate());
  }

  registry(group: string, plural: string): ResourceRegistry {
    const served = this.catalog.all().find((s) => s.type.group === group && s.type.plural === plural);
    if (!served) throw new Error(`no resource ${plural}.${group}`);
    return served.registry;
  }

  get store(): Store {
    return this.opts.store;
  }

  internalContext(fieldManager = 'kube-apiserver'): WriteContext {
    return { user: INTERNAL_USER, dryRun: false, fieldManager, warnings: [] };
  }

  async start(): Promise<void> {
    await this.bootstrapNamespaces();
    this.health.done('start-system-namespaces-controller');
    this.identityLease = new IdentityLease(this.registry('coordination.k8s.io', 'leases'), { hostname: hostname(), now: () => this.deps.now(), context: () => this.internalContext() });
    await this.identityLease.start();
    this.health.done('start-kube-apiserver-identity-lease-controller');
    this.health.done('start-kube-apiserver-identity-lease-garbage-collector');
    await this.bootstrapPriorityClasses();
    this.health.done('scheduling/bootstrap-system-priority-classes');
    this.rbac = await enableRBAC(this);
    this.health.done('rbac/bootstrap-roles');
    this.serviceIPAddresses = new ServiceIPAddresses({
      store: this.opts.store,
      services: this.registry('', 'services'),
      ipAddresses: this.registry('networking.k8s.io', 'ipaddresses'),
      serviceCIDRs: this.registry('networking.k8s.io', 'servicecidrs'),
      serviceCidr: this.allocators.serviceCidr,
      now: () => this.deps.now(),
      context: () => this.internalContext(),
    });
    await this.serviceIPAddresses.start();
    this.health.done('start-kubernetes-service-cidr-controller');
    this.health.done('start-service-ip-repair-controllers');
    await this.crdController.start();
    this.health.done('start-apiextensions-controllers');
    this.health.done('crd-informer-synced');
    await this.apiservices.start();
    this.health.done('apiservice-registration-controller');
    await this.aggregatedApis.start();
    this.health.done('apiservice-status-remote-available-controller');
    this.startCompaction();
    this.eventExpiry = new EventExpiry(this.opts.store, this.deps.now, this.opts.eventTtlMs);
    this.eventExpiry.start();
    const pipeline = createPipeline({
      catalog: this.catalog,
      discovery: new DiscoveryPublisher(this.catalog, () => `${this.opts.host}:${this.port}`),
      openapi: this.openapi,
      authenticator: this.authenticator,
      version: versionInfo(),
      watch: { bookmarkIntervalMs: this.opts.bookmarkIntervalMs ?? 15_000, open: this.openWatches },
      special: this.special,
      authorizer: () => this.authorizer,
      health: this.health,
      documents: this.issuerDiscovery(),
      metrics: this.metrics,
    });
    this.server = createSecureServer({
      key: this.opts.tls.key,
      cert: this.opts.tls.cert,
      ca: this.opts.tls.ca,
      allowHTTP1: true,
      requestCert: true,
      rejectUnauthorized: false,
    });
    this.server.on('request', (req, res) => void pipeline(req, res));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.opts.port, this.opts.host, () => resolve());
    });
    await reconcileKubernetesService({ services: this.registry('', 'services'), endpoints: this.registry('', 'endpoints'), endpointSlices: this.registry('discovery.k8s.io', 'endpointslices') }, { clusterIP: this.allocators.firstIP(), host: this.opts.host, port: this.port, ctx: this.internalContext() });
    this.health.done('bootstrap-controller');
  }

  /** /.well-known/openid-configuration and /openid/v1/jwks, when this server signs service-account tokens. */
  private issuerDiscovery(): Map<string, () => unknown> {
    const tokens = this.serviceAccountTokens;
    if (!tokens) return new Map();
    const jwks = () => tokens.jwks();
    return new Map<string, () => unknown>([
      ['/.well-known/openid-configuration', () => tokens.openidConfiguration(`https://${this.opts.host}:${this.port}/openid/v1/jwks`)],
      ['/openid/v1/jwks', jwks],
    ]);
  }

  get port(): number {
    const addr = this.server?.address() as AddressInfo | null;
    return addr?.port ?? this.opts.port;
  }

  /** Waits until the server's own controllers have acted on every change seen so far. */
  async settled(): Promise<void> {
    await this.crdController.settled();
    await this.apiservices.settled();
    await this.aggregatedApis.settled();
    await this.serviceIPAddresses?.settled();
  }

  async stop(): Promise<void> {
    this.health.beginShutdown();
    this.identityLease?.stop();
    this.serviceIPAddresses?.stop();
    clearInterval(this.compactionTimer);
    this.eventExpiry?.stop();
    this.crdController.stop();
    this.aggregatedApis.stop();
    this.rbac?.stop();
    for (const close of [...this.openWatches]) close();
    const server = this.server;
    if (server) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Open watches and idle HTTP/2 sessions would hold close() forever.
        setTimeout(() => resolve(), 2000).unref();
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
    }
  }

  private async bootstrapNamespaces(): Promise<void> {
    const namespaces = this.registry('', 'namespaces');
    for (const name of SYSTEM_NAMESPACES) {
      if (await namespaces.tryGet('', name)) continue;
      const ns: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name } };
      await namespaces.create('', ns, this.internalContext()).catch(() => undefined);
    }
  }

  /** The scheduling/bootstrap-system-priority-classes post-start hook: system-node-critical and system-cluster-critical. */
  private async bootstrapPriorityClasses(): Promise<void> {
    const classes = this.registry('scheduling.k8s.io', 'priorityclasses');
    for (const c of SYSTEM_PRIORITY_CLASSES) {
      if (await classes.tryGet('', c.name)) continue;
      const pc = { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: c.name }, value: c.value, description: c.description, preemptionPolicy: 'PreemptLowerPriority' } as KubeObject;
      await classes.create('', pc, this.internalContext()).catch(() => undefined);
    }
  }

  /** Keeps five minutes of history, as kube-apiserver asks etcd to. */
  private startCompaction(): void {
    const interval = this.opts.compactionIntervalMs ?? 5 * 60_000;
    let previous = 0;
    this.compactionTimer = setInterval(async () => {
      const current = await this.opts.store.currentRevision();
      if (previous > 0) await this.opts.store.compact(previous).catch(() => undefined);
      previous = current;
    }, interval);
    this.compactionTimer.unref();
  }
}

function versionInfo(): Record<string, string> {
  return {
    ...KUBERNETES_VERSION,
    gitCommit: '0000000000000000000000000000000000000000',
    gitTreeState: 'clean',
    buildDate: '2026-01-01T00:00:00Z',
    goVersion: 'go1.24.0',
    compiler: 'gc',
    platform: `${process.platform}/${process.arch === 'x64' ? 'amd64' : process.arch}`,
  };
}
