// Services get Endpoints and EndpointSlices from their ready pods; claims bind to volumes
// provisioned for the Cozystack StorageClasses — all through a real `cozylab up` and kubectl.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';
import { kubectlBinary, type KubectlResult } from '../support/kubectl.ts';

const k = (args: string[], input?: string): KubectlResult => cluster.kubectl(args, input === undefined ? {} : { input });

/** Polls kubectl until `done` holds for its output; returns the last result (the assertion follows). */
async function eventually(args: string[], done: (out: string) => boolean, attempts = 150): Promise<string> {
  let r = k(args);
  for (let i = 0; i < attempts && !done(r.stdout); i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    r = k(args);
  }
  return r.stdout;
}

const words = (s: string) => s.trim().split(/\s+/).filter(Boolean);

const cluster = useCluster({}, () => {
  assert.equal(k(['create', 'namespace', 'shop']).code, 0);
});

test('the kubernetes Service points at the API server', async () => {
  const svc = k(['get', 'svc', 'kubernetes', '-n', 'default']);
  assert.match(svc.stdout, /^kubernetes\s+ClusterIP\s+10\.96\.0\.1\s+<none>\s+443\/TCP\s+\d+[sm]$/m, svc.stdout + svc.stderr);
  const port = new URL(cluster.url).port;
  const ep = k(['get', 'endpoints', 'kubernetes', '-n', 'default']);
  assert.match(ep.stdout, new RegExp(`^kubernetes\\s+127\\.0\\.0\\.1:${port}\\s+`, 'm'), ep.stdout + ep.stderr);
});

test('a Service of a Deployment lists its ready pods and follows scaling', async () => {
  assert.equal(k(['create', 'deployment', 'web', '-n', 'shop', '--image=nginx:1.27', '--replicas=3', '--port=80']).code, 0);
  const exposed = k(['expose', 'deployment', 'web', '-n', 'shop', '--port=80']);
  assert.equal(exposed.code, 0, exposed.stderr);
  const ips = await eventually(['get', 'endpoints', 'web', '-n', 'shop', '-o', 'jsonpath={.subsets[*].addresses[*].ip}'], (out) => words(out).length === 3);
  assert.equal(words(ips).length, 3, ips);
  const table = k(['get', 'endpoints', 'web', '-n', 'shop']);
  assert.match(table.stdout, /^NAME\s+ENDPOINTS\s+AGE$/m);
  assert.match(table.stdout, /^web\s+10\.244\.\d+\.\d+:80,10\.244\.\d+\.\d+:80,10\.244\.\d+\.\d+:80\s+\d+s$/m, table.stdout);

  const slices = k(['get', 'endpointslices', '-n', 'shop', '-l', 'kubernetes.io/service-name=web']);
  assert.match(slices.stdout, /^NAME\s+ADDRESSTYPE\s+PORTS\s+ENDPOINTS\s+AGE$/m);
  assert.match(slices.stdout, /^web-[a-z0-9]{5}\s+IPv4\s+80\s+10\.244\.\d+\.\d+,10\.244\.\d+\.\d+,10\.244\.\d+\.\d+\s+\d+s$/m, slices.stdout);
  const managedBy = k(['get', 'endpointslices', '-n', 'shop', '-l', 'kubernetes.io/service-name=web', '-o', 'jsonpath={.items[0].metadata.labels.endpointslice\\.kubernetes\\.io/managed-by}']);
  assert.equal(managedBy.stdout, 'endpointslice-controller.k8s.io');

  const described = k(['describe', 'svc', 'web', '-n', 'shop']);
  assert.match(described.stdout, /^Endpoints:\s+10\.244\.\d+\.\d+:80,10\.244\.\d+\.\d+:80,10\.244\.\d+\.\d+:80$/m, described.stdout);

  assert.equal(k(['scale', 'deployment', 'web', '-n', 'shop', '--replicas=1']).code, 0);
  const one = await eventually(['get', 'endpoints', 'web', '-n', 'shop', '-o', 'jsonpath={.subsets[*].addresses[*].ip}'], (out) => words(out).length === 1);
  assert.equal(words(one).length, 1, one);
  const slice = await eventually(['get', 'endpointslices', '-n', 'shop', '-l', 'kubernetes.io/service-name=web', '-o', 'jsonpath={.items[*].endpoints[*].addresses[0]}'], (out) => words(out).length === 1);
  assert.deepEqual(words(slice), words(one));
});

