// POST pods/<name>/eviction (policy/v1 Eviction), as kube-apiserver's EvictionREST: a pod guarded
// by a PodDisruptionBudget is deleted only while the budget allows a disruption, which the eviction
// spends in the budget's status (so two evictions cannot both use the last one); otherwise 429, and
// `kubectl drain` retries. A pod that is not running, or that no budget covers, is simply deleted.

import { badRequest, forbidden, internalError, isStatusError, StatusError } from '../machinery/errors.ts';
import { labelSelectorFromObject, matches } from '../machinery/labels.ts';
import { isPlainObject, type KubeObject } from '../machinery/object.ts';
import { decodeBody, OBJECT_BODY_TYPES, readBody } from './body.ts';
import { checkedDeleteOptions, writeContext } from './handlers/write.ts';
import type { SpecialHandler } from './pipeline.ts';
import { formatTime } from './registry/codec.ts';
import type { DeleteOptions, WriteContext } from './registry/context.ts';
import { deleteObject } from './registry/delete.ts';
import type { ResourceRegistry } from './registry/registry.ts';
import { writeBody } from './respond.ts';

type Registries = { registry(group: string, plural: string): ResourceRegistry };
type Json = Record<string, any>;

/** MaxDisruptedPodSize: a budget tracks at most this many evictions not yet followed by a deletion. */
const MAX_DISRUPTED_PODS = 2000;
const PDB_RESOURCE = { group: 'policy', resource: 'poddisruptionbudgets' };

function isReady(pod: KubeObject): boolean {
  return ((pod.status as Json | undefined)?.conditions ?? []).some((c: Json) => c.type === 'Ready' && c.status === 'True');
}

/** canIgnorePDB: a pod that is finished, not yet running or already being deleted has nothing left to disrupt. */
function canIgnoreBudget(pod: KubeObject): boolean {
  const phase = (pod.status as Json | undefined)?.phase;
  return Boolean(pod.metadata.deletionTimestamp) || phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending';
}

function budgetsOf(budgets: KubeObject[], pod: KubeObject): KubeObject[] {
  return budgets.filter((pdb) => {
    const selector = (pdb.spec as Json | undefined)?.selector;
    if (!selector) return false;
    try {
      return matches(labelSelectorFromObject(selector), pod.metadata.labels);
    } catch {
      return false;
    }
  });
}

/** The 429 an eviction the budget does not allow gets (retryAfterSeconds 0: kubectl drain retries on its own clock). */
function budgetRefusal(why: string): StatusError {
  return new StatusError(429, 'TooManyRequests', "Cannot evict pod as it would violate the pod's disruption budget.", { retryAfterSeconds: 0, causes: [{ reason: 'DisruptionBudget', message: why }] });
}

/** checkAndDecrement: spends one allowed disruption of the budget on this pod (in its status), or refuses. */
async function spendDisruption(pdbs: ResourceRegistry, pdb: KubeObject, podName: string, ctx: WriteContext, now: Date): Promise<void> {
  await pdbs.guaranteedUpdate(pdb.metadata.namespace!, pdb.metadata.name!, ctx, 'status', (current) => {
    const status = { ...((current.status ?? {}) as Json) };
    if ((status.observedGeneration ?? 0) < (current.metadata.generation ?? 0)) {
      throw budgetRefusal(`The disruption budget ${current.metadata.name} is still being processed by the server.`);
    }
    const allowed = Number(status.disruptionsAllowed ?? 0);
    if (allowed < 0) throw forbidden(PDB_RESOURCE, current.metadata.name!, 'pdb disruptions allowed is negative');
    const disrupted = { ...((status.disruptedPods ?? {}) as Record<string, string>) };
    if (Object.keys(disrupted).length > MAX_DISRUPTED_PODS) throw forbidden(PDB_RESOURCE, current.metadata.name!, 'DisruptedPods map too big - too many evictions not confirmed by PDB controller');
    if (allowed === 0) {
      throw budgetRefusal(`The disruption budget ${current.metadata.name} needs ${status.desiredHealthy ?? 0} healthy pods and has ${status.currentHealthy ?? 0} currently`);
    }
    status.disruptionsAllowed = allowed - 1;
    if (status.disruptionsAllowed === 0) {
      status.conditions = ((status.conditions ?? []) as Json[]).map((c) =>
        c.type === 'DisruptionAllowed' && c.status !== 'False' ? { ...c, status: 'False', reason: 'InsufficientPods', lastTransitionTime: formatTime(now) } : c,
      );
    }
    disrupted[podName] = formatTime(now);
    status.disruptedPods = disrupted;
    return { ...current, status };
  });
}

export function evictionHandler(host: Registries, now: () => Date): SpecialHandler {
  return async ({ req, res, info, query, user, warnings }) => {
    if (info.verb !== 'create') throw badRequest(`the eviction subresource supports only create, not ${info.verb}`);
    const decoded = decodeBody(await readBody(req), req.headers['content-type'], OBJECT_BODY_TYPES);
    const eviction = (isPlainObject(decoded.value) ? decoded.value : {}) as Json;
    const named = eviction.metadata?.name;
    if (named && named !== info.name) throw badRequest('name in URL does not match name in Eviction object');
    const ctx = writeContext(query, { user, warnings }, req.headers['user-agent']);
    const options = (isPlainObject(eviction.deleteOptions) ? eviction.deleteOptions : {}) as DeleteOptions & { dryRun?: string[] };
    if (options.dryRun?.includes('All')) ctx.dryRun = true;
    const deleteOptions = checkedDeleteOptions(options);
    const pods = host.registry('', 'pods');
    const pdbs = host.registry('policy', 'poddisruptionbudgets');
    const pod = await pods.get(info.namespace, info.name);
    const evict = async () => {
      // The pod this eviction judged, not a successor of the same name.
      await deleteObject(pods, info.namespace, info.name, { ...deleteOptions, preconditions: { uid: pod.metadata.uid, ...deleteOptions.preconditions } }, ctx);
      writeBody(res, 201, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
    };
    if (canIgnoreBudget(pod)) return evict();
    const covering = budgetsOf((await pdbs.list(info.namespace)).items, pod);
    if (covering.length > 1) throw internalError('This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.');
    const pdb = covering[0];
    if (!pdb) return evict();
    const status = (pdb.status ?? {}) as Json;
    const alwaysAllow = (pdb.spec as Json | undefined)?.unhealthyPodEvictionPolicy === 'AlwaysAllow';
    // An unready pod does not count as healthy: evicting it spends nothing while the budget holds.
    if (!isReady(pod) && (alwaysAllow || (Number(status.currentHealthy ?? 0) >= Number(status.desiredHealthy ?? 0) && Number(status.desiredHealthy ?? 0) > 0))) return evict();
    try {
      await spendDisruption(pdbs, pdb, info.name, ctx, now());
    } catch (err) {
      if (isStatusError(err, 'NotFound')) return evict();
      throw err;
    }
    return evict();
  };
}
