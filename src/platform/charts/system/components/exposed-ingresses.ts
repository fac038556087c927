// The Ingresses four system charts render when `publishing.exposedServices` names their service
// (`_cluster.expose-services`) and the Gateway path is off: the dashboard at dashboard.<host>, the
// Kubernetes API at api.<host>, KubeVirt's VM export proxy and CDI's upload proxy — each with the
// ingress class `_cluster.expose-ingress` (tenant-root unless set), as Cozystack 1.6's templates
// (dashboard/ingress.yaml, cozystack-api/api-ingress.yaml, kubevirt/vm-exportproxy-ingress.yaml,
// kubevirt-cdi/cdi-uploadproxy-ingress.yaml) do.

import type { KubeObject } from '../../../../machinery/object.ts';
import type { RenderContext } from '../component.ts';

type Exposed = 'dashboard' | 'api' | 'vm-exportproxy' | 'cdi-uploadproxy';

const PASSTHROUGH = { 'nginx.ingress.kubernetes.io/backend-protocol': 'HTTPS', 'nginx.ingress.kubernetes.io/ssl-passthrough': 'true' };

function cluster(ctx: RenderContext): Record<string, unknown> {
  return (ctx.values._cluster ?? {}) as Record<string, unknown>;
}

function setting(ctx: RenderContext, key: string, fallback: string): string {
  const v = cluster(ctx)[key];
  return v === undefined || v === null || v === '' ? fallback : String(v);
}

function exposed(ctx: RenderContext, service: Exposed): boolean {
  return setting(ctx, 'expose-services', '').split(',').includes(service) && setting(ctx, 'gateway-enabled', 'false') !== 'true';
}

function ingress(name: string, namespace: string, annotations: Record<string, string>, className: string, host: string, backend: { name: string; port: number }, pathType: string): KubeObject {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: { name, namespace, annotations },
    spec: {
      ingressClassName: className,
      rules: [{ host, http: { paths: [{ backend: { service: { name: backend.name, port: { number: backend.port } } }, path: '/', pathType } ] } }],
    },
  };
}

/** The Ingress a chart renders for its exposed service, or none. */
export function exposedIngress(ctx: RenderContext, service: Exposed): KubeObject[] {
  if (!exposed(ctx, service)) return [];
  const host = setting(ctx, 'root-host', '');
  const className = setting(ctx, 'expose-ingress', 'tenant-root');
  switch (service) {
    case 'api':
      return [ingress('kubernetes', 'default', { ...PASSTHROUGH, 'nginx.ingress.kubernetes.io/force-ssl-redirect': 'true' }, className, `api.${host}`, { name: 'kubernetes', port: 443 }, 'Prefix')];
    case 'vm-exportproxy':
      return [ingress('vm-exportproxy', 'cozy-kubevirt', { ...PASSTHROUGH }, className, `vm-exportproxy.${host}`, { name: 'vm-exportproxy', port: 443 }, 'ImplementationSpecific')];
    case 'cdi-uploadproxy':
      return [ingress('cdi-uploadproxy', 'cozy-kubevirt-cdi', { ...PASSTHROUGH }, className, `cdi-uploadproxy.${host}`, { name: 'cdi-uploadproxy', port: 443 }, 'Prefix')];
    case 'dashboard': {
      const wildcard = setting(ctx, 'wildcard-secret-name', '');
      const annotations: Record<string, string> = {};
      // With an operator's wildcard certificate nginx serves it for every host: no per-host ACME.
      if (!wildcard) {
        annotations['cert-manager.io/cluster-issuer'] = setting(ctx, 'issuer-name', 'letsencrypt-prod');
        if (setting(ctx, 'solver', 'http01') === 'http01') annotations['acme.cert-manager.io/http01-ingress-ingressclassname'] = className;
      }
      Object.assign(annotations, {
        'nginx.ingress.kubernetes.io/rewrite-target': '/',
        'nginx.ingress.kubernetes.io/server-snippet': 'location ~* ^/openapi-ui {\n  return 301 /;\n}\n',
        'nginx.ingress.kubernetes.io/client-max-body-size': '100m',
        'nginx.ingress.kubernetes.io/proxy-body-size': '100m',
        'nginx.ingress.kubernetes.io/proxy-buffer-size': '100m',
        'nginx.ingress.kubernetes.io/proxy-buffers-number': '4',
        'nginx.ingress.kubernetes.io/proxy-read-timeout': '86400',
        'nginx.ingress.kubernetes.io/proxy-send-timeout': '86400',
      });
      const obj = ingress('dashboard-web-ingress', ctx.namespace, annotations, className, `dashboard.${host}`, { name: 'incloud-web-gatekeeper', port: 8000 }, 'Prefix');
      (obj.spec as Record<string, unknown>).tls = [{ hosts: [`dashboard.${host}`], ...(wildcard ? {} : { secretName: 'dashboard-web-tls' }) }];
      return [obj];
    }
  }
}
