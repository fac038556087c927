// core/v1 ComponentStatus (`kubectl get cs`), deprecated since 1.19 and still served: computed on
// each read, not stored. kube-apiserver probes the scheduler's and the controller-manager's
// /healthz and asks its storage; here each component of the process registers a probe, and one
// that is not running reads as the refused connection kube-apiserver would report.

import { methodNotSupported, notFound } from '../machinery/errors.ts';
import { matchesFields, parseFieldSelector } from '../machinery/fields.ts';
import { everything, matches, parseLabelSelector } from '../machinery/labels.ts';
import type { KubeObject } from '../machinery/object.ts';
import { column, nameColumn, objectName } from '../machinery/table-build.ts';
import type { TablePrinter } from '../machinery/table.ts';
import type { ResourceCatalog } from './catalog.ts';
import { responseFormat, writeList, writeObject } from './handlers/output.ts';
import type { SpecialHandler } from './pipeline.ts';
import type { ResourceType } from './resource.ts';
import { setWarnings } from './respond.ts';

export const COMPONENT_STATUS_DEPRECATION = 'v1 ComponentStatus is deprecated in v1.19+';

/** What a probe found: healthy with its answer, or not with why. */
export type ProbeResult = { healthy: true; message: string } | { healthy: false; message?: string; error: string };
export type ComponentProbe = () => Promise<ProbeResult>;

interface ComponentCondition {
  type: 'Healthy';
  status: 'True' | 'False' | 'Unknown';
  message?: string;
  error?: string;
}

type ComponentStatus = KubeObject & { conditions: ComponentCondition[] };

/** The components kube-apiserver checks, with the healthz address it probes when one has no probe here. */
const COMPONENTS: Array<{ name: string; address?: string }> = [
  { name: 'scheduler', address: 'https://127.0.0.1:10259/healthz' },
  { name: 'controller-manager', address: 'https://127.0.0.1:10257/healthz' },
  { name: 'etcd-0' },
];

const PROBE_TIMEOUT_MS = 20_000;

export class ComponentProbes {
  private readonly probes = new Map<string, ComponentProbe>();

  set(name: string, probe: ComponentProbe): void {
    this.probes.set(name, probe);
  }

  delete(name: string): void {
    this.probes.delete(name);
  }

  names(): string[] {
    return COMPONENTS.map((c) => c.name);
  }

  async status(name: string): Promise<ComponentStatus> {
    const component = COMPONENTS.find((c) => c.name === name);
    const probe = this.probes.get(name);
    const result: ProbeResult = probe
      ? await withTimeout(probe(), name)
      : { healthy: false, error: `Get "${component?.address ?? name}": dial tcp ${hostPortOf(component?.address)}: connect: connection refused` };
    const condition: ComponentCondition = result.healthy
      ? { type: 'Healthy', status: 'True', message: result.message }
      : { type: 'Healthy', status: probe ? 'False' : 'Unknown', ...(result.message ? { message: result.message } : {}), error: result.error };
    return { kind: 'ComponentStatus', apiVersion: 'v1', metadata: { name }, conditions: [condition] };
  }
}

function hostPortOf(address: string | undefined): string {
  return address ? new URL(address).host : '';
}

async function withTimeout(probe: Promise<ProbeResult>, name: string): Promise<ProbeResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ProbeResult>((resolve) => {
    timer = setTimeout(() => resolve({ healthy: false, error: `${name} did not answer within ${PROBE_TIMEOUT_MS / 1000}s` }), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe.catch((err: Error): ProbeResult => ({ healthy: false, error: err.message })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** As kubectl's printer: Healthy, Unhealthy, or Unknown when there is no Healthy condition. */
const printer: TablePrinter = {
  columns: [
    { ...nameColumn(), name: 'Name' },
    column('Status', 'string', 'Status of the component conditions'),
    column('Message', 'string', 'Message of the component conditions'),
    column('Error', 'string', 'Error of the component conditions'),
  ],
  cells: (o) => {
    const c = (o as ComponentStatus).conditions?.find((x) => x.type === 'Healthy');
    return [objectName(o), c ? (c.status === 'True' ? 'Healthy' : 'Unhealthy') : 'Unknown', c?.message ?? '', c?.error ?? ''];
  },
};

export const componentStatusType: ResourceType = {
  group: '',
  version: 'v1',
  kind: 'ComponentStatus',
  listKind: 'ComponentStatusList',
  plural: 'componentstatuses',
  singular: 'componentstatus',
  namespaced: false,
  shortNames: ['cs'],
  categories: [],
  verbs: ['get', 'list'],
  subresources: [],
  strategicMergePatch: true,
  printer,
  schema: {
    type: 'object',
    description: 'ComponentStatus (and ComponentStatusList) holds the cluster validation info. Deprecated: This API is deprecated in v1.19+',
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object' },
      conditions: {
        type: 'array',
        description: 'List of component conditions observed',
        items: {
          type: 'object',
          required: ['type', 'status'],
          properties: {
            type: { type: 'string', description: 'Type of condition for a component. Valid value: "Healthy"' },
            status: { type: 'string', description: 'Status of the condition for a component. Valid values for "Healthy": "True", "False", or "Unknown".' },
            message: { type: 'string', description: 'Message about the condition for a component. For example, information about a health check.' },
            error: { type: 'string', description: 'Condition error code for a component. For example, a health check error code.' },
          },
        },
      },
    },
  },
};

const GR = { group: '', resource: 'componentstatuses' };

export function registerComponentStatus(catalog: ResourceCatalog, special: Map<string, SpecialHandler>, probes: ComponentProbes, now: () => Date): void {
  catalog.addVirtual(componentStatusType);
  special.set('/v1/componentstatuses', async ({ req, res, info, query, warnings }) => {
    warnings.push(COMPONENT_STATUS_DEPRECATION);
    if (info.subresource) throw notFound(GR, `${info.name}/${info.subresource}`);
    if (info.verb !== 'get' && info.verb !== 'list') throw methodNotSupported(GR, info.verb);
    const format = responseFormat(req.headers.accept);
    if (info.verb === 'get') {
      if (!probes.names().includes(info.name)) throw notFound(GR, info.name);
      const status = await probes.status(info.name);
      setWarnings(res, warnings);
      return writeObject(res, 200, componentStatusType, status, format, query, now());
    }
    const labels = query.get('labelSelector') ? parseLabelSelector(query.get('labelSelector')!) : everything();
    const fields = parseFieldSelector(query.get('fieldSelector') ?? '');
    const items = (await Promise.all(probes.names().map((name) => probes.status(name)))).filter(
      (o) => matches(labels, o.metadata.labels) && matchesFields(fields, { 'metadata.name': o.metadata.name! }),
    );
    setWarnings(res, warnings);
    writeList(res, componentStatusType, { apiVersion: 'v1', kind: 'ComponentStatusList', metadata: {}, items }, format, query, now());
  });
}
