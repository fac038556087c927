// The cozystack-api program: the aggregated backend behind Service cozy-system/cozystack-api,
// serving apps.cozystack.io (views over HelmReleases), core.cozystack.io and sdn.cozystack.io.

import { forbidden, methodNotSupported, notFound, pathNotFound } from '../../machinery/errors.ts';
import { AdmissionChain } from '../../apiserver/admission/admission.ts';
import type { AggregatedBackend, AggregatedRequest } from '../../apiserver/aggregation/backends.ts';
import type { ServedResource } from '../../apiserver/catalog.ts';
import { readBody } from '../../apiserver/body.ts';
import { responseFormat, writeList, writeObject } from '../../apiserver/handlers/output.ts';
import { ResourceRegistry, type RegistryDeps } from '../../apiserver/registry/registry.ts';
import { defaultStrategy } from '../../apiserver/registry/strategy.ts';
import type { ResourceType } from '../../apiserver/resource.ts';
import type { Store } from '../../storage/store.ts';
import type { KubeClient } from '../../controller/client.ts';
import { appAdmission } from './apps/admission.ts';
import { reservedKeyInBody } from './apps/reserved-keys.ts';
import { checkTenantBody } from './apps/tenant-body-fields.ts';
import { AppsGroup } from './apps/apps-group.ts';
import type { StatusSources } from './apps/conversion.ts';
import { APPS_GROUP, APPS_VERSION } from './apps/definition.ts';
import { tenantNamespaceAccess } from './core/access.ts';
import { CORE_GROUP, CORE_TYPES, CORE_VERSION, optionType, tenantModuleType, tenantNamespaceType, tenantSecretType } from './core/group.ts';
import { optionList, optionObject } from './core/options.ts';
import { tenantModuleMapping, tenantNamespaceMapping, tenantSecretMapping } from './core/views.ts';
import { SDN_GROUP, securityGroupStrategy, securityGroupType } from './sdn/security-groups.ts';
import { appValidators, type AppValidatorRegistry } from './validation-hooks.ts';
import { ViewStore } from './view-store.ts';

export const COZYSTACK_API_SERVICE = 'cozy-system/cozystack-api';

export interface CozystackApiDeps {
  /** The main server's store, allocators and clock. */
  store: Store;
  services: RegistryDeps['services'];
  now(): Date;
  /** A registry of the main server by group and plural (HelmReleases, Secrets, Namespaces). */
  registry(group: string, plural: string): ResourceRegistry;
  /** Read access for validation hooks. */
  client: KubeClient;
  sources: StatusSources;
  validators?: AppValidatorRegistry;
}

export class CozystackApi implements AggregatedBackend {
  readonly admission = new AdmissionChain();
  readonly apps: AppsGroup;
  private readonly registryDeps: RegistryDeps;
  private readonly fixed = new Map<string, ServedResource>();

  constructor(private readonly deps: CozystackApiDeps) {
    this.registryDeps = { store: deps.store, admission: this.admission, services: deps.services, now: deps.now };
    const hr = () => deps.registry('helm.toolkit.fluxcd.io', 'helmreleases');
    this.apps = new AppsGroup({ registryDeps: this.registryDeps, helmReleases: hr, sources: deps.sources });
    this.admission.register(appAdmission((plural) => this.apps.definition(plural), deps.validators ?? appValidators, deps.client));
    this.fixed.set(`${CORE_GROUP}/tenantsecrets`, this.view(tenantSecretType, new ViewStore(deps.store, tenantSecretMapping(() => deps.registry('', 'secrets')))));
    this.fixed.set(`${CORE_GROUP}/tenantmodules`, this.view(tenantModuleType, new ViewStore(deps.store, tenantModuleMapping(hr))));
    this.fixed.set(`${SDN_GROUP}/securitygroups`, { type: securityGroupType, registry: new ResourceRegistry(securityGroupType, securityGroupStrategy, this.registryDeps) });
  }

