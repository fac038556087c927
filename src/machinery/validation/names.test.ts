import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  isDNS1123Label,
  isDNS1123Subdomain,
  isDNS1035Label,
  isQualifiedName,
  isValidLabelValue,
  isValidPathSegmentName,
  validateName,
  validateObjectMetaNames,
  validateAnnotations,
} from './names.ts';

const SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const DNS1035_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const NAME_PART_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

describe('DNS names', () => {
  test('valid subdomain and label', () => {
    assert.deepEqual(isDNS1123Subdomain('web-1.example.com'), []);
    assert.deepEqual(isDNS1123Label('web-1'), []);
    assert.deepEqual(isDNS1035Label('web-1'), []);
  });
  test('subdomain message', () => assert.deepEqual(isDNS1123Subdomain('Web_1'), [SUBDOMAIN_MSG]));
  test('subdomain too long', () => {
    assert.deepEqual(isDNS1123Subdomain('a'.repeat(254)), ['must be no more than 253 characters']);
  });
  test('label with dots', () => assert.deepEqual(isDNS1123Label('a.b'), ['must not contain dots']));
  test('label message and length', () => {
    assert.deepEqual(isDNS1123Label('-x'), [LABEL_MSG]);
    assert.deepEqual(isDNS1123Label('a'.repeat(64)), ['must be no more than 63 characters']);
  });
  test('DNS-1035 label must start with a letter', () => assert.deepEqual(isDNS1035Label('1abc'), [DNS1035_MSG]));
});

describe('qualified names and label values', () => {
  test('prefixed key', () => assert.deepEqual(isQualifiedName('app.kubernetes.io/name'), []));
  test('bad name part', () => assert.deepEqual(isQualifiedName('-x'), [NAME_PART_MSG]));
  test('empty prefix', () => assert.deepEqual(isQualifiedName('/x'), ['prefix part must be non-empty']));
  test('bad prefix', () => assert.deepEqual(isQualifiedName('A_B/x'), [`prefix part ${SUBDOMAIN_MSG}`]));
  test('empty name part', () => {
    assert.deepEqual(isQualifiedName('example.com/'), ['name part must be non-empty', NAME_PART_MSG]);
  });
  test('too many slashes', () => {
    assert.deepEqual(isQualifiedName('a/b/c'), [
      "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ]);
  });
  test('label values', () => {
    assert.deepEqual(isValidLabelValue(''), []);
    assert.deepEqual(isValidLabelValue('My_value-1'), []);
    assert.deepEqual(isValidLabelValue('-bad'), [LABEL_VALUE_MSG]);
    assert.deepEqual(isValidLabelValue('a'.repeat(64)), ['must be no more than 63 characters']);
  });
});

describe('name rules', () => {
  test('path segment names', () => {
    assert.deepEqual(isValidPathSegmentName('..'), ["may not be '..'"]);
    assert.deepEqual(isValidPathSegmentName('a/b%c'), ["may not contain '/'", "may not contain '%'"]);
    assert.deepEqual(validateName('path-segment', 'system:admin', false), []);
  });
  test('generateName may end with a dash', () => {
    assert.deepEqual(validateName('subdomain', 'web-', true), []);
    assert.deepEqual(validateName('label', 'web-', false), [LABEL_MSG]);
  });
});

describe('validateObjectMetaNames', () => {
  test('name required unless generateName', () => {
    const errs = validateObjectMetaNames({ namespace: 'default' }, { namespaced: true, nameRule: 'subdomain' });
    assert.deepEqual(errs, [{ type: 'FieldValueRequired', field: 'metadata.name', message: 'Required value: name or generateName is required' }]);
    assert.deepEqual(validateObjectMetaNames({ generateName: 'web-', namespace: 'default' }, { namespaced: true, nameRule: 'subdomain' }), []);
  });
  test('invalid name carries the value and the message', () => {
    const errs = validateObjectMetaNames({ name: 'Web', namespace: 'default' }, { namespaced: true, nameRule: 'subdomain' });
    assert.deepEqual(errs, [{ type: 'FieldValueInvalid', field: 'metadata.name', message: `Invalid value: "Web": ${SUBDOMAIN_MSG}` }]);
  });
  test('namespace required on namespaced kinds and forbidden on cluster-scoped ones', () => {
    assert.deepEqual(validateObjectMetaNames({ name: 'x' }, { namespaced: true, nameRule: 'subdomain' }), [
      { type: 'FieldValueRequired', field: 'metadata.namespace', message: 'Required value' },
    ]);
    assert.deepEqual(validateObjectMetaNames({ name: 'x', namespace: 'default' }, { namespaced: false, nameRule: 'subdomain' }), [
      { type: 'FieldValueForbidden', field: 'metadata.namespace', message: 'Forbidden: not allowed on this type' },
    ]);
  });
  test('labels: bad key and bad value', () => {
    const errs = validateObjectMetaNames(
      { name: 'x', labels: { '-k': 'v', ok: '-v' } },
      { namespaced: false, nameRule: 'subdomain' },
    );
    assert.deepEqual(errs.map((e) => `${e.field}: ${e.message}`), [
      `metadata.labels: Invalid value: "-k": ${NAME_PART_MSG}`,
      `metadata.labels: Invalid value: "-v": ${LABEL_VALUE_MSG}`,
    ]);
  });
  test('finalizers and owner references', () => {
    const errs = validateObjectMetaNames(
      {
        name: 'x',
        finalizers: ['orphan', 'foregroundDeletion'],
        ownerReferences: [{ apiVersion: '', kind: 'Deployment', name: 'd', uid: '' }],
      },
      { namespaced: false, nameRule: 'subdomain' },
    );
    assert.deepEqual(errs.map((e) => `${e.field}: ${e.message}`), [
      'metadata.ownerReferences.apiVersion: Invalid value: "": version must not be empty',
      'metadata.ownerReferences.uid: Invalid value: "": uid must not be empty',
      'metadata.finalizers: Invalid value: []string{"orphan", "foregroundDeletion"}: finalizer orphan and foregroundDeletion cannot be both set',
    ]);
  });
  test('two controller references', () => {
    const errs = validateObjectMetaNames(
      {
        name: 'x',
        ownerReferences: [
          { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'a', uid: '1', controller: true },
          { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'b', uid: '2', controller: true },
        ],
      },
      { namespaced: false, nameRule: 'subdomain' },
    );
    assert.equal(errs.length, 1);
    assert.match(errs[0].message, /: Only one reference can have Controller set to true\. Found "true" in references for ReplicaSet\/a and ReplicaSet\/b$/);
  });
  test('annotations: keys case-insensitive, total size limited', () => {
    assert.deepEqual(validateAnnotations({ 'Example.COM/Key': 'v' }, 'metadata.annotations'), []);
    const big = { a: 'x'.repeat(256 * 1024) };
    assert.deepEqual(validateAnnotations(big, 'metadata.annotations'), [
      { type: 'FieldValueTooLong', field: 'metadata.annotations', message: 'Too long: may not be more than 262144 bytes' },
    ]);
  });
});
