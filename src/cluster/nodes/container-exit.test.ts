import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { COMMAND_RUN_MS, withCommandExit } from './container-exit.ts';
import { DEFAULT_PROFILE } from './image-profiles.ts';

const run = (c: Record<string, unknown>, restartPolicy = 'Never', init = false) => withCommandExit(DEFAULT_PROFILE, { name: 'c', image: 'busybox', ...c }, init, restartPolicy);

describe('containers that finish on their own', () => {
  test('a Job-like container with a command exits 0 after a second', () => {
    assert.deepEqual([run({ command: ['perl', '-e', 'print 1'] }).runMs, run({ command: ['perl', '-e', 'print 1'] }).exitCode], [COMMAND_RUN_MS, 0]);
    assert.equal(run({ args: ['echo', 'hi'] }, 'OnFailure').exitCode, 0);
  });

  test('exit codes come from `exit N` and `false`; `sleep N` adds to the run time', () => {
    assert.equal(run({ command: ['sh', '-c', 'echo failing; exit 3'] }).exitCode, 3);
    assert.equal(run({ command: ['false'] }).exitCode, 1);
    assert.equal(run({ command: ['/bin/false'] }).exitCode, 1);
    assert.equal(run({ command: ['sh', '-c', 'sleep 5; echo done'] }).runMs, COMMAND_RUN_MS + 5000);
    assert.equal(run({ command: ['sh', '-c', 'sleep 5; echo done'] }).exitCode, 0);
  });

  test('servers keep running: restartPolicy Always, or no command', () => {
    assert.equal(run({ command: ['nginx', '-g', 'daemon off;'] }, 'Always').runMs, undefined);
    assert.equal(run({}, 'Never').runMs, undefined);
  });

  test('ordinary init containers always finish; sidecars do not', () => {
    assert.equal(run({}, 'Always', true).runMs, COMMAND_RUN_MS);
    assert.equal(run({ restartPolicy: 'Always' }, 'Always', true).runMs, undefined);
  });

  test('an image profile that says how it ends wins', () => {
    const profile = { ...DEFAULT_PROFILE, runMs: 50, exitCode: 7 };
    assert.deepEqual(withCommandExit(profile, { name: 'c', command: ['sh', '-c', 'exit 1'] }, false, 'Never'), profile);
  });
});
