// The "system" sub-charts of PaaS apps, rendered by an app's chart as a nested HelmRelease in
// the tenant's namespace (`harbor-<n>-system`, `nats-<n>-system` …). Names follow the release.

import type { ComponentSpec } from '../component.ts';
import { deploy, stateful } from './shorthand.ts';

const HARBOR = (image: string) => `docker.io/goharbor/${image}:v2.15.1`;

export const appSystemComponents: ComponentSpec[] = [
  { path: 'system/harbor', chart: 'cozy-harbor', upstream: { name: 'harbor', version: '1.19.1', appVersion: '2.15.1' },
    values: { harbor: { core: { replicas: 2 }, registry: { replicas: 2 } } },
    workloads: [
      deploy('{fullname}-core', HARBOR('harbor-core'), { container: 'core', component: 'core', replicasValue: 'harbor.core.replicas', serviceAccount: false, service: { ports: [{ name: 'http-web', port: 80, targetPort: 8080 }] } }),
      deploy('{fullname}-registry', HARBOR('registry-photon'), { component: 'registry', replicasValue: 'harbor.registry.replicas', serviceAccount: false, containers: [
        { name: 'registry', image: HARBOR('registry-photon') },
        { name: 'registryctl', image: HARBOR('harbor-registryctl'), requests: { cpu: '5m', memory: '16Mi' } },
      ], service: { ports: [{ name: 'http-registry', port: 5000 }] } }),
      deploy('{fullname}-portal', HARBOR('harbor-portal'), { container: 'portal', component: 'portal', serviceAccount: false, service: { ports: [{ port: 80, targetPort: 8080 }] } }),
      deploy('{fullname}-jobservice', HARBOR('harbor-jobservice'), { container: 'jobservice', component: 'jobservice', serviceAccount: false }),
      stateful('{fullname}-trivy', HARBOR('trivy-adapter-photon'), { container: 'trivy', component: 'trivy', serviceAccount: false, service: { ports: [{ name: 'http-trivy', port: 8080 }] } }),
    ] },
  { path: 'system/nats', chart: 'cozy-nats', upstream: { name: 'nats', version: '1.3.16', appVersion: '2.11.10' }, values: { nats: { config: { cluster: { replicas: 3 } } } },
    workloads: [stateful('{fullname}', 'nats:2.11.10-alpine', { component: 'nats', replicasValue: 'nats.config.cluster.replicas', serviceAccount: false, containers: [
      { name: 'nats', image: 'nats:2.11.10-alpine', ports: [{ name: 'nats', containerPort: 4222 }, { name: 'cluster', containerPort: 6222 }, { name: 'monitor', containerPort: 8222 }] },
      { name: 'reloader', image: 'natsio/nats-server-config-reloader:0.20.1', requests: { cpu: '5m', memory: '16Mi' } },
    ], service: { name: '{fullname}-headless', ports: [{ name: 'nats', port: 4222 }, { name: 'cluster', port: 6222 }], headless: true } })] },
  { path: 'system/qdrant', chart: 'cozy-qdrant', upstream: { name: 'qdrant', version: '1.16.3', appVersion: 'v1.16.3' }, values: { qdrant: { replicaCount: 1 } },
    workloads: [stateful('{fullname}', 'docker.io/qdrant/qdrant:v1.16.3', { container: 'qdrant', replicasValue: 'qdrant.replicaCount', service: { name: '{fullname}-headless', ports: [{ name: 'http', port: 6333 }, { name: 'grpc', port: 6334 }], headless: true },
      volumeClaims: [{ name: 'qdrant-storage', storage: '10Gi' }] })] },
  { path: 'system/openbao', chart: 'cozy-openbao', upstream: { name: 'openbao', version: '0.25.7', appVersion: 'v2.5.1' },
    values: { openbao: { server: { ha: { replicas: 3 } }, injector: { enabled: false } } },
    workloads: [
      stateful('{fullname}', 'quay.io/openbao/openbao:2.5.1', { container: 'openbao', component: 'server', replicasValue: 'openbao.server.ha.replicas', service: { name: '{fullname}-internal', ports: [{ name: 'http', port: 8200 }, { name: 'https-internal', port: 8201 }], headless: true },
        volumeClaims: [{ name: 'data', storage: '10Gi' }] }),
      deploy('{fullname}-agent-injector', 'docker.io/hashicorp/vault-k8s:1.7.2', { container: 'sidecar-injector', component: 'webhook', enabledValue: 'openbao.injector.enabled' }),
    ] },
];
