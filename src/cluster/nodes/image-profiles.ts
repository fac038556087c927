// How a simulated container behaves, looked up by image name prefix, so operators and tests can
// model slow starts, readiness delays, programs that finish, and CrashLoopBackOff.

export interface SimulationProfile {
  /** Pulling, creating and starting the container take this long. */
  startDelayMs: number;
  /** After it started, the container turns ready this much later. */
  readyDelayMs: number;
  /** The process exits with code 1 after `runMs` (default 1 s): the kubelet restarts it with backoff. */
  crash?: boolean;
  /** The process exits this long after starting (code 0 unless `crash`); without it, it runs until stopped. */
  runMs?: number;
  /** The code it exits with after `runMs` (default 0, or 1 with `crash`); see container-exit.ts for containers that finish on their own. */
  exitCode?: number;
  /** A container meant to finish on its own (an init container, a Job's command) runs this long; default 1 s. */
  finishMs?: number;
  /** On SIGTERM it exits this much later; without it, it runs until the grace period ends and is killed. */
  stopMs?: number;
  /** The size a pull reports ("Image size: N bytes."); without it, one derived from the image name. */
  imageSizeBytes?: number;
}

export const DEFAULT_PROFILE: SimulationProfile = { startDelayMs: 1000, readyDelayMs: 0 };
export const DEFAULT_CRASH_RUN_MS = 1000;

/** docker.io/library/nginx:latest for "nginx", as containerd names images. */
export function normalizeImage(image: string): string {
  const slash = image.indexOf('/');
  const first = slash < 0 ? '' : image.slice(0, slash);
  let ref = image;
  if (slash < 0) ref = `docker.io/library/${image}`;
  else if (!first.includes('.') && !first.includes(':') && first !== 'localhost') ref = `docker.io/${image}`;
  const last = ref.slice(ref.lastIndexOf('/') + 1);
  if (!last.includes(':') && !last.includes('@')) ref += ':latest';
  return ref;
}

export class ImageProfiles {
  private readonly entries = new Map<string, Partial<SimulationProfile>>();

  constructor(
    initial: Record<string, Partial<SimulationProfile>> = {},
    private readonly fallback: SimulationProfile = DEFAULT_PROFILE,
  ) {
    for (const [prefix, profile] of Object.entries(initial)) this.set(prefix, profile);
  }

  /** Images starting with `prefix` (as written, or normalized: "docker.io/library/nginx") behave so. */
  set(prefix: string, profile: Partial<SimulationProfile>): void {
    this.entries.set(prefix, profile);
  }

  delete(prefix: string): void {
    this.entries.delete(prefix);
  }

  /**
   * Every matching prefix's profile over the defaults, the longer prefix winning field by field: a
   * profile for some images (the platform's, one an operator sets) keeps what a shorter one says
   * for all of them (how fast a container stops on SIGTERM) unless it says otherwise.
   */
  lookup(image: string): SimulationProfile {
    const normalized = normalizeImage(image);
    const matching = [...this.entries].filter(([prefix]) => image.startsWith(prefix) || normalized.startsWith(prefix));
    matching.sort((a, b) => a[0].length - b[0].length);
    return Object.assign({ ...this.fallback }, ...matching.map(([, profile]) => profile)) as SimulationProfile;
  }
}
