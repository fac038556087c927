// From the metrics' recommendation to the replica count the HorizontalPodAutoscaler sets, as
// kube-controller-manager's horizontal.go normalizes it: recent recommendations stabilize it
// (the downscale window, or a behavior's windows), then the scale rate and min/max bound it, and
// the AbleToScale / ScalingLimited conditions say which of these decided.

type Json = Record<string, any>;

export interface ConditionUpdate {
  status: 'True' | 'False';
  reason: string;
  message: string;
}

export interface Normalized {
  replicas: number;
  ableToScale: ConditionUpdate;
  scalingLimited: ConditionUpdate;
}

interface Recommendation {
  replicas: number;
  at: number;
}

interface ScaleEvent {
  change: number;
  at: number;
}

export interface ScalingInput {
  currentReplicas: number;
  /** What the metrics ask for. */
  desired: number;
  minReplicas: number;
  maxReplicas: number;
  /** spec.behavior, with its defaults filled in (the API server fills them); undefined without one. */
  behavior?: Json;
  now: Date;
}

const READY: ConditionUpdate = { status: 'True', reason: 'ReadyForNewScale', message: 'recommended size matches current size' };
const WITHIN = { reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };
const TOO_MANY = { reason: 'TooManyReplicas', message: 'the desired replica count is more than the maximum replica count' };
const TOO_FEW = { reason: 'TooFewReplicas', message: 'the desired replica count is less than the minimum replica count' };
const UP_LIMIT = { reason: 'ScaleUpLimit', message: 'the desired replica count is increasing faster than the maximum scale rate' };
const DOWN_LIMIT = { reason: 'ScaleDownLimit', message: 'the desired replica count is decreasing faster than the maximum scale rate' };
const DOWN_STABILIZED: ConditionUpdate = { status: 'True', reason: 'ScaleDownStabilized', message: 'recent recommendations were higher than current one, applying the highest recent recommendation' };
const UP_STABILIZED: ConditionUpdate = { status: 'True', reason: 'ScaleUpStabilized', message: 'recent recommendations were lower than current one, applying the lowest recent recommendation' };

/** One autoscaler's memory between syncs: its recent recommendations and scale changes. */
export class ScalingHistory {
  private recommendations: Recommendation[] = [];
  private ups: ScaleEvent[] = [];
  private downs: ScaleEvent[] = [];

  constructor(private readonly downscaleStabilizationMs: number) {}

  /** recordInitialRecommendation: the scale found at the first sync counts as a recommendation. */
  start(currentReplicas: number, now: Date): void {
    if (this.recommendations.length === 0) this.recommendations.push({ replicas: currentReplicas, at: now.getTime() });
  }

  normalize(input: ScalingInput): Normalized {
    return input.behavior ? this.withBehavior(input, input.behavior) : this.withoutBehavior(input);
  }

  /** storeScaleEvent: only autoscalers with a behavior rate-limit by what they changed recently. */
  recordScale(from: number, to: number, behavior: Json | undefined, now: Date): void {
    if (!behavior || from === to) return;
    const longest = (rules: Json | undefined) => Math.max(0, ...((rules?.policies ?? []) as Json[]).map((p) => Number(p.periodSeconds) * 1000));
    const at = now.getTime();
    this.ups = this.ups.filter((e) => e.at > at - longest(behavior.scaleUp));
    this.downs = this.downs.filter((e) => e.at > at - longest(behavior.scaleDown));
    (to > from ? this.ups : this.downs).push({ change: Math.abs(to - from), at });
  }

  private remember(replicas: number, at: number, stale: (r: Recommendation) => boolean): void {
    const old = this.recommendations.findIndex(stale);
    if (old >= 0) this.recommendations[old] = { replicas, at };
    else this.recommendations.push({ replicas, at });
  }

  /** normalizeDesiredReplicas: the highest recommendation of the downscale window, then min, max and twice the current scale. */
  private withoutBehavior(input: ScalingInput): Normalized {
    const now = input.now.getTime();
    const cutoff = now - this.downscaleStabilizationMs;
    let stabilized = input.desired;
    for (const r of this.recommendations) if (r.at >= cutoff && r.replicas > stabilized) stabilized = r.replicas;
    this.remember(input.desired, now, (r) => r.at < cutoff);
    const ableToScale = stabilized !== input.desired ? DOWN_STABILIZED : READY;
    const scaleUpLimit = Math.max(2 * input.currentReplicas, 4);
    const upper = input.maxReplicas > scaleUpLimit ? { max: scaleUpLimit, ...UP_LIMIT } : { max: input.maxReplicas, ...TOO_MANY };
    let replicas = stabilized;
    let limit = WITHIN;
    if (stabilized < input.minReplicas) [replicas, limit] = [input.minReplicas, TOO_FEW];
    else if (stabilized > upper.max) [replicas, limit] = [upper.max, upper];
    return { replicas, ableToScale, scalingLimited: { status: replicas === stabilized ? 'False' : 'True', reason: limit.reason, message: limit.message } };
  }

