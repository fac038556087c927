// The store's handle on its writer thread (sqlite-writer.ts): requests go out in order and are
// answered in the same order, each settling its request's promise.

import type { Worker } from 'node:worker_threads';
import type { WriterReply, WriterRequest } from './sqlite-writer-connection.ts';
import { startStoreThread } from './sqlite-thread.ts';

export class SqliteWriteError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'SqliteWriteError';
  }
}

interface Waiting {
  resolve(): void;
  reject(err: Error): void;
}

export class WriterThread {
  private readonly worker: Worker;
  private readonly waiting: Waiting[] = [];
  private failure: Error | undefined;
  private closing = false;
  /** Settles when the thread has opened its connection, or failed to. */
  readonly ready: Promise<void>;
  private markReady!: (err?: Error) => void;

  constructor(path: string) {
    this.ready = new Promise<void>((resolve, reject) => (this.markReady = (err) => (err ? reject(err) : resolve())));
    // Awaited or not, a failure to start is reported by the writes (and close) that follow.
    this.ready.catch(() => undefined);
    this.worker = startStoreThread('sqlite-writer', path);
    // Idle, the thread does not keep the process alive; with a request out, it does (an
    // acknowledged write must not be cut short by the process running out of other work).
    this.worker.unref();
    this.worker.on('message', (reply: WriterReply) => this.settle(reply));
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => this.fail(new SqliteWriteError(`the store's writer thread exited (code ${code})`)));
  }

  /** Nothing asked is unanswered: the thread is not in a transaction and will not start one. */
  get idle(): boolean {
    return this.waiting.length === 0;
  }

  request(request: WriterRequest): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      if (this.waiting.length === 0) this.worker.ref();
      this.waiting.push({ resolve, reject });
      this.worker.postMessage(request);
    });
  }

  /** Closes the writer's connection (after what was asked before) and ends the thread. */
  async close(): Promise<void> {
    if (this.failure) return;
    this.closing = true;
    this.worker.ref();
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    await this.request({ type: 'close' });
    await exited;
  }

  private settle(reply: WriterReply): void {
    if ('ready' in reply) return this.markReady();
    const answered = this.waiting.splice(0, reply.count);
    if (this.waiting.length === 0 && !this.closing) this.worker.unref();
    for (const waiting of answered) {
      if (reply.ok) waiting.resolve();
      else waiting.reject(new SqliteWriteError(reply.message, reply.code));
    }
  }

  private fail(err: Error): void {
    this.failure ??= err;
    this.markReady(this.failure);
    for (const w of this.waiting.splice(0)) w.reject(this.failure);
  }
}
