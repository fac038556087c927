import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stringify } from 'yaml';
import { plainYaml } from './plain-yaml.ts';

const library = (o: unknown) => stringify(o, { lineWidth: 0 });

test('plainYaml writes what yaml.stringify writes, for the shapes Kubernetes objects have', () => {
  const objects = [
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', labels: { 'app.kubernetes.io/name': 'web' }, annotations: {} },
      spec: {
        replicas: 2,
        paused: false,
        selector: { matchLabels: { app: 'web' } },
        template: { spec: { containers: [{ name: 'c', image: 'ghcr.io/x/web:v1.2.3', args: ['--port=8080', '-v'], resources: { limits: { memory: '128Mi', cpu: '100m' } }, env: [] }], volumes: [{}] } },
      },
    },
    { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{ port: 443, targetPort: -1 }], clusterIP: null } },
    { kind: 'X', spec: { jsonPath: '.status.phase', version: '1.15.10', date: '2025-01-01', size: '10Gi', url: 'http://a.b/c', words: 'Ready (for now)', path: '/var/lib/x' } },
  ];
  for (const o of objects) assert.equal(plainYaml(o), library(o));
});

test('plainYaml declines what needs quoting, blocks or number formatting, so the library writes it', () => {
  for (const value of ['1', '1.0', '1e3', '0x1f', '12:30', '.inf', 'yes', 'No', 'null', '~', 'y', '', 'a: b', 'a #b', "it's", 'say "hi"', 'a\nb', 'a ', ' a', '[x]', '{x}', '*a', '&a', '!a', '%a', '@a', '`a', '-', '-1', 'a:', 0.5, 1e21, -0]) {
    assert.equal(plainYaml({ x: value }), undefined, JSON.stringify(value));
  }
  assert.equal(plainYaml({ x: [['nested']] }), undefined);
  assert.equal(plainYaml({ x: undefined }), undefined);
  assert.equal(plainYaml({}), undefined);
});
