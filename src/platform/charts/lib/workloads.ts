// Builders for the objects a chart's templates produce, so every chart renders the same
// well-formed Deployments, DaemonSets, StatefulSets, Services and ServiceAccounts.

import type { KubeObject } from '../../../machinery/object.ts';

export interface ContainerPort {
  name?: string;
  containerPort: number;
  protocol?: 'TCP' | 'UDP' | 'SCTP';
}

export interface ContainerInput {
  name: string;
  image: string;
  args?: string[];
  command?: string[];
  env?: Array<{ name: string; value: string }>;
  ports?: ContainerPort[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  imagePullPolicy?: 'Always' | 'IfNotPresent' | 'Never';
}

export interface PodInput {
  labels: Record<string, string>;
  annotations?: Record<string, string>;
  containers: ContainerInput[];
  initContainers?: ContainerInput[];
  serviceAccountName?: string;
  hostNetwork?: boolean;
  priorityClassName?: string;
  nodeSelector?: Record<string, string>;
  tolerations?: Array<Record<string, unknown>>;
  affinity?: Record<string, unknown>;
}

export interface ObjectMetaInput {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

function meta(input: ObjectMetaInput): KubeObject['metadata'] {
  const m: KubeObject['metadata'] = { name: input.name };
  if (input.namespace) m.namespace = input.namespace;
  if (input.labels && Object.keys(input.labels).length) m.labels = { ...input.labels };
  if (input.annotations && Object.keys(input.annotations).length) m.annotations = { ...input.annotations };
  return m;
}

export function container(input: ContainerInput): Record<string, unknown> {
  const c: Record<string, unknown> = { name: input.name, image: input.image, imagePullPolicy: input.imagePullPolicy ?? 'IfNotPresent' };
  if (input.command?.length) c.command = [...input.command];
  if (input.args?.length) c.args = [...input.args];
  if (input.env?.length) c.env = input.env.map((e) => ({ ...e }));
  if (input.ports?.length) c.ports = input.ports.map((p) => ({ ...p, protocol: p.protocol ?? 'TCP' }));
  if (input.resources) c.resources = structuredClone(input.resources);
  return c;
}

export function podTemplate(input: PodInput): Record<string, unknown> {
  const spec: Record<string, unknown> = { containers: input.containers.map(container) };
  if (input.initContainers?.length) spec.initContainers = input.initContainers.map(container);
  if (input.serviceAccountName) spec.serviceAccountName = input.serviceAccountName;
  if (input.hostNetwork) spec.hostNetwork = true;
  if (input.priorityClassName) spec.priorityClassName = input.priorityClassName;
  if (input.nodeSelector) spec.nodeSelector = { ...input.nodeSelector };
  if (input.tolerations?.length) spec.tolerations = input.tolerations.map((t) => ({ ...t }));
  if (input.affinity) spec.affinity = structuredClone(input.affinity);
  const metadata: Record<string, unknown> = { labels: { ...input.labels } };
  if (input.annotations && Object.keys(input.annotations).length) metadata.annotations = { ...input.annotations };
  return { metadata, spec };
}

export interface WorkloadInput extends ObjectMetaInput {
  selector: Record<string, string>;
  pod: PodInput;
}

export function deployment(input: WorkloadInput & { replicas?: number }): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: meta(input),
    spec: { replicas: input.replicas ?? 1, selector: { matchLabels: { ...input.selector } }, template: podTemplate(input.pod) },
  };
}

export function daemonSet(input: WorkloadInput): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: meta(input),
    spec: { selector: { matchLabels: { ...input.selector } }, template: podTemplate(input.pod) },
  };
}

export function statefulSet(input: WorkloadInput & { replicas?: number; serviceName: string; volumeClaimTemplates?: Array<{ name: string; storage: string; storageClassName?: string }> }): KubeObject {
  const spec: Record<string, unknown> = {
    replicas: input.replicas ?? 1,
    serviceName: input.serviceName,
    selector: { matchLabels: { ...input.selector } },
    template: podTemplate(input.pod),
  };
  if (input.volumeClaimTemplates?.length) {
    spec.volumeClaimTemplates = input.volumeClaimTemplates.map((v) => ({
      metadata: { name: v.name },
      spec: {
        accessModes: ['ReadWriteOnce'],
        resources: { requests: { storage: v.storage } },
        ...(v.storageClassName ? { storageClassName: v.storageClassName } : {}),
      },
    }));
  }
  return { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: meta(input), spec };
}

export interface ServicePort {
  name?: string;
  port: number;
  targetPort?: number | string;
  protocol?: 'TCP' | 'UDP' | 'SCTP';
}

export function service(input: ObjectMetaInput & { selector: Record<string, string>; ports: ServicePort[]; type?: 'ClusterIP' | 'NodePort' | 'LoadBalancer'; headless?: boolean }): KubeObject {
  const spec: Record<string, unknown> = {
    type: input.type ?? 'ClusterIP',
    selector: { ...input.selector },
    ports: input.ports.map((p) => ({ ...p, protocol: p.protocol ?? 'TCP', targetPort: p.targetPort ?? p.port })),
  };
  if (input.headless) spec.clusterIP = 'None';
  return { apiVersion: 'v1', kind: 'Service', metadata: meta(input), spec };
}

export function serviceAccount(input: ObjectMetaInput): KubeObject {
  return { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(input) };
}

export function configMap(input: ObjectMetaInput & { data: Record<string, string> }): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta(input), data: { ...input.data } };
}
