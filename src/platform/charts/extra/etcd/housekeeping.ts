// The etcd module's upkeep objects: the hourly defrag CronJob, the VMPodScrape of the members'
// metrics port, and the VPA over the EtcdCluster's scale subresource (Initial mode, bounds as requests).

import type { KubeObject } from '../../../../machinery/object.ts';
import type { ReleaseContext, Values } from '../../chart.ts';
import { sanitizeResources } from '../../lib/index.ts';

export function etcdHousekeeping(values: Values, release: ReleaseContext): KubeObject[] {
  const name = release.name;
  const ns = release.namespace;
  const defrag: KubeObject = {
    apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: `${name}-defrag` },
    spec: {
      schedule: '0 * * * *', concurrencyPolicy: 'Forbid', startingDeadlineSeconds: 300, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1,
      jobTemplate: { spec: { activeDeadlineSeconds: 1800, backoffLimit: 2, template: { spec: {
        securityContext: { runAsNonRoot: true, runAsUser: 1001, seccompProfile: { type: 'RuntimeDefault' } },
        containers: [{
          name: 'etcd-defrag', image: 'ghcr.io/ahrtr/etcd-defrag:v0.13.0',
          securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
          resources: { requests: { cpu: '200m', memory: '256Mi' }, limits: { cpu: '500m', memory: '512Mi' } },
          args: [`--endpoints=https://${name}.${ns}.svc:2379`, '--cacert=/etc/etcd/pki/client/cert/ca.crt', '--cert=/etc/etcd/pki/client/cert/tls.crt',
            '--key=/etc/etcd/pki/client/cert/tls.key', '--cluster', '--defrag-rule', 'dbQuotaUsage > 0.8 || dbSize - dbSizeInUse > 200*1024*1024'],
          volumeMounts: [{ mountPath: '/etc/etcd/pki/client/cert', name: 'client-certificate', readOnly: true }],
        }],
        volumes: [{ name: 'client-certificate', secret: { secretName: `${name}-client-tls` } }],
        restartPolicy: 'OnFailure',
      } } } },
    },
  };
  const scrape: KubeObject = {
    apiVersion: 'operator.victoriametrics.com/v1beta1', kind: 'VMPodScrape', metadata: { name: 'etcd-pod-scrape' },
    spec: { podMetricsEndpoints: [{ port: 'metrics', scheme: 'http' }], selector: { matchLabels: { 'app.kubernetes.io/name': 'etcd' } } },
  };
  const vpa: KubeObject = {
    apiVersion: 'autoscaling.k8s.io/v1', kind: 'VerticalPodAutoscaler', metadata: { name: 'etcd' },
    spec: {
      targetRef: { apiVersion: 'etcd-operator.cozystack.io/v1alpha2', kind: 'EtcdCluster', name: 'etcd' },
      updatePolicy: { updateMode: 'Initial' },
      resourcePolicy: { containerPolicies: [{
        containerName: 'etcd',
        minAllowed: sanitizeResources({ cpu: '250m', memory: '256Mi' }, values).requests,
        maxAllowed: sanitizeResources({ cpu: '5000m', memory: '8Gi' }, values).requests,
      }] },
    },
  };
  return [defrag, scrape, vpa];
}
