// The SQLite store's checkpointer thread: copies the pages the WAL holds into the database file
// (a PASSIVE checkpoint, which never takes the writer's lock), so that copy and its fsync run
// beside the commits instead of inside whichever commit crosses the autocheckpoint bound.
// Requests that queued up while it worked are answered by one checkpoint.

import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { CheckpointReply, CheckpointRequest } from './sqlite-checkpoint-thread.ts';

const port = parentPort!;
const db = new Database((workerData as { path: string }).path);

function checkpoint(): CheckpointReply {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    return {};
  } catch (err) {
    // Durability is the WAL's: a checkpoint that fails leaves the next one (or the writer's) to copy.
    return { error: (err as Error).message };
  }
}

port.on('message', (first: CheckpointRequest) => {
  let close = first.type === 'close';
  for (let next = receiveMessageOnPort(port); next; next = receiveMessageOnPort(port)) close ||= (next.message as CheckpointRequest).type === 'close';
  if (close) {
    db.close();
    port.close();
    return;
  }
  port.postMessage(checkpoint());
});