  resources(group: string, version: string): ResourceType[] {
    if (group === APPS_GROUP && version === APPS_VERSION) return this.apps.all().map((s) => s.type);
    if (group === CORE_GROUP && version === CORE_VERSION) return CORE_TYPES;
    if (group === SDN_GROUP && version === 'v1alpha1') return [securityGroupType];
    return [];
  }

  onChange(listener: () => void): () => void {
    return this.apps.onChange(listener);
  }

  async handle(r: AggregatedRequest): Promise<void> {
    const { group, resource, verb } = r.info;
    if (group === CORE_GROUP && resource === 'tenantnamespaces') return this.serveChecked(r, await this.tenantNamespaces(r));
    if (group === CORE_GROUP && resource === 'options') return this.options(r);
    const served = group === APPS_GROUP ? this.apps.served(resource) : this.fixed.get(`${group}/${resource}`);
    if (!served || !this.resources(group, r.info.version).includes(served.type)) throw pathNotFound();
    if (!served.type.verbs.includes(verb)) throw methodNotSupported(served.registry.groupResource, verb);
    if (group === APPS_GROUP && ['create', 'update', 'patch'].includes(verb)) {
      // Reserved `_` keys are refused before field validation could drop them as unknown fields.
      let body = await readBody(r.req);
      const refused = reservedKeyInBody(body, r.req.headers['content-type']);
      if (refused) throw refused;
      if (served.type.kind === 'Tenant') {
        const checked = checkTenantBody(body, r.req.headers['content-type'], r.info.name);
        body = checked.body;
        r.warnings.push(...checked.warnings);
      }
      return r.serve(served, body);
    }
    return this.serveChecked(r, served);
  }

  private async serveChecked(r: AggregatedRequest, served: ServedResource): Promise<void> {
    if (!served.type.verbs.includes(r.info.verb)) throw methodNotSupported(served.registry.groupResource, r.info.verb);
    await r.serve(served);
  }

  private view(type: ResourceType, store: Store): ServedResource {
    return { type, registry: new ResourceRegistry(type, { ...defaultStrategy, noGeneration: true }, { ...this.registryDeps, store }) };
  }

  /** TenantNamespaces are filtered by the caller's RoleBindings, so each request gets its own view. */
  private async tenantNamespaces(r: AggregatedRequest): Promise<ServedResource> {
    const visible = await tenantNamespaceAccess(this.deps.store, r.user);
    if (r.info.verb === 'get' && r.info.name && !visible(r.info.name)) {
      const exists = await this.deps.store.get(`/registry/core/namespaces/${r.info.name}`);
      if (exists) {
        throw forbidden({ group: CORE_GROUP, resource: 'tenantnamespaces' }, r.info.name, `User "${r.user.username}" has no RoleBinding in namespace "${r.info.name}"`);
      }
    }
    return this.view(tenantNamespaceType, new ViewStore(this.deps.store, tenantNamespaceMapping(() => this.deps.registry('', 'namespaces'), visible)));
  }

  private async options(r: AggregatedRequest): Promise<void> {
    const { verb, name, namespace } = r.info;
    const now = this.deps.now();
    const format = responseFormat(r.req.headers.accept);
    const sources = { store: this.deps.store, appKinds: () => this.apps.definitions().map((d) => ({ kind: d.kind })) };
    if (verb === 'get') {
      const option = await optionObject(name, namespace, sources);
      if (!option) throw notFound({ group: CORE_GROUP, resource: 'options' }, name);
      return writeObject(r.res, 200, optionType, option, format, r.query, now);
    }
    if (verb === 'list') {
      const items = await optionList(namespace, sources);
      return writeList(r.res, optionType, { apiVersion: `${CORE_GROUP}/${CORE_VERSION}`, kind: 'OptionList', metadata: { resourceVersion: String(await this.deps.store.currentRevision()) }, items }, format, r.query, now);
    }
    throw methodNotSupported({ group: CORE_GROUP, resource: 'options' }, verb);
  }
}
