// The VictoriaMetrics operator's custom resources as the workloads it runs for them, with the
// operator's names: VMCluster `<n>` → vmstorage-<n> / vmselect-<n> (StatefulSets) and vminsert-<n>;
// VMAgent, VMAlert → `vmagent-<n>`, `vmalert-<n>`; VMAlertmanager → StatefulSet `vmalertmanager-<n>`;
// VLCluster `<n>` → vlstorage-<n> (StatefulSet), vlselect-<n>, vlinsert-<n>. Each gets its Service.

import type { KubeObject } from '../../../machinery/object.ts';
import type { OperatedKind } from '../workload-operator.ts';

const VM_VERSION = 'v1.122.0';
const VL_VERSION = 'v1.26.0';

interface Component {
  kind: 'Deployment' | 'StatefulSet';
  name: string;
  app: string;
  instance: string;
  image: string;
  replicas: number;
  port: number;
  storage?: string;
  storageClassName?: string;
  extraLabels?: Record<string, string>;
  resources?: Record<string, unknown>;
}

function workload(c: Component): KubeObject[] {
  const selector = { 'app.kubernetes.io/name': c.app, 'app.kubernetes.io/instance': c.instance, 'app.kubernetes.io/component': 'monitoring', 'managed-by': 'vm-operator' };
  const labels = { ...selector, ...(c.extraLabels ?? {}) };
  const container: Record<string, unknown> = { name: c.app, image: c.image, ports: [{ name: 'http', containerPort: c.port, protocol: 'TCP' }],
    resources: c.resources && Object.keys(c.resources).length ? c.resources : { requests: { cpu: '10m', memory: '32Mi' } } };
  const template = { metadata: { labels }, spec: { containers: [container] } };
  const spec: Record<string, unknown> = { replicas: c.replicas, selector: { matchLabels: selector }, template };
  if (c.kind === 'StatefulSet') {
    spec.serviceName = c.name;
    if (c.storage) {
      const claim: Record<string, unknown> = { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: c.storage } } };
      if (c.storageClassName) claim.storageClassName = c.storageClassName;
      spec.volumeClaimTemplates = [{ metadata: { name: `${c.app}-db` }, spec: claim }];
    }
  }
  const svcSpec: Record<string, unknown> = { selector, ports: [{ name: 'http', port: c.port, targetPort: c.port, protocol: 'TCP' }] };
  if (c.kind === 'StatefulSet') svcSpec.clusterIP = 'None';
  return [
    { apiVersion: 'apps/v1', kind: c.kind, metadata: { name: c.name, labels }, spec },
    { apiVersion: 'v1', kind: 'Service', metadata: { name: c.name, labels }, spec: svcSpec },
  ];
}

type Rec = Record<string, any>;
const specOf = (cr: KubeObject): Rec => (cr.spec ?? {}) as Rec;
const replicasOf = (part: Rec | undefined, fallback: number): number => (typeof part?.replicaCount === 'number' ? part.replicaCount : fallback);
const claimOf = (part: Rec | undefined): { storage?: string; storageClassName?: string } => {
  const spec = part?.storage?.volumeClaimTemplate?.spec ?? {};
  return { storage: spec.resources?.requests?.storage, storageClassName: spec.storageClassName };
};
const managed = (cr: KubeObject): Record<string, string> => (specOf(cr).managedMetadata?.labels ?? {}) as Record<string, string>;

/** `updateStatus` as the operator writes it: operational once every workload is ready, expanding before. */
function vmStatus(cr: KubeObject, ready: boolean): Record<string, unknown> {
  return { observedGeneration: cr.metadata.generation, updateStatus: ready ? 'operational' : 'expanding', reason: ready ? '' : 'waiting for components to become ready' };
}

const group = 'operator.victoriametrics.com';

