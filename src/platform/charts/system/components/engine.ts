// The Cozystack control plane itself: the engine's charts, Flux helpers, identity.

import type { ComponentSpec } from '../component.ts';
import { applicationDefinitionCrd } from '../crds/application-definition.ts';
import { cozystackControllerCrds } from '../crds/cozystack-controller.ts';
import { cozystackSchedulerCrds } from '../crds/cozystack-scheduler.ts';
import { fluxcdOperatorCrds } from '../crds/fluxcd-operator.ts';
import { keycloakOperatorCrds } from '../crds/keycloak-operator.ts';
import { basicsObjects } from './basics.ts';
import { exposedIngress } from './exposed-ingresses.ts';
import { cozyImage, daemon, deploy, stateful } from './shorthand.ts';

const http = (port: number, name = 'http') => ({ ports: [{ name, port, targetPort: port }] });

/** packages/system/cozystack-api/templates/apiservice.yaml: one per group cozystack-api serves. */
const cozystackApiService = (group: string, labels: Record<string, string>) => ({
  apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService',
  metadata: { name: `v1alpha1.${group}`, labels, annotations: { 'cert-manager.io/inject-ca-from': 'cozy-system/cozystack-api' } },
  spec: { group, version: 'v1alpha1', groupPriorityMinimum: 1000, versionPriority: 15, service: { name: 'cozystack-api', namespace: 'cozy-system', port: 443 } },
});

/** packages/system/lineage-controller-webhook/templates/mutatingwebhookconfiguration.yaml. */
const lineageWebhookConfiguration = (namespace: string) => ({
  apiVersion: 'admissionregistration.k8s.io/v1', kind: 'MutatingWebhookConfiguration',
  metadata: { name: 'lineage', annotations: { 'cert-manager.io/inject-ca-from': `${namespace}/lineage-controller-webhook` }, labels: { app: 'cozystack-controller' } },
  webhooks: [{
    name: 'lineage.cozystack.io', admissionReviewVersions: ['v1'], sideEffects: 'None',
    clientConfig: { service: { name: 'lineage-controller-webhook', namespace, path: '/mutate-lineage' } },
    rules: [
      { operations: ['CREATE', 'UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods', 'secrets', 'services', 'persistentvolumeclaims'] },
      { operations: ['CREATE', 'UPDATE'], apiGroups: ['networking.k8s.io'], apiVersions: ['v1'], resources: ['ingresses'] },
      { operations: ['CREATE', 'UPDATE'], apiGroups: ['cozystack.io'], apiVersions: ['v1alpha1'], resources: ['workloadmonitors'] },
    ],
    failurePolicy: 'Fail',
    namespaceSelector: { matchExpressions: [
      { key: 'cozystack.io/system', operator: 'NotIn', values: ['true'] },
      { key: 'kubernetes.io/metadata.name', operator: 'NotIn', values: ['kube-system', 'default'] },
    ] },
    objectSelector: { matchExpressions: [{ key: 'internal.cozystack.io/managed-by-cozystack', operator: 'DoesNotExist' }] },
  }],
});

