// Cluster-level kinds: Namespace, Node, Lease, APIService, webhook configurations, PriorityClass.

import type { KubeObject } from '../../machinery/object.ts';
import type { TablePrinter } from '../../machinery/table.ts';
import { ageColumn, CREATION_TIMESTAMP_DESCRIPTION, nameColumn, objectAge, objectName } from '../../machinery/table-build.ts';
import { arr, docColumn, num, obj, objs, spec, status, str, textColumn } from './access.ts';

export const namespacePrinter: TablePrinter = {
  columns: [nameColumn(), textColumn('Status', 'string', 'The status of the namespace'), ageColumn()],
  cells: (ns, now) => [objectName(ns), str(status(ns).phase), objectAge(ns, now)],
};

/** Roles from `node-role.kubernetes.io/<role>` keys and the `kubernetes.io/role` value, sorted. */
export function nodeRoles(node: KubeObject): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata?.labels ?? {})) {
    if (k.startsWith('node-role.kubernetes.io/')) {
      const role = k.slice('node-role.kubernetes.io/'.length);
      if (role) roles.add(role);
    } else if (k === 'kubernetes.io/role' && v !== '') {
      roles.add(v);
    }
  }
  return [...roles].sort();
}

function nodeStatus(node: KubeObject): string {
  const out: string[] = [];
  // Only Ready is reported; the last condition of a type wins, as in upstream's map.
  const ready = objs(status(node).conditions).filter((c) => c.type === 'Ready').at(-1);
  if (ready) out.push(ready.status === 'True' ? 'Ready' : 'NotReady');
  else out.push('Unknown');
  if (spec(node).unschedulable === true) out.push('SchedulingDisabled');
  return out.join(',');
}

function nodeAddress(node: KubeObject, type: string): string {
  return str(objs(status(node).addresses).find((a) => a.type === type)?.address) || '<none>';
}

export const nodePrinter: TablePrinter = {
  columns: [
    nameColumn(),
    textColumn('Status', 'string', 'The status of the node'),
    textColumn('Roles', 'string', 'The roles of the node'),
    ageColumn(),
    docColumn('Version', 'string', 'NodeSystemInfo.kubeletVersion'),
    docColumn('Internal-IP', 'string', 'NodeStatus.addresses', 1),
    docColumn('External-IP', 'string', 'NodeStatus.addresses', 1),
    docColumn('OS-Image', 'string', 'NodeSystemInfo.osImage', 1),
    docColumn('Kernel-Version', 'string', 'NodeSystemInfo.kernelVersion', 1),
    docColumn('Container-Runtime', 'string', 'NodeSystemInfo.containerRuntimeVersion', 1),
  ],
  cells(node, now) {
    const info = obj(status(node).nodeInfo);
    return [
      objectName(node),
      nodeStatus(node),
      nodeRoles(node).join(',') || '<none>',
      objectAge(node, now),
      str(info.kubeletVersion),
      nodeAddress(node, 'InternalIP'),
      nodeAddress(node, 'ExternalIP'),
      str(info.osImage) || '<unknown>',
      str(info.kernelVersion) || '<unknown>',
      str(info.containerRuntimeVersion) || '<unknown>',
    ];
  },
};

export const leasePrinter: TablePrinter = {
  columns: [nameColumn(), docColumn('Holder', 'string', 'LeaseSpec.holderIdentity'), ageColumn()],
  cells: (lease, now) => [objectName(lease), str(spec(lease).holderIdentity), objectAge(lease, now)],
};

