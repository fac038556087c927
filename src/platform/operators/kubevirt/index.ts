// virt-operator and cdi-operator: the KubeVirt resource becomes virt-api, virt-controller,
// virt-handler (a pod per node) and virt-exportproxy in its namespace; the CDI resource
// (cluster-scoped) becomes cdi-apiserver, cdi-deployment and cdi-uploadproxy in the operator's
// namespace. Each reports phase Deployed with Available/Progressing/Degraded as the operators do.

import type { KubeObject } from '../../../machinery/object.ts';
import { daemonSet, deployment, type ContainerInput } from '../../charts/lib/workloads.ts';
import { condition, startWorkloadOperator, type OperatedKind, type OperatorDeps, type Stoppable } from '../workload-operator.ts';

const KUBEVIRT_VERSION = 'v1.8.4';
const CDI_VERSION = 'v1.64.0';
export const CDI_NAMESPACE = 'cozy-kubevirt-cdi';

interface Part {
  kind: 'Deployment' | 'DaemonSet';
  name: string;
  replicas?: number;
  containers: ContainerInput[];
  initContainers?: ContainerInput[];
  serviceAccountName: string;
  /** The Service in front of it: port → targetPort. */
  service?: { name: string; port: number; targetPort: number };
}

function build(parts: Part[], namespace: string | undefined, labelKey: string, common: Record<string, string>, priorityClassName?: string): KubeObject[] {
  return parts.flatMap((p) => {
    const selector = { [labelKey]: p.name };
    const podLabels = { ...common, ...selector };
    const input = { name: p.name, namespace, labels: podLabels, selector, pod: { labels: podLabels, containers: p.containers, initContainers: p.initContainers, serviceAccountName: p.serviceAccountName, priorityClassName } };
    const workload = p.kind === 'Deployment' ? deployment({ ...input, replicas: p.replicas ?? 1 }) : daemonSet(input);
    if (!p.service) return [workload];
    const service: KubeObject = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: p.service.name, ...(namespace ? { namespace } : {}), labels: podLabels },
      spec: { selector, ports: [{ port: p.service.port, targetPort: p.service.targetPort, protocol: 'TCP' }] },
    };
    return [workload, service];
  });
}

/** Deployed once everything it made is ready; Deploying with the conditions virt-operator and cdi-operator write meanwhile. */
function deployedStatus(cr: KubeObject, ready: boolean, now: Date, versions: Record<string, string>): Record<string, unknown> {
  const reason = ready ? 'AllComponentsReady' : 'DeploymentInProgress';
  const message = ready ? 'All components are ready.' : `Deploying version ${Object.values(versions)[0]}`;
  return {
    phase: ready ? 'Deployed' : 'Deploying',
    conditions: [
      condition(cr, now, 'Available', ready, reason, message),
      condition(cr, now, 'Progressing', !ready, reason, message),
      condition(cr, now, 'Degraded', false, reason, message),
    ],
    ...versions,
  };
}

const kubevirtImage = (name: string) => `quay.io/kubevirt/${name}:${KUBEVIRT_VERSION}`;

export const kubevirtKind: OperatedKind = {
  name: 'kubevirt',
  gvk: { apiVersion: 'kubevirt.io/v1', kind: 'KubeVirt' },
  crd: 'kubevirts.kubevirt.io',
  children: (cr) =>
    build(
      [
        { kind: 'Deployment', name: 'virt-api', replicas: 2, serviceAccountName: 'kubevirt-apiserver', containers: [{ name: 'virt-api', image: kubevirtImage('virt-api'), ports: [{ name: 'virt-api', containerPort: 8443 }] }], service: { name: 'virt-api', port: 443, targetPort: 8443 } },
        { kind: 'Deployment', name: 'virt-controller', replicas: 2, serviceAccountName: 'kubevirt-controller', containers: [{ name: 'virt-controller', image: kubevirtImage('virt-controller') }] },
        { kind: 'DaemonSet', name: 'virt-handler', serviceAccountName: 'kubevirt-handler', initContainers: [{ name: 'virt-launcher', image: kubevirtImage('virt-launcher') }], containers: [{ name: 'virt-handler', image: kubevirtImage('virt-handler') }] },
        { kind: 'Deployment', name: 'virt-exportproxy', replicas: 2, serviceAccountName: 'kubevirt-exportproxy', containers: [{ name: 'exportproxy', image: kubevirtImage('virt-exportproxy') }], service: { name: 'virt-exportproxy', port: 443, targetPort: 8443 } },
      ],
      cr.metadata.namespace,
      'kubevirt.io',
      { 'app.kubernetes.io/component': 'kubevirt', 'app.kubernetes.io/managed-by': 'virt-operator', 'app.kubernetes.io/version': KUBEVIRT_VERSION },
      'kubevirt-cluster-critical',
    ),
  status: (cr, _owned, ready, now) =>
    deployedStatus(cr, ready, now, { observedKubeVirtVersion: KUBEVIRT_VERSION, observedKubeVirtRegistry: 'quay.io/kubevirt', operatorVersion: KUBEVIRT_VERSION, targetKubeVirtVersion: KUBEVIRT_VERSION, targetKubeVirtRegistry: 'quay.io/kubevirt' }),
};

const cdiImage = (name: string) => `quay.io/kubevirt/${name}:${CDI_VERSION}`;

export const cdiKind: OperatedKind = {
  name: 'cdi',
  gvk: { apiVersion: 'cdi.kubevirt.io/v1beta1', kind: 'CDI' },
  crd: 'cdis.cdi.kubevirt.io',
  clusterScoped: true,
  noStatusSubresource: true,
  children: () =>
    build(
      [
        { kind: 'Deployment', name: 'cdi-apiserver', serviceAccountName: 'cdi-apiserver', containers: [{ name: 'cdi-apiserver', image: cdiImage('cdi-apiserver') }], service: { name: 'cdi-api', port: 443, targetPort: 8443 } },
        { kind: 'Deployment', name: 'cdi-deployment', serviceAccountName: 'cdi-sa', containers: [{ name: 'cdi-controller', image: cdiImage('cdi-controller') }] },
        { kind: 'Deployment', name: 'cdi-uploadproxy', serviceAccountName: 'cdi-uploadproxy', containers: [{ name: 'cdi-uploadproxy', image: cdiImage('cdi-uploadproxy') }], service: { name: 'cdi-uploadproxy', port: 443, targetPort: 8443 } },
      ],
      CDI_NAMESPACE,
      'cdi.kubevirt.io',
      { app: 'containerized-data-importer', 'app.kubernetes.io/component': 'storage', 'app.kubernetes.io/managed-by': 'cdi-operator', 'app.kubernetes.io/version': CDI_VERSION },
    ),
  status: (cr, _owned, ready, now) => deployedStatus(cr, ready, now, { observedVersion: CDI_VERSION, operatorVersion: CDI_VERSION, targetVersion: CDI_VERSION }),
};

export function startKubevirtOperators(deps: OperatorDeps): Stoppable[] {
  return [startWorkloadOperator(deps, kubevirtKind), startWorkloadOperator(deps, cdiKind)];
}
