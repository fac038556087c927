import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { findUnknownFields, pruneUnknownFields } from '../../machinery/schema/structural.ts';
import { builtinComponentSchemas, builtinKindSchemaRef, resolveBuiltinRef } from './builtin-schemas.ts';

describe('builtinComponentSchemas', () => {
  const started = performance.now();
  const schemas = builtinComponentSchemas();
  const firstCallMs = performance.now() - started;

  test('first call is cheap and later calls are memoized', () => {
    assert.ok(firstCallMs < 300, `first call took ${firstCallMs} ms`);
    assert.equal(builtinComponentSchemas(), schemas);
  });

  test('kinds carry upstream names, GVKs, descriptions and required fields', () => {
    const pod = schemas['io.k8s.api.core.v1.Pod']!;
    assert.deepEqual(pod['x-kubernetes-group-version-kind'], [{ group: '', kind: 'Pod', version: 'v1' }]);
    assert.match(String(pod.description), /^Pod is a collection of containers/);
    assert.deepEqual(pod.properties?.metadata, {
      description: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
      allOf: [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }],
    });
    const spec = schemas['io.k8s.api.core.v1.PodSpec']!;
    assert.ok(spec.required?.includes('containers'));
    assert.equal(spec.properties?.containers?.type, 'array');
    assert.deepEqual(spec.properties?.containers?.items, { $ref: '#/components/schemas/io.k8s.api.core.v1.Container' });
    assert.deepEqual(spec.properties?.activeDeadlineSeconds?.type, 'integer');
    assert.equal(spec.properties?.activeDeadlineSeconds?.format, 'int64');
    assert.equal(schemas['io.k8s.api.events.v1.Event']?.['x-kubernetes-group-version-kind'] !== undefined, true);
    assert.ok(schemas['io.k8s.api.core.v1.Event']);
    assert.ok(schemas['io.k8s.api.core.v1.PodTemplateSpec'], 'PodTemplateSpec is a core type even though apps reaches it');
    assert.ok(schemas['io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector']);
  });

  test('special types: Time, IntOrString, Quantity, JSON', () => {
    const meta = schemas['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta']!;
    assert.deepEqual(meta.properties?.creationTimestamp?.allOf, [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.Time' }]);
    assert.equal(schemas['io.k8s.apimachinery.pkg.apis.meta.v1.Time']?.format, 'date-time');
    const port = schemas['io.k8s.api.core.v1.ContainerPort']!;
    assert.equal(port.properties?.containerPort?.format, 'int32');
    const probe = schemas['io.k8s.api.core.v1.HTTPGetAction']!;
    assert.deepEqual(probe.properties?.port?.allOf, [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.util.intstr.IntOrString' }]);
    const resources = schemas['io.k8s.api.core.v1.ResourceRequirements']!;
    assert.deepEqual((resources.properties?.limits?.additionalProperties as object), { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.api.resource.Quantity' });
    const props = schemas['io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps']!;
    assert.deepEqual(props.properties?.properties?.additionalProperties, { $ref: '#/components/schemas/io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps' });
    assert.ok(props.properties?.['x-kubernetes-preserve-unknown-fields']);
  });

  test('builtinKindSchemaRef', () => {
    assert.equal(builtinKindSchemaRef('apps', 'v1', 'Deployment'), '#/components/schemas/io.k8s.api.apps.v1.Deployment');
    assert.equal(builtinKindSchemaRef('apiextensions.k8s.io', 'v1', 'CustomResourceDefinition'), '#/components/schemas/io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition');
    assert.equal(builtinKindSchemaRef('apiregistration.k8s.io', 'v1', 'APIService'), '#/components/schemas/io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.APIService');
    assert.equal(builtinKindSchemaRef('authentication.k8s.io', 'v1', 'TokenRequest'), '#/components/schemas/io.k8s.api.authentication.v1.TokenRequest');
    assert.equal(builtinKindSchemaRef('apps.cozystack.io', 'v1alpha1', 'Tenant'), undefined);
  });

  test('drive unknown-field detection for built-in kinds', () => {
    const deployment = {
      apiVersion: 'apps/v1', kind: 'Deployment',
      metadata: { name: 'web', labels: { app: 'web' }, managedFields: [{ manager: 'k', fieldsV1: { 'f:spec': {} } }], bogus: 1 },
      spec: {
        replicas: 1, selector: { matchLabels: { app: 'web' } }, strategy: { rollingUpdate: { maxSurge: '25%' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'x', imagee: 'y', resources: { limits: { cpu: '1' } } }] } },
      },
    };
    const ref = { $ref: builtinKindSchemaRef('apps', 'v1', 'Deployment')! };
    assert.deepEqual(findUnknownFields(deployment, ref, resolveBuiltinRef), ['metadata.bogus', 'spec.template.spec.containers[0].imagee']);
    const crd = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'x' }, spec: { versions: [{ name: 'v1', schema: { openAPIV3Schema: { type: 'object', properties: { a: { type: 'string', default: { any: 1 } } }, items: { type: 'x' } } } }] } };
    assert.deepEqual(findUnknownFields(crd, { $ref: builtinKindSchemaRef('apiextensions.k8s.io', 'v1', 'CustomResourceDefinition')! }, resolveBuiltinRef), []);
    const pruned = pruneUnknownFields(deployment, ref, resolveBuiltinRef) as typeof deployment;
    assert.equal('bogus' in pruned.metadata, false);
  });
});