/** kube-aggregator's APIService table. */
export const apiServicePrinter: TablePrinter = {
  columns: [
    nameColumn(),
    textColumn('Service', 'string', 'The reference to the service that hosts this API endpoint.'),
    textColumn('Available', 'string', 'Whether this service is available.'),
    textColumn('Age', 'string', CREATION_TIMESTAMP_DESCRIPTION),
  ],
  cells(svc, now) {
    const ref = spec(svc).service;
    const service = ref && typeof ref === 'object' ? `${str(obj(ref).namespace)}/${str(obj(ref).name)}` : 'Local';
    let available = 'Unknown';
    const c = objs(status(svc).conditions).find((cond) => cond.type === 'Available');
    if (c) available = c.status === 'True' || !str(c.reason) ? str(c.status) : `${str(c.status)} (${str(c.reason)})`;
    return [objectName(svc), service, available, objectAge(svc, now)];
  },
};

const WEBHOOKS_DESCRIPTION = 'Webhooks indicates the number of webhooks registered in this configuration';

/** Mutating- and ValidatingWebhookConfiguration. */
export const webhookConfigurationPrinter: TablePrinter = {
  columns: [nameColumn(), textColumn('Webhooks', 'integer', WEBHOOKS_DESCRIPTION), ageColumn()],
  cells: (wh, now) => [objectName(wh), arr(wh.webhooks).length, objectAge(wh, now)],
};

export const priorityClassPrinter: TablePrinter = {
  columns: [
    nameColumn(),
    textColumn('Value', 'integer', 'value represents the integer value of this priority class. This is the actual priority that pods receive when they have the name of this class in their pod spec.'),
    textColumn('Global-Default', 'boolean', 'globalDefault specifies whether this PriorityClass should be considered as the default priority for pods that do not have any priority class. Only one PriorityClass can be marked as `globalDefault`. However, if more than one PriorityClasses exists with their `globalDefault` field set to true, the smallest value of such global default PriorityClasses will be used as the default priority.'),
    ageColumn(),
    textColumn('PreemptionPolicy', 'string', 'preemptionPolicy is the Policy for preempting pods with lower priority. One of Never, PreemptLowerPriority. Defaults to PreemptLowerPriority if unset.'),
  ],
  cells: (pc, now) => [objectName(pc), num(pc.value), pc.globalDefault === true, objectAge(pc, now), str(pc.preemptionPolicy)],
};

export const runtimeClassPrinter: TablePrinter = {
  columns: [nameColumn(), textColumn('Handler', 'string', 'handler specifies the underlying runtime and configuration that the CRI implementation will use to handle pods of this class.'), ageColumn()],
  cells: (rc, now) => [objectName(rc), str(rc.handler), objectAge(rc, now)],
};

/** NAME VALIDATIONS PARAMKIND AGE. */
export const validatingAdmissionPolicyPrinter: TablePrinter = {
  columns: [nameColumn(), textColumn('Validations', 'integer', 'Validations is the number of validations defined.'), textColumn('ParamKind', 'string', 'ParamKind specifies the kind of resources used to parameterize this policy'), ageColumn()],
  cells(p, now) {
    const s = spec(p);
    const kind = obj(s.paramKind);
    return [objectName(p), arr(s.validations).length, s.paramKind ? `${str(kind.apiVersion)}/${str(kind.kind)}` : '<unset>', objectAge(p, now)];
  },
};

/** NAME POLICYNAME PARAMREF AGE. */
export const validatingAdmissionPolicyBindingPrinter: TablePrinter = {
  columns: [nameColumn(), textColumn('PolicyName', 'string', 'PolicyName references a ValidatingAdmissionPolicy name which the ValidatingAdmissionPolicyBinding binds to.'), textColumn('ParamRef', 'string', 'ParamRef specifies the parameter resource used to configure the admission control policy.'), ageColumn()],
  cells(b, now) {
    const s = spec(b);
    const ref = obj(s.paramRef);
    let param = '<unset>';
    if (s.paramRef && ref.name) param = ref.namespace ? `${str(ref.namespace)}/${str(ref.name)}` : str(ref.name);
    else if (s.paramRef && ref.selector) param = JSON.stringify(ref.selector);
    return [objectName(b), str(s.policyName), param, objectAge(b, now)];
  },
};
