import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  parseLabelSelector,
  parseLabelSelectorText,
  matches,
  selectorToString,
  labelSelectorFromObject,
  formatLabelSelector,
  formatLabels,
  validateLabelSelector,
  requiresExactMatch,
  selectorFromSet,
  isEverything,
} from './labels.ts';
import { isStatusError } from './errors.ts';

function errorOf(text: string): string {
  try {
    parseLabelSelectorText(text);
  } catch (err) {
    return (err as Error).message;
  }
  return 'no error';
}

describe('parseLabelSelector grammar', () => {
  test('equality, set and existence operators, sorted by key', () => {
    const sel = parseLabelSelector('tier!=x,app in (web,db),!legacy,env==prod,team,version=1');
    assert.equal(selectorToString(sel), 'app in (db,web),env==prod,!legacy,team,tier!=x,version=1');
  });
  test('empty selector selects everything', () => {
    assert.ok(isEverything(parseLabelSelector('')));
    assert.ok(matches(parseLabelSelector('  '), {}));
  });
  test('notin and exists', () => {
    const sel = parseLabelSelector('env notin (dev, test),app');
    assert.ok(matches(sel, { app: 'a', env: 'prod' }));
    assert.ok(matches(sel, { app: 'a' }));
    assert.ok(!matches(sel, { app: 'a', env: 'dev' }));
    assert.ok(!matches(sel, { env: 'prod' }));
  });
  test('!= matches objects without the key', () => {
    const sel = parseLabelSelector('tier!=x');
    assert.ok(matches(sel, {}));
    assert.ok(!matches(sel, { tier: 'x' }));
  });
  test('!key', () => {
    const sel = parseLabelSelector('!legacy');
    assert.ok(matches(sel, { a: 'b' }));
    assert.ok(!matches(sel, { legacy: '' }));
  });
  test('gt and lt compare integers', () => {
    const sel = parseLabelSelector('replicas>2,replicas<10');
    assert.equal(selectorToString(sel), 'replicas>2,replicas<10');
    assert.ok(matches(sel, { replicas: '5' }));
    assert.ok(!matches(sel, { replicas: '2' }));
    assert.ok(!matches(sel, { replicas: 'five' }));
    assert.ok(!matches(sel, {}));
  });
  test('empty values', () => {
    assert.ok(matches(parseLabelSelector('a='), { a: '' }));
    assert.ok(matches(parseLabelSelector('a in ()'), { a: '' }));
    assert.equal(selectorToString(parseLabelSelector('a in (,b)')), 'a in (,b)');
  });
  test('in/notin are plain words as keys and values', () => {
    assert.ok(matches(parseLabelSelector('in=notin'), { in: 'notin' }));
  });
  test('prefixed keys', () => {
    assert.ok(matches(parseLabelSelector('app.kubernetes.io/name=web'), { 'app.kubernetes.io/name': 'web' }));
  });
});

describe('parseLabelSelector errors (apimachinery wording)', () => {
  test('unclosed set', () => assert.equal(errorOf('app in (web'), "unable to parse requirement: found '', expected: ',' or ')'"));
  test('missing operator', () => {
    assert.equal(errorOf('app web'), "unable to parse requirement: found 'web', expected: in, notin, =, ==, !=, gt, lt");
  });
  test('set without parenthesis', () => assert.equal(errorOf('app in web'), "unable to parse requirement: found 'web' expected: '('"));
  test('trailing comma', () => assert.equal(errorOf('a=b,'), "found '', expected: identifier after ','"));
  test('leading operator', () => assert.equal(errorOf('=b'), "found '=', expected: !, identifier, or 'end of string'"));
  test('garbage after a requirement', () => assert.equal(errorOf('a=b c'), "found 'c', expected: ',' or 'end of string'"));
  test('!key=value', () => assert.equal(errorOf('!a=b'), "found '=', expected: ',' or 'end of string'"));
  test('bare !', () => assert.equal(errorOf('!'), "unable to parse requirement: found '', expected: identifier"));
  test('invalid key', () => {
    assert.equal(
      errorOf('a/b/c=d'),
      "unable to parse requirement: <nil>: Invalid value: \"a/b/c\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    );
  });
  test('invalid value', () => {
    assert.equal(
      errorOf('app=-x'),
      "unable to parse requirement: values[0][app]: Invalid value: \"-x\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    );
  });
  test('gt needs an integer', () => {
    assert.equal(errorOf('a>b'), "unable to parse requirement: values[0]: Invalid value: \"b\": for 'Gt', 'Lt' operators, the value must be an integer");
  });
  test('the query-parameter form is a 400 BadRequest', () => {
    assert.throws(() => parseLabelSelector('app in (web'), (err) => isStatusError(err, 'BadRequest') && err.code === 400);
  });
});

describe('metav1.LabelSelector', () => {
  test('matchLabels and matchExpressions', () => {
    const sel = labelSelectorFromObject({
      matchLabels: { app: 'web' },
      matchExpressions: [
        { key: 'tier', operator: 'In', values: ['fe', 'be'] },
        { key: 'legacy', operator: 'DoesNotExist' },
      ],
    });
    assert.equal(selectorToString(sel), 'app=web,!legacy,tier in (be,fe)');
    assert.ok(matches(sel, { app: 'web', tier: 'fe' }));
    assert.ok(!matches(sel, { app: 'web', tier: 'fe', legacy: 'y' }));
  });
  test('null selects nothing, empty selects everything', () => {
    assert.ok(!matches(labelSelectorFromObject(null), {}));
    assert.ok(matches(labelSelectorFromObject({}), { any: 'thing' }));
  });
  test('unknown operator', () => {
    assert.throws(() => labelSelectorFromObject({ matchExpressions: [{ key: 'a', operator: 'Gt', values: ['1'] }] }), {
      message: '"Gt" is not a valid label selector operator',
    });
  });
  test('In without values', () => {
    assert.throws(() => labelSelectorFromObject({ matchExpressions: [{ key: 'a', operator: 'In' }] }), {
      message: "values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty",
    });
  });
  test('formatLabelSelector and formatLabels', () => {
    assert.equal(formatLabelSelector({ matchLabels: { b: '2', a: '1' } }), 'a=1,b=2');
    assert.equal(formatLabelSelector({}), '<none>');
    assert.equal(formatLabelSelector(undefined), '<none>');
    assert.equal(formatLabelSelector({ matchExpressions: [{ key: 'a', operator: 'Bogus' }] }), '<error>');
    assert.equal(formatLabels({ z: '1', a: '2' }), 'a=2,z=1');
    assert.equal(formatLabels({}), '<none>');
  });
  test('validateLabelSelector field errors', () => {
    const errs = validateLabelSelector(
      { matchExpressions: [{ key: 'a', operator: 'In' }, { key: 'b', operator: 'Exists', values: ['x'] }, { key: 'c', operator: 'Gt' }] },
      'spec.selector',
    );
    assert.deepEqual(errs.map((e) => `${e.field}: ${e.message}`), [
      "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
      "spec.selector.matchExpressions[1].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
      'spec.selector.matchExpressions[2].operator: Invalid value: "Gt": not a valid selector operator',
    ]);
  });
  test('requiresExactMatch and selectorFromSet', () => {
    const sel = selectorFromSet({ b: '2', a: '1' });
    assert.equal(selectorToString(sel), 'a=1,b=2');
    assert.equal(requiresExactMatch(sel, 'b'), '2');
    assert.equal(requiresExactMatch(parseLabelSelector('a in (x,y)'), 'a'), undefined);
  });
});