test('a LoadBalancer Service waits for an address: EXTERNAL-IP <pending>, with a node port', () => {
  assert.equal(k(['create', 'service', 'loadbalancer', 'front', '-n', 'shop', '--tcp=80:8080']).code, 0);
  const svc = k(['get', 'svc', 'front', '-n', 'shop']);
  assert.match(svc.stdout, /^front\s+LoadBalancer\s+10\.96\.\d+\.\d+\s+<pending>\s+80:3\d{4}\/TCP\s+\d+s$/m, svc.stdout);
});

test('the Cozystack StorageClasses: replicated is the default', () => {
  const sc = k(['get', 'sc']);
  assert.match(sc.stdout, /^NAME\s+PROVISIONER\s+RECLAIMPOLICY\s+VOLUMEBINDINGMODE\s+ALLOWVOLUMEEXPANSION\s+AGE$/m);
  assert.match(sc.stdout, /^replicated \(default\)\s+linstor\.csi\.linbit\.com\s+Delete\s+Immediate\s+true\s+\d+[sm]$/m, sc.stdout);
  assert.match(sc.stdout, /^local\s+linstor\.csi\.linbit\.com\s+Delete\s+WaitForFirstConsumer\s+true\s+\d+[sm]$/m, sc.stdout);
});

const statefulSet = `
apiVersion: v1
kind: Service
metadata: { name: db, namespace: shop }
spec:
  clusterIP: None
  selector: { app: db }
  ports: [{ port: 5432 }]
---
apiVersion: apps/v1
kind: StatefulSet
metadata: { name: db, namespace: shop }
spec:
  serviceName: db
  replicas: 2
  selector: { matchLabels: { app: db } }
  template:
    metadata: { labels: { app: db } }
    spec:
      containers: [{ name: postgres, image: postgres:16 }]
  volumeClaimTemplates:
    - metadata: { name: data }
      spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }
`;

test('a StatefulSet gets claims bound to volumes of class replicated; deleting a claim removes its volume', async () => {
  const applied = k(['apply', '-f', '-'], statefulSet);
  assert.equal(applied.code, 0, applied.stderr);
  const phases = await eventually(['get', 'pvc', '-n', 'shop', '-o', 'jsonpath={.items[*].status.phase}'], (out) => words(out).join(' ') === 'Bound Bound');
  assert.equal(phases, 'Bound Bound');
  const pvc = k(['get', 'pvc', '-n', 'shop']);
  assert.match(pvc.stdout, /^data-db-0\s+Bound\s+pvc-[0-9a-f-]{36}\s+1Gi\s+RWO\s+replicated\s+(<unset>\s+)?\d+s$/m, pvc.stdout);
  assert.match(pvc.stdout, /^data-db-1\s+Bound\s+pvc-[0-9a-f-]{36}\s+1Gi\s+RWO\s+replicated\s+(<unset>\s+)?\d+s$/m, pvc.stdout);
  const volume = k(['get', 'pvc', 'data-db-1', '-n', 'shop', '-o', 'jsonpath={.spec.volumeName}']).stdout;
  const pv = k(['get', 'pv', volume]);
  assert.match(pv.stdout, new RegExp(`^${volume}\\s+1Gi\\s+RWO\\s+Delete\\s+Bound\\s+shop/data-db-1\\s+replicated\\s+`, 'm'), pv.stdout);
  const events = k(['describe', 'pvc', 'data-db-1', '-n', 'shop']);
  assert.match(events.stdout, new RegExp(`ProvisioningSucceeded\\s+.*Successfully provisioned volume ${volume}`), events.stdout);

  const ready = await eventually(['get', 'statefulset', 'db', '-n', 'shop', '-o', 'jsonpath={.status.readyReplicas}'], (out) => out === '2');
  assert.equal(ready, '2');
  const hosts = k(['get', 'endpoints', 'db', '-n', 'shop', '-o', 'jsonpath={.subsets[*].addresses[*].hostname}']);
  assert.deepEqual(words(hosts.stdout).sort(), ['db-0', 'db-1']);

  assert.equal(k(['delete', 'statefulset', 'db', '-n', 'shop', '--wait=true', '--timeout=30s']).code, 0);
  await eventually(['get', 'pods', '-n', 'shop', '-l', 'app=db', '-o', 'name'], (out) => out.trim() === '');
  const deleted = k(['delete', 'pvc', 'data-db-1', '-n', 'shop', '--timeout=30s']);
  assert.equal(deleted.code, 0, deleted.stderr);
  const gone = await eventually(['get', 'pv', '-o', 'jsonpath={.items[*].metadata.name}'], (out) => !words(out).includes(volume));
  assert.ok(!words(gone).includes(volume), gone);
  assert.equal(words(gone).length, 1, 'the volume of data-db-0 stays');
});

