// What each Flux source resolves to in cozylab. There is no network: every source "reaches" its URL
// and packs the charts cozylab ships. The revision is derived from the ref the source asks for, so
// `v1.6.2@sha256:…` for an OCI tag, `main@sha1:…` for a Git branch, and changing the ref changes it.

import type { KubeObject } from '../../machinery/object.ts';
import type { ChartRegistry } from '../charts/registry.ts';
import { CHART_PATH_KEY, sha256 } from './artifact.ts';
import { COZYSTACK_VERSION } from '../version.ts';
import { satisfies } from './semver.ts';

export type Resolution =
  | { ok: true; revision: string; message: string; reason?: string; metadata?: Record<string, string> }
  | { ok: false; reason: string; message: string };

interface OCIRef {
  tag?: string;
  semver?: string;
  digest?: string;
}

interface GitRef {
  branch?: string;
  tag?: string;
  semver?: string;
  name?: string;
  commit?: string;
}

export function resolveOCIRepository(repo: KubeObject, charts: ChartRegistry): Resolution {
  const spec = (repo.spec ?? {}) as { url?: string; ref?: OCIRef };
  const url = spec.url ?? '';
  const ref = spec.ref ?? {};
  let revision: string;
  if (ref.digest) revision = ref.digest;
  else if (ref.semver) {
    if (!satisfies(COZYSTACK_VERSION, ref.semver)) {
      return { ok: false, reason: 'OCIArtifactPullFailed', message: `failed to determine artifact tag for '${url}': no match found for semver: ${ref.semver}` };
    }
    revision = `${COZYSTACK_VERSION}@sha256:${sha256(`${url}:${COZYSTACK_VERSION}`)}`;
  } else {
    const tag = ref.tag || 'latest';
    revision = `${tag}@sha256:${sha256(`${url}:${tag}`)}`;
  }
  const chart = charts.list().find((c) => c.name === url.replace(/\/+$/, '').split('/').pop());
  return { ok: true, revision, message: `stored artifact for digest '${revision}'`, metadata: chart ? { [CHART_PATH_KEY]: chart.path } : undefined };
}

export function resolveGitRepository(repo: KubeObject): Resolution {
  const spec = (repo.spec ?? {}) as { url?: string; ref?: GitRef };
  const url = spec.url ?? '';
  const ref = spec.ref ?? {};
  let revision: string;
  if (ref.commit) revision = `${ref.branch ?? 'HEAD'}@sha1:${ref.commit}`;
  else if (ref.name) revision = `${ref.name}@sha1:${sha1Of(url, ref.name)}`;
  else if (ref.semver) {
    if (!satisfies(COZYSTACK_VERSION, ref.semver)) return { ok: false, reason: 'GitOperationFailed', message: `no match found for semver: ${ref.semver}` };
    revision = `${COZYSTACK_VERSION}@sha1:${sha1Of(url, COZYSTACK_VERSION)}`;
  } else if (ref.tag) revision = `${ref.tag}@sha1:${sha1Of(url, ref.tag)}`;
  else {
    const branch = ref.branch || 'master';
    revision = `${branch}@sha1:${sha1Of(url, branch)}`;
  }
  return { ok: true, revision, message: `stored artifact for revision '${revision}'` };
}

export function resolveHelmRepository(repo: KubeObject): Resolution {
  const url = ((repo.spec ?? {}) as { url?: string }).url ?? '';
  const revision = `sha256:${sha256(`index:${url}`)}`;
  return { ok: true, revision, message: `stored artifact: revision '${revision}'` };
}

/** A HelmChart: the named chart of a HelmRepository, or the chart at a path of a Git source. */
export function resolveHelmChart(chartObj: KubeObject, charts: ChartRegistry): Resolution {
  const spec = (chartObj.spec ?? {}) as { chart?: string; version?: string; sourceRef?: { kind?: string } };
  const wanted = spec.chart ?? '';
  const fromRepository = spec.sourceRef?.kind === 'HelmRepository';
  const chart = fromRepository ? charts.list().find((c) => c.name === wanted) : (charts.get(wanted) ?? charts.list().find((c) => c.name === wanted.replace(/\/+$/, '').split('/').pop()));
  if (!chart) {
    return fromRepository
      ? { ok: false, reason: 'ChartPullError', message: `invalid chart reference: failed to get chart version for remote reference: no chart name found (cozylab reaches no network: a HelmRepository's index holds only the charts cozylab ships, and '${wanted}' is none of them)` }
      : { ok: false, reason: 'ChartPackageError', message: `path '${wanted}' not found: cozylab has no chart there` };
  }
  const version = spec.version || '*';
  if (fromRepository && !satisfies(chart.version, version)) {
    return { ok: false, reason: 'ChartPullError', message: `invalid chart reference: failed to get chart version for remote reference: no '${wanted}' chart with version matching '${version}' found` };
  }
  const verb = fromRepository ? 'pulled' : 'packaged';
  return { ok: true, revision: chart.version, reason: fromRepository ? 'ChartPullSucceeded' : 'ChartPackageSucceeded', message: `${verb} '${chart.name}' chart with version '${chart.version}'`, metadata: { [CHART_PATH_KEY]: chart.path } };
}

function sha1Of(url: string, ref: string): string {
  return sha256(`${url}#${ref}`).slice(0, 40);
}
