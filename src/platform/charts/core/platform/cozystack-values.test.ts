import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import type { KubeObject } from '../../../../machinery/object.ts';
import { PLATFORM_SOURCE, renderVariant } from './test-render.ts';

function cluster(objects: KubeObject[]): Record<string, unknown> {
  const secret = objects.find((o) => o.kind === 'Secret' && o.metadata.name === 'cozystack-values')!;
  return parse((secret.stringData as Record<string, string>)['values.yaml']!)._cluster;
}

const ROOT_CA: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kube-root-ca.crt', namespace: 'kube-system' }, data: { 'ca.crt': '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n' } };

describe('platform chart: the cozystack-values Secret', () => {
  it('lives in cozy-system, is watched by helm-controller, and carries _cluster under values.yaml', () => {
    const secret = renderVariant('isp-full').find((o) => o.metadata.name === 'cozystack-values')!;
    assert.equal(secret.metadata.namespace, 'cozy-system');
    assert.deepEqual(secret.metadata.labels, { 'reconcile.fluxcd.io/watch': 'Enabled' });
    assert.equal(secret.type, 'Opaque');
    assert.deepEqual(Object.keys(secret.stringData as object), ['values.yaml']);
  });

  it('has every _cluster key of 1.6.2, all strings but branding and scheduling', () => {
    const values = cluster(renderVariant('isp-full', { branding: { brandName: 'Acme' } }, [PLATFORM_SOURCE, ROOT_CA]));
    assert.deepEqual(Object.keys(values).sort(), [
      'api-server-endpoint', 'branding', 'bundle-name', 'cluster-domain', 'cpu-allocation-ratio',
      'dns01-cloudflare-secret-key', 'dns01-cloudflare-secret-name', 'dns01-digitalocean-secret-key',
      'dns01-digitalocean-secret-name', 'dns01-provider', 'dns01-rfc2136-nameserver', 'dns01-rfc2136-secret-key',
      'dns01-rfc2136-secret-name', 'dns01-rfc2136-tsig-algorithm', 'dns01-rfc2136-tsig-key-name',
      'dns01-route53-access-key-id', 'dns01-route53-region', 'dns01-route53-secret-key', 'dns01-route53-secret-name',
      'ephemeral-storage-allocation-ratio', 'expose-external-ips', 'expose-ingress', 'expose-ingress-admin',
      'expose-services', 'extra-keycloak-redirect-uri-for-dashboard', 'gateway-attached-namespaces', 'gateway-enabled',
      'issuer-name', 'keycloak-internal-url', 'kube-root-ca', 'load-balancer-class', 'memory-allocation-ratio',
      'monitoring-enabled', 'oidc-enabled', 'oidc-insecure-skip-verify', 'proxy-protocol', 'root-host', 'scheduling',
      'solver', 'wildcard-issue', 'wildcard-secret-name',
    ]);
    for (const [k, v] of Object.entries(values)) {
      if (k === 'branding' || k === 'scheduling') assert.equal(typeof v, 'object', k);
      else assert.equal(typeof v, 'string', `${k} is a string`);
    }
  });

  it('carries the defaults as the real chart writes them', () => {
    const v = cluster(renderVariant('isp-full'));
    assert.equal(v['root-host'], 'example.org');
    assert.equal(v['bundle-name'], 'isp-full');
    assert.equal(v.solver, 'http01');
    assert.equal(v['issuer-name'], 'letsencrypt-prod');
    assert.equal(v['wildcard-secret-name'], '');
    assert.equal(v['wildcard-issue'], 'false');
    assert.equal(v['oidc-enabled'], 'false');
    assert.equal(v['keycloak-internal-url'], 'http://keycloak-http.cozy-keycloak.svc:8080/realms/cozy');
    assert.equal(v['expose-services'], 'api,dashboard,vm-exportproxy,cdi-uploadproxy');
    assert.equal(v['expose-ingress'], 'tenant-root');
    assert.equal(v['expose-external-ips'], '');
    assert.equal(v['proxy-protocol'], 'false');
    assert.equal(v['gateway-enabled'], 'false');
    assert.match(v['gateway-attached-namespaces'] as string, /^cozy-cert-manager,cozy-dashboard,.*,default$/);
    assert.equal(v['monitoring-enabled'], 'true');
    assert.equal(v['cluster-domain'], 'cozy.local');
    assert.equal(v['cpu-allocation-ratio'], '10');
    assert.equal(v['memory-allocation-ratio'], '1');
    assert.equal(v['ephemeral-storage-allocation-ratio'], '40');
    assert.deepEqual(v.scheduling, { globalAppTopologySpreadConstraints: '' });
    assert.ok(!('branding' in v));
    assert.ok(!('kube-root-ca' in v), 'no kube-root-ca without the ConfigMap');
  });

  it('follows the Package values: host, endpoint, exposed services, external IPs, OIDC, monitoring', () => {
    const v = cluster(
      renderVariant('isp-full', {
        publishing: { host: 'cozy.example.com', apiServerEndpoint: 'https://api.cozy.example.com:443', exposedServices: ['api', 'dashboard', 'keycloak'], externalIPs: ['192.0.2.10', '192.0.2.11'] },
        authentication: { oidc: { enabled: true } },
        monitoring: { rootEnabled: false },
      }),
    );
    assert.equal(v['root-host'], 'cozy.example.com');
    assert.equal(v['api-server-endpoint'], 'https://api.cozy.example.com:443');
    assert.equal(v['expose-services'], 'api,dashboard,keycloak');
    assert.equal(v['expose-external-ips'], '192.0.2.10,192.0.2.11');
    assert.equal(v['oidc-enabled'], 'true');
    assert.equal(v['monitoring-enabled'], 'false');
  });

  it('kube-root-ca is the base64 of kube-system/kube-root-ca.crt ca.crt', () => {
    const v = cluster(renderVariant('isp-full', {}, [PLATFORM_SOURCE, ROOT_CA]));
    assert.equal(Buffer.from(v['kube-root-ca'] as string, 'base64').toString('utf8'), (ROOT_CA.data as Record<string, string>)['ca.crt']);
  });

  it('root-host falls back to the pre-1.0 cozystack ConfigMap', () => {
    const legacy: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cozystack', namespace: 'cozy-system' }, data: { 'root-host': 'old.example.net' } };
    assert.equal(cluster(renderVariant('isp-full', { publishing: { host: 'new.example.net' } }, [PLATFORM_SOURCE, legacy]))['root-host'], 'old.example.net');
  });

  it('wildcard: the platform issues cozystack-wildcard-tls with dns01 on ingress-nginx; an operator Secret wins', () => {
    const issued = cluster(renderVariant('isp-full', { publishing: { certificates: { solver: 'dns01', wildcard: true } } }));
    assert.equal(issued['wildcard-secret-name'], 'cozystack-wildcard-tls');
    assert.equal(issued['wildcard-issue'], 'true');
    const http01 = cluster(renderVariant('isp-full', { publishing: { certificates: { wildcard: true } } }));
    assert.equal(http01['wildcard-issue'], 'false');
    const gateway = cluster(renderVariant('isp-full', { gateway: { enabled: true }, publishing: { certificates: { solver: 'dns01', wildcard: true } } }));
    assert.equal(gateway['wildcard-issue'], 'false');
    const byo = cluster(renderVariant('isp-full', { publishing: { certificates: { solver: 'dns01', wildcard: true, wildcardSecretName: 'my-wildcard' } } }));
    assert.equal(byo['wildcard-secret-name'], 'my-wildcard');
    assert.equal(byo['wildcard-issue'], 'false');
  });
});
