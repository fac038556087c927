// Finding a HelmRelease's chart: the source its chartRef names (ExternalArtifact, OCIRepository) or
// the HelmChart it templates from spec.chart, that source's artifact, and the built-in chart the
// artifact packs. The chart version is stamped with the artifact's digest as helm-controller does,
// so a new source revision is a new chart version and upgrades the release.

import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { KubeClient } from '../../controller/index.ts';
import type { Chart } from '../charts/chart.ts';
import type { ChartRegistry } from '../charts/registry.ts';
import { artifactOf, chartPathOf } from './artifact.ts';
import { getCondition, type FluxCondition } from './conditions.ts';
import { EXTERNALARTIFACT_GVK, HELMCHART_GVK, OCIREPOSITORY_GVK, SOURCE_API } from './kinds.ts';
import { parseVersion } from './semver.ts';
import { specOf } from './helmrelease-spec.ts';

export interface LoadedChart {
  chart: Chart;
  /** Chart version as recorded: `1.0.0+<digest12>` for digest-tracked sources. */
  version: string;
  revisionDigest?: string;
  source: KubeObject;
}

export type ChartOutcome = { ok: true; loaded: LoadedChart } | { ok: false; reason: string; message: string };

/** Where a HelmRelease's chart comes from: `kind|namespace/name`, the key source events are matched by. */
export function sourceKeyOf(hr: KubeObject): string | undefined {
  const spec = specOf(hr);
  if (spec.chartRef) return `${spec.chartRef.kind}|${spec.chartRef.namespace || hr.metadata.namespace}/${spec.chartRef.name}`;
  if (spec.chart) return `HelmChart|${helmChartRef(hr).namespace}/${helmChartRef(hr).name}`;
  return undefined;
}

/** The HelmChart helm-controller makes for spec.chart: `<hr namespace>-<hr name>` in the source's namespace. */
export function helmChartRef(hr: KubeObject): { namespace: string; name: string } {
  const ref = specOf(hr).chart!.spec.sourceRef;
  return { namespace: ref.namespace || hr.metadata.namespace!, name: `${hr.metadata.namespace}-${hr.metadata.name}` };
}

export function helmChartFor(hr: KubeObject): KubeObject {
  const tpl = specOf(hr).chart!.spec;
  const ref = helmChartRef(hr);
  return {
    ...HELMCHART_GVK,
    metadata: { name: ref.name, namespace: ref.namespace },
    spec: {
      chart: tpl.chart,
      version: tpl.version || '*',
      sourceRef: { kind: tpl.sourceRef.kind, name: tpl.sourceRef.name },
      interval: tpl.interval || specOf(hr).interval || '5m',
      reconcileStrategy: tpl.reconcileStrategy || 'ChartVersion',
      ...(tpl.valuesFiles ? { valuesFiles: tpl.valuesFiles } : {}),
    },
  };
}

export async function loadChart(client: KubeClient, charts: ChartRegistry, hr: KubeObject): Promise<ChartOutcome> {
  const spec = specOf(hr);
  let gvk: { apiVersion: string; kind: string };
  let namespace: string;
  let name: string;
  if (spec.chartRef) {
    if (spec.chartRef.kind !== 'ExternalArtifact' && spec.chartRef.kind !== 'OCIRepository') {
      return { ok: false, reason: 'ArtifactFailed', message: `could not get Source object: unsupported chartRef kind '${spec.chartRef.kind}'` };
    }
    gvk = spec.chartRef.kind === 'ExternalArtifact' ? EXTERNALARTIFACT_GVK : OCIREPOSITORY_GVK;
    namespace = spec.chartRef.namespace || hr.metadata.namespace!;
    name = spec.chartRef.name;
  } else if (spec.chart) {
    gvk = HELMCHART_GVK;
    ({ namespace, name } = helmChartRef(hr));
  } else {
    return { ok: false, reason: 'ArtifactFailed', message: 'invalid Chart reference: either chart or chartRef must be set' };
  }
  let source: KubeObject;
  try {
    source = await client.get({ apiVersion: SOURCE_API, kind: gvk.kind, namespace, name });
  } catch (err) {
    if (isStatusError(err, 'NotFound')) return { ok: false, reason: 'ArtifactFailed', message: `could not get Source object: ${(err as Error).message}` };
    throw err;
  }
  const notReady = sourceNotReady(source);
  if (notReady) return { ok: false, reason: 'SourceNotReady', message: notReady };
  const artifact = artifactOf(source)!;
  const path = chartPathOf(artifact);
  const chart = path ? charts.get(path) : undefined;
  if (!chart) {
    const what = path ? `no chart at path '${path}' among cozylab's built-in charts` : `artifact '${artifact.revision}' of ${source.kind} '${namespace}/${name}' packs no chart cozylab knows`;
    return { ok: false, reason: 'ArtifactFailed', message: `Could not load chart: ${what}` };
  }
  const stamped = stampVersion(chart.version, source);
  if ('error' in stamped) return { ok: false, reason: 'ChartMutateError', message: stamped.error };
  return { ok: true, loaded: { chart, version: stamped.version, revisionDigest: stamped.digest, source } };
}

/** isSourceReady: an ExternalArtifact needs an artifact; other sources also their Ready condition. */
function sourceNotReady(source: KubeObject): string | undefined {
  const where = `${source.kind} '${source.metadata.namespace}/${source.metadata.name}' is not ready`;
  if (source.kind === 'ExternalArtifact') return artifactOf(source) ? undefined : `${where}: does not have an artifact`;
  const status = (source.status ?? {}) as { observedGeneration?: number; conditions?: FluxCondition[] };
  const ready = getCondition(status.conditions, 'Ready');
  if (source.metadata.generation !== status.observedGeneration) {
    return `${where}: ${ready?.status === 'False' ? ready.message : 'latest generation of object has not been reconciled'}`;
  }
  const stalled = getCondition(status.conditions, 'Stalled');
  if (stalled?.status === 'True') return `${where}: ${stalled.message}`;
  if (!artifactOf(source)) return `${where}: does not have an artifact`;
  return undefined;
}

/** mutateChartWithSourceRevision: `<version>+<first 12 of the digest>` for OCI and digest-bearing ExternalArtifacts. */
function stampVersion(version: string, source: KubeObject): { version: string; digest?: string } | { error: string } {
  const revision = artifactOf(source)!.revision;
  const tracked = source.kind === 'OCIRepository' || (source.kind === 'ExternalArtifact' && revision.includes(':'));
  if (!tracked) return { version };
  const base = version.split('+')[0]!;
  const at = revision.indexOf('@');
  let digest = revision;
  if (at >= 0) {
    const tag = revision.slice(0, at);
    const tagVersion = parseVersion(tag);
    if (tagVersion) {
      if (parseVersion(base) && tag.replace(/^v/, '') !== base.replace(/^v/, '')) return { error: `artifact revision ${tag} does not match chart version ${version}` };
    }
    digest = revision.slice(at + 1);
  }
  const sha = digest.split(':')[1] ?? '';
  if (sha.length < 12) return { error: `invalid artifact revision ${revision}` };
  return { version: `${base}+${sha.slice(0, 12)}`, digest };
}