export const victoriaMetricsKinds: OperatedKind[] = [
  {
    name: 'vmcluster', gvk: { apiVersion: `${group}/v1beta1`, kind: 'VMCluster' }, crd: `vmclusters.${group}`,
    children(cr) {
      const n = cr.metadata.name ?? '';
      const s = specOf(cr);
      const extraLabels = managed(cr);
      return [
        ...workload({ kind: 'StatefulSet', name: `vmstorage-${n}`, app: 'vmstorage', instance: n, image: `victoriametrics/vmstorage:${VM_VERSION}-cluster`, replicas: replicasOf(s.vmstorage, 1), port: 8482, ...claimOf(s.vmstorage), extraLabels, resources: s.vmstorage?.resources }),
        ...workload({ kind: 'StatefulSet', name: `vmselect-${n}`, app: 'vmselect', instance: n, image: `victoriametrics/vmselect:${VM_VERSION}-cluster`, replicas: replicasOf(s.vmselect, 1), port: 8481, ...claimOf(s.vmselect), extraLabels, resources: s.vmselect?.resources }),
        ...workload({ kind: 'Deployment', name: `vminsert-${n}`, app: 'vminsert', instance: n, image: `victoriametrics/vminsert:${VM_VERSION}-cluster`, replicas: replicasOf(s.vminsert, 1), port: 8480, extraLabels, resources: s.vminsert?.resources }),
      ];
    },
    status: (cr, _owned, ready) => vmStatus(cr, ready),
  },
  {
    name: 'vmagent', gvk: { apiVersion: `${group}/v1beta1`, kind: 'VMAgent' }, crd: `vmagents.${group}`,
    children: (cr) => workload({ kind: 'Deployment', name: `vmagent-${cr.metadata.name}`, app: 'vmagent', instance: cr.metadata.name ?? '', image: `victoriametrics/vmagent:${VM_VERSION}`, replicas: replicasOf(specOf(cr), 1), port: 8429 }),
    status: (cr, _owned, ready) => vmStatus(cr, ready),
  },
  {
    name: 'vmalert', gvk: { apiVersion: `${group}/v1beta1`, kind: 'VMAlert' }, crd: `vmalerts.${group}`,
    children: (cr) => workload({ kind: 'Deployment', name: `vmalert-${cr.metadata.name}`, app: 'vmalert', instance: cr.metadata.name ?? '', image: `victoriametrics/vmalert:${VM_VERSION}`, replicas: replicasOf(specOf(cr), 1), port: 8080 }),
    status: (cr, _owned, ready) => vmStatus(cr, ready),
  },
  {
    name: 'vmalertmanager', gvk: { apiVersion: `${group}/v1beta1`, kind: 'VMAlertmanager' }, crd: `vmalertmanagers.${group}`,
    children: (cr) => workload({ kind: 'StatefulSet', name: `vmalertmanager-${cr.metadata.name}`, app: 'vmalertmanager', instance: cr.metadata.name ?? '', image: 'quay.io/prometheus/alertmanager:v0.28.1', replicas: replicasOf(specOf(cr), 1), port: 9093 }),
    status: (cr, _owned, ready) => vmStatus(cr, ready),
  },
  {
    name: 'vlcluster', gvk: { apiVersion: `${group}/v1`, kind: 'VLCluster' }, crd: `vlclusters.${group}`,
    children(cr) {
      const n = cr.metadata.name ?? '';
      const s = specOf(cr);
      return [
        ...workload({ kind: 'StatefulSet', name: `vlstorage-${n}`, app: 'vlstorage', instance: n, image: `victoriametrics/victoria-logs:${VL_VERSION}`, replicas: replicasOf(s.vlstorage, 1), port: 9491, ...claimOf(s.vlstorage) }),
        ...workload({ kind: 'Deployment', name: `vlselect-${n}`, app: 'vlselect', instance: n, image: `victoriametrics/victoria-logs:${VL_VERSION}`, replicas: replicasOf(s.vlselect, 1), port: 9471 }),
        ...workload({ kind: 'Deployment', name: `vlinsert-${n}`, app: 'vlinsert', instance: n, image: `victoriametrics/victoria-logs:${VL_VERSION}`, replicas: replicasOf(s.vlinsert, 1), port: 9481 }),
      ];
    },
    status: (cr, _owned, ready) => vmStatus(cr, ready),
  },
];
