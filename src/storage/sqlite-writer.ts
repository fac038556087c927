// The SQLite store's writer thread. Requests that queued up while the last commit was being made
// durable go into the next transaction together (group commit across the store's batches); each
// is answered, in order, once that transaction is durable. After a failure nothing more is
// written: the store's later batches were checked against rows that never made it to the file.

import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { writerConnection, type WriterAnswer, type WriterReply, type WriterRequest } from './sqlite-writer-connection.ts';

const port = parentPort!;
const connection = writerConnection(new Database((workerData as { path: string }).path));
let failure: { message: string; code?: string } | undefined;
port.postMessage({ ready: true } satisfies WriterReply);

function queued(first: WriterRequest): WriterRequest[] {
  const requests = [first];
  for (let next = receiveMessageOnPort(port); next; next = receiveMessageOnPort(port)) requests.push(next.message as WriterRequest);
  return requests;
}

function commit(requests: WriterRequest[]): WriterAnswer {
  if (requests.length === 0) return { ok: true, count: 0 };
  if (failure) return { ok: false, count: requests.length, ...failure };
  try {
    connection.apply(requests);
    return { ok: true, count: requests.length };
  } catch (err) {
    const e = err as { message?: string; code?: string };
    failure = { message: e.message ?? String(err), ...(e.code ? { code: e.code } : {}) };
    return { ok: false, count: requests.length, ...failure };
  }
}

port.on('message', (first: WriterRequest) => {
  const requests = queued(first);
  const closeAt = requests.findIndex((r) => r.type === 'close');
  const writes = closeAt < 0 ? requests : requests.slice(0, closeAt);
  const reply = commit(writes);
  if (reply.count > 0) port.postMessage(reply);
  if (closeAt >= 0) {
    connection.close();
    port.postMessage({ ok: true, count: 1 } satisfies WriterReply);
    port.close();
  }
});
