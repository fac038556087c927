import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  parseFieldSelector,
  parseFieldSelectorText,
  matchesFields,
  fieldSelectorToString,
  fieldRequiresExactMatch,
  DEFAULT_FIELD_SUPPORT,
  type FieldSelectorSupport,
} from './fields.ts';
import { isStatusError, type StatusError } from './errors.ts';

const PODS: FieldSelectorSupport = {
  fields: ['metadata.name', 'metadata.namespace', 'spec.nodeName', 'status.phase'],
  style: 'not-supported',
};

function badRequestMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    assert.ok(isStatusError(err, 'BadRequest'));
    return (err as StatusError).message;
  }
  return 'no error';
}

describe('parseFieldSelector', () => {
  test('=, == and != joined by commas', () => {
    const sel = parseFieldSelector('status.phase=Running,metadata.namespace!=kube-system,spec.nodeName==node-1', PODS);
    assert.equal(fieldSelectorToString(sel), 'metadata.namespace!=kube-system,spec.nodeName=node-1,status.phase=Running');
    assert.ok(matchesFields(sel, { 'metadata.namespace': 'default', 'spec.nodeName': 'node-1', 'status.phase': 'Running' }));
    assert.ok(!matchesFields(sel, { 'metadata.namespace': 'kube-system', 'spec.nodeName': 'node-1', 'status.phase': 'Running' }));
  });
  test('an absent field reads as empty', () => {
    const sel = parseFieldSelector('spec.nodeName=', PODS);
    assert.ok(matchesFields(sel, {}));
    assert.ok(!matchesFields(sel, { 'spec.nodeName': 'n' }));
  });
  test('empty selector matches everything', () => {
    assert.ok(matchesFields(parseFieldSelector(''), { 'metadata.name': 'x' }));
  });
  test('escaped values', () => {
    const sel = parseFieldSelectorText('metadata.name=a\\,b\\=c');
    assert.equal(sel.requirements[0].value, 'a,b=c');
    assert.equal(fieldSelectorToString(sel), 'metadata.name=a\\,b\\=c');
  });
  test('exact match lookup', () => {
    assert.equal(fieldRequiresExactMatch(parseFieldSelector('metadata.name=web'), 'metadata.name'), 'web');
    assert.equal(fieldRequiresExactMatch(parseFieldSelector('metadata.name!=web'), 'metadata.name'), undefined);
  });
});

describe('field selector errors', () => {
  test('no operator', () => {
    assert.equal(badRequestMessage(() => parseFieldSelector('foo', PODS)), "invalid selector: 'foo'; can't understand 'foo'");
  });
  test('bad escape and unescaped characters', () => {
    assert.equal(badRequestMessage(() => parseFieldSelector('metadata.name=a\\b')), 'invalid field selector: invalid escape sequence: \\b');
    assert.equal(badRequestMessage(() => parseFieldSelector('metadata.name=a=b')), 'invalid field selector: unescaped character in value: 61');
  });
  test('unsupported field on a kind with its own conversion', () => {
    assert.equal(badRequestMessage(() => parseFieldSelector('foo=bar', PODS)), 'field label not supported: foo');
  });
  test('unknown field on a kind with the default conversion', () => {
    assert.equal(
      badRequestMessage(() => parseFieldSelector('spec.foo=bar', DEFAULT_FIELD_SUPPORT)),
      '"spec.foo" is not a known field selector: only "metadata.name", "metadata.namespace"',
    );
  });
});
