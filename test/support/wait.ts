// Polling until a probe answers, for end-to-end tests that wait on what controllers do.

/** Resolves with the probe's first answer that is neither undefined nor false; throws after `ms`. */
export async function waitFor<T>(probe: () => T | undefined | false, what: string, ms = 60_000, everyMs = 200): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
