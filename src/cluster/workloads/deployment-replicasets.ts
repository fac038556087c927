// The writes one Deployment sync makes to its ReplicaSets: finding or creating the ReplicaSet of
// the current template, scaling ReplicaSets (with the ScalingReplicaSet Event), proportional
// scaling when the Deployment is resized mid-rollout, and pruning history beyond revisionHistoryLimit.

import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { refOf, type Clock, type EventRecorder, type KubeClient } from '../../controller/index.ts';
import { findCondition, formatTime, setCondition, type Condition } from './conditions.ts';
import {
  byCreation,
  byRevision,
  maxRevision,
  MAX_REPLICAS_ANNOTATION,
  DESIRED_REPLICAS_ANNOTATION,
  replicaSetAnnotations,
  replicasOf,
  resolveFenceposts,
  REVISION_ANNOTATION,
  revisionOf,
  newReplicaSetReplicas,
} from './deployment-rollout.ts';
import { isControlledBy, newControllerRef } from './owner.ts';
import { computeHash, POD_TEMPLATE_HASH_LABEL, withoutHashLabel } from './pod-template-hash.ts';
import { sameJson, specOf, statusOf } from './workload-deps.ts';

export class DeploymentSync {
  constructor(
    private readonly client: KubeClient,
    private readonly recorder: EventRecorder,
    private readonly clock: Clock,
    /** The Deployment as last written by this sync (so later writes carry its resourceVersion). */
    public d: KubeObject,
  ) {}

  /** FindNewReplicaSet: the oldest ReplicaSet whose template equals the Deployment's, ignoring the hash label. */
  findNew(sets: KubeObject[]): KubeObject | undefined {
    const wanted = withoutHashLabel(specOf(this.d).template);
    return [...sets].sort(byCreation).find((rs) => sameJson(withoutHashLabel(specOf(rs).template), wanted));
  }

  /** getAllReplicaSetsAndSyncRevision: the new ReplicaSet (created when asked) and the old ones. */
  async newAndOld(sets: KubeObject[], create: boolean): Promise<{ newRS?: KubeObject; oldSets: KubeObject[] }> {
    const found = this.findNew(sets);
    const oldSets = sets.filter((rs) => rs !== found);
    const newRS = await this.syncNew(found, oldSets, create);
    return { newRS, oldSets: oldSets.filter((rs) => rs.metadata.uid !== newRS?.metadata.uid) };
  }

