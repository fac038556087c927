import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chartLabel, chartName, fullname, selectorLabels, standardLabels, truncName } from './index.ts';

test('truncName cuts to 63 characters and drops one trailing dash, like trunc 63 | trimSuffix "-"', () => {
  assert.equal(truncName('a'.repeat(70)), 'a'.repeat(63));
  assert.equal(truncName(`${'a'.repeat(62)}-b`), 'a'.repeat(62));
  assert.equal(truncName('name--'), 'name-');
  assert.equal(truncName('cilium'), 'cilium');
});

test('fullname is the release when it contains the chart name, else release-chart; overrides win', () => {
  assert.equal(fullname('cert-manager', 'cert-manager'), 'cert-manager');
  assert.equal(fullname('metallb', 'metallb'), 'metallb');
  assert.equal(fullname('monitoring-agents', 'fluent-bit'), 'monitoring-agents-fluent-bit');
  assert.equal(fullname('x', 'chart', { nameOverride: 'other' }), 'x-other');
  assert.equal(fullname('x', 'chart', { fullnameOverride: 'flux-operator' }), 'flux-operator');
  assert.equal(fullname('r'.repeat(40), 'c'.repeat(40)).length, 63);
  assert.equal(chartName('chart', { nameOverride: 'n' }), 'n');
});

test('standard labels carry name, instance, version, managed-by and helm.sh/chart', () => {
  const labels = standardLabels({ name: 'cert-manager', instance: 'cert-manager', version: 'v1.20.2', chart: chartLabel('cert-manager', 'v1.20.2'), component: 'controller' });
  assert.deepEqual(labels, {
    'helm.sh/chart': 'cert-manager-v1.20.2',
    'app.kubernetes.io/name': 'cert-manager',
    'app.kubernetes.io/instance': 'cert-manager',
    'app.kubernetes.io/component': 'controller',
    'app.kubernetes.io/version': 'v1.20.2',
    'app.kubernetes.io/managed-by': 'Helm',
  });
  assert.deepEqual(selectorLabels({ name: 'a', instance: 'b' }), { 'app.kubernetes.io/name': 'a', 'app.kubernetes.io/instance': 'b' });
  assert.equal(chartLabel('kamaji', '0.0.0+latest'), 'kamaji-0.0.0_latest');
});
