// Components that run only while their process holds a Lease in kube-system, as kube-controller-
// manager's controllers and kube-scheduler do (--leader-elect, on by default): started when the
// Lease is won, stopped when it is lost, and the Lease released on a clean stop so that the next
// process takes over at once. One elector per Lease, however many components it gates.

import { asFieldManager, LeaderElector, type Clock, type KubeClient } from '../controller/index.ts';

export interface Stoppable {
  stop(): Promise<void>;
}

export const LEADER_ELECTION_NAMESPACE = 'kube-system';

interface Gated {
  start(): Stoppable;
  running?: Stoppable;
}

interface Election {
  elector: LeaderElector;
  leading: boolean;
  gated: Set<Gated>;
}

export class LeaderElections {
  private readonly elections = new Map<string, Election>();

  /** `identity`: `<hostname>_<uuid>`, as client-go's; the same for every Lease of the process. */
  constructor(
    private readonly client: KubeClient,
    private readonly clock: Clock,
    readonly identity: string,
  ) {}

  /** Runs what `start` starts while this process leads Lease kube-system/`lease` (its holder writes as `lease`). */
  run(lease: string, start: () => Stoppable): Stoppable {
    const election = this.electionFor(lease);
    const gated: Gated = { start };
    election.gated.add(gated);
    if (election.leading) gated.running = start();
    return {
      stop: async () => {
        election.gated.delete(gated);
        const running = gated.running;
        gated.running = undefined;
        await running?.stop();
        if (election.gated.size === 0 && this.elections.get(lease) === election) {
          this.elections.delete(lease);
          await election.elector.stop();
        }
      },
    };
  }

  private electionFor(lease: string): Election {
    let election = this.elections.get(lease);
    if (election) return election;
    const created: Election = {
      leading: false,
      gated: new Set(),
      elector: new LeaderElector({
        client: asFieldManager(this.client, lease),
        clock: this.clock,
        lease: { namespace: LEADER_ELECTION_NAMESPACE, name: lease },
        identity: this.identity,
        releaseOnStop: true,
        onStartedLeading: () => {
          created.leading = true;
          for (const g of created.gated) g.running ??= g.start();
        },
        onStoppedLeading: () => {
          created.leading = false;
          for (const g of created.gated) {
            void g.running?.stop();
            g.running = undefined;
          }
        },
      }),
    };
    this.elections.set(lease, created);
    created.elector.start();
    return created;
  }
}

/** Runs `start` under `elections` when the process elects leaders; at once otherwise (unit tests, one process that elects nothing). */
export function leaderElected(lease: string, elections: LeaderElections | undefined, start: () => Stoppable): Stoppable {
  return elections ? elections.run(lease, start) : start();
}
