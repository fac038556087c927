// The grafana-operator: a Grafana `<n>` runs as Deployment `<n>-deployment` behind Service
// `<n>-service` (port 3000), with Ingress `<n>-ingress` when the resource asks for one.

import type { KubeObject } from '../../../machinery/object.ts';
import { startWorkloadOperator, type OperatedKind, type OperatorDeps, type Stoppable } from '../workload-operator.ts';

type Rec = Record<string, any>;

function grafanaChildren(cr: KubeObject): KubeObject[] {
  const n = cr.metadata.name ?? '';
  const spec = (cr.spec ?? {}) as Rec;
  const deploymentSpec = (spec.deployment?.spec ?? {}) as Rec;
  const override = ((deploymentSpec.template?.spec?.containers ?? []) as Rec[]).find((c) => c.name === 'grafana') ?? {};
  const resources = override.resources && (Object.keys(override.resources.limits ?? {}).length || Object.keys(override.resources.requests ?? {}).length)
    ? override.resources : { requests: { cpu: '10m', memory: '32Mi' } };
  const selector = { app: n };
  const objects: KubeObject[] = [
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: `${n}-deployment`, labels: selector },
      spec: { replicas: typeof deploymentSpec.replicas === 'number' ? deploymentSpec.replicas : 1, selector: { matchLabels: selector },
        template: { metadata: { labels: selector }, spec: { containers: [{ name: 'grafana', image: String(override.image ?? 'docker.io/grafana/grafana:12.1.1'), ports: [{ name: 'grafana-http', containerPort: 3000, protocol: 'TCP' }], resources }] } } } },
    { apiVersion: 'v1', kind: 'Service', metadata: { name: `${n}-service`, labels: selector },
      spec: { selector, ports: [{ name: 'grafana', port: 3000, targetPort: 'grafana-http', protocol: 'TCP' }] } },
  ];
  const ingress = spec.ingress?.spec as Rec | undefined;
  if (ingress) {
    const rules = ((ingress.rules ?? []) as Rec[]).map((r) => ({ host: r.host, http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: `${n}-service`, port: { number: 3000 } } } }] } }));
    objects.push({ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: `${n}-ingress`, labels: selector },
      spec: { ...(ingress.ingressClassName ? { ingressClassName: ingress.ingressClassName } : {}), rules, ...(ingress.tls ? { tls: ingress.tls } : {}) } });
  }
  return objects;
}

export const grafanaKind: OperatedKind = {
  name: 'grafana',
  gvk: { apiVersion: 'grafana.integreatly.org/v1beta1', kind: 'Grafana' },
  crd: 'grafanas.grafana.integreatly.org',
  children: grafanaChildren,
  status: (cr, _owned, ready) => ({ stage: 'complete', stageStatus: ready ? 'success' : 'in progress', adminUrl: `http://${cr.metadata.name}-service.${cr.metadata.namespace}:3000` }),
};

export function startGrafanaOperator(deps: OperatorDeps): Stoppable[] {
  return [startWorkloadOperator(deps, grafanaKind)];
}
