import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { KubeObject } from '../../../../machinery/object.ts';
import { ChartRenderError } from '../../chart.ts';
import { PLATFORM_SOURCE, renderVariant } from './test-render.ts';

const failsWith = (fn: () => unknown, message: string) =>
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof ChartRenderError, `a ChartRenderError, got ${String(err)}`);
    assert.equal(err.message, message);
    return true;
  });

describe('platform chart: what refuses to render', () => {
  it('IaaS on a system variant other than isp-full / isp-full-generic fails with the template message', () => {
    failsWith(
      () => renderVariant('isp-hosted', { bundles: { iaas: { enabled: true } } }),
      "execution error at (cozy-platform/templates/bundles/iaas.yaml:2:4): bundles.iaas.enabled can only be true when bundles.system.variant is 'isp-full' or 'isp-full-generic'",
    );
    failsWith(
      () => renderVariant('default', { bundles: { system: { variant: 'distro-full' }, iaas: { enabled: true } } }),
      "execution error at (cozy-platform/templates/bundles/iaas.yaml:2:4): bundles.iaas.enabled can only be true when bundles.system.variant is 'isp-full' or 'isp-full-generic'",
    );
  });

  it('PaaS and NaaS need an isp-* system variant', () => {
    failsWith(
      () => renderVariant('default', { bundles: { system: { variant: 'distro-full' }, paas: { enabled: true } } }),
      "execution error at (cozy-platform/templates/bundles/paas.yaml:2:4): bundles.paas.enabled can only be true when bundles.system.variant is 'isp-full', 'isp-full-generic', or 'isp-hosted'",
    );
    failsWith(
      () => renderVariant('default', { bundles: { system: { variant: 'distro-full' }, naas: { enabled: true } } }),
      "execution error at (cozy-platform/templates/bundles/naas.yaml:2:4): bundles.naas.enabled can only be true when bundles.system.variant is 'isp-full', 'isp-full-generic', or 'isp-hosted'",
    );
  });

  it('an unknown gpuOperatorVariant fails even while the GPU operator is off', () => {
    failsWith(
      () => renderVariant('isp-full', { bundles: { iaas: { gpuOperatorVariant: 'passthrough' } } }),
      'execution error at (cozy-platform/templates/bundles/iaas.yaml:34:4): bundles.iaas.gpuOperatorVariant must be "default" or "vgpu", got "passthrough"',
    );
  });

  it('without the platform source to copy, the packages source cannot be rendered', () => {
    failsWith(
      () => renderVariant('isp-full', {}, []),
      'execution error at (cozy-platform/templates/repository.yaml:8:4): Source repository cozy-system/cozystack-platform of kind OCIRepository not found in namespace cozy-system',
    );
  });

  it('turning proxyProtocol off while cozystack.ouroboros is installed fails until acknowledged', () => {
    const ouroboros: KubeObject = { apiVersion: 'cozystack.io/v1alpha1', kind: 'Package', metadata: { name: 'cozystack.ouroboros' }, spec: { variant: 'default' } };
    assert.throws(() => renderVariant('isp-full', {}, [PLATFORM_SOURCE, ouroboros]), /publishing\.proxyProtocol was previously enabled .*proxyProtocolAcknowledgeUnclean: true to confirm\.$/);
    assert.doesNotThrow(() => renderVariant('isp-full', { publishing: { proxyProtocolAcknowledgeUnclean: true } }, [PLATFORM_SOURCE, ouroboros]));
    assert.doesNotThrow(() => renderVariant('isp-full', { publishing: { proxyProtocol: true } }, [PLATFORM_SOURCE, ouroboros]));
  });
});
