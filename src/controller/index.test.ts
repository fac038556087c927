import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as runtime from './index.ts';

test('the runtime exports its public API', () => {
  for (const name of ['FakeClock', 'realClock', 'InProcessClient', 'HttpClient', 'SharedInformer', 'InformerFactory', 'WorkQueue', 'runController', 'EventRecorder', 'LeaderElector', 'objectKey', 'splitKey']) {
    assert.ok(name in runtime, name);
  }
  assert.deepEqual(runtime.splitKey('ns/name'), { namespace: 'ns', name: 'name' });
  assert.deepEqual(runtime.splitKey('cluster-scoped'), { namespace: '', name: 'cluster-scoped' });
  assert.equal(runtime.objectKey({ metadata: { namespace: 'ns', name: 'n' } }), 'ns/n');
  assert.equal(runtime.objectKey({ metadata: { name: 'n' } }), 'n');
});
