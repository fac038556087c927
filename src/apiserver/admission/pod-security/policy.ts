// Pod Security levels and versions: the namespace labels that choose them, the cluster defaults that
// stand in when a label is absent, and the evaluation of a pod against a level:version.

import { fieldErrors, type FieldError } from '../../../machinery/errors.ts';
import { isPlainObject } from '../../../machinery/object.ts';
import { podContainers } from '../../../machinery/pod-spec.ts';
import { CHECKS, type Check, type CheckResult, type Level, type PodView } from './checks.ts';

export type { Level } from './checks.ts';
export type Mode = 'enforce' | 'audit' | 'warn';
export const MODES: readonly Mode[] = ['enforce', 'audit', 'warn'];

export const LABEL_PREFIX = 'pod-security.kubernetes.io/';
const LEVELS: readonly Level[] = ['privileged', 'baseline', 'restricted'];
const VERSION = /^v1\.([0-9]|[1-9][0-9]*)$/;

export interface LevelVersion {
  level: Level;
  /** As the label (or the default) wrote it: `latest`, `v1.27`. */
  version: string;
}

export type Policy = Record<Mode, LevelVersion>;

/** The admission configuration's part cozylab honours: defaults and exempt namespaces/users/runtime classes. */
export interface PodSecurityConfig {
  defaults: Policy;
  exemptions: { namespaces: string[]; usernames: string[]; runtimeClasses: string[] };
}

const latest = (level: Level): LevelVersion => ({ level, version: 'latest' });

/** kube-apiserver without an admission configuration: every mode privileged. */
export const UNRESTRICTED: PodSecurityConfig = {
  defaults: { enforce: latest('privileged'), audit: latest('privileged'), warn: latest('privileged') },
  exemptions: { namespaces: [], usernames: [], runtimeClasses: [] },
};

/** What Talos configures kube-apiserver with (cluster.apiServer.admissionControl's default). */
export const TALOS_DEFAULTS: PodSecurityConfig = {
  defaults: { enforce: latest('baseline'), audit: latest('restricted'), warn: latest('restricted') },
  exemptions: { namespaces: ['kube-system'], usernames: [], runtimeClasses: [] },
};

export const levelVersionText = (lv: LevelVersion): string => `${lv.level}:${lv.version}`;
const rank = (level: Level): number => LEVELS.indexOf(level);
export const stricter = (a: Level, b: Level): boolean => rank(a) > rank(b);

/** The policy minor version a version text stands for (`latest`: every check). */
export function minorOf(version: string): number {
  const m = VERSION.exec(version);
  return m ? Number(m[1]) : Number.POSITIVE_INFINITY;
}

/**
 * The policy the namespace's labels choose, with the label errors found. A bad enforce level is
 * taken as restricted, a bad audit or warn level as privileged, a bad version as latest (as upstream
 * evaluates pods in a namespace with bad labels).
 */
export function policyOf(labels: Readonly<Record<string, string>>, defaults: Policy): { policy: Policy; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const policy = {} as Policy;
  for (const mode of MODES) {
    const levelKey = `${LABEL_PREFIX}${mode}`;
    const versionKey = `${levelKey}-version`;
    let level = defaults[mode].level;
    let version = defaults[mode].version;
    const levelLabel = labels[levelKey];
    if (levelLabel !== undefined) {
      if ((LEVELS as readonly string[]).includes(levelLabel)) level = levelLabel as Level;
      else {
        errors.push(fieldErrors.invalid(`metadata.labels[${levelKey}]`, levelLabel, `must be one of ${LEVELS.join(', ')}`));
        level = mode === 'enforce' ? 'restricted' : 'privileged';
      }
    }
    const versionLabel = labels[versionKey];
    if (versionLabel !== undefined) {
      if (versionLabel === 'latest' || VERSION.test(versionLabel)) version = versionLabel;
      else {
        errors.push(fieldErrors.invalid(`metadata.labels[${versionKey}]`, versionLabel, 'must be "latest" or "v1.x"'));
        version = 'latest';
      }
    }
    policy[mode] = { level, version };
  }
  // An enforce label stricter than the warn level warns too (unless a warn label says otherwise).
  const enforceSet = labels[`${LABEL_PREFIX}enforce`] !== undefined && !errors.some((e) => e.field === `metadata.labels[${LABEL_PREFIX}enforce]`);
  if (enforceSet && labels[`${LABEL_PREFIX}warn`] === undefined && stricter(policy.enforce.level, policy.warn.level)) {
    policy.warn = { level: policy.enforce.level, version: labels[`${LABEL_PREFIX}warn-version`] !== undefined ? policy.warn.version : policy.enforce.version };
  }
  return { policy, errors };
}

const checksByLevelVersion = new Map<string, Check[]>();

/** The checks a level:version runs, in upstream's registry order (chosen once per level:version: every pod write asks). */
function checksFor(lv: LevelVersion): Check[] {
  const key = levelVersionText(lv);
  let checks = checksByLevelVersion.get(key);
  if (!checks) checksByLevelVersion.set(key, (checks = chooseChecks(lv)));
  return checks;
}

function chooseChecks(lv: LevelVersion): Check[] {
  const minor = minorOf(lv.version);
  const active = CHECKS.filter((c) => c.since <= minor && (c.level === 'baseline' || lv.level === 'restricted'));
  if (lv.level === 'baseline') return active.filter((c) => c.level === 'baseline');
  const overridden = new Set(active.flatMap((c) => c.overrides ?? []));
  return active.filter((c) => !overridden.has(c.id));
}

/** A pod's (or a template's) metadata and spec as the checks read them. */
export function podView(metadata: { annotations?: Record<string, string> } | undefined, spec: unknown): PodView {
  const s = isPlainObject(spec) ? spec : {};
  return { annotations: metadata?.annotations ?? {}, spec: s, containers: podContainers(s) };
}

/** The checks the pod fails at `lv`, in order; none at privileged. */
export function evaluate(lv: LevelVersion, pod: PodView): CheckResult[] {
  if (lv.level === 'privileged') return [];
  const minor = minorOf(lv.version);
  const failed: CheckResult[] = [];
  for (const check of checksFor(lv)) {
    const result = check.run(pod, minor);
    if (result) failed.push(result);
  }
  return failed;
}

/** `reason (detail), reason (detail)`: what follows `violates PodSecurity "level:version": `. */
export function forbiddenDetail(results: readonly CheckResult[]): string {
  return results.map((r) => `${r.reason || 'unknown forbidden reason'}${r.detail ? ` (${r.detail})` : ''}`).join(', ');
}

/** The reasons only, as the namespace's dry run of existing pods lists them. */
export const forbiddenReasons = (results: readonly CheckResult[]): string => results.map((r) => r.reason || 'unknown forbidden reason').join(', ');
