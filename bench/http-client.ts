// A keep-alive HTTPS client for benchmarks, trusting the cluster CA.

import { Agent, request } from 'node:https';

export class BenchClient {
  private readonly agent: Agent;

  constructor(
    private readonly url: string,
    private readonly token: string,
    ca: string,
    maxSockets: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets, ca });
  }

  send(method: string, path: string, body?: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { Authorization: `Bearer ${this.token}`, Accept: 'application/json' };
      if (body !== undefined) {
        headers['Content-Type'] = 'application/json';
        headers['Content-Length'] = String(Buffer.byteLength(body));
      }
      const req = request(new URL(path, this.url), { method, agent: this.agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  }

  /** Opens a watch and calls `onLine` for each event line. */
  watch(path: string, onLine: (line: string) => void): () => void {
    const req = request(new URL(path, this.url), { method: 'GET', agent: this.agent, headers: { Authorization: `Bearer ${this.token}` } }, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          onLine(buffer.slice(0, nl));
          buffer = buffer.slice(nl + 1);
        }
      });
    });
    req.on('error', () => {});
    req.end();
    return () => req.destroy();
  }

  close(): void {
    this.agent.destroy();
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function runConcurrent(total: number, concurrency: number, op: (i: number) => Promise<void>): Promise<{ seconds: number; latencies: number[] }> {
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        await op(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { seconds: (performance.now() - start) / 1000, latencies };
}
