// A system chart described as data: what the real Cozystack chart runs (its Deployments,
// DaemonSets and StatefulSets with their real names, images and labels), the CRDs it ships,
// and any custom resources it renders. `simulatedComponent` turns the description into a Chart.

import type { KubeObject } from '../../../machinery/object.ts';
import type { Chart, ReleaseContext, Values } from '../chart.ts';
import {
  chartLabel,
  customResourceDefinition,
  daemonSet,
  deployment,
  fullname,
  mergeValues,
  selectorLabels,
  service,
  serviceAccount,
  standardLabels,
  statefulSet,
  valueAt,
  type ContainerInput,
  type CrdInput,
  type ServicePort,
} from '../lib/index.ts';

/** Requests of a simulated container unless it says otherwise: small, so the platform fits three nodes. */
export const DEFAULT_CONTAINER_REQUESTS = { cpu: '10m', memory: '32Mi' };

export interface ContainerSpec extends Omit<ContainerInput, 'resources'> {
  requests?: Record<string, string>;
}

export interface WorkloadSpec {
  kind: 'Deployment' | 'DaemonSet' | 'StatefulSet';
  /** The object name; `{release}` and `{fullname}` (the Helm fullname of the chart) are replaced. */
  name: string;
  component?: string;
  /** Pod labels that select the workload's pods; defaults to name/instance(/component). */
  selector?: Record<string, string>;
  /** Extra labels on the workload and its pods. */
  labels?: Record<string, string>;
  replicas?: number;
  /** A values path whose number overrides `replicas`. */
  replicasValue?: string;
  /** The count the templates compute (from a lookup, say); overrides both. */
  replicasFrom?: (ctx: RenderContext) => number;
  /** Where the templates place the pods; `onePerNode`: a required anti-affinity on their own labels by hostname. */
  scheduling?: (ctx: RenderContext) => { nodeSelector?: Record<string, string>; tolerations?: Array<Record<string, unknown>>; onePerNode?: boolean };
  /** A values path: the workload exists only when it is true (a missing value counts as `enabledByDefault`). */
  enabledValue?: string;
  enabledByDefault?: boolean;
  containers: ContainerSpec[];
  initContainers?: ContainerSpec[];
  hostNetwork?: boolean;
  priorityClassName?: string;
  /** Its ServiceAccount; the workload's name unless given; `false` for none (the pod runs as `default`). */
  serviceAccount?: string | false;
  /** A Service in front of the pods (`{name}` defaults to the workload's). */
  service?: { name?: string; ports: ServicePort[]; headless?: boolean };
  /** StatefulSet storage. */
  volumeClaims?: Array<{ name: string; storage: string }>;
}

export interface RenderContext {
  values: Values;
  release: ReleaseContext;
  namespace: string;
  /** Labels Helm would put on an object of this chart (no component). */
  labels: Record<string, string>;
}

export interface ComponentSpec {
  /** The chart's path in Cozystack's packages tree, e.g. `system/cilium`. */
  path: string;
  /** Chart.yaml name of the packaged chart, e.g. `cozy-cilium`. */
  chart: string;
  /** Chart.yaml version (Cozystack's own charts ship `0.0.0`, stamped at build). */
  version?: string;
  /** The upstream chart the workloads come from (their `app.kubernetes.io/name` and `helm.sh/chart`). */
  upstream?: { name: string; version: string; appVersion?: string };
  /** app.kubernetes.io/part-of on every workload. */
  partOf?: string;
  values?: Values;
  valuesFiles?: Record<string, Values>;
  valuesSchema?: Record<string, unknown>;
  workloads?: WorkloadSpec[];
  crds?: CrdInput[];
  /** Other objects the real templates render (custom resources, ConfigMaps …). */
  extra?: (ctx: RenderContext) => KubeObject[];
  /** The objects the templates read with `lookup` (see Chart.lookups). */
  lookups?: Chart['lookups'];
}

/** `{release}`, `{fullname}` and `{value:<path>}` in a name, as the template's `include`s would give them. */
function substitute(name: string, release: string, full: string, values: Values): string {
  return name
    .replaceAll('{release}', release)
    .replaceAll('{fullname}', full)
    .replace(/\{value:([\w.-]+)\}/g, (_, path: string) => String(valueAt(values, path) ?? ''));
}

function containerWithRequests(c: ContainerSpec): ContainerInput {
  const { requests, ...rest } = c;
  return { ...rest, resources: { requests: { ...(requests ?? DEFAULT_CONTAINER_REQUESTS) } } };
}

