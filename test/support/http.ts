// Raw HTTPS requests to a test cluster, trusting its CA.

import { request } from 'node:https';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestCluster } from './cluster.ts';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

export function apiRequest(
  cluster: Pick<TestCluster, 'url' | 'dataDir' | 'token'>,
  method: string,
  path: string,
  opts: { body?: string | Buffer; headers?: Record<string, string>; token?: string | null } = {},
): Promise<RawResponse> {
  const ca = readFileSync(join(cluster.dataDir, 'pki', 'ca.crt'));
  const url = new URL(path, cluster.url);
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  const token = opts.token === undefined ? cluster.token : opts.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(opts.body));
  return new Promise((resolve, reject) => {
    const req = request(url, { method, ca, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) });
      });
    });
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}
