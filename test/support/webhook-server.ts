// An admission webhook server for tests: HTTPS on loopback with a certificate of its own CA, which
// answers each AdmissionReview with what `answer` returns for its request (allowed, status, patch,
// warnings) and keeps every review it was sent.

import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { issue, makeCA } from '../../src/cli/pki.ts';

type Json = Record<string, any>;

export interface WebhookServer {
  /** `https://127.0.0.1:<port><path>`. */
  url(path?: string): string;
  port: number;
  /** The CA's certificate, base64, for `clientConfig.caBundle`. */
  caBundle: string;
  /** Every review received, newest last. */
  reviews: Json[];
  close(): Promise<void>;
}

export type Answer = (request: Json, path: string) => Json | Promise<Json>;

/** A JSONPatch as a webhook sends it: base64 of the operations. */
export function jsonPatch(ops: Json[]): { patch: string; patchType: 'JSONPatch' } {
  return { patch: Buffer.from(JSON.stringify(ops)).toString('base64'), patchType: 'JSONPatch' };
}

export async function startWebhookServer(answer: Answer, hosts: string[] = ['127.0.0.1', 'localhost']): Promise<WebhookServer> {
  const ca = await makeCA();
  const serving = await issue(ca, { cn: 'webhook' }, 'server', hosts);
  const reviews: Json[] = [];
  const server: Server = createServer({ key: serving.key, cert: serving.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const review = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
      reviews.push(review);
      const response = await answer(review.request, req.url ?? '');
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ apiVersion: review.apiVersion, kind: 'AdmissionReview', response: { uid: review.request.uid, ...response } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/') => `https://127.0.0.1:${port}${path}`,
    port,
    caBundle: Buffer.from(ca.cert).toString('base64'),
    reviews,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
