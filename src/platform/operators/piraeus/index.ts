// piraeus-operator v2: the LinstorCluster (cluster-scoped) becomes, in the operator's namespace
// (cozy-linstor), the LINSTOR controller and its Service, the CSI controller and node plugin, the
// HA controller, and a satellite DaemonSet pinned to each node (`linstor-satellite.<node>`) whose
// image the LinstorSatelliteConfigurations may override, as Cozystack's does.

import type { KubeObject } from '../../../machinery/object.ts';
import { daemonSet, deployment, type ContainerInput } from '../../charts/lib/workloads.ts';
import { COZYSTACK_VERSION } from '../../version.ts';
import { condition, startWorkloadOperator, type OperatedKind, type OperatorDeps, type Stoppable } from '../workload-operator.ts';

export const PIRAEUS_NAMESPACE = 'cozy-linstor';
const SIG_STORAGE = 'registry.k8s.io/sig-storage';
const CSI_IMAGE = 'quay.io/piraeusdatastore/piraeus-csi:v1.8.0';

function labels(component: string, cr: KubeObject): Record<string, string> {
  return { 'app.kubernetes.io/component': component, 'app.kubernetes.io/instance': cr.metadata.name ?? '', 'app.kubernetes.io/name': 'piraeus-datastore' };
}

function workload(kind: 'Deployment' | 'DaemonSet', name: string, cr: KubeObject, containers: ContainerInput[], extra: { serviceAccountName?: string; nodeSelector?: Record<string, string>; initContainers?: ContainerInput[] } = {}): KubeObject {
  const selector = labels(name, cr);
  const input = { name, namespace: PIRAEUS_NAMESPACE, labels: selector, selector, pod: { labels: selector, containers, ...extra } };
  return kind === 'Deployment' ? deployment(input) : daemonSet(input);
}

function linstorClusterChildren(cr: KubeObject, nodes: string[]): KubeObject[] {
  const repository = String((cr.spec as { repository?: string } | undefined)?.repository || 'quay.io/piraeusdatastore');
  const server = `${repository}/piraeus-server:${COZYSTACK_VERSION}`;
  const small = { requests: { cpu: '5m', memory: '16Mi' } };
  return [
    workload('Deployment', 'linstor-controller', cr, [{ name: 'linstor-controller', image: server, args: ['startController'], ports: [{ name: 'api', containerPort: 3370 }] }], { serviceAccountName: 'linstor-controller' }),
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'linstor-controller', namespace: PIRAEUS_NAMESPACE, labels: labels('linstor-controller', cr) },
      spec: { selector: labels('linstor-controller', cr), ports: [{ name: 'api', port: 3370, targetPort: 'api', protocol: 'TCP' }] },
    },
    workload('Deployment', 'linstor-csi-controller', cr, [
      { name: 'csi-attacher', image: `${SIG_STORAGE}/csi-attacher:v4.8.1`, resources: small },
      { name: 'csi-livenessprobe', image: `${SIG_STORAGE}/livenessprobe:v2.15.0`, resources: small },
      { name: 'csi-provisioner', image: `${SIG_STORAGE}/csi-provisioner:v5.2.0`, resources: small },
      { name: 'csi-resizer', image: `${SIG_STORAGE}/csi-resizer:v1.13.2`, resources: small },
      { name: 'csi-snapshotter', image: `${SIG_STORAGE}/csi-snapshotter:v8.2.1`, resources: small },
      { name: 'linstor-csi', image: CSI_IMAGE },
    ], { serviceAccountName: 'linstor-csi-controller' }),
    workload('DaemonSet', 'linstor-csi-node', cr, [
      { name: 'csi-livenessprobe', image: `${SIG_STORAGE}/livenessprobe:v2.15.0`, resources: small },
      { name: 'csi-node-driver-registrar', image: `${SIG_STORAGE}/csi-node-driver-registrar:v2.13.0`, resources: small },
      { name: 'linstor-csi', image: CSI_IMAGE },
    ], { serviceAccountName: 'linstor-csi-node' }),
    workload('DaemonSet', 'ha-controller', cr, [{ name: 'ha-controller', image: 'quay.io/piraeusdatastore/piraeus-ha-controller:v1.3.0' }], { serviceAccountName: 'ha-controller' }),
    ...nodes.map((node) =>
      workload('DaemonSet', `linstor-satellite.${node}`, cr, [{ name: 'linstor-satellite', image: server, args: ['startSatellite'], ports: [{ name: 'linstor', containerPort: 3366 }] }], {
        serviceAccountName: 'linstor-satellite',
        nodeSelector: { 'kubernetes.io/hostname': node },
        initContainers: [{ name: 'drbd-module-loader', image: 'quay.io/piraeusdatastore/drbd9-jammy:v9.2.13' }],
      }),
    ),
  ];
}

export const linstorClusterKind: OperatedKind = {
  name: 'linstorcluster',
  gvk: { apiVersion: 'piraeus.io/v1', kind: 'LinstorCluster' },
  crd: 'linstorclusters.piraeus.io',
  clusterScoped: true,
  perNode: true,
  children: linstorClusterChildren,
  status: (cr, _owned, ready, now) => ({
    conditions: [
      condition(cr, now, 'Applied', true, 'AsExpected', 'Resources applied'),
      condition(cr, now, 'Available', ready, ready ? 'AsExpected' : 'ControllerNotReady',
        ready ? `Controller 1.31.3 reachable at 'http://linstor-controller.${PIRAEUS_NAMESPACE}.svc:3370'` : 'Waiting for the LINSTOR controller and satellites to become ready'),
      condition(cr, now, 'Configured', ready, ready ? 'AsExpected' : 'ControllerNotReady', ready ? 'Properties applied' : 'Waiting for the LINSTOR controller'),
    ],
  }),
};

export function startPiraeusOperator(deps: OperatorDeps): Stoppable[] {
  return [startWorkloadOperator(deps, linstorClusterKind)];
}
