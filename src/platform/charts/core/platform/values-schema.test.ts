import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import type { Values } from '../../chart.ts';
import { platformChart } from './index.ts';
import { PLATFORM_SOURCE, valuesFor } from './test-render.ts';
import { withLookups } from './lookup.ts';

const ajv = new Ajv({ allErrors: true, strict: false });
const validate = ajv.compile(platformChart.valuesSchema!);

function errorsOf(values: Values): string[] {
  if (validate(values)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

describe('platform chart: values schema', () => {
  it('accepts values.yaml and every variant file merged over it, with the lookups attached', () => {
    for (const variant of ['default', 'isp-full', 'isp-full-generic', 'isp-hosted']) {
      assert.deepEqual(errorsOf(withLookups(valuesFor(variant), [PLATFORM_SOURCE])), [], variant);
    }
  });

  it('accepts a typical Platform Package', () => {
    const values = valuesFor('isp-full', {
      publishing: { host: 'example.org', apiServerEndpoint: 'https://api.example.org:443', exposedServices: ['api', 'dashboard'] },
      networking: { podCIDR: '10.244.0.0/16', podGateway: '10.244.0.1', serviceCIDR: '10.96.0.0/16', joinCIDR: '100.64.0.0/16' },
      bundles: { enabledPackages: ['cozystack.nfs-driver'], disabledPackages: ['cozystack.metallb'] },
    });
    assert.deepEqual(errorsOf(values), []);
  });

  it('refuses a misspelt bundle key, an unknown system variant and a bad package name', () => {
    const errors = errorsOf(valuesFor('default', { bundles: { enabledPackage: ['cozystack.nfs-driver'], system: { variant: 'paas-full' }, disabledPackages: ['metallb'] } }));
    assert.ok(errors.some((e) => e.startsWith('/bundles must NOT have additional properties')), errors.join('; '));
    assert.ok(errors.some((e) => e.startsWith('/bundles/system/variant must be equal to one of the allowed values')), errors.join('; '));
    assert.ok(errors.some((e) => e.startsWith('/bundles/disabledPackages/0 must match pattern')), errors.join('; '));
  });

  it('refuses a bad solver, a dns01 provider it does not know and a non-boolean switch', () => {
    const errors = errorsOf(
      valuesFor('isp-full', { publishing: { certificates: { solver: 'tls-alpn', dns01: { provider: 'gandi' } }, proxyProtocol: 'yes' }, authentication: { oidc: { enabled: 'true' } } }),
    );
    assert.ok(errors.includes('/publishing/certificates/solver must be equal to one of the allowed values'), errors.join('; '));
    assert.ok(errors.includes('/publishing/certificates/dns01/provider must be equal to one of the allowed values'), errors.join('; '));
    assert.ok(errors.includes('/publishing/proxyProtocol must be boolean'), errors.join('; '));
    assert.ok(errors.includes('/authentication/oidc/enabled must be boolean'), errors.join('; '));
  });

  it('refuses CIDRs and an API endpoint that are not addresses', () => {
    const errors = errorsOf(valuesFor('isp-full', { networking: { podCIDR: '10.244.0.0', serviceCIDR: 'ten' }, publishing: { apiServerEndpoint: 'api.example.org:6443', externalIPs: ['not-an-ip'] } }));
    assert.ok(errors.some((e) => e.startsWith('/networking/podCIDR must match pattern')), errors.join('; '));
    assert.ok(errors.some((e) => e.startsWith('/networking/serviceCIDR must match pattern')), errors.join('; '));
    assert.ok(errors.some((e) => e.startsWith('/publishing/apiServerEndpoint must match pattern')), errors.join('; '));
    assert.ok(errors.some((e) => e.startsWith('/publishing/externalIPs/0 must match pattern')), errors.join('; '));
  });

  it('refuses a gpuOperatorVariant other than default or vgpu', () => {
    assert.ok(errorsOf(valuesFor('isp-full', { bundles: { iaas: { gpuOperatorVariant: 'passthrough' } } })).includes('/bundles/iaas/gpuOperatorVariant must be equal to one of the allowed values'));
  });
});