  private async syncNew(existing: KubeObject | undefined, oldSets: KubeObject[], create: boolean): Promise<KubeObject | undefined> {
    const revision = maxRevision(oldSets) + 1;
    if (existing) {
      const annotations = replicaSetAnnotations(this.d, existing.metadata.annotations, revision);
      const minReady = specOf(this.d).minReadySeconds ?? 0;
      let rs = existing;
      if (!sameJson(annotations, existing.metadata.annotations ?? {}) || (specOf(existing).minReadySeconds ?? 0) !== minReady) {
        rs = await this.client.update({ ...existing, metadata: { ...existing.metadata, annotations }, spec: { ...specOf(existing), minReadySeconds: minReady } });
      }
      const found = findCondition(statusOf(this.d).conditions, 'Progressing') ? undefined : { reason: 'FoundNewReplicaSet', message: `Found new replica set "${rs.metadata.name}"` };
      await this.syncRevision(revisionOf(rs), found);
      return rs;
    }
    if (!create) return undefined;
    const collisionCount = statusOf(this.d).collisionCount as number | undefined;
    const hash = computeHash(specOf(this.d).template, collisionCount);
    const template = structuredClone(specOf(this.d).template ?? {});
    template.metadata = { ...template.metadata, labels: { ...template.metadata?.labels, [POD_TEMPLATE_HASH_LABEL]: hash } };
    const selector = structuredClone(specOf(this.d).selector ?? {});
    selector.matchLabels = { ...selector.matchLabels, [POD_TEMPLATE_HASH_LABEL]: hash };
    const replicas = newReplicaSetReplicas(this.d, oldSets, undefined);
    const rs: KubeObject = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        name: `${this.d.metadata.name}-${hash}`,
        namespace: this.d.metadata.namespace,
        labels: template.metadata.labels,
        annotations: replicaSetAnnotations(this.d, undefined, revision),
        ownerReferences: [newControllerRef(this.d)],
      },
      spec: { replicas, minReadySeconds: specOf(this.d).minReadySeconds ?? 0, selector, template },
    };
    let created: KubeObject;
    try {
      created = await this.client.create(rs);
      if (replicas > 0) await this.recorder.normal(this.d, 'ScalingReplicaSet', `Scaled up replica set ${created.metadata.name} from 0 to ${replicas}`);
    } catch (err) {
      if (!isStatusError(err, 'AlreadyExists')) throw err;
      const clash = await this.client.get(refOf(rs));
      if (!isControlledBy(clash, this.d) || !sameJson(withoutHashLabel(specOf(clash).template), withoutHashLabel(specOf(this.d).template))) {
        // A hash collision: another template owns the name. Bump collisionCount and let the next sync pick a new name.
        const status = { ...statusOf(this.d), collisionCount: (collisionCount ?? 0) + 1 };
        this.d = await this.client.updateStatus({ ...this.d, status });
        throw err;
      }
      created = clash;
    }
    await this.syncRevision(revisionOf(created), { reason: 'NewReplicaSetCreated', message: `Created new replica set "${created.metadata.name}"` });
    return created;
  }

  /**
   * SetDeploymentRevision and the Progressing condition, written as getNewReplicaSet does: in one
   * UpdateStatus, since the Deployment status strategy resets only spec and labels. Should the status
   * write leave the annotation behind, the main resource takes it (one write more, same outcome).
   */
  private async syncRevision(revision: number, progressing?: { reason: string; message: string }): Promise<void> {
    const wanted = String(revision);
    const withRevision = (d: KubeObject) => ({ ...d, metadata: { ...d.metadata, annotations: { ...d.metadata.annotations, [REVISION_ANNOTATION]: wanted } } });
    if (this.d.metadata.annotations?.[REVISION_ANNOTATION] === wanted && !progressing) return;
    let next = this.d.metadata.annotations?.[REVISION_ANNOTATION] === wanted ? this.d : withRevision(this.d);
    if (progressing) {
      const time = formatTime(this.clock.now());
      const conditions = setCondition(statusOf(this.d).conditions as Condition[] | undefined, { type: 'Progressing', status: 'True', lastUpdateTime: time, lastTransitionTime: time, ...progressing });
      next = { ...next, status: { ...statusOf(this.d), conditions } };
    }
    this.d = await this.client.updateStatus(next);
    if (this.d.metadata.annotations?.[REVISION_ANNOTATION] !== wanted) this.d = await this.client.update(withRevision(this.d));
  }

  /** scaleReplicaSetAndRecordEvent: sets replicas and the replica annotations; returns the ReplicaSet as written. */
  async scale(rs: KubeObject, replicas: number, direction?: 'up' | 'down'): Promise<KubeObject> {
    const from = replicasOf(rs);
    const annotations = {
      ...rs.metadata.annotations,
      [DESIRED_REPLICAS_ANNOTATION]: String(replicasOf(this.d)),
      [MAX_REPLICAS_ANNOTATION]: String(replicasOf(this.d) + resolveFenceposts(this.d).maxSurge),
    };
    if (from === replicas && sameJson(annotations, rs.metadata.annotations ?? {})) return rs;
    const updated = await this.client.update({ ...rs, metadata: { ...rs.metadata, annotations }, spec: { ...specOf(rs), replicas } });
    if (from !== replicas) {
      const op = direction ?? (replicas > from ? 'up' : 'down');
      await this.recorder.normal(this.d, 'ScalingReplicaSet', `Scaled ${op} replica set ${rs.metadata.name} from ${from} to ${replicas}`);
    }
    return updated;
  }

  /** isScalingEvent: an active ReplicaSet was last sized for a different Deployment size. */
  isScalingEvent(sets: KubeObject[]): boolean {
    const desired = String(replicasOf(this.d));
    return sets.some((rs) => replicasOf(rs) > 0 && rs.metadata.annotations?.[DESIRED_REPLICAS_ANNOTATION] !== undefined && rs.metadata.annotations[DESIRED_REPLICAS_ANNOTATION] !== desired);
  }

  /** The `scale` step: resize to the Deployment's replicas, proportionally across ReplicaSets mid-rollout. */
  async scaleToDeployment(newRS: KubeObject | undefined, oldSets: KubeObject[]): Promise<void> {
    const desired = replicasOf(this.d);
    const active = [...oldSets].sort(byCreation).reverse();
    const activeAll = [...active, ...(newRS ? [newRS] : [])].filter((rs) => replicasOf(rs) > 0);
    if (activeAll.length <= 1) {
      const target = activeAll[0] ?? newRS ?? active[0];
      if (target && replicasOf(target) !== desired) await this.scale(target, desired);
      return;
    }
    if (newRS && newRS.metadata.annotations?.[DESIRED_REPLICAS_ANNOTATION] === String(desired) && Number(statusOf(newRS).availableReplicas ?? 0) === desired && replicasOf(newRS) === desired) {
      for (const rs of oldSets) if (replicasOf(rs) > 0) await this.scale(rs, 0);
      return;
    }
    if ((specOf(this.d).strategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') return;
    const allowed = desired > 0 ? desired + resolveFenceposts(this.d).maxSurge : 0;
    const toAdd = allowed - activeAll.reduce((n, rs) => n + replicasOf(rs), 0);
    // Larger first; ties go to the newer when growing and to the older when shrinking.
    activeAll.sort((a, b) => replicasOf(b) - replicasOf(a) || (toAdd > 0 ? -byCreation(a, b) : byCreation(a, b)));
    const sizes = new Map<KubeObject, number>();
    let added = 0;
    for (const rs of activeAll) {
      const proportion = toAdd === 0 ? 0 : this.proportion(rs, toAdd, added);
      sizes.set(rs, replicasOf(rs) + proportion);
      added += proportion;
    }
    for (const [i, rs] of activeAll.entries()) {
      let size = sizes.get(rs)!;
      if (i === 0 && toAdd !== 0) size = Math.max(0, size + toAdd - added);
      await this.scale(rs, size, toAdd > 0 ? 'up' : toAdd < 0 ? 'down' : undefined);
    }
  }

  private proportion(rs: KubeObject, toAdd: number, added: number): number {
    if (replicasOf(rs) === 0 || toAdd === added) return 0;
    const desired = replicasOf(this.d);
    let fraction: number;
    if (desired === 0) fraction = -replicasOf(rs);
    else {
      const annotated = Number(rs.metadata.annotations?.[MAX_REPLICAS_ANNOTATION] ?? statusOf(this.d).replicas ?? 0) || 1;
      fraction = Math.round((replicasOf(rs) * (desired + resolveFenceposts(this.d).maxSurge)) / annotated) - replicasOf(rs);
    }
    const allowed = toAdd - added;
    return toAdd > 0 ? Math.min(fraction, allowed) : Math.max(fraction, allowed);
  }

  /** cleanupDeployment: deletes the oldest fully scaled-down ReplicaSets beyond revisionHistoryLimit. */
  async cleanup(oldSets: KubeObject[]): Promise<void> {
    const limit = specOf(this.d).revisionHistoryLimit;
    if (typeof limit !== 'number') return;
    const cleanable = oldSets.filter((rs) => !rs.metadata.deletionTimestamp).sort(byRevision);
    const excess = cleanable.length - limit;
    for (const rs of cleanable.slice(0, Math.max(0, excess))) {
      if (Number(statusOf(rs).replicas ?? 0) !== 0 || replicasOf(rs) !== 0 || (rs.metadata.generation ?? 0) > Number(statusOf(rs).observedGeneration ?? 0)) continue;
      try {
        await this.client.delete(refOf(rs), { preconditions: { uid: rs.metadata.uid } });
      } catch (err) {
        if (!isStatusError(err, 'NotFound')) throw err;
      }
    }
  }
}
