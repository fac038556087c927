// The `cozy-installer` chart (packages/core/installer): the cozystack-operator Deployment in
// cozy-system with its ServiceAccount bound to cluster-admin, and — only for the kubectl-apply
// path (`bareNamespace`) — the labelled cozy-system Namespace. `helm upgrade --install` callers use
// --create-namespace and a pre-install hook labels the namespace; cozylab's installer does both
// itself, so the hook objects are not rendered here.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KubeObject } from '../../../../machinery/object.ts';
import { COZYSTACK_VERSION } from '../../../version.ts';
import { ChartRenderError, type Chart, type Values } from '../../chart.ts';

export const OPERATOR_IMAGE = `ghcr.io/cozystack/cozystack/cozystack-operator:${COZYSTACK_VERSION}@sha256:41ea5ca9c6a7d471105920b09fc8ed68279b8ca0dbffe7f839dccd530b42e4c7`;

/** The labels every install puts on cozy-system (the labeler hook's `kubectl label`). */
export const COZY_SYSTEM_LABELS = {
  'cozystack.io/system': 'true',
  'platform.cozystack.io/no-delete': 'true',
  'pod-security.kubernetes.io/enforce': 'privileged',
};

const VARIANTS = ['talos', 'generic', 'hosted'];

/** The platform packages are pinned by digest; cozylab's own version stands for the packages it ships. */
export function platformSourceDigest(): string {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', '..', '..', 'package.json'), 'utf8')) as { version: string };
  return `sha256:${createHash('sha256').update(`cozystack-packages@${COZYSTACK_VERSION}+cozylab.${pkg.version}`).digest('hex')}`;
}

const values: Values = {
  bareNamespace: false,
  cozystackOperator: {
    variant: 'talos',
    platformVersion: '',
    image: OPERATOR_IMAGE,
    platformSourceUrl: 'oci://ghcr.io/cozystack/cozystack/cozystack-packages',
    platformSourceRef: `digest=${platformSourceDigest()}`,
    helmReleaseInterval: '',
    helmReleaseRetryInterval: '',
    helmReleaseInstallTimeout: '',
    helmReleaseUpgradeTimeout: '',
    helmReleaseMaxHistory: '',
    platformSourceSecret: '',
  },
  cozystack: { apiServerHost: '', apiServerPort: '6443' },
};

type OperatorValues = Record<string, string | boolean | number | undefined>;

function operatorArgs(op: OperatorValues): string[] {
  const args = ['--leader-elect=true', '--install-flux=true', '--install-crds=true', '--metrics-bind-address=0', '--health-probe-bind-address=0'];
  if (op.disableTelemetry) args.push('--disable-telemetry');
  const optional: Array<[string, string]> = [
    ['helmReleaseInterval', 'helmrelease-interval'],
    ['helmReleaseRetryInterval', 'helmrelease-retry-interval'],
    ['helmReleaseInstallTimeout', 'helmrelease-install-timeout'],
    ['helmReleaseUpgradeTimeout', 'helmrelease-upgrade-timeout'],
    ['helmReleaseMaxHistory', 'helmrelease-max-history'],
  ];
  for (const [key, flag] of optional) if (String(op[key] ?? '') !== '') args.push(`--${flag}=${op[key]}`);
  args.push('--platform-source-name=cozystack-platform', `--platform-source-url=${op.platformSourceUrl ?? ''}`);
  if (op.platformSourceRef) args.push(`--platform-source-ref=${op.platformSourceRef}`);
  if (op.platformSourceSecret) args.push(`--platform-source-secret=${op.platformSourceSecret}`);
  return args;
}

function operatorEnv(op: OperatorValues, cozystack: Record<string, unknown>): Array<{ name: string; value: string }> {
  const env: Array<{ name: string; value: string }> = [];
  if (op.platformVersion) env.push({ name: 'COZYSTACK_VERSION', value: String(op.platformVersion) });
  if (op.variant === 'talos') env.push({ name: 'KUBERNETES_SERVICE_HOST', value: 'localhost' }, { name: 'KUBERNETES_SERVICE_PORT', value: '7445' });
  if (op.variant === 'generic') {
    if (!cozystack.apiServerHost) throw new ChartRenderError('execution error at (cozy-installer/templates/cozystack-operator.yaml:96:20): cozystack.apiServerHost is required in generic mode');
    env.push({ name: 'KUBERNETES_SERVICE_HOST', value: String(cozystack.apiServerHost) }, { name: 'KUBERNETES_SERVICE_PORT', value: String(cozystack.apiServerPort ?? '6443') });
  }
  return env;
}

function render(v: Values): KubeObject[] {
  const op = (v.cozystackOperator ?? {}) as OperatorValues;
  const cozystack = (v.cozystack ?? {}) as Record<string, unknown>;
  if (!VARIANTS.includes(String(op.variant))) {
    throw new ChartRenderError(`execution error at (cozy-installer/templates/cozystack-operator.yaml:3:4): Invalid cozystackOperator.variant "${op.variant}": must be one of talos, generic, hosted`);
  }
  const env = operatorEnv(op, cozystack);
  const objects: KubeObject[] = [];
  if (v.bareNamespace) {
    objects.push({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'cozy-system', labels: { ...COZY_SYSTEM_LABELS }, annotations: { 'helm.sh/resource-policy': 'keep' } } });
  }
  const tolerations = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable', 'node.cilium.io/agent-not-ready', 'node.cloudprovider.kubernetes.io/uninitialized'].map((key) => ({ key, operator: 'Exists' }));
  objects.push(
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'cozystack', namespace: 'cozy-system' } },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: 'cozystack' },
      subjects: [{ kind: 'ServiceAccount', name: 'cozystack', namespace: 'cozy-system' }],
      roleRef: { kind: 'ClusterRole', name: 'cluster-admin', apiGroup: 'rbac.authorization.k8s.io' },
    } as KubeObject,
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'cozystack-operator', namespace: 'cozy-system' },
      spec: {
        replicas: 1,
        selector: { matchLabels: { app: 'cozystack-operator' } },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 1 } },
        template: {
          metadata: { labels: { app: 'cozystack-operator' } },
          spec: {
            serviceAccountName: 'cozystack',
            containers: [{ name: 'cozystack-operator', image: String(op.image), args: operatorArgs(op), ...(env.length ? { env } : {}) }],
            hostNetwork: true,
            tolerations,
          },
        },
      },
    },
  );
  return objects;
}

export const installerChart: Chart = {
  path: 'core/installer',
  name: 'cozy-installer',
  version: COZYSTACK_VERSION.slice(1),
  values,
  render,
};
