// The store's handle on its checkpointer thread (sqlite-checkpointer.ts): at most one checkpoint
// runs at a time, and a request made while one runs starts one more when it ends.

import type { Worker } from 'node:worker_threads';
import { startStoreThread } from './sqlite-thread.ts';

export type CheckpointRequest = { type: 'checkpoint' } | { type: 'close' };

/** A checkpoint ended (with the reason when it failed). */
export type CheckpointReply = { error?: string };

export class CheckpointThread {
  private readonly worker: Worker;
  private running = false;
  private again = false;
  private stopped: Promise<void> | undefined;
  private exited = false;
  private reportedError = false;
  /** Checkpoints that succeeded (what tests and diagnostics can count on); a failed one is not counted. */
  completed = 0;

  constructor(path: string) {
    this.worker = startStoreThread('sqlite-checkpointer', path);
    // A checkpoint is never what keeps the process alive: the file is whole with or without it.
    this.worker.unref();
    this.worker.on('message', (reply: CheckpointReply) => {
      if (reply.error && !this.reportedError) {
        this.reportedError = true;
        console.error(`cozylab: a checkpoint of the store's WAL failed (${reply.error}); it is tried again after more commits`);
      }
      this.running = false;
      if (!reply.error) this.completed++;
      if (this.again && !this.stopped) this.request();
    });
    // A thread that fails leaves the copying to the writer's own autocheckpoint (at a far larger WAL).
    this.worker.on('error', (err) => console.error(`cozylab: the store's checkpointer thread failed (${err.message}); commits checkpoint the WAL themselves from now on`));
    this.worker.on('exit', () => {
      this.exited = true;
      this.running = false;
    });
  }

  request(): void {
    if (this.stopped || this.exited) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.again = false;
    this.worker.postMessage({ type: 'checkpoint' } satisfies CheckpointRequest);
  }

  /** Lets a running checkpoint finish, then closes the thread's connection and ends it. */
  close(): Promise<void> {
    this.stopped ??= new Promise<void>((resolve) => {
      if (this.exited) return resolve();
      this.worker.ref();
      this.worker.once('exit', () => resolve());
      this.worker.postMessage({ type: 'close' } satisfies CheckpointRequest);
    });
    return this.stopped;
  }
}
