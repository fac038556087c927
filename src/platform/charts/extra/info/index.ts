// extra/info: the tenant's access material (packages/extra/info). A Secret named after the
// namespace of type service-account-token, which the cluster's token controller fills with
// `token`, `ca.crt` and `namespace` for the tenant's ServiceAccount; with OIDC on, a
// `kubeconfig-<ns>` Secret for kubelogin; and the dashboard's Role over whichever it is.

import type { KubeObject } from '../../../../machinery/object.ts';
import type { Chart, ReleaseContext, Values } from '../../chart.ts';
import { infoOpenAPISchema } from '../../system/definitions/info.ts';
import { clusterValue, dashboardResources, MODULE_CHART_VERSION, tenantSubjects } from '../module-objects.ts';

function oidcKubeconfig(values: Values, namespace: string): KubeObject {
  const host = clusterValue(values, 'root-host');
  const endpoint = clusterValue(values, 'management-kubeconfig-endpoint') || clusterValue(values, 'api-server-endpoint');
  const ca = clusterValue(values, 'kube-root-ca');
  const kubeconfig = [
    'apiVersion: v1',
    'clusters:',
    '- cluster:',
    `    server: ${endpoint}`,
    `    certificate-authority-data: ${ca}`,
    '  name: cluster',
    'contexts:',
    '- context:',
    '    cluster: cluster',
    `    namespace: ${namespace}`,
    '    user: keycloak',
    `  name: ${namespace}`,
    `current-context: ${namespace}`,
    'users:',
    '- name: keycloak',
    '  user:',
    '    exec:',
    '      apiVersion: client.authentication.k8s.io/v1beta1',
    '      args:',
    '      - oidc-login',
    '      - get-token',
    `      - --oidc-issuer-url=https://keycloak.${host}/realms/cozy`,
    '      - --oidc-client-id=kubernetes',
    '      - --skip-open-browser',
    '      command: kubectl',
    '',
  ].join('\n');
  return { apiVersion: 'v1', kind: 'Secret', metadata: { name: `kubeconfig-${namespace}` }, stringData: { kubeconfig } };
}

export function renderInfo(values: Values, release: ReleaseContext): KubeObject[] {
  const ns = release.namespace;
  // `if $oidcEnabled` is true for any non-empty string (even "false"); the Role compares to "true".
  const oidcRaw = clusterValue(values, 'oidc-enabled');
  const oidc = oidcRaw === 'true';
  const objects: KubeObject[] = [];
  if (oidcRaw !== '') objects.push(oidcKubeconfig(values, ns));
  objects.push({
    apiVersion: 'v1', kind: 'Secret', type: 'kubernetes.io/service-account-token',
    metadata: { name: ns, annotations: { 'kubernetes.io/service-account.name': ns } },
  });
  // Without OIDC the real chart binds `tenant-<ns>` in namespace `tenant-<ns>` (sic), kept as shipped.
  const subjects = oidc ? tenantSubjects('view', ns) : [{ kind: 'ServiceAccount' as const, name: `tenant-${ns}`, namespace: `tenant-${ns}` }];
  objects.push(...dashboardResources('info-dashboard-resources', `${release.name}-dashboard-resources`,
    [{ apiGroups: [''], resources: ['secrets'], resourceNames: [oidc ? `kubeconfig-${ns}` : ns] }], subjects));
  return objects;
}

export const infoChart: Chart = {
  path: 'extra/info',
  name: 'info',
  version: MODULE_CHART_VERSION,
  valuesSchema: infoOpenAPISchema,
  values: {},
  render: renderInfo,
};
