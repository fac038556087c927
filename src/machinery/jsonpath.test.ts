import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateJsonPath, compileJsonPath, printerColumnCell, formatGoNumber, jsonPathText, JsonPathError } from './jsonpath.ts';

const pod = {
  metadata: { name: 'web', labels: { app: 'web', 'app.kubernetes.io/name': 'frontend' }, creationTimestamp: '2024-05-01T10:00:00Z' },
  spec: { replicas: 3, items: [{ name: 'a' }, { name: 'b' }, { name: 'c' }], paused: false, ratio: 0.5 },
  status: {
    phase: 'Running',
    conditions: [
      { type: 'Initialized', status: 'True' },
      { type: 'Ready', status: 'False', reason: 'ContainersNotReady' },
    ],
  },
};

describe('evaluateJsonPath', () => {
  const cases: Array<[string, unknown[]]> = [
    ['.status.phase', ['Running']],
    ['{.status.phase}', ['Running']],
    ['.spec.replicas', [3]],
    ['.status.conditions[?(@.type=="Ready")].status', ['False']],
    [".status.conditions[?(@.type=='Initialized')].status", ['True']],
    ['.status.conditions[?(@.reason)].type', ['Ready']],
    ['.metadata.labels.app', ['web']],
    ['.metadata.labels.app\\.kubernetes\\.io/name', ['frontend']],
    ['.spec.items[0].name', ['a']],
    ['.spec.items[-1].name', ['c']],
    ['.spec.items[*].name', ['a', 'b', 'c']],
    ['.spec.items[0:2].name', ['a', 'b']],
    ['.spec.items[0,2].name', ['a', 'c']],
    ["['status']['phase']", ['Running']],
    ['..name', ['web', 'a', 'b', 'c']],
    ['.status.missing', []],
    ['.nope.deeper[0]', []],
  ];
  for (const [path, want] of cases) {
    test(path, () => assert.deepEqual(evaluateJsonPath(pod, path), want));
  }
  test('missing keys are errors when not allowed', () => {
    assert.throws(() => evaluateJsonPath(pod, '.status.missing', { allowMissingKeys: false }), { message: 'missing is not found' });
  });
  test('index out of range', () => {
    assert.throws(() => evaluateJsonPath(pod, '.spec.items[5]'), { message: 'array index out of bounds: index 5, length 3' });
  });
  test('indexing a map', () => {
    assert.throws(() => evaluateJsonPath(pod, '.spec[0]'), JsonPathError);
  });
  test('bad syntax', () => {
    assert.throws(() => evaluateJsonPath(pod, '.spec.items[0'), { message: 'unterminated array' });
    assert.throws(() => evaluateJsonPath(pod, '.status.conditions[?(@.type=="Ready")'), JsonPathError);
  });
});

describe('printer column cells', () => {
  const now = new Date('2024-05-01T11:00:00Z');
  const cell = (type: string, path: string) => printerColumnCell(type, compileJsonPath(path), pod, now);
  test('string columns print any first value as text', () => {
    assert.equal(cell('string', '.status.phase'), 'Running');
    assert.equal(cell('string', '.spec.replicas'), '3');
    assert.equal(cell('string', '.spec.paused'), 'false');
    assert.equal(cell('string', '.spec.items[0]'), '{"name":"a"}');
    assert.equal(cell('string', '.spec.items[*].name'), 'a');
  });
  test('no result is null', () => {
    assert.equal(cell('string', '.status.nothing'), null);
    assert.equal(cell('integer', '.status.nothing'), null);
    assert.equal(cell('string', '.spec.items[9]'), null);
  });
  test('typed columns keep matching JSON values only', () => {
    assert.equal(cell('integer', '.spec.replicas'), 3);
    assert.equal(cell('integer', '.spec.ratio'), 0);
    assert.equal(cell('number', '.spec.ratio'), 0.5);
    assert.equal(cell('boolean', '.spec.paused'), false);
    assert.equal(cell('integer', '.status.phase'), null);
  });
  test('date columns are humanized', () => {
    assert.equal(cell('date', '.metadata.creationTimestamp'), '60m');
    assert.equal(cell('date', '.status.phase'), '<invalid>');
  });
  test('Go number text', () => {
    assert.equal(formatGoNumber(42), '42');
    assert.equal(formatGoNumber(0.5), '0.5');
    assert.equal(formatGoNumber(1234567.5), '1.2345675e+06');
    assert.equal(formatGoNumber(0.00001), '1e-05');
    assert.equal(jsonPathText(null), '<no value>');
  });
});
