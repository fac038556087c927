// apps and batch workloads, and PodDisruptionBudget.

import type { KubeObject } from '../../machinery/object.ts';
import type { DocKey } from './descriptions.ts';
import type { TablePrinter } from '../../machinery/table.ts';
import { ageColumn, nameColumn, objectAge, objectName } from '../../machinery/table-build.ts';
import { humanDuration, parseTimestamp, translateTimestampSince } from '../../machinery/duration.ts';
import { formatLabels, formatLabelSelector, labelSelectorFromObject, selectorToString } from '../../machinery/labels.ts';
import {
  arr, boolPtr, CONTAINERS_DESCRIPTION, docColumn, IMAGES_DESCRIPTION, intOrString, layoutContainerCells, num, obj, objs, selectorObject, spec,
  status, str, strMap, templateContainers, textColumn,
} from './access.ts';

const containersColumn = () => textColumn('Containers', 'string', CONTAINERS_DESCRIPTION, 1);
const imagesColumn = () => textColumn('Images', 'string', IMAGES_DESCRIPTION, 1);

/** Defaulting sets replicas to 1 when a workload omits it. */
function replicas(o: KubeObject): number {
  const r = spec(o).replicas;
  return typeof r === 'number' ? r : 1;
}

export const deploymentPrinter: TablePrinter = {
  columns: [
    nameColumn(),
    textColumn('Ready', 'string', 'Number of the pod with ready state'),
    docColumn('Up-to-date', 'string', 'DeploymentStatus.updatedReplicas'),
    docColumn('Available', 'string', 'DeploymentStatus.availableReplicas'),
    ageColumn(),
    containersColumn(),
    imagesColumn(),
    docColumn('Selector', 'string', 'DeploymentSpec.selector', 1),
  ],
  cells(d, now) {
    const st = status(d);
    const [names, images] = layoutContainerCells(templateContainers(spec(d).template));
    let selector: string;
    try {
      selector = selectorToString(labelSelectorFromObject(selectorObject(spec(d).selector)));
    } catch {
      selector = '<invalid>';
    }
    return [objectName(d), `${num(st.readyReplicas)}/${replicas(d)}`, num(st.updatedReplicas), num(st.availableReplicas), objectAge(d, now), names, images, selector];
  },
};

/** printControllerRevision: the controller as `<kind>.<group>/<name>` (formatResourceName with the kind). */
export const controllerRevisionPrinter: TablePrinter = {
  columns: [nameColumn(), textColumn('Controller', 'string', 'Controller of the object'), docColumn('Revision', 'string', 'ControllerRevision.revision'), ageColumn()],
  cells(cr, now) {
    const ref = cr.metadata.ownerReferences?.find((r) => r.controller === true);
    let controller = '<none>';
    if (ref) {
      const slash = ref.apiVersion.indexOf('/');
      const group = slash < 0 ? '' : ref.apiVersion.slice(0, slash);
      controller = `${(group ? `${ref.kind}.${group}` : ref.kind).toLowerCase()}/${ref.name}`;
    }
    return [objectName(cr), controller, Number((cr as { revision?: unknown }).revision ?? 0), objectAge(cr, now)];
  },
};

/** printReplicaSet and printReplicationController: the same columns, each kind's selector written its way. */
function replicatedPrinter(
  docs: Record<'desired' | 'current' | 'ready' | 'selector', DocKey>,
  selectorText: (set: KubeObject) => string,
): TablePrinter {
  return {
    columns: [
      nameColumn(),
      docColumn('Desired', 'integer', docs.desired),
      docColumn('Current', 'integer', docs.current),
      docColumn('Ready', 'integer', docs.ready),
      ageColumn(),
      containersColumn(),
      imagesColumn(),
      docColumn('Selector', 'string', docs.selector, 1),
    ],
    cells(set, now) {
      const st = status(set);
      const [names, images] = layoutContainerCells(templateContainers(spec(set).template));
      return [objectName(set), replicas(set), num(st.replicas), num(st.readyReplicas), objectAge(set, now), names, images, selectorText(set)];
    },
  };
}

export const replicaSetPrinter = replicatedPrinter(
  { desired: 'ReplicaSetSpec.replicas', current: 'ReplicaSetStatus.replicas', ready: 'ReplicaSetStatus.readyReplicas', selector: 'ReplicaSetSpec.selector' },
  (rs) => formatLabelSelector(selectorObject(spec(rs).selector)),
);

/** A ReplicationController's selector is a plain label map. */
export const replicationControllerPrinter = replicatedPrinter(
  { desired: 'ReplicationControllerSpec.replicas', current: 'ReplicationControllerStatus.replicas', ready: 'ReplicationControllerStatus.readyReplicas', selector: 'ReplicationControllerSpec.selector' },
  (rc) => formatLabels(strMap(spec(rc).selector)),
);

/** NAME CONTAINERS IMAGES POD LABELS, as kube-apiserver prints PodTemplates. */
export const podTemplatePrinter: TablePrinter = {
  columns: [nameColumn(), textColumn('Containers', 'string', CONTAINERS_DESCRIPTION), textColumn('Images', 'string', IMAGES_DESCRIPTION), textColumn('Pod Labels', 'string', 'The labels for the pod template.')],
  cells(pt) {
    const template = obj(pt.template);
    const [names, images] = layoutContainerCells(templateContainers(template));
    return [objectName(pt), names, images, formatLabels(strMap(obj(template.metadata).labels))];
  },
};

export const statefulSetPrinter: TablePrinter = {
  columns: [nameColumn(), textColumn('Ready', 'string', 'Number of the pod with ready state'), ageColumn(), containersColumn(), imagesColumn()],
  cells(ss, now) {
    const [names, images] = layoutContainerCells(templateContainers(spec(ss).template));
    return [objectName(ss), `${num(status(ss).readyReplicas)}/${replicas(ss)}`, objectAge(ss, now), names, images];
  },
};

