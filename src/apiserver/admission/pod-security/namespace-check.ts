// What a namespace write is told about Pod Security: a policy its exemption makes moot, and the
// existing pods a stricter enforce level would refuse (a dry run: the write goes through).

import type { KubeObject } from '../../../machinery/object.ts';
import type { ResourceRegistry } from '../../registry/registry.ts';
import type { AdmissionRequest } from '../admission.ts';
import { evaluate, forbiddenReasons, LABEL_PREFIX, levelVersionText, MODES, podView, stricter, type LevelVersion, type PodSecurityConfig, type Policy } from './policy.ts';

/** Existing pods a new enforce level is checked against, at most. */
const MAX_CHECKED_PODS = 3000;

/** `namespace "kube-system" is exempt from Pod Security, and the policy (enforce=…) will be ignored`. */
function exempt(req: AdmissionRequest, name: string, labels: Record<string, string>, policy: Policy, config: PodSecurityConfig): void {
  if (!config.exemptions.namespaces.includes(name)) return;
  const explicit = MODES.filter((m) => labels[`${LABEL_PREFIX}${m}`] !== undefined && policy[m].level !== 'privileged');
  if (explicit.length === 0) return;
  if (explicit.every((m) => levelVersionText(policy[m]) === levelVersionText(config.defaults[m]))) return;
  const listed = explicit.map((m) => `${m}=${levelVersionText(policy[m])}`).join(', ');
  req.warnings.push(`namespace ${JSON.stringify(name)} is exempt from Pod Security, and the policy (${listed}) will be ignored`);
}

/**
 * Warns about the namespace's pods that violate the new enforce level, grouped by what they
 * violate: `<first pod> (and N other pods): reason, reason`. Not when the level is privileged, or
 * no stricter than the old one at the same version.
 */
async function existingPods(req: AdmissionRequest, name: string, before: LevelVersion, after: LevelVersion, config: PodSecurityConfig, pods: ResourceRegistry): Promise<void> {
  if (after.level === 'privileged') return;
  if (before.version === after.version && !stricter(after.level, before.level)) return;
  let items: KubeObject[];
  try {
    items = (await pods.list(name)).items;
  } catch {
    req.warnings.push('failed to list pods while checking new PodSecurity enforce level');
    return;
  }
  const checked = items.filter((p) => {
    const runtimeClass = (p.spec as { runtimeClassName?: unknown } | undefined)?.runtimeClassName;
    return !(typeof runtimeClass === 'string' && config.exemptions.runtimeClasses.includes(runtimeClass));
  });
  const warnings: string[] = [];
  if (checked.length > MAX_CHECKED_PODS) warnings.push(`new PodSecurity enforce level only checked against the first ${MAX_CHECKED_PODS} of ${checked.length} existing pods`);
  const byReasons = new Map<string, string[]>();
  for (const pod of checked.slice(0, MAX_CHECKED_PODS)) {
    const failed = evaluate(after, podView(pod.metadata, pod.spec));
    if (failed.length === 0) continue;
    const reasons = forbiddenReasons(failed);
    const names = byReasons.get(reasons);
    if (names) names.push(pod.metadata.name ?? '');
    else byReasons.set(reasons, [pod.metadata.name ?? '']);
  }
  if (byReasons.size === 0) {
    req.warnings.push(...warnings);
    return;
  }
  warnings.push(`existing pods in namespace ${JSON.stringify(name)} violate the new PodSecurity enforce level ${JSON.stringify(levelVersionText(after))}`);
  const groups = [...byReasons].map(([reasons, names]) => {
    const first = [...names].sort()[0]!;
    const others = names.length - 1;
    const suffix = others === 0 ? '' : others === 1 ? ' (and 1 other pod)' : ` (and ${others} other pods)`;
    return `${first}${suffix}: ${reasons}`;
  });
  req.warnings.push(...warnings, ...groups.sort());
}

export const namespaceWarnings = { exempt, existingPods };
