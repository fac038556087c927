// CPU time a process has used, from /proc: what a benchmark prints beside its rates, so a reader can
// tell a server that waits from one that computes.

import { readFileSync } from 'node:fs';

/** CPU seconds (user + system) from a /proc stat file. */
function cpuSecondsOf(statFile: string): number {
  const fields = readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export interface ProcessCpu {
  /** The main thread (the event loop). */
  main: number;
  /** Every thread of the process: the main one, V8's helpers, the store's writer. */
  all: number;
}

/** CPU seconds the process's main thread, and the whole process, have used. */
export function cpuSeconds(pid: number): ProcessCpu {
  return { main: cpuSecondsOf(`/proc/${pid}/task/${pid}/stat`), all: cpuSecondsOf(`/proc/${pid}/stat`) };
}
