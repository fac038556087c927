// The ExternalArtifacts a PackageSource generates: one per variant × component with a path, named
// `<packagesource>-<variant>-<component>` in cozy-system. Upstream the operator writes an
// ArtifactGenerator and Flux's source-watcher packs the files into these artifacts; cozylab has no
// files to pack, so the artifact names the built-in chart (metadata `cozylab.io/chart-path`) and is
// Ready only when that chart exists and the Flux source it comes from is Ready.

import { createHash } from 'node:crypto';
import type { KubeObject } from '../../../machinery/object.ts';
import type { Chart } from '../../charts/chart.ts';
import { normalizePath, type ChartRegistry } from '../../charts/registry.ts';
import { ARTIFACT_HOST, CHART_PATH_KEY } from '../../flux/artifact.ts';
import { artifactName, COZY_SYSTEM, EXTERNALARTIFACT_GVK, LABEL_PACKAGESOURCE, type Condition, type PackageSource } from '../types.ts';

export interface DesiredArtifact {
  name: string;
  chartPath: string;
  variant: string;
  component: string;
  valuesFiles: string[];
}

/** getBasePath: the sourceRef's path trimmed, else "packages" for Git and the root for OCI. */
export function basePathOf(source: PackageSource): string {
  const ref = source.spec?.sourceRef;
  if (!ref) return '';
  if (ref.path) return ref.path.replace(/^\/+|\/+$/g, '');
  return ref.kind === 'OCIRepository' ? '' : 'packages';
}

/** The chart path an artifact packs: join(sourceRef.path, component.path). */
export function chartPathOf(source: PackageSource, componentPath: string): string {
  return normalizePath([basePathOf(source), componentPath.replace(/^\/+|\/+$/g, '')].filter(Boolean).join('/'));
}

export function desiredArtifacts(source: PackageSource): DesiredArtifact[] {
  const out: DesiredArtifact[] = [];
  for (const variant of source.spec?.variants ?? []) {
    for (const component of variant.components ?? []) {
      if (!component.path || !component.path.split('/').pop()) continue;
      out.push({
        name: artifactName(source.metadata.name!, variant.name, component.name),
        chartPath: chartPathOf(source, component.path),
        variant: variant.name,
        component: component.name,
        valuesFiles: component.valuesFiles ?? [],
      });
    }
  }
  return out;
}

export interface SourceState {
  ready: boolean;
  revision: string;
  message: string;
}

/** The artifact's status: Ready with the chart's artifact, or not Ready saying what is missing. */
export function artifactStatus(desired: DesiredArtifact, chart: Chart | undefined, source: SourceState, now: string, previous?: KubeObject): Record<string, unknown> {
  const condition = (status: 'True' | 'False', reason: string, message: string): Condition => ({ type: 'Ready', status, reason, message, lastTransitionTime: now });
  if (!chart) {
    return { conditions: [condition('False', 'ChartNotFound', `chart ${desired.chartPath} not found: cozylab ships no chart at that path (component ${desired.component} of variant ${desired.variant})`)] };
  }
  if (!source.ready) return { conditions: [condition('False', 'SourceNotReady', source.message)] };
  const digest = `sha256:${createHash('sha256').update(JSON.stringify([source.revision, desired.chartPath, chart.version, desired.valuesFiles, chart.values, chart.valuesFiles ?? {}])).digest('hex')}`;
  const revision = `${chart.version}@${digest}`;
  const old = (previous?.status as { artifact?: { revision?: string; lastUpdateTime?: string } } | undefined)?.artifact;
  const file = `externalartifact/${COZY_SYSTEM}/${desired.name}/${digest.slice('sha256:'.length)}.tar.gz`;
  return {
    artifact: {
      path: file,
      url: `${ARTIFACT_HOST}/${file}`,
      revision,
      digest,
      lastUpdateTime: old?.revision === revision && old.lastUpdateTime ? old.lastUpdateTime : now,
      size: JSON.stringify(chart.values).length + 1024,
      metadata: { [CHART_PATH_KEY]: desired.chartPath },
    },
    conditions: [condition('True', 'Succeeded', `stored artifact for revision '${revision}'`)],
  };
}

export function artifactObject(source: PackageSource, desired: DesiredArtifact): KubeObject {
  return {
    ...EXTERNALARTIFACT_GVK,
    metadata: {
      name: desired.name,
      namespace: COZY_SYSTEM,
      labels: { [LABEL_PACKAGESOURCE]: source.metadata.name! },
      ownerReferences: [{ apiVersion: source.apiVersion, kind: source.kind, name: source.metadata.name!, uid: source.metadata.uid!, controller: true, blockOwnerDeletion: true }],
    },
    spec: { sourceRef: { apiVersion: source.apiVersion, kind: source.kind, name: source.metadata.name! } },
  };
}
