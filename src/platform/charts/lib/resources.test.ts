import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ChartRenderError } from '../chart.ts';
import {
  allocationRatios, defaultingSanitize, goFloatString, INSTANCE_TYPE_PRESETS, javaHeap, LEGACY_PRESETS, PRESET_NAMES, presetResources, sanitizeResources,
} from './index.ts';

test('every series × size preset has the CPU of its size and the memory of its series (facts §5.1)', () => {
  const table: Record<string, [string, string[]]> = {
    nano: ['250m', ['128Mi', '256Mi', '512Mi', '1Gi', '2Gi']],
    micro: ['500m', ['256Mi', '512Mi', '1Gi', '2Gi', '4Gi']],
    small: ['1', ['512Mi', '1Gi', '2Gi', '4Gi', '8Gi']],
    medium: ['2', ['1Gi', '2Gi', '4Gi', '8Gi', '16Gi']],
    large: ['4', ['2Gi', '4Gi', '8Gi', '16Gi', '32Gi']],
    xlarge: ['8', ['4Gi', '8Gi', '16Gi', '32Gi', '64Gi']],
    '2xlarge': ['16', ['8Gi', '16Gi', '32Gi', '64Gi', '128Gi']],
    '4xlarge': ['32', ['16Gi', '32Gi', '64Gi', '128Gi', '256Gi']],
  };
  for (const [size, [cpu, memories]] of Object.entries(table)) {
    ['t1', 'c1', 's1', 'u1', 'm1'].forEach((series, i) => {
      assert.deepEqual(presetResources(`${series}.${size}`), { cpu, memory: memories[i], 'ephemeral-storage': '2Gi' }, `${series}.${size}`);
    });
  }
  assert.equal(Object.keys(INSTANCE_TYPE_PRESETS).length, 40);
});

test('legacy names keep their old values (facts §5.2): legacy medium is 1 CPU / 1Gi', () => {
  assert.deepEqual(LEGACY_PRESETS, {
    nano: { cpu: '250m', memory: '128Mi', 'ephemeral-storage': '2Gi' },
    micro: { cpu: '500m', memory: '256Mi', 'ephemeral-storage': '2Gi' },
    small: { cpu: '1', memory: '512Mi', 'ephemeral-storage': '2Gi' },
    medium: { cpu: '1', memory: '1Gi', 'ephemeral-storage': '2Gi' },
    large: { cpu: '2', memory: '2Gi', 'ephemeral-storage': '2Gi' },
    xlarge: { cpu: '4', memory: '4Gi', 'ephemeral-storage': '2Gi' },
    '2xlarge': { cpu: '8', memory: '8Gi', 'ephemeral-storage': '2Gi' },
  });
  assert.deepEqual(presetResources('medium'), { cpu: '1', memory: '1Gi', 'ephemeral-storage': '2Gi' });
});

test('an unknown preset fails the render with cozy-lib message listing the allowed names', () => {
  assert.throws(() => presetResources('huge'), (err: unknown) => {
    assert.ok(err instanceof ChartRenderError);
    assert.match(err.message, /^ERROR: Preset key 'huge' invalid\. Allowed values are 2xlarge,c1\.2xlarge,/);
    assert.ok(err.message.endsWith(',xlarge'));
    return true;
  });
  assert.equal(PRESET_NAMES.length, 47);
});

test('t1.micro with default ratios gives the worked example of facts §5.3', () => {
  assert.deepEqual(defaultingSanitize('t1.micro', undefined), {
    limits: { cpu: '500m', 'ephemeral-storage': '2Gi', memory: '256Mi' },
    requests: { cpu: '0.05', 'ephemeral-storage': '53687091', memory: '268435456' },
  });
});

test('resources override the preset key by key', () => {
  const r = defaultingSanitize('t1.nano', { cpu: '1' });
  assert.deepEqual(r.limits, { cpu: '1', 'ephemeral-storage': '2Gi', memory: '128Mi' });
  assert.deepEqual(r.requests, { cpu: '0.1', 'ephemeral-storage': '53687091', memory: '134217728' });
  const gpu = defaultingSanitize('c1.medium', { 'nvidia.com/gpu': '1' });
  assert.equal(gpu.requests['nvidia.com/gpu'], '1');
  assert.equal(gpu.limits['nvidia.com/gpu'], '1');
  assert.equal(gpu.requests.cpu, '0.2');
});

test('ratios come from _cluster values, with defaults 10, 1 and 40', () => {
  assert.deepEqual(allocationRatios({}), { cpu: 10, memory: 1, ephemeralStorage: 40 });
  const values = { _cluster: { 'cpu-allocation-ratio': '4', 'memory-allocation-ratio': '2', 'ephemeral-storage-allocation-ratio': '8' } };
  assert.deepEqual(allocationRatios(values), { cpu: 4, memory: 2, ephemeralStorage: 8 });
  assert.deepEqual(defaultingSanitize('s1.small', {}, values).requests, { cpu: '0.25', 'ephemeral-storage': '268435456', memory: '1073741824' });
  assert.throws(() => allocationRatios({ _cluster: { 'cpu-allocation-ratio': 'zero' } }), ChartRenderError);
});

test('nested requests/limits are refused, as cozy-lib fails', () => {
  assert.throws(() => sanitizeResources({ limits: { cpu: '1' } }), /A flat map of resources expected/);
});

test('floats print as Go prints them', () => {
  assert.equal(goFloatString(0.05), '0.05');
  assert.equal(goFloatString(3.2), '3.2');
  assert.equal(goFloatString(0.00001), '1e-05');
  assert.equal(goFloatString(2), '2');
});

test('javaHeap: -Xmx 75% of the limit, -Xms the lesser of request and 25% of the limit', () => {
  assert.equal(javaHeap(defaultingSanitize('c1.small', {})), '-Xms256m -Xmx768m');
  assert.equal(javaHeap(defaultingSanitize('c1.small', {}, { _cluster: { 'memory-allocation-ratio': '8' } })), '-Xms128m -Xmx768m');
});
