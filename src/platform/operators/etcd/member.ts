// EtcdMember → its data PVC `data-<member>` and its Pod `<member>` (hostname the member, subdomain
// the cluster's headless Service), as the etcd-operator's member controller builds them; the
// member is Ready when its Pod is.

import type { KubeObject } from '../../../machinery/object.ts';
import { condition, type OperatedKind } from '../workload-operator.ts';
import { additionalLabels, ETCD_GROUP_VERSION, ETCD_IMAGE, LABEL_ROLE, memberLabels } from './labels.ts';

function etcdPod(member: KubeObject): KubeObject {
  const spec = (member.spec ?? {}) as Record<string, any>;
  const name = member.metadata.name ?? '';
  const ns = member.metadata.namespace ?? '';
  const cluster = String(spec.clusterName);
  const tls = spec.tls ?? {};
  const clientScheme = tls.clientServerSecretRef ? 'https' : 'http';
  const peerScheme = tls.peerSecretRef ? 'https' : 'http';
  const labels = { ...memberLabels(cluster, name), [LABEL_ROLE]: 'voter', ...additionalLabels(spec) };
  const command = [
    'etcd', `--name=${name}`, '--data-dir=/var/lib/etcd',
    `--listen-peer-urls=${peerScheme}://0.0.0.0:2380`, `--listen-client-urls=${clientScheme}://0.0.0.0:2379`,
    `--advertise-client-urls=${clientScheme}://${name}.${cluster}.${ns}.svc:2379`, `--initial-advertise-peer-urls=${peerScheme}://${name}.${cluster}.${ns}.svc:2380`,
    `--initial-cluster=${String(spec.initialCluster ?? '')}`, `--initial-cluster-token=${String(spec.clusterToken ?? '')}`,
    `--initial-cluster-state=${spec.bootstrap ? 'new' : 'existing'}`, '--listen-metrics-urls=http://0.0.0.0:2381',
  ];
  const volumes: Array<Record<string, unknown>> = [{ name: 'data', persistentVolumeClaim: { claimName: `data-${name}` } }];
  const mounts: Array<Record<string, unknown>> = [{ name: 'data', mountPath: '/var/lib/etcd' }];
  if (tls.clientServerSecretRef) {
    command.push('--cert-file=/etc/etcd/tls/client/tls.crt', '--key-file=/etc/etcd/tls/client/tls.key');
    if (tls.clientMTLS) command.push('--client-cert-auth=true', '--trusted-ca-file=/etc/etcd/tls/client/ca.crt');
    volumes.push({ name: 'tls-client', secret: { secretName: tls.clientServerSecretRef.name } });
    mounts.push({ name: 'tls-client', mountPath: '/etc/etcd/tls/client', readOnly: true });
  }
  if (tls.peerSecretRef) {
    command.push('--peer-cert-file=/etc/etcd/tls/peer/tls.crt', '--peer-key-file=/etc/etcd/tls/peer/tls.key', '--peer-trusted-ca-file=/etc/etcd/tls/peer/ca.crt', '--peer-client-cert-auth=true');
    volumes.push({ name: 'tls-peer', secret: { secretName: tls.peerSecretRef.name } });
    mounts.push({ name: 'tls-peer', mountPath: '/etc/etcd/tls/peer', readOnly: true });
  }
  const container: Record<string, unknown> = {
    name: 'etcd', image: `${ETCD_IMAGE}:v${String(spec.version)}`, command,
    ports: [{ name: 'client', containerPort: 2379, protocol: 'TCP' }, { name: 'peer', containerPort: 2380, protocol: 'TCP' }, { name: 'metrics', containerPort: 2381, protocol: 'TCP' }],
    volumeMounts: mounts,
    livenessProbe: { tcpSocket: { port: 2380 }, initialDelaySeconds: 15, periodSeconds: 10, failureThreshold: 3 },
    readinessProbe: { httpGet: { path: '/health', port: 2381 }, initialDelaySeconds: 5, periodSeconds: 5, failureThreshold: 3 },
  };
  if (spec.resources && Object.keys(spec.resources).length) container.resources = spec.resources;
  const podSpec: Record<string, unknown> = {
    hostname: name, subdomain: cluster, automountServiceAccountToken: false,
    securityContext: { runAsNonRoot: true, runAsUser: 65532, runAsGroup: 65532, fsGroup: 65532, seccompProfile: { type: 'RuntimeDefault' } },
    containers: [container], volumes,
  };
  if (spec.topologySpreadConstraints) podSpec.topologySpreadConstraints = spec.topologySpreadConstraints;
  if (spec.affinity) podSpec.affinity = spec.affinity;
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels }, spec: podSpec };
}

function dataClaim(member: KubeObject): KubeObject {
  const spec = (member.spec ?? {}) as Record<string, any>;
  const name = member.metadata.name ?? '';
  const storage = spec.storage ?? {};
  const claim: Record<string, unknown> = { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: String(storage.size ?? '4Gi') } } };
  if (storage.storageClassName) claim.storageClassName = storage.storageClassName;
  return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: `data-${name}`, labels: { ...memberLabels(String(spec.clusterName), name), ...additionalLabels(spec) } }, spec: claim };
}

export const etcdMemberKind: OperatedKind = {
  name: 'etcdmember',
  gvk: { apiVersion: ETCD_GROUP_VERSION, kind: 'EtcdMember' },
  crd: 'etcdmembers.etcd-operator.cozystack.io',
  children: (member) => [dataClaim(member), etcdPod(member)],
  status(member, owned, _ready, now) {
    const pod = owned.find((o) => o.kind === 'Pod');
    const podReady = ((pod?.status as { conditions?: Array<{ type: string; status: string }> } | undefined)?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
    const name = member.metadata.name ?? '';
    return {
      podName: name, podUID: pod?.metadata.uid ?? '', isVoter: true, pvcName: `data-${name}`, version: podReady ? String((member.spec as Record<string, unknown>).version) : '',
      conditions: [podReady ? condition(member, now, 'Ready', true, 'PodReady', 'etcd member pod is ready') : condition(member, now, 'Ready', false, 'PodNotReady', `pod ${name} is not ready`)],
    };
  },
};
