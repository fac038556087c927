// How long the chain of HelmReleases waiting on a release is (through dependsOn). When many releases
// are due at once, the helm-controller takes those with the longest chain behind them first, so an
// install's critical path is never queued behind releases nothing waits for. Order only: every
// release is still reconciled, each as Flux would.

export class DependentsDepth {
  private depths = new Map<string, number>();

  constructor(
    /** The keys of the releases whose dependsOn names `key`. */
    private readonly dependentsOf: (key: string) => string[],
  ) {}

  /** A dependsOn changed, a release came or went: depths are computed again on the next ask. */
  invalidate(): void {
    this.depths = new Map();
  }

  /** 0 for a release nothing depends on; 1 + the deepest dependent's depth otherwise. */
  of(key: string): number {
    return this.depth(key, new Set());
  }

  private depth(key: string, visiting: Set<string>): number {
    const known = this.depths.get(key);
    if (known !== undefined) return known;
    // A dependency cycle never becomes ready; it gets no precedence.
    if (visiting.has(key)) return 0;
    visiting.add(key);
    let deepest = 0;
    for (const dependent of this.dependentsOf(key)) deepest = Math.max(deepest, 1 + this.depth(dependent, visiting));
    visiting.delete(key);
    this.depths.set(key, deepest);
    return deepest;
  }
}
