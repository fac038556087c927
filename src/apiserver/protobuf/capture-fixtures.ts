// Throwaway capture of the protobuf bodies real kubectl 1.32/1.33 POSTs, saved as golden
// fixtures for decode.test.ts. Run: node --import tsx src/apiserver/protobuf/capture-fixtures.ts
// It serves just enough of an API server on 127.0.0.1 (version, aggregated discovery, an empty
// OpenAPI v3, a node, a pod list, a cronjob, a deployment and a CertificateSigningRequest) and
// echoes every POST and PUT body back; the last protobuf body a command sends (POST, PUT for
// certificate approve|deny, or DELETE for drain's DeleteOptions) becomes its fixture.
// CAPTURE_ONLY=name1,name2 captures just those commands and leaves the other fixtures alone.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSR, fixtureCommands } from './capture-commands.ts';

const FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const DISCOVERY_TYPE = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
const PROTOBUF = 'application/vnd.kubernetes.protobuf';

type Subresource = [sub: string, kind: string, group?: string, verbs?: string[]];
type Resource = [plural: string, kind: string, namespaced: boolean, subresources?: Subresource[]];
const GROUPS: [group: string, version: string, Resource[]][] = [
  ['', 'v1', [
    ['namespaces', 'Namespace', false], ['nodes', 'Node', false], ['configmaps', 'ConfigMap', true],
    ['secrets', 'Secret', true], ['services', 'Service', true], ['resourcequotas', 'ResourceQuota', true],
    ['serviceaccounts', 'ServiceAccount', true, [['token', 'TokenRequest', 'authentication.k8s.io']]],
    ['pods', 'Pod', true, [['eviction', 'Eviction', 'policy'], ['log', 'Pod'], ['ephemeralcontainers', 'Pod']]],
  ]],
  ['apps', 'v1', [
    // kubectl autoscale refuses a kind whose scale subresource is not in discovery.
    ['deployments', 'Deployment', true, [['scale', 'Scale', 'autoscaling']]], ['replicasets', 'ReplicaSet', true],
    ['daemonsets', 'DaemonSet', true],
  ]],
  ['batch', 'v1', [['jobs', 'Job', true], ['cronjobs', 'CronJob', true]]],
  ['rbac.authorization.k8s.io', 'v1', [
    ['roles', 'Role', true], ['clusterroles', 'ClusterRole', false],
    ['rolebindings', 'RoleBinding', true], ['clusterrolebindings', 'ClusterRoleBinding', false],
  ]],
  ['authorization.k8s.io', 'v1', [
    ['selfsubjectaccessreviews', 'SelfSubjectAccessReview', false], ['selfsubjectrulesreviews', 'SelfSubjectRulesReview', false],
    ['subjectaccessreviews', 'SubjectAccessReview', false],
  ]],
  ['authentication.k8s.io', 'v1', [['selfsubjectreviews', 'SelfSubjectReview', false], ['tokenreviews', 'TokenReview', false]]],
  ['networking.k8s.io', 'v1', [['ingresses', 'Ingress', true]]],
  ['policy', 'v1', [['poddisruptionbudgets', 'PodDisruptionBudget', true]]],
  ['scheduling.k8s.io', 'v1', [['priorityclasses', 'PriorityClass', false]]],
  ['certificates.k8s.io', 'v1', [['certificatesigningrequests', 'CertificateSigningRequest', false, [
    ['approval', 'CertificateSigningRequest', undefined, ['get', 'patch', 'update']],
    ['status', 'CertificateSigningRequest', undefined, ['get', 'patch', 'update']],
  ]]]],
];

function discoveryItem(group: string, version: string, resources: Resource[]) {
  return {
    metadata: group ? { name: group } : {},
    versions: [{
      version,
      freshness: 'Current',
      resources: resources.map(([plural, kind, namespaced, subs = []]) => ({
        resource: plural,
        responseKind: { group, version, kind },
        scope: namespaced ? 'Namespaced' : 'Cluster',
        singularResource: kind.toLowerCase(),
        verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
        subresources: subs.map(([sub, subKind, subGroup = group, subVerbs = ['create', 'get']]) => ({
          subresource: sub,
          responseKind: { group: subGroup, version: 'v1', kind: subKind },
          verbs: subVerbs,
        })),
      })),
    }],
  };
}