export const engineComponents: ComponentSpec[] = [
  { path: 'system/application-definition-crd', chart: 'application-definition-crd', extra: () => [structuredClone(applicationDefinitionCrd)] },
  { path: 'system/cozystack-api', chart: 'cozy-cozystack-api', values: { cozystackAPI: { replicas: 2 } },
    workloads: [deploy('cozystack-api', cozyImage('cozystack-api'), { replicasValue: 'cozystackAPI.replicas', selector: { app: 'cozystack-api' },
      labels: { app: 'cozystack-api' }, serviceAccount: 'cozystack-api', service: http(443, 'https') })],
    extra: (ctx) => [...['apps', 'core', 'sdn'].map((group) => cozystackApiService(`${group}.cozystack.io`, ctx.labels)), ...exposedIngress(ctx, 'api')] },
  { path: 'system/cozystack-controller', chart: 'cozy-cozystack-controller', crds: cozystackControllerCrds,
    workloads: [deploy('cozystack-controller', cozyImage('cozystack-controller'), { selector: { app: 'cozystack-controller' }, labels: { app: 'cozystack-controller' }, serviceAccount: 'cozystack-controller' })] },
  { path: 'system/lineage-controller-webhook', chart: 'cozy-lineage-controller-webhook', values: { lineageControllerWebhook: { replicas: 2 } },
    workloads: [deploy('lineage-controller-webhook', cozyImage('lineage-controller-webhook'), { replicasValue: 'lineageControllerWebhook.replicas',
      selector: { app: 'lineage-controller-webhook' }, labels: { app: 'lineage-controller-webhook' }, service: { ports: [{ name: 'webhook', port: 443, targetPort: 9443 }] } })],
    extra: (ctx) => [lineageWebhookConfiguration(ctx.namespace)] },
  { path: 'system/dashboard', chart: 'cozy-dashboard',
    workloads: [
      deploy('cozy-dashboard-console', cozyImage('cozystack-ui'), { container: 'console', selector: { app: 'cozy-dashboard-console' }, labels: { app: 'cozy-dashboard-console' }, serviceAccount: 'cozy-dashboard', service: { name: 'cozy-dashboard-console', ports: [{ name: 'http', port: 8080 }] } }),
      deploy('incloud-web-gatekeeper', cozyImage('token-proxy'), { container: 'token-proxy', selector: { app: 'incloud-web-gatekeeper' }, labels: { app: 'incloud-web-gatekeeper' }, serviceAccount: 'cozy-dashboard', service: { name: 'incloud-web-gatekeeper', ports: [{ name: 'http', port: 8000 }] } }),
    ],
    extra: (ctx) => exposedIngress(ctx, 'dashboard') },
  { path: 'system/cozystack-basics', chart: 'cozy-basics', extra: basicsObjects },
  { path: 'system/cozy-proxy', chart: 'cozy-cozy-proxy', upstream: { name: 'cozy-proxy', version: '0.3.0', appVersion: '0.3.0' }, values: { 'cozy-proxy': { fullnameOverride: 'cozy-proxy' } },
    workloads: [daemon('cozy-proxy', 'ghcr.io/cozystack/cozystack/cozy-proxy:v0.3.0', { hostNetwork: true })] },
  { path: 'system/cozystack-scheduler', chart: 'cozy-cozystack-scheduler', version: '0.3.0', crds: cozystackSchedulerCrds, valuesFiles: { 'values-linstor.yaml': { linstor: { enabled: true } } },
    workloads: [deploy('cozystack-scheduler', cozyImage('cozystack-scheduler', 'v0.3.0'), { selector: { component: 'scheduler', tier: 'control-plane', app: 'cozystack-scheduler' },
      labels: { component: 'scheduler', tier: 'control-plane', app: 'cozystack-scheduler' } })] },
  { path: 'system/flux-plunger', chart: 'cozy-flux-plunger',
    workloads: [deploy('flux-plunger', 'ghcr.io/cozystack/cozystack/flux-plunger:latest', { selector: { app: 'flux-plunger' }, labels: { app: 'flux-plunger' } })] },
  { path: 'system/flux-shard-operator', chart: 'cozy-flux-shard-operator', values: { fluxShardOperator: { replicas: 2 } },
    workloads: [deploy('flux-shard-operator', cozyImage('flux-shard-operator'), { replicasValue: 'fluxShardOperator.replicas', selector: { app: 'flux-shard-operator' }, labels: { app: 'flux-shard-operator' } })] },
  { path: 'system/fluxcd-operator', chart: 'cozy-fluxcd-operator', upstream: { name: 'flux-operator', version: '0.50.0', appVersion: 'v0.50.0' }, crds: fluxcdOperatorCrds,
    values: { 'flux-operator': { fullnameOverride: 'flux-operator' } },
    workloads: [deploy('flux-operator', 'ghcr.io/controlplaneio-fluxcd/flux-operator:v0.50.0', { container: 'manager', service: http(8080) })] },
  // A FluxInstance rendered into a tenant cluster; the flux-operator there runs the controllers.
  { path: 'system/fluxcd', chart: 'cozy-fluxcd', upstream: { name: 'flux-instance', version: '0.50.0', appVersion: 'v0.50.0' },
    extra: (ctx) => [{ apiVersion: 'fluxcd.controlplane.io/v1', kind: 'FluxInstance', metadata: { name: 'flux', namespace: ctx.namespace, labels: ctx.labels },
      spec: { distribution: { version: '2.x', registry: 'ghcr.io/fluxcd' }, components: ['source-controller', 'kustomize-controller', 'helm-controller', 'notification-controller'] } }] },
  { path: 'system/keycloak', chart: 'cozy-keycloak',
    workloads: [
      stateful('keycloak', 'quay.io/keycloak/keycloak:26.6.3', { selector: { app: 'keycloak-cluster' }, labels: { app: 'keycloak-cluster' }, serviceAccount: false,
        service: { name: 'keycloak-headless', ports: [{ name: 'http', port: 8080 }], headless: true } }),
      deploy('keycloak-kms-proxy', 'ghcr.io/cozystack/keycloak-kms-proxy:0.2.1', { selector: { app: 'keycloak-kms-proxy' }, labels: { app: 'keycloak-kms-proxy' }, service: http(8080) }),
    ] },
  { path: 'system/keycloak-operator', chart: 'cozy-keycloak-operator', upstream: { name: 'keycloak-operator', version: '1.32.0', appVersion: '1.32.0' }, crds: keycloakOperatorCrds,
    workloads: [deploy('keycloak-operator', 'ghcr.io/cozystack/cozystack/keycloak-operator:latest', { selector: { name: 'keycloak-operator' }, labels: { name: 'keycloak-operator' } })] },
  { path: 'system/keycloak-configure', chart: 'cozy-keycloak-configure',
    extra: (ctx) => [
      { apiVersion: 'v1.edp.epam.com/v1alpha1', kind: 'ClusterKeycloak', metadata: { name: 'keycloak-cozy', labels: ctx.labels }, spec: { secret: 'keycloak-credentials', url: 'http://keycloak-http.cozy-keycloak.svc:8080' } },
      { apiVersion: 'v1.edp.epam.com/v1alpha1', kind: 'ClusterKeycloakRealm', metadata: { name: 'keycloakrealm-cozy', labels: ctx.labels }, spec: { realmName: 'cozy', clusterKeycloakRef: 'keycloak-cozy' } },
    ] },
  { path: 'system/securitygroup-controller', chart: 'cozy-securitygroup-controller', values: { securityGroupController: { replicas: 2 } },
    workloads: [deploy('securitygroup-controller', cozyImage('securitygroup-controller'), { replicasValue: 'securityGroupController.replicas', selector: { app: 'securitygroup-controller' }, labels: { app: 'securitygroup-controller' } })] },
];