  /** normalizeDesiredReplicasWithBehaviors: both stabilization windows, then the policies' rates. */
  private withBehavior(input: ScalingInput, behavior: Json): Normalized {
    const now = input.now.getTime();
    const up = behavior.scaleUp ?? {};
    const down = behavior.scaleDown ?? {};
    const upCutoff = now - Number(up.stabilizationWindowSeconds ?? 0) * 1000;
    const downCutoff = now - (down.stabilizationWindowSeconds !== undefined ? Number(down.stabilizationWindowSeconds) * 1000 : this.downscaleStabilizationMs);
    let upRecommendation = input.desired;
    let downRecommendation = input.desired;
    for (const r of this.recommendations) {
      if (r.at > upCutoff) upRecommendation = Math.min(r.replicas, upRecommendation);
      if (r.at > downCutoff) downRecommendation = Math.max(r.replicas, downRecommendation);
    }
    const stabilized = Math.min(Math.max(input.currentReplicas, upRecommendation), downRecommendation);
    this.remember(input.desired, now, (r) => r.at < upCutoff && r.at < downCutoff);
    const ableToScale = stabilized === input.desired ? READY : input.desired >= input.currentReplicas ? UP_STABILIZED : DOWN_STABILIZED;

    let replicas = stabilized;
    let limit = WITHIN;
    if (stabilized > input.currentReplicas) {
      const rate = Math.max(input.currentReplicas, this.scaleUpLimit(input.currentReplicas, up, now));
      const upper = input.maxReplicas > rate ? { max: rate, ...UP_LIMIT } : { max: input.maxReplicas, ...TOO_MANY };
      if (stabilized > upper.max) [replicas, limit] = [upper.max, upper];
    } else if (stabilized < input.currentReplicas) {
      const rate = Math.min(input.currentReplicas, this.scaleDownLimit(input.currentReplicas, down, now));
      const lower = input.minReplicas < rate ? { min: rate, ...DOWN_LIMIT } : { min: input.minReplicas, ...TOO_FEW };
      if (stabilized < lower.min) [replicas, limit] = [lower.min, lower];
    }
    return { replicas, ableToScale, scalingLimited: { status: replicas === stabilized ? 'False' : 'True', reason: limit.reason, message: limit.message } };
  }

  private changedWithin(events: ScaleEvent[], periodSeconds: number, now: number): number {
    return events.filter((e) => e.at > now - periodSeconds * 1000).reduce((n, e) => n + e.change, 0);
  }

  /** calculateScaleUpLimitWithScalingRules. */
  private scaleUpLimit(current: number, rules: Json, now: number): number {
    if (rules.selectPolicy === 'Disabled') return current;
    const pick = rules.selectPolicy === 'Min' ? Math.min : Math.max;
    let result = rules.selectPolicy === 'Min' ? Infinity : -Infinity;
    for (const p of (rules.policies ?? []) as Json[]) {
      const start = current - this.changedWithin(this.ups, p.periodSeconds, now) + this.changedWithin(this.downs, p.periodSeconds, now);
      const proposed = p.type === 'Pods' ? start + p.value : Math.ceil(start * (1 + p.value / 100));
      result = pick(result, proposed);
    }
    return Number.isFinite(result) ? result : current;
  }

  /** calculateScaleDownLimitWithBehaviors. */
  private scaleDownLimit(current: number, rules: Json, now: number): number {
    if (rules.selectPolicy === 'Disabled') return current;
    const pick = rules.selectPolicy === 'Min' ? Math.max : Math.min;
    let result = rules.selectPolicy === 'Min' ? -Infinity : Infinity;
    for (const p of (rules.policies ?? []) as Json[]) {
      const start = current - this.changedWithin(this.ups, p.periodSeconds, now) + this.changedWithin(this.downs, p.periodSeconds, now);
      const proposed = p.type === 'Pods' ? start - p.value : Math.trunc(start * (1 - p.value / 100));
      result = pick(result, proposed);
    }
    return Number.isFinite(result) ? result : current;
  }
}
