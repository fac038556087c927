import assert from 'node:assert/strict';
import { test } from 'node:test';
import { monitoringStack } from '../../system/components/monitoring-stack.ts';
import { find, release, renderModule } from '../test-render.ts';
import { monitoringChart } from './index.ts';

test('monitoring hands its values to monitoring-system, which renders the VictoriaMetrics stack, Grafana and Alerta', () => {
  const objects = renderModule(monitoringChart, 'tenant-foo');
  const hr = find(objects, 'HelmRelease', 'monitoring-system');
  const spec = hr.spec as any;
  assert.equal(spec.chartRef.name, 'cozystack-monitoring-application-default-monitoring-system');
  assert.equal(spec.timeout, '15m');
  assert.equal(spec.values.metricsStorages.length, 2);
  for (const name of ['shortterm-vmstorage', 'longterm-vminsert', 'vmalert-shortterm', 'generic-vlstorage']) find(objects, 'WorkloadMonitor', name);
  const stack = monitoringStack({ values: spec.values, release: release('monitoring-system', 'tenant-foo'), namespace: 'tenant-foo', labels: {} });
  for (const [kind, name] of [['VMCluster', 'shortterm'], ['VMCluster', 'longterm'], ['VMAlert', 'vmalert-shortterm'], ['VMAlertmanager', 'alertmanager'], ['VLCluster', 'generic'],
    ['VMAgent', 'vmagent'], ['Grafana', 'grafana'], ['Cluster', 'grafana-db'], ['Cluster', 'alerta-db'], ['Deployment', 'alerta'], ['Service', 'alerta'], ['Ingress', 'alerta'], ['Secret', 'grafana-admin-password']] as const) {
    find(stack, kind, name);
  }
  assert.equal(((find(stack, 'VMCluster', 'shortterm').spec as any).vmstorage.storage.volumeClaimTemplate.spec.resources.requests.storage), '10Gi');
  assert.equal((find(stack, 'Ingress', 'alerta').spec as any).rules[0].host, 'alerta.foo.example.org');
  assert.ok(!stack.some((o) => /prometheus|loki|elasticsearch/i.test(`${o.apiVersion}/${o.kind}`)));
});

test('monitoring options: one metrics storage of 50Gi and a custom host', () => {
  const objects = renderModule(monitoringChart, 'tenant-foo', { host: 'mon.example.com', metricsStorages: [{ name: 'only', retentionPeriod: '7d', deduplicationInterval: '30s', storage: '50Gi' }] });
  const values = (find(objects, 'HelmRelease', 'monitoring-system').spec as any).values;
  const stack = monitoringStack({ values, release: release('monitoring-system', 'tenant-foo'), namespace: 'tenant-foo', labels: {} });
  assert.equal(stack.filter((o) => o.kind === 'VMCluster').length, 1);
  assert.equal((find(stack, 'VMCluster', 'only').spec as any).vmstorage.storage.volumeClaimTemplate.spec.resources.requests.storage, '50Gi');
  assert.equal((find(stack, 'Grafana', 'grafana').spec as any).config.server.root_url, 'https://grafana.mon.example.com');
  find(objects, 'WorkloadMonitor', 'vmalert-only');
});
