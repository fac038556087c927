// Helm's naming helpers as every chart's _helpers.tpl writes them: names are cut to 63 characters
// (a DNS label) and lose one trailing dash, like `trunc 63 | trimSuffix "-"`.

import type { Values } from '../chart.ts';

export const DNS_LABEL_MAX = 63;

/** `trunc 63 | trimSuffix "-"`: trimSuffix removes one dash, not all of them. */
export function truncName(name: string, max = DNS_LABEL_MAX): string {
  const cut = name.slice(0, max);
  return cut.endsWith('-') ? cut.slice(0, -1) : cut;
}

/** `<chart>.name`: nameOverride or the chart name. */
export function chartName(name: string, values: Values = {}): string {
  const override = values.nameOverride;
  return truncName(typeof override === 'string' && override !== '' ? override : name);
}

/**
 * `<chart>.fullname`: fullnameOverride; otherwise the release name when it already contains the
 * chart name, else `<release>-<name>`.
 */
export function fullname(release: string, name: string, values: Values = {}): string {
  const override = values.fullnameOverride;
  if (typeof override === 'string' && override !== '') return truncName(override);
  const n = chartName(name, values);
  return release.includes(n) ? truncName(release) : truncName(`${release}-${n}`);
}

/** `<chart>.chart`: the helm.sh/chart label, `+` replaced as label values forbid it. */
export function chartLabel(name: string, version: string): string {
  return truncName(`${name}-${version}`.replace(/\+/g, '_'));
}
