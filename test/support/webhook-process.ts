// A webhook server in its own process, for end-to-end tests that drive kubectl synchronously (the
// test's own event loop is blocked while kubectl runs). It prints one JSON line, {port, caBundle},
// then one line per review it receives. Its webhooks, by path:
//   /require-team  refuses an object without a `team` label (403, a message saying so);
//   /add-environment  labels an object `environment: dev` unless it has an environment.

import { jsonPatch, startWebhookServer } from './webhook-server.ts';

type Json = Record<string, any>;

const answers: Record<string, (request: Json) => Json> = {
  '/require-team': (r) =>
    r.object?.metadata?.labels?.team ? { allowed: true } : { allowed: false, status: { code: 403, reason: 'Forbidden', message: 'label "team" is required' } },
  '/add-environment': (r) =>
    r.object?.metadata?.labels?.environment ? { allowed: true } : { allowed: true, ...jsonPatch([{ op: 'add', path: r.object.metadata.labels ? '/metadata/labels/environment' : '/metadata/labels', value: r.object.metadata.labels ? 'dev' : { environment: 'dev' } }]) },
};

const server = await startWebhookServer((request, path) => {
  process.stdout.write(`${JSON.stringify({ path, dryRun: request.dryRun, operation: request.operation, name: request.name })}\n`);
  const answer = answers[path.split('?')[0]!];
  return answer ? answer(request) : { allowed: false, status: { code: 404, message: `no webhook at ${path}` } };
});
process.stdout.write(`${JSON.stringify({ port: server.port, caBundle: server.caBundle })}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
