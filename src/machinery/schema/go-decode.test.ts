import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { goDecodeError } from './go-decode.ts';
import type { StructuralSchema } from './schema.ts';

const P = '#/components/schemas/';
const components: Record<string, StructuralSchema> = {
  'io.k8s.api.apps.v1.Deployment': { type: 'object', properties: { metadata: { $ref: `${P}io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta` }, spec: { $ref: `${P}io.k8s.api.apps.v1.DeploymentSpec` } } },
  'io.k8s.api.apps.v1.DeploymentSpec': { type: 'object', properties: { replicas: { type: 'integer', format: 'int32' }, paused: { type: 'boolean' }, template: { $ref: `${P}io.k8s.api.core.v1.PodTemplateSpec` } } },
  'io.k8s.api.core.v1.PodTemplateSpec': { type: 'object', properties: { metadata: { $ref: `${P}io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta` }, spec: { type: 'object', properties: { containers: { type: 'array', items: { $ref: `${P}io.k8s.api.core.v1.Container` } } } } } },
  'io.k8s.api.core.v1.Container': { type: 'object', properties: { image: { type: 'string' }, args: { type: 'array', items: { type: 'string' } }, resources: { type: 'object', properties: { requests: { type: 'object', additionalProperties: { $ref: `${P}Quantity` } } } } } },
  'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta': { type: 'object', properties: { labels: { type: 'object', additionalProperties: { type: 'string' } }, generation: { type: 'integer', format: 'int64' }, creationTimestamp: { allOf: [{ $ref: `${P}Time` }] } } },
  Quantity: { 'x-kubernetes-int-or-string': true },
  Time: { type: 'string', format: 'date-time' },
};
const resolve = (ref: string) => components[ref.slice(P.length)];
const custom = (c: string) => c === 'Quantity' || c === 'Time';
const decode = (value: unknown) => goDecodeError(value, `${P}io.k8s.api.apps.v1.Deployment`, resolve, custom);

describe('Go decoding of built-in objects', () => {
  test('a well-typed object, nulls and unknown fields decode', () => {
    assert.equal(decode({ metadata: { labels: { a: 'b' }, generation: 2, creationTimestamp: null }, spec: { replicas: 3, paused: null, template: { spec: { containers: [{ image: 'x', args: ['1'], resources: { requests: { cpu: 1, memory: '1Gi' } } }] } }, extra: 1 } }), undefined);
  });

  test('encoding/json names the innermost struct, the path without indices, and the Go type', () => {
    assert.equal(decode({ spec: { replicas: '3' } }), 'json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32');
    assert.equal(decode({ spec: { replicas: 1.5 } }), 'json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32');
    assert.equal(decode({ spec: { replicas: 2 ** 31 } }), 'json: cannot unmarshal number 2147483648 into Go struct field DeploymentSpec.spec.replicas of type int32');
    assert.equal(decode({ spec: { template: { metadata: { labels: { on: true } } } } }), 'json: cannot unmarshal bool into Go struct field ObjectMeta.spec.template.metadata.labels of type string');
    assert.equal(decode({ spec: { template: { spec: { containers: [{ image: 'a' }, { image: 7 }] } } } }), 'json: cannot unmarshal number into Go struct field Container.spec.template.spec.containers.image of type string');
    assert.equal(decode({ spec: { template: { spec: { containers: { image: 'a' } } } } }), 'json: cannot unmarshal object into Go struct field PodTemplateSpec.spec.template.spec.containers of type []v1.Container');
    assert.equal(decode({ spec: 'x' }), 'json: cannot unmarshal string into Go struct field Deployment.spec of type v1.DeploymentSpec');
    assert.equal(decode({ spec: { template: { spec: { containers: [{ args: [1] }] } } } }), 'json: cannot unmarshal number into Go struct field Container.spec.template.spec.containers.args of type string');
  });
});
