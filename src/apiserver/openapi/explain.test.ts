// Drives real `kubectl explain` (1.27 and 1.33) against a throwaway plain-http server that
// serves aggregated discovery and the OpenAPI documents built here.

import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { ALL_VERBS, type ResourceType } from '../resource.ts';
import { openAPIV2Response } from './v2.ts';
import { OpenAPIV3Publisher } from './v3.ts';

function rt(group: string, version: string, kind: string, plural: string, namespaced: boolean, extra: Partial<ResourceType> = {}): ResourceType {
  return {
    group, version, kind, plural, namespaced,
    listKind: `${kind}List`, singular: kind.toLowerCase(), shortNames: [], categories: [], verbs: ALL_VERBS,
    subresources: [], strategicMergePatch: group !== 'apps.cozystack.io', ...extra,
  };
}

const TYPES: ResourceType[] = [
  rt('', 'v1', 'Pod', 'pods', true, { subresources: ['status'] }),
  rt('', 'v1', 'Namespace', 'namespaces', false),
  rt('apps', 'v1', 'Deployment', 'deployments', true),
  rt('apps.cozystack.io', 'v1alpha1', 'Tenant', 'tenants', true, {
    schema: {
      type: 'object',
      description: 'Tenant is a Cozystack tenant.',
      properties: {
        spec: {
          type: 'object',
          description: 'TenantSpec defines the desired state of a tenant.',
          properties: {
            host: { type: 'string', description: 'The DNS name the tenant is served under.' },
            etcd: { type: 'boolean', description: 'Deploy a dedicated etcd.' },
            resourceQuotas: { type: 'object', additionalProperties: { type: 'string' }, description: 'Quotas.' },
          },
        },
      },
    },
  }),
];

function discovery(kind: 'api' | 'apis', version: string): string {
  const groups = new Map<string, ResourceType[]>();
  for (const t of TYPES) if ((t.group === '') === (kind === 'api')) groups.set(t.group, [...(groups.get(t.group) ?? []), t]);
  const items = [...groups].map(([group, types]) => ({
    metadata: group ? { name: group } : {},
    versions: [{
      version: types[0]!.version,
      freshness: 'Current',
      resources: types.map((t) => ({
        resource: t.plural, responseKind: { group: t.group, version: t.version, kind: t.kind }, scope: t.namespaced ? 'Namespaced' : 'Cluster',
        singularResource: t.singular, verbs: t.verbs,
      })),
    }],
  }));
  return JSON.stringify({ kind: 'APIGroupDiscoveryList', apiVersion: `apidiscovery.k8s.io/${version}`, metadata: {}, items });
}

const publisher = new OpenAPIV3Publisher(() => TYPES);
let server: Server;
let port = 0;
const cacheDir = mkdtempSync(join(tmpdir(), 'explain-cache-'));

function serve(): Promise<void> {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    if (path === '/api' || path === '/apis') {
      const version = /v=v2;/.test(req.headers.accept ?? '') ? 'v2' : 'v2beta1';
      res.writeHead(200, { 'Content-Type': `application/json;g=apidiscovery.k8s.io;v=${version};as=APIGroupDiscoveryList` });
      res.end(discovery(path === '/api' ? 'api' : 'apis', version));
    } else if (path === '/openapi/v2') {
      const v2 = openAPIV2Response();
      res.writeHead(200, { 'Content-Type': v2.contentType });
      res.end(v2.body);
    } else if (path === '/openapi/v3') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(publisher.root().body);
    } else if (path.startsWith('/openapi/v3/') && publisher.document(path.slice('/openapi/v3/'.length))) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(publisher.document(path.slice('/openapi/v3/'.length))!.body);
    } else if (path === '/version') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ major: '1', minor: '33', gitVersion: 'v1.33.0' }));
    } else {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404 }));
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    port = (server.address() as { port: number }).port;
    resolve();
  }));
}

function kubectlDir(): string | undefined {
  try {
    const found = execFileSync('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8' }).trim();
    return dirname(realpathSync(found));
  } catch {
    return undefined;
  }
}

function explain(binary: string, args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(binary, ['--server', `http://127.0.0.1:${port}`, '--cache-dir', cacheDir, 'explain', ...args], { timeout: 30_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr });
    });
  });
}

const dir = kubectlDir();

describe('kubectl explain against the published OpenAPI', () => {
  before(serve);
  after(() => {
    server.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  for (const version of ['1.27', '1.33']) {
    const binary = dir ? join(dir, `kubectl.${version}`) : '';
    const skip = !dir || !existsSync(binary) ? `kubectl.${version} not installed` : false;

    test(`${version}: pods.spec.containers lists fields with types and descriptions`, { skip }, async () => {
      const r = await explain(binary, ['pods.spec.containers']);
      assert.equal(r.code, 0, r.out);
      assert.match(r.out, /KIND:\s+Pod/);
      assert.match(r.out, /FIELD: containers <\[\]Container>/);
      assert.match(r.out, /List of containers belonging to the pod/);
      assert.match(r.out, /image\t<string>/);
      assert.match(r.out, /name\t<string> -required-/);
      assert.match(r.out, /resources\t<ResourceRequirements>/);
      assert.match(r.out, /env\t<\[\]EnvVar>/);
    });

    test(`${version}: deployments --recursive walks nested kinds`, { skip }, async () => {
      const r = await explain(binary, ['deployments', '--recursive']);
      assert.equal(r.code, 0, r.out);
      assert.match(r.out, /GROUP:\s+apps/);
      assert.match(r.out, /metadata\t<ObjectMeta>/);
      assert.match(r.out, /creationTimestamp\t<string>/);
      assert.match(r.out, /maxSurge\t<IntOrString>/);
      assert.match(r.out, /limits\t<map\[string\]Quantity>/);
    });

    test(`${version}: a custom kind's spec`, { skip }, async () => {
      const r = await explain(binary, ['tenants.spec']);
      assert.equal(r.code, 0, r.out);
      assert.match(r.out, /GROUP:\s+apps\.cozystack\.io/);
      assert.match(r.out, /TenantSpec defines the desired state of a tenant\./);
      assert.match(r.out, /host\t<string>\n\s+The DNS name the tenant is served under\./);
      assert.match(r.out, /resourceQuotas\t<map\[string\]string>/);
    });
  }
});
