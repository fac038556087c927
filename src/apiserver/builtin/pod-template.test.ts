import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validatePodTemplate } from './pod-template.ts';

const template = (labels: Record<string, string>) => ({ metadata: { labels }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });

test('labels that do not satisfy the selector, expressions included, are Invalid with the labels as Go prints the map', () => {
  assert.deepEqual(validatePodTemplate(template({ app: 'b' }), 'spec.template', { matchLabels: { app: 'b' } }), []);
  const errors = validatePodTemplate(template({ tier: 'web', app: 'b' }), 'spec.template', { matchLabels: { app: 'b' }, matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['web'] }] });
  assert.deepEqual(errors, [
    { type: 'FieldValueInvalid', field: 'spec.template.metadata.labels', message: 'Invalid value: map[string]string{"app":"b", "tier":"web"}: `selector` does not match template `labels`' },
  ]);
});
