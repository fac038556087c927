// templates/nginx-scrape.yaml: two VMPodScrapes of the controller pods (metrics and the detailed metrics2).

import type { KubeObject } from '../../../../machinery/object.ts';

export function ingressScrapes(namespace: string): KubeObject[] {
  const scrape = (name: string, port: string, extra: Array<Record<string, unknown>>): KubeObject => ({
    apiVersion: 'operator.victoriametrics.com/v1beta1', kind: 'VMPodScrape', metadata: { name },
    spec: {
      jobLabel: 'jobLabel',
      namespaceSelector: { matchNames: [namespace] },
      podMetricsEndpoints: [{
        port, honorLabels: true, interval: '30s',
        relabelConfigs: [
          { replacement: 'nginx-ingress-controller', targetLabel: 'job' },
          { sourceLabels: ['__meta_kubernetes_pod_node_name'], targetLabel: 'node' },
          ...extra,
          { targetLabel: 'tier', replacement: 'cluster' },
        ],
      }],
      selector: { matchLabels: { 'app.kubernetes.io/component': 'controller', 'app.kubernetes.io/name': 'ingress-nginx' } },
    },
  });
  return [
    scrape('nginx-ingress-controller', 'metrics', []),
    scrape('nginx-ingress-controller-detailed', 'metrics2', [{ sourceLabels: ['__meta_kubernetes_pod_label_app_kubernetes_io_name'], targetLabel: 'controller' }]),
  ];
}
