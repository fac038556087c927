// CoreDNS as Talos deploys it into kube-system when it bootstraps Kubernetes (its bootstrap
// manifests): the ServiceAccount, RBAC, the Corefile, two replicas labelled k8s-app=kube-dns, and
// the kube-dns Service on the tenth address of the Service range, where kubelets point pods' DNS.

import type { KubeObject } from '../../machinery/object.ts';

/** The CoreDNS image of Talos 1.10. */
export const COREDNS_IMAGE = 'registry.k8s.io/coredns/coredns:v1.12.1';

export interface CoreDNSOptions {
  /** cluster.local on a plain cluster; Cozystack's Talos configuration sets cozy.local. */
  clusterDomain: string;
  /** The kube-dns Service's ClusterIP (the Service range's tenth address). */
  dnsServiceIP: string;
}

const LABELS = { 'k8s-app': 'kube-dns', 'kubernetes.io/name': 'CoreDNS' };

function corefile(clusterDomain: string): string {
  return `.:53 {
    errors
    health {
        lameduck 5s
    }
    ready
    log . {
        class error
    }
    prometheus :9153
    kubernetes ${clusterDomain} in-addr.arpa ip6.arpa {
        pods insecure
        fallthrough in-addr.arpa ip6.arpa
        ttl 30
    }
    forward . /etc/resolv.conf {
       max_concurrent 1000
    }
    cache 30 {
        disable success ${clusterDomain}
        disable denial ${clusterDomain}
    }
    loop
    reload
    loadbalance
}
`;
}

/** The objects, in the order Talos applies them. */
export function coreDNSManifests(opts: CoreDNSOptions): KubeObject[] {
  const ns = 'kube-system';
  return [
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'coredns', namespace: ns } },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: 'system:coredns' },
      rules: [
        { apiGroups: [''], resources: ['endpoints', 'services', 'pods', 'namespaces'], verbs: ['list', 'watch'] },
        { apiGroups: ['discovery.k8s.io'], resources: ['endpointslices'], verbs: ['list', 'watch'] },
      ],
    } as KubeObject,
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: 'system:coredns' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'system:coredns' },
      subjects: [{ kind: 'ServiceAccount', name: 'coredns', namespace: ns }],
    } as KubeObject,
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'coredns', namespace: ns }, data: { Corefile: corefile(opts.clusterDomain) } } as KubeObject,
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'coredns', namespace: ns, labels: LABELS },
      spec: {
        replicas: 2,
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
        selector: { matchLabels: { 'k8s-app': 'kube-dns' } },
        template: {
          metadata: { labels: LABELS },
          spec: {
            priorityClassName: 'system-cluster-critical',
            serviceAccountName: 'coredns',
            affinity: {
              podAntiAffinity: {
                preferredDuringSchedulingIgnoredDuringExecution: [
                  { weight: 100, podAffinityTerm: { labelSelector: { matchExpressions: [{ key: 'k8s-app', operator: 'In', values: ['kube-dns'] }] }, topologyKey: 'kubernetes.io/hostname' } },
                ],
              },
            },
            tolerations: [
              { key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' },
              { key: 'CriticalAddonsOnly', operator: 'Exists' },
            ],
            nodeSelector: { 'kubernetes.io/os': 'linux' },
            containers: [
              {
                name: 'coredns',
                image: COREDNS_IMAGE,
                imagePullPolicy: 'IfNotPresent',
                resources: { limits: { memory: '170Mi' }, requests: { cpu: '100m', memory: '70Mi' } },
                args: ['-conf', '/etc/coredns/Corefile'],
                volumeMounts: [{ name: 'config-volume', mountPath: '/etc/coredns', readOnly: true }],
                ports: [
                  { name: 'dns', containerPort: 53, protocol: 'UDP' },
                  { name: 'dns-tcp', containerPort: 53, protocol: 'TCP' },
                  { name: 'metrics', containerPort: 9153, protocol: 'TCP' },
                ],
                securityContext: { allowPrivilegeEscalation: false, capabilities: { add: ['NET_BIND_SERVICE'], drop: ['all'] }, readOnlyRootFilesystem: true },
                livenessProbe: { httpGet: { path: '/health', port: 8080, scheme: 'HTTP' }, initialDelaySeconds: 60, timeoutSeconds: 5, successThreshold: 1, failureThreshold: 5 },
                readinessProbe: { httpGet: { path: '/ready', port: 8181, scheme: 'HTTP' } },
              },
            ],
            dnsPolicy: 'Default',
            volumes: [{ name: 'config-volume', configMap: { name: 'coredns', items: [{ key: 'Corefile', path: 'Corefile' }] } }],
          },
        },
      },
    } as KubeObject,
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: {
        name: 'kube-dns',
        namespace: ns,
        labels: { ...LABELS, 'kubernetes.io/cluster-service': 'true' },
        annotations: { 'prometheus.io/port': '9153', 'prometheus.io/scrape': 'true' },
      },
      spec: {
        selector: { 'k8s-app': 'kube-dns' },
        clusterIP: opts.dnsServiceIP,
        ports: [
          { name: 'dns', port: 53, protocol: 'UDP', targetPort: 53 },
          { name: 'dns-tcp', port: 53, protocol: 'TCP', targetPort: 53 },
          { name: 'metrics', port: 9153, protocol: 'TCP', targetPort: 9153 },
        ],
      },
    } as KubeObject,
  ];
}
