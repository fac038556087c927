import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newTestClient, newTestServer } from '../../controller/test-server.ts';
import { isStatusError } from '../../machinery/errors.ts';
import { noDeleteGuardrail } from './no-delete-guardrail.ts';

test('a namespace labelled no-delete cannot be deleted until the label is removed', async () => {
  const server = await newTestServer();
  server.admission.register(noDeleteGuardrail());
  const client = newTestClient(server);
  const ns = { apiVersion: 'v1', kind: 'Namespace' };
  await client.create({ ...ns, metadata: { name: 'tenant-root', labels: { 'platform.cozystack.io/no-delete': 'true' } } });
  await assert.rejects(client.delete({ ...ns, name: 'tenant-root' }), (err: unknown) => {
    assert.ok(isStatusError(err, 'Forbidden'));
    assert.match((err as Error).message, /^namespaces "tenant-root" is forbidden: ValidatingAdmissionPolicy 'cozystack-no-delete-guardrail' with binding 'cozystack-no-delete-guardrail' denied request: Deletion blocked/);
    return true;
  });
  await client.patch({ ...ns, name: 'tenant-root' }, 'merge', { metadata: { labels: { 'platform.cozystack.io/no-delete': null } } });
  await client.delete({ ...ns, name: 'tenant-root' });
  await server.stop?.();
});
