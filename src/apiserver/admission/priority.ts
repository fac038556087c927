// The Priority admission plug-in (plugin/pkg/admission/priority): a pod is given the priority of
// its PriorityClass (or of the cluster's global default class, else 0) and that class's
// preemption policy, and may not claim other values itself; at most one PriorityClass is the
// global default.

import { forbidden } from '../../machinery/errors.ts';
import type { MaybePromise } from '../../machinery/maybe-promise.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { ResourceRegistry } from '../registry/registry.ts';
import type { AdmissionPlugin, AdmissionRequest } from './admission.ts';
import { WatchedObjects } from './watched-objects.ts';

type Json = Record<string, any>;

const DEFAULT_PREEMPTION = 'PreemptLowerPriority';

function refuse(req: AdmissionRequest, why: string): never {
  const gr = { group: req.resource.group, resource: req.resource.plural };
  throw forbidden(gr, req.name, why);
}

/** The global default class: with several, the one of lowest value, as getDefaultPriorityClass picks. */
function globalDefault(classes: KubeObject[]): KubeObject | undefined {
  return classes.filter((c) => c.globalDefault === true).sort((a, b) => Number(a.value) - Number(b.value))[0];
}

/** Gives the pod its class's priority: at once when the class is known to the watch, else after a read of the store. */
function admitPod(req: AdmissionRequest, classes: WatchedObjects, registry: () => ResourceRegistry): MaybePromise<void> {
  const all = classes.all();
  if (!Array.isArray(all)) return all.then(() => admitPod(req, classes, registry));
  const spec = (req.object!.spec ?? {}) as Json;
  const name = typeof spec.priorityClassName === 'string' ? spec.priorityClassName : '';
  // A class written a moment ago may not have reached the watch yet.
  const watched = name ? all.find((c) => c.metadata.name === name) : undefined;
  if (name && !watched) return registry().tryGet('', name).then((found) => assignPriority(req, all, found));
  assignPriority(req, all, watched);
}

function assignPriority(req: AdmissionRequest, known: KubeObject[], found: KubeObject | undefined): void {
  const spec = (req.object!.spec ?? {}) as Json;
  let name = typeof spec.priorityClassName === 'string' ? spec.priorityClassName : '';
  let value = 0;
  let preemption = DEFAULT_PREEMPTION;
  if (name) {
    if (!found) refuse(req, `no PriorityClass with name ${name} was found`);
    value = Number(found.value ?? 0);
    preemption = String(found.preemptionPolicy ?? DEFAULT_PREEMPTION);
  } else {
    const fallback = globalDefault(known);
    if (fallback) {
      name = fallback.metadata.name!;
      value = Number(fallback.value ?? 0);
      preemption = String(fallback.preemptionPolicy ?? DEFAULT_PREEMPTION);
    }
  }
  if (spec.priority !== undefined && spec.priority !== null && spec.priority !== value) {
    refuse(req, `the integer value of priority (${spec.priority}) must not be provided in pod spec; priority admission controller computed ${value} from the given PriorityClass name`);
  }
  if (spec.preemptionPolicy !== undefined && spec.preemptionPolicy !== null && spec.preemptionPolicy !== preemption) {
    refuse(req, `the string value of PreemptionPolicy (${spec.preemptionPolicy}) must not be provided in pod spec; priority admission controller computed ${preemption} from the given PriorityClass name`);
  }
  if (name) spec.priorityClassName = name;
  spec.priority = value;
  spec.preemptionPolicy = preemption;
  req.object!.spec = spec;
}

async function admitClass(req: AdmissionRequest, classes: () => ResourceRegistry): Promise<void> {
  const pc = req.object!;
  if (pc.globalDefault !== true) return;
  // Read from the store, not the watch: two defaults written one after the other must see each other.
  const other = globalDefault((await classes().list('')).items.filter((c) => c.metadata.name !== pc.metadata.name));
  if (other) refuse(req, `PriorityClass ${other.metadata.name} is already marked as default. Only one default can exist`);
}

export function priorityAdmission(classes: () => ResourceRegistry): AdmissionPlugin {
  const watched = new WatchedObjects(classes);
  return {
    name: 'Priority',
    mutate(req) {
      if (req.operation !== 'CREATE' || req.subresource !== '' || req.resource.group !== '' || req.resource.plural !== 'pods') return;
      return admitPod(req, watched, classes);
    },
    validate(req) {
      if ((req.operation !== 'CREATE' && req.operation !== 'UPDATE') || req.resource.group !== 'scheduling.k8s.io' || req.resource.plural !== 'priorityclasses') return;
      return admitClass(req, classes);
    },
  };
}