function renderWorkload(spec: ComponentSpec, w: WorkloadSpec, ctx: RenderContext): KubeObject[] {
  if (w.enabledValue) {
    const flag = valueAt(ctx.values, w.enabledValue);
    if (!(flag === undefined ? (w.enabledByDefault ?? true) : Boolean(flag))) return [];
  }
  const appName = spec.upstream?.name ?? spec.chart;
  const full = fullname(ctx.release.name, appName, ctx.values);
  const name = substitute(w.name, ctx.release.name, full, ctx.values);
  const chart = spec.upstream ? chartLabel(spec.upstream.name, spec.upstream.version) : chartLabel(spec.chart, spec.version ?? '0.0.0');
  const sub = (m: Record<string, string> | undefined): Record<string, string> | undefined =>
    m && Object.fromEntries(Object.entries(m).map(([k, v]) => [k, substitute(v, ctx.release.name, full, ctx.values)]));
  const labels = {
    ...standardLabels({ name: appName, instance: ctx.release.name, version: spec.upstream?.appVersion, chart, component: w.component, partOf: spec.partOf }),
    ...(sub(w.labels) ?? {}),
  };
  const selector = sub(w.selector) ?? selectorLabels({ name: appName, instance: ctx.release.name, component: w.component });
  const podLabels = { ...labels, ...selector };
  const replicasRaw = w.replicasValue ? valueAt(ctx.values, w.replicasValue) : undefined;
  const replicas = w.replicasFrom ? w.replicasFrom(ctx) : typeof replicasRaw === 'number' ? replicasRaw : (w.replicas ?? 1);
  const placement = w.scheduling?.(ctx);
  const saName = w.serviceAccount === false ? undefined : substitute(w.serviceAccount ?? name, ctx.release.name, full, ctx.values);
  const pod = {
    labels: podLabels,
    containers: w.containers.map((c) => containerWithRequests({ ...c, name: substitute(c.name, ctx.release.name, full, ctx.values) })),
    initContainers: w.initContainers?.map(containerWithRequests),
    serviceAccountName: saName,
    hostNetwork: w.hostNetwork,
    priorityClassName: w.priorityClassName,
    nodeSelector: placement?.nodeSelector,
    tolerations: placement?.tolerations,
    affinity: placement?.onePerNode
      ? { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: selector }, topologyKey: 'kubernetes.io/hostname' }] } }
      : undefined,
  };
  const base = { name, namespace: ctx.namespace, labels, selector, pod };
  const out: KubeObject[] = [];
  if (saName) out.push(serviceAccount({ name: saName, namespace: ctx.namespace, labels }));
  const serviceName = w.service ? substitute(w.service.name ?? name, ctx.release.name, full, ctx.values) : name;
  if (w.kind === 'Deployment') out.push(deployment({ ...base, replicas }));
  else if (w.kind === 'DaemonSet') out.push(daemonSet(base));
  else out.push(statefulSet({ ...base, replicas, serviceName, volumeClaimTemplates: w.volumeClaims }));
  if (w.service) {
    out.push(service({ name: serviceName, namespace: ctx.namespace, labels, selector, ports: w.service.ports, headless: w.service.headless }));
  }
  return out;
}

/** Objects with the same kind and name collapse to the first, as one manifest would hold them. */
function dedupe(objects: KubeObject[]): KubeObject[] {
  const seen = new Set<string>();
  return objects.filter((o) => {
    const key = `${o.apiVersion}/${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function simulatedComponent(spec: ComponentSpec): Chart {
  const version = spec.version ?? '0.0.0';
  return {
    path: spec.path,
    name: spec.chart,
    version,
    values: structuredClone(spec.values ?? {}),
    ...(spec.valuesFiles ? { valuesFiles: structuredClone(spec.valuesFiles) } : {}),
    ...(spec.valuesSchema ? { valuesSchema: spec.valuesSchema } : {}),
    ...(spec.lookups ? { lookups: spec.lookups } : {}),
    render(values: Values, release: ReleaseContext): KubeObject[] {
      const merged = mergeValues(spec.values, values);
      const labels = standardLabels({ name: spec.chart, instance: release.name, chart: chartLabel(spec.chart, version) });
      const ctx: RenderContext = { values: merged, release, namespace: release.namespace, labels };
      const crds = (spec.crds ?? []).map((c) => customResourceDefinition({ ...c, labels: { ...labels, ...(c.labels ?? {}) } }));
      const workloads = (spec.workloads ?? []).flatMap((w) => renderWorkload(spec, w, ctx));
      const extra = (spec.extra?.(ctx) ?? []).map((o) => withNamespace(o, release.namespace));
      return dedupe([...crds, ...workloads, ...extra]);
    },
  };
}

// Built-in namespaced kinds; a custom resource's scope is its CRD's, so extras set theirs explicitly.
const BUILTIN_NAMESPACED_KINDS = new Set([
  'ConfigMap', 'Secret', 'Service', 'ServiceAccount', 'Deployment', 'DaemonSet', 'StatefulSet', 'Job', 'CronJob', 'Role', 'RoleBinding',
  'PersistentVolumeClaim', 'NetworkPolicy', 'Ingress', 'PodDisruptionBudget', 'Lease', 'LimitRange', 'ResourceQuota',
]);

/** Namespaced objects without a namespace go to the release's, as `helm install -n` does. */
export function withNamespace(obj: KubeObject, namespace: string): KubeObject {
  if (obj.metadata.namespace || !BUILTIN_NAMESPACED_KINDS.has(obj.kind)) return obj;
  return { ...obj, metadata: { ...obj.metadata, namespace } };
}
