// The labels Helm's `helm create` scaffold puts on everything, which most charts keep.

export interface LabelInput {
  /** app.kubernetes.io/name */
  name: string;
  /** app.kubernetes.io/instance: the release name. */
  instance: string;
  /** app.kubernetes.io/version: the chart's appVersion; omitted when empty. */
  version?: string;
  /** helm.sh/chart: `<chart>-<version>`. */
  chart: string;
  /** app.kubernetes.io/component */
  component?: string;
  /** app.kubernetes.io/part-of */
  partOf?: string;
}

export function selectorLabels(input: Pick<LabelInput, 'name' | 'instance' | 'component'>): Record<string, string> {
  const labels: Record<string, string> = {
    'app.kubernetes.io/name': input.name,
    'app.kubernetes.io/instance': input.instance,
  };
  if (input.component) labels['app.kubernetes.io/component'] = input.component;
  return labels;
}

export function standardLabels(input: LabelInput): Record<string, string> {
  const labels: Record<string, string> = { 'helm.sh/chart': input.chart, ...selectorLabels(input) };
  if (input.version) labels['app.kubernetes.io/version'] = input.version;
  if (input.partOf) labels['app.kubernetes.io/part-of'] = input.partOf;
  labels['app.kubernetes.io/managed-by'] = 'Helm';
  return labels;
}