export const daemonSetPrinter: TablePrinter = {
  columns: [
    nameColumn(),
    docColumn('Desired', 'integer', 'DaemonSetStatus.desiredNumberScheduled'),
    docColumn('Current', 'integer', 'DaemonSetStatus.currentNumberScheduled'),
    docColumn('Ready', 'integer', 'DaemonSetStatus.numberReady'),
    docColumn('Up-to-date', 'integer', 'DaemonSetStatus.updatedNumberScheduled'),
    docColumn('Available', 'integer', 'DaemonSetStatus.numberAvailable'),
    docColumn('Node Selector', 'string', 'PodSpec.nodeSelector'),
    ageColumn(),
    containersColumn(),
    imagesColumn(),
    docColumn('Selector', 'string', 'DaemonSetSpec.selector', 1),
  ],
  cells(ds, now) {
    const st = status(ds);
    const template = obj(spec(ds).template);
    const [names, images] = layoutContainerCells(templateContainers(template));
    return [
      objectName(ds),
      num(st.desiredNumberScheduled),
      num(st.currentNumberScheduled),
      num(st.numberReady),
      num(st.updatedNumberScheduled),
      num(st.numberAvailable),
      formatLabels(strMap(obj(template.spec).nodeSelector)),
      objectAge(ds, now),
      names,
      images,
      formatLabelSelector(selectorObject(spec(ds).selector)),
    ];
  },
};

function jobCondition(conditions: unknown, type: string): boolean {
  const c = objs(conditions).find((cond) => cond.type === type);
  return c !== undefined && c.status === 'True';
}

function jobStatus(job: KubeObject): string {
  const conditions = status(job).conditions;
  if (jobCondition(conditions, 'Complete')) return 'Complete';
  if (jobCondition(conditions, 'Failed')) return 'Failed';
  if (job.metadata?.deletionTimestamp) return 'Terminating';
  if (jobCondition(conditions, 'Suspended')) return 'Suspended';
  if (jobCondition(conditions, 'FailureTarget')) return 'FailureTarget';
  return 'Running';
}

function jobCompletions(job: KubeObject): string {
  const s = spec(job);
  const succeeded = num(status(job).succeeded);
  if (typeof s.completions === 'number') return `${succeeded}/${s.completions}`;
  const parallelism = num(s.parallelism);
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

function jobDuration(job: KubeObject, now: Date): string {
  const st = status(job);
  const start = parseTimestamp(str(st.startTime));
  if (start === undefined) return '';
  const end = parseTimestamp(str(st.completionTime));
  return humanDuration((end ?? now.getTime()) - start);
}

export const jobPrinter: TablePrinter = {
  columns: [
    nameColumn(),
    textColumn('Status', 'string', 'Status of the job.'),
    docColumn('Completions', 'string', 'JobStatus.succeeded'),
    textColumn('Duration', 'string', 'Time required to complete the job.'),
    ageColumn(),
    containersColumn(),
    imagesColumn(),
    docColumn('Selector', 'string', 'JobSpec.selector', 1),
  ],
  cells(job, now) {
    const [names, images] = layoutContainerCells(templateContainers(spec(job).template));
    return [objectName(job), jobStatus(job), jobCompletions(job), jobDuration(job, now), objectAge(job, now), names, images, formatLabelSelector(selectorObject(spec(job).selector))];
  },
};

export const cronJobPrinter: TablePrinter = {
  columns: [
    nameColumn(),
    docColumn('Schedule', 'string', 'CronJobSpec.schedule'),
    docColumn('Timezone', 'string', 'CronJobSpec.timeZone'),
    docColumn('Suspend', 'boolean', 'CronJobSpec.suspend'),
    docColumn('Active', 'integer', 'CronJobStatus.active'),
    docColumn('Last Schedule', 'string', 'CronJobStatus.lastScheduleTime'),
    ageColumn(),
    containersColumn(),
    imagesColumn(),
    docColumn('Selector', 'string', 'JobSpec.selector', 1),
  ],
  cells(cj, now) {
    const s = spec(cj);
    const st = status(cj);
    const jobSpec = obj(obj(s.jobTemplate).spec);
    const [names, images] = layoutContainerCells(templateContainers(jobSpec.template));
    const last = str(st.lastScheduleTime) ? translateTimestampSince(str(st.lastScheduleTime), now) : '<none>';
    return [
      objectName(cj),
      str(s.schedule),
      typeof s.timeZone === 'string' ? s.timeZone : '<none>',
      boolPtr(s.suspend),
      arr(st.active).length,
      last,
      objectAge(cj, now),
      names,
      images,
      formatLabelSelector(selectorObject(jobSpec.selector)),
    ];
  },
};

export const podDisruptionBudgetPrinter: TablePrinter = {
  columns: [
    nameColumn(),
    textColumn('Min Available', 'string', 'The minimum number of pods that must be available.'),
    textColumn('Max Unavailable', 'string', 'The maximum number of pods that may be unavailable.'),
    textColumn('Allowed Disruptions', 'integer', 'Calculated number of pods that may be disrupted at this time.'),
    ageColumn(),
  ],
  cells(pdb, now) {
    const s = spec(pdb);
    const minAvailable = s.minAvailable === undefined || s.minAvailable === null ? 'N/A' : intOrString(s.minAvailable);
    const maxUnavailable = s.maxUnavailable === undefined || s.maxUnavailable === null ? 'N/A' : intOrString(s.maxUnavailable);
    return [objectName(pdb), minAvailable, maxUnavailable, num(status(pdb).disruptionsAllowed), objectAge(pdb, now)];
  },
};