function discovery(core: boolean) {
  const items = GROUPS.filter(([g]) => (g === '') === core).map(([g, v, r]) => discoveryItem(g, v, r));
  return { kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2', metadata: {}, items };
}

/** The legacy APIResourceList drain and auth can-i read from /api/v1 and /apis/{g}/{v}. */
function legacyDiscovery(path: string) {
  const entry = GROUPS.find(([g, v]) => path === (g ? `/apis/${g}/${v}` : `/api/${v}`));
  if (!entry) return undefined;
  const [group, version, resources] = entry;
  const verbs = ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'];
  return {
    kind: 'APIResourceList', apiVersion: 'v1', groupVersion: group ? `${group}/${version}` : version,
    resources: resources.flatMap(([plural, kind, namespaced, subs = []]) => [
      { name: plural, singularName: kind.toLowerCase(), namespaced, kind, verbs },
      ...subs.map(([sub, subKind, subGroup, subVerbs = ['create', 'get']]) => ({
        name: `${plural}/${sub}`, singularName: '', namespaced, kind: subKind, verbs: subVerbs,
        ...(subGroup ? { group: subGroup, version: 'v1' } : {}),
      })),
    ]),
  };
}

const NODE = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node1', uid: '9b3c6f1e-0000-4000-8000-000000000001' }, spec: {}, status: {} };
const POD = {
  apiVersion: 'v1', kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'team-a', uid: '9b3c6f1e-0000-4000-8000-000000000002' },
  spec: { nodeName: 'node1', containers: [{ name: 'web', image: 'nginx:1.27' }] },
};
const CRONJOB = {
  apiVersion: 'batch/v1', kind: 'CronJob',
  metadata: { name: 'nightly', namespace: 'team-a', uid: '9b3c6f1e-0000-4000-8000-000000000003' },
  spec: {
    schedule: '0 3 * * *',
    jobTemplate: {
      metadata: { labels: { tier: 'batch' } },
      spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'backup', image: 'busybox:1.36', command: ['date'] }] } } },
    },
  },
};
const DEPLOYMENT = {
  apiVersion: 'apps/v1', kind: 'Deployment',
  metadata: { name: 'web', namespace: 'team-a', uid: '9b3c6f1e-0000-4000-8000-000000000004' },
  spec: {
    replicas: 1, selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
  },
};

interface Recorded { method: string; path: string; contentType: string; body: Buffer }


function startServer(recorded: Recorded[], notFound: () => string[]): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = (req.url ?? '/').split('?')[0];
      if (process.env.CAPTURE_DEBUG) console.log(req.method, req.url, req.headers['content-type'] ?? '', `accept=${req.headers.accept ?? ''}`);
      const json = (code: number, value: unknown, type = 'application/json') => {
        res.writeHead(code, { 'Content-Type': type });
        res.end(JSON.stringify(value));
      };
      const missing = () => json(404, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'NotFound', code: 404, message: 'the server could not find the requested resource' });
      if (notFound().includes(path)) return missing();
      if (body.length > 0) {
        recorded.push({ method: req.method ?? '', path, contentType: String(req.headers['content-type'] ?? ''), body });
        if (req.method === 'POST' || req.method === 'PUT') {
          res.writeHead(req.method === 'POST' ? 201 : 200, { 'Content-Type': String(req.headers['content-type'] ?? 'application/json') });
          return res.end(body);
        }
        if (req.method === 'DELETE') return json(200, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success' });
      }
      if (path === '/version') return json(200, { major: '1', minor: '33', gitVersion: 'v1.33.1', platform: 'linux/amd64' });
      if (path === '/api') return json(200, discovery(true), DISCOVERY_TYPE);
      if (path === '/apis') return json(200, discovery(false), DISCOVERY_TYPE);
      if (path === '/openapi/v3') return json(200, { paths: {} });
      const legacy = legacyDiscovery(path);
      if (legacy) return json(200, legacy);
      if (path === '/api/v1/nodes/node1') return json(200, NODE);
      if (path === '/api/v1/pods') return json(200, { apiVersion: 'v1', kind: 'PodList', metadata: { resourceVersion: '1' }, items: [POD] });
      if (path === '/apis/batch/v1/namespaces/team-a/cronjobs/nightly') return json(200, CRONJOB);
      if (path === '/apis/apps/v1/namespaces/team-a/deployments/web') return json(200, DEPLOYMENT);
      if (path === '/apis/certificates.k8s.io/v1/certificatesigningrequests/alice') return json(200, CSR);
      return missing();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function run(binary: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(binary, args, { env, timeout: 40_000 }, (err, _stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: unknown }).code ?? 1) || 1 : 0, stderr });
    });
  });
}

