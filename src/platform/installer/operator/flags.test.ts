import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDuration, parseOperatorFlags } from './flags.ts';

test('operator flags parse as Go flags do, with upstream defaults', () => {
  const f = parseOperatorFlags(['--install-flux=true', '--install-crds', '--platform-source-url=oci://x/y', '--platform-source-ref', 'digest=sha256:ab', '--helmrelease-max-history=2', '--metrics-bind-address=0']);
  assert.equal(f.installFlux, true);
  assert.equal(f.installCRDs, true);
  assert.equal(f.platformSourceURL, 'oci://x/y');
  assert.equal(f.platformSourceRef, 'digest=sha256:ab');
  assert.equal(f.helmReleaseMaxHistory, 2);
  assert.equal(f.helmReleaseInterval, '5m');
  assert.equal(f.cozyValuesNamespaceSelector, 'cozystack.io/system=true');
  assert.throws(() => parseOperatorFlags(['--helmrelease-interval=soon']), /--helmrelease-interval: invalid duration "soon"/);
  assert.throws(() => parseOperatorFlags(['--helmrelease-max-history=-1']), /must be >= 0/);
  assert.equal(parseDuration('1h30m'), 5_400_000);
  assert.equal(parseDuration('500ms'), 500);
});
