import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Quantity, QuantityParseError } from './quantity.ts';

const q = (s: string) => Quantity.parse(s);

describe('Quantity', () => {
  test('prints the canonical form kube-apiserver stores', () => {
    const cases: [string, string][] = [
      ['2', '2'], ['0.5', '500m'], ['500m', '500m'], ['1000m', '1'], ['1500m', '1500m'], ['2000', '2k'], ['1500', '1500'],
      ['1Gi', '1Gi'], ['1.5Gi', '1536Mi'], ['0.5Gi', '512Mi'], ['1024Mi', '1Gi'], ['1025', '1025'], ['100Mi', '100Mi'],
      ['1G', '1G'], ['1e3', '1e3'], ['1.5e3', '1500'], ['0', '0'], ['0Gi', '0'], ['100n', '100n'], ['0.1m', '100u'], ['-2', '-2'],
      ['512', '512'], ['1Ki', '1Ki'], ['10.5', '10500m'],
    ];
    for (const [input, canonical] of cases) assert.equal(q(input).toString(), canonical, input);
  });

  test('binary amounts below 1Ki or with a fraction print as decimal', () => {
    assert.equal(q('0.5Ki').toString(), '512');
    assert.equal(Quantity.fromMilli(1500, 'BinarySI').toString(), '1500m');
  });

  test('rounds up past nano precision', () => {
    assert.equal(q('0.0000000001').toString(), '1n');
    assert.equal(q('1.0000000001').toString(), '1000000001n');
  });

  test('adds in the format of the first non-zero operand', () => {
    assert.equal(q('500m').add(q('1')).toString(), '1500m');
    assert.equal(q('128Mi').add(q('128Mi')).toString(), '256Mi');
    assert.equal(Quantity.ZERO.add(q('1Gi')).toString(), '1Gi');
    assert.equal(q('1Gi').sub(q('1Gi')).toString(), '0');
    assert.equal(q('2').sub(q('500m')).toString(), '1500m');
  });

  test('compares across suffixes', () => {
    assert.equal(q('1Gi').cmp(q('1073741824')), 0);
    assert.equal(q('1G').cmp(q('1Gi')), -1);
    assert.equal(q('2').cmp(q('1999m')), 1);
  });

  test('Value and MilliValue round up', () => {
    assert.equal(q('1500m').value(), 2);
    assert.equal(q('1500m').milliValue(), 1500);
    assert.equal(q('1n').milliValue(), 1);
    assert.equal(q('1Gi').value(), 1073741824);
  });

  test('refuses what is not a quantity', () => {
    for (const bad of ['', 'abc', '1.2.3', '1Gb', '1 Gi', 'Gi', '.']) {
      assert.throws(() => q(bad), QuantityParseError, bad);
      assert.equal(Quantity.from(bad), undefined);
    }
    assert.equal(Quantity.from(3)?.toString(), '3');
    assert.equal(Quantity.from({}), undefined);
  });
});
