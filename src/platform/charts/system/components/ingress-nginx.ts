// system/ingress-nginx: the upstream ingress-nginx chart as Cozystack vendors it, honouring the
// values the ingress module hands down — fullnameOverride, replicaCount, resources, podLabels,
// the IngressClass resource, the controller Service's type and the admission webhook switch.

import type { KubeObject } from '../../../../machinery/object.ts';
import { asRecord } from '../../extra/module-objects.ts';
import { deployment, fullname, selectorLabels, service, serviceAccount, standardLabels } from '../../lib/index.ts';
import type { RenderContext } from '../component.ts';
import { DEFAULT_CONTAINER_REQUESTS } from '../component.ts';

export const INGRESS_NGINX = { name: 'ingress-nginx', version: '4.11.2', appVersion: '1.11.2' };
const CONTROLLER_IMAGE = 'ghcr.io/cozystack/ingress-nginx-with-protobuf-exporter/controller:v1.11.2';
const EXPORTER_IMAGE = 'ghcr.io/kvaps/ingress-nginx-with-protobuf-exporter/protobuf-exporter:v1.11.2';

function resourcesOf(raw: unknown): { requests?: Record<string, string>; limits?: Record<string, string> } {
  const r = asRecord(raw);
  const requests = asRecord(r.requests);
  const limits = asRecord(r.limits);
  if (!Object.keys(requests).length && !Object.keys(limits).length) return { requests: { ...DEFAULT_CONTAINER_REQUESTS } };
  const str = (m: Record<string, unknown>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, String(v)]));
  return { ...(Object.keys(requests).length ? { requests: str(requests) } : {}), ...(Object.keys(limits).length ? { limits: str(limits) } : {}) };
}

export function ingressNginxObjects(ctx: RenderContext): KubeObject[] {
  const values = asRecord(ctx.values['ingress-nginx']);
  const controller = asRecord(values.controller);
  const release = ctx.release.name;
  const ns = ctx.namespace;
  const full = fullname(release, INGRESS_NGINX.name, values);
  const chart = `${INGRESS_NGINX.name}-${INGRESS_NGINX.version}`;
  const labels = standardLabels({ name: INGRESS_NGINX.name, instance: release, version: INGRESS_NGINX.appVersion, chart, component: 'controller', partOf: INGRESS_NGINX.name });
  const selector = selectorLabels({ name: INGRESS_NGINX.name, instance: release, component: 'controller' });
  const podLabels = { ...labels, ...Object.fromEntries(Object.entries(asRecord(controller.podLabels)).map(([k, v]) => [k, String(v)])) };
  const classResource = asRecord(controller.ingressClassResource);
  const className = String(classResource.name ?? 'nginx');
  const controllerValue = String(classResource.controllerValue ?? 'k8s.io/ingress-nginx');
  const extraArgs = asRecord(controller.extraArgs);
  const args = [
    '/nginx-ingress-controller',
    `--publish-service=$(POD_NAMESPACE)/${full}-controller`,
    `--election-id=${full}-leader`,
    `--controller-class=${controllerValue}`,
    `--ingress-class=${String(controller.ingressClass ?? className)}`,
    `--configmap=$(POD_NAMESPACE)/${full}-controller`,
    ...Object.entries(extraArgs).map(([k, v]) => `--${k}=${String(v)}`),
  ];
  const objects: KubeObject[] = [
    serviceAccount({ name: full, namespace: ns, labels }),
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${full}-controller`, namespace: ns, labels },
      data: Object.fromEntries(Object.entries(asRecord(controller.config)).map(([k, v]) => [k, String(v)])) },
    deployment({
      name: `${full}-controller`, namespace: ns, labels, selector, replicas: typeof controller.replicaCount === 'number' ? controller.replicaCount : 1,
      pod: {
        labels: podLabels, serviceAccountName: full,
        containers: [
          { name: 'controller', image: CONTROLLER_IMAGE, args, resources: resourcesOf(controller.resources),
            ports: [{ name: 'http', containerPort: 80 }, { name: 'https', containerPort: 443 }, { name: 'metrics', containerPort: 10254 }] },
          { name: 'protobuf-exporter', image: EXPORTER_IMAGE, resources: { requests: { cpu: '5m', memory: '16Mi' } }, ports: [{ name: 'metrics2', containerPort: 9091 }] },
        ],
      },
    }),
    { apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass', metadata: { name: className, labels }, spec: { controller: controllerValue } },
  ];
  const svc = service({ name: `${full}-controller`, namespace: ns, labels, selector, ports: [{ name: 'http', port: 80, targetPort: 'http' }, { name: 'https', port: 443, targetPort: 'https' }] });
  const svcValues = asRecord(controller.service);
  const svcSpec = svc.spec as Record<string, unknown>;
  svcSpec.type = String(svcValues.type ?? 'LoadBalancer');
  if (svcValues.externalTrafficPolicy) svcSpec.externalTrafficPolicy = svcValues.externalTrafficPolicy;
  if (Array.isArray(svcValues.externalIPs)) svcSpec.externalIPs = svcValues.externalIPs.map(String);
  if (svcValues.loadBalancerClass) svcSpec.loadBalancerClass = svcValues.loadBalancerClass;
  objects.push(svc);
  if (asRecord(controller.admissionWebhooks).enabled !== false) {
    objects.push(service({ name: `${full}-controller-admission`, namespace: ns, labels, selector, ports: [{ name: 'https-webhook', port: 443, targetPort: 'webhook' }] }));
  }
  return objects;
}
