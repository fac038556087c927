// When a simulated container finishes on its own, and with which exit code, for containers whose
// image profile does not say (no `runMs`, `crash` or `exitCode`):
// - a container meant to finish runs to completion: an ordinary (non-sidecar) init container, or a
//   container of a pod with restartPolicy Never or OnFailure that has a `command` or `args` (a Job's
//   `perl -e 'print 1'`); every other container runs until it is stopped, like a server;
// - it runs the profile's `finishMs` (COMMAND_RUN_MS by default), plus the seconds of every `sleep N` its command line holds;
// - it exits with N when its command line ends in `exit N`, 1 when the program run is `false`,
//   else 0. So `sh -c 'exit 3'` fails with 3 and `sh -c 'sleep 5; echo done'` succeeds after 6 s.

import type { SimulationProfile } from './image-profiles.ts';
import type { Container } from './pod-facts.ts';

export const COMMAND_RUN_MS = 1000;

function meantToFinish(c: Container, init: boolean, podRestartPolicy: string): boolean {
  if (init) return c.restartPolicy !== 'Always';
  const hasCommand = (c.command?.length ?? 0) > 0 || (c.args?.length ?? 0) > 0;
  return hasCommand && (podRestartPolicy === 'Never' || podRestartPolicy === 'OnFailure');
}

function exitCodeOfCommand(words: string[], line: string): number {
  const exit = /(?:^|[;&|\s])exit\s+(\d+)\s*;?\s*$/.exec(line);
  if (exit) return Number(exit[1]) % 256;
  const program = words[0]?.slice(words[0].lastIndexOf('/') + 1);
  if (program === 'false' || /(?:^|[;&|]\s*)false\s*;?\s*$/.test(line)) return 1;
  return 0;
}

function sleepMsOf(line: string): number {
  let total = 0;
  for (const m of line.matchAll(/(?:^|[;&|\s])sleep\s+(\d+(?:\.\d+)?)(?=$|[;&|\s])/g)) total += Number(m[1]) * 1000;
  return total;
}

/** The profile with the container's own ending filled in, when the profile leaves it open. */
export function withCommandExit(profile: SimulationProfile, c: Container, init: boolean, podRestartPolicy: string): SimulationProfile {
  if (profile.runMs !== undefined || profile.crash || profile.exitCode !== undefined) return profile;
  if (!meantToFinish(c, init, podRestartPolicy)) return profile;
  const words = [...(c.command ?? []), ...(c.args ?? [])];
  const line = words.join(' ').trim();
  return { ...profile, runMs: (profile.finishMs ?? COMMAND_RUN_MS) + sleepMsOf(line), exitCode: exitCodeOfCommand(words, line) };
}
