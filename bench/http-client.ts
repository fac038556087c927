// An HTTP/2 client for benchmarks (what kubectl and client-go speak over TLS), trusting the cluster CA.

import { connect, type ClientHttp2Session } from 'node:http2';

export class BenchClient {
  private readonly sessions: ClientHttp2Session[];
  private next = 0;

  constructor(
    url: string,
    private readonly token: string,
    ca: string,
    connections: number,
  ) {
    // A few connections spread TLS work the way several clients would; streams multiplex within each.
    const count = Math.max(1, Math.min(4, Math.ceil(connections / 16)));
    this.sessions = Array.from({ length: count }, () => {
      const s = connect(url, { ca });
      s.on('error', () => {});
      return s;
    });
  }

  private session(): ClientHttp2Session {
    return this.sessions[this.next++ % this.sessions.length]!;
  }

  send(method: string, path: string, body?: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ':method': method, ':path': path, authorization: `Bearer ${this.token}`, accept: 'application/json' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const stream = this.session().request(headers);
      let status = 0;
      const chunks: Buffer[] = [];
      stream.on('response', (h) => (status = Number(h[':status'])));
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
      stream.on('error', reject);
      stream.end(body);
    });
  }

  /** Opens a watch and calls `onLine` for each event line. */
  watch(path: string, onLine: (line: string) => void): () => void {
    const stream = this.session().request({ ':method': 'GET', ':path': path, authorization: `Bearer ${this.token}` });
    let buffer = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        onLine(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
      }
    });
    stream.on('error', () => {});
    return () => stream.close();
  }

  close(): void {
    for (const s of this.sessions) s.close();
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