test("LINSTOR's CSI driver is registered on every node; a pod's volume is attached to its node and detached when it goes", async () => {
  for (const version of ['1.27', '1.33']) {
    if (!kubectlBinary(version)) {
      console.log(`kubectl ${version} not on this machine: skipped`);
      continue;
    }
    const kv = (args: string[], input?: string) => cluster.kubectl(args, { version, ...(input === undefined ? {} : { input }) });
    const drivers = kv(['get', 'csidrivers']);
    assert.match(drivers.stdout, /^linstor\.csi\.linbit\.com\s+true\s+true\s+true\s+<unset>\s+false\s+Persistent\s+\d+[sm]$/m, drivers.stdout + drivers.stderr);
    const nodes = kv(['get', 'csinodes']);
    assert.match(nodes.stdout, /^NAME\s+DRIVERS\s+AGE$/m, nodes.stdout + nodes.stderr);
    assert.deepEqual(nodes.stdout.trim().split('\n').slice(1).map((l) => words(l).slice(0, 2).join(' ')), ['node1 1', 'node2 1', 'node3 1']);

    const name = `attach-${version.replace('.', '')}`;
    const manifest = `
apiVersion: v1
kind: PersistentVolumeClaim
metadata: { name: ${name}, namespace: shop }
spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }
---
apiVersion: v1
kind: Pod
metadata: { name: ${name}, namespace: shop }
spec:
  containers: [{ name: app, image: nginx:1.27, volumeMounts: [{ name: data, mountPath: /data }] }]
  volumes: [{ name: data, persistentVolumeClaim: { claimName: ${name} } }]
`;
    assert.equal(kv(['apply', '-f', '-'], manifest).code, 0);
    assert.equal(kv(['wait', '--for=condition=Ready', `pod/${name}`, '-n', 'shop', '--timeout=30s']).code, 0);
    const volume = kv(['get', 'pvc', name, '-n', 'shop', '-o', 'jsonpath={.spec.volumeName}']).stdout;
    const node = kv(['get', 'pod', name, '-n', 'shop', '-o', 'jsonpath={.spec.nodeName}']).stdout;
    const attached = await eventually(['get', 'volumeattachments'], (out) => new RegExp(`${volume}\\s+${node}\\s+true`).test(out));
    assert.match(attached, /^NAME\s+ATTACHER\s+PV\s+NODE\s+ATTACHED\s+AGE$/m, attached);
    assert.match(attached, new RegExp(`^csi-[0-9a-f]{64}\\s+linstor\\.csi\\.linbit\\.com\\s+${volume}\\s+${node}\\s+true\\s+\\d+s$`, 'm'), attached);
    const described = await eventually(['describe', 'pod', name, '-n', 'shop'], (out) => out.includes('SuccessfulAttachVolume'));
    assert.match(described, new RegExp(`SuccessfulAttachVolume\\s+.*attachdetach-controller\\s+AttachVolume\\.Attach succeeded for volume "${volume}"`), described);

    assert.equal(kv(['delete', 'pod', name, '-n', 'shop', '--wait=true', '--timeout=30s']).code, 0);
    const after = await eventually(['get', 'volumeattachments', '-o', 'jsonpath={.items[*].spec.source.persistentVolumeName}'], (out) => !words(out).includes(volume));
    assert.ok(!words(after).includes(volume), after);
  }
});