function makeInputFiles(dir: string): void {
  writeFileSync(join(dir, 'app.properties'), 'color=blue\nsize=10\n');
  writeFileSync(join(dir, 'logo.bin'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x01]));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '365', '-subj', '/CN=web.example.com',
    '-keyout', join(dir, 'tls.key'), '-out', join(dir, 'tls.crt')], { stdio: 'ignore' });
}

async function main(): Promise<void> {
  const kubectlDir = dirname(realpathSync(execFileSync('sh', ['-c', 'command -v kubectl']).toString().trim()));
  const work = mkdtempSync(join(tmpdir(), 'kubectl-capture-'));
  makeInputFiles(work);
  mkdirSync(FIXTURE_DIR, { recursive: true });
  const recorded: Recorded[] = [];
  let notFoundPaths: string[] = [];
  const server = await startServer(recorded, () => notFoundPaths);
  const port = (server.address() as AddressInfo).port;
  const env = { ...process.env, HOME: work, KUBECONFIG: join(work, 'no-kubeconfig') };
  const only = process.env.CAPTURE_ONLY ? process.env.CAPTURE_ONLY.split(',') : undefined;
  for (const version of ['1.33', '1.32']) {
    const binary = join(kubectlDir, `kubectl.${version}`);
    for (const fixture of fixtureCommands(work)) {
      if (only && !only.includes(fixture.name)) continue;
      if (fixture.versions && !fixture.versions.includes(version)) continue;
      recorded.length = 0;
      notFoundPaths = fixture.notFound ?? [];
      const args = ['--server', `http://127.0.0.1:${port}`, '--cache-dir', join(work, `cache-${version}`), ...fixture.args];
      const { code, stderr } = await run(binary, args, env);
      const protobufBodies = recorded.filter((r) => r.contentType.startsWith(PROTOBUF));
      const body = protobufBodies.at(-1);
      if (!body) {
        const seen = recorded.map((r) => `${r.path} [${r.contentType}]`).join(', ');
        console.log(`SKIP ${fixture.name} (${version}): no protobuf POST (saw ${seen || 'none'}); rc=${code} ${stderr.trim().split('\n').at(-1) ?? ''}`);
        continue;
      }
      const shown = fixture.args.map((a) => a.split(work).join('$WORK')).map((a) => (/[\s*'$]/.test(a) ? `"${a}"` : a));
      const header = `# kubectl.${version} --server http://127.0.0.1:PORT --cache-dir $WORK/cache ${shown.join(' ')}\n# ${body.method} ${body.path} (rc=${code})\n` +
        (fixture.notFound ? `# the capture server answered 404 for ${fixture.notFound.join(', ')}\n` : '');
      const b64 = body.body.toString('base64').replace(/.{1,76}/g, (l) => `${l}\n`);
      writeFileSync(join(FIXTURE_DIR, `${fixture.name}.${version}.b64`), header + b64);
      console.log(`saved ${fixture.name}.${version}.b64  ${body.method} ${body.path}`);
    }
  }
  server.close();
}

await main();
