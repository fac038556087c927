// The kubectl invocations whose protobuf request bodies become golden fixtures.
// `notFound` lists paths the capture server answers with 404, to drive kubectl's
// fallbacks (auth whoami tries authentication.k8s.io v1, then v1beta1, then v1alpha1;
// kubectl 1.33 autoscale tries autoscaling/v2, then autoscaling/v1). `versions` limits a
// command to some kubectl versions.

export interface FixtureCommand {
  name: string;
  args: string[];
  notFound?: string[];
  versions?: string[];
}

/**
 * The CertificateSigningRequest the capture server answers `certificate approve|deny` with: a
 * real PKCS#10 request (EC P-256, subject CN=alice, O=devs, made with openssl req -new) as the
 * API server stores it after `kubectl create -f`, with no conditions yet.
 */
export const CSR_REQUEST_PEM = `-----BEGIN CERTIFICATE REQUEST-----
MIHaMIGBAgEAMB8xDjAMBgNVBAMMBWFsaWNlMQ0wCwYDVQQKDARkZXZzMFkwEwYH
KoZIzj0CAQYIKoZIzj0DAQcDQgAE1FVd2CZRZ1VD75ZSc0CDu0cqns9NMAX9tiAH
rEHS6PV8jF0w7saBrLoHOtwSDdruU8HO2xjO66+yUREA8h7MiqAAMAoGCCqGSM49
BAMCA0gAMEUCIQCbnIhpXZbQUeB49ge89KRw/aNAlcqqpEPcdZstcQLrAgIgaOOS
GVYGvDQgBqMsMZbtyH2+BSByp18pn5UMnw69apE=
-----END CERTIFICATE REQUEST-----
`;
export const CSR = {
  apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest',
  metadata: {
    name: 'alice', uid: '9b3c6f1e-0000-4000-8000-000000000005', resourceVersion: '7', creationTimestamp: '2025-06-01T09:00:00Z',
    managedFields: [{
      manager: 'kubectl-create', operation: 'Update', apiVersion: 'certificates.k8s.io/v1', time: '2025-06-01T09:00:00Z',
      fieldsType: 'FieldsV1',
      fieldsV1: { 'f:spec': { 'f:expirationSeconds': {}, 'f:request': {}, 'f:signerName': {}, 'f:usages': {} } },
    }],
  },
  spec: {
    request: Buffer.from(CSR_REQUEST_PEM).toString('base64'),
    signerName: 'kubernetes.io/kube-apiserver-client',
    expirationSeconds: 86400,
    usages: ['client auth'],
    username: 'alice',
    groups: ['devs', 'system:authenticated'],
  },
  status: {},
};

const WHOAMI = (v: string) => `/apis/authentication.k8s.io/${v}/selfsubjectreviews`;
const HPAS = (v: string) => `/apis/autoscaling/${v}/namespaces/team-a/horizontalpodautoscalers`;

export function fixtureCommands(work: string): FixtureCommand[] {
  const ns = ['-n', 'team-a'];
  return [
    { name: 'namespace', args: ['create', 'namespace', 'team-a'] },
    { name: 'configmap', args: ['create', 'configmap', 'app-config', ...ns, '--from-literal=mode=prod', '--from-literal=level=debug',
      `--from-file=app.properties=${work}/app.properties`, `--from-file=logo.bin=${work}/logo.bin`] },
    { name: 'secret-generic', args: ['create', 'secret', 'generic', 'db-creds', ...ns, '--from-literal=username=admin',
      '--from-literal=password=s3cr=t!', '--type=Opaque'] },
    { name: 'secret-tls', args: ['create', 'secret', 'tls', 'web-tls', ...ns, `--cert=${work}/tls.crt`, `--key=${work}/tls.key`] },
    { name: 'secret-docker-registry', args: ['create', 'secret', 'docker-registry', 'regcred', ...ns,
      '--docker-server=registry.example.com', '--docker-username=bob', '--docker-password=hunter2', '--docker-email=bob@example.com'] },
    { name: 'serviceaccount', args: ['create', 'serviceaccount', 'builder', ...ns] },
    { name: 'service-clusterip', args: ['create', 'service', 'clusterip', 'web', ...ns, '--tcp=80:8080', '--tcp=443:8443'] },
    { name: 'service-headless', args: ['create', 'service', 'clusterip', 'db', ...ns, '--clusterip=None', '--tcp=5432'] },
    { name: 'service-nodeport', args: ['create', 'service', 'nodeport', 'web-np', ...ns, '--tcp=80:8080', '--node-port=30080'] },
    { name: 'service-loadbalancer', args: ['create', 'service', 'loadbalancer', 'web-lb', ...ns, '--tcp=443:8443'] },
    { name: 'service-externalname', args: ['create', 'service', 'externalname', 'ext-db', ...ns, '--external-name=db.example.com', '--tcp=5432'] },
    { name: 'deployment', args: ['create', 'deployment', 'web', ...ns, '--image=nginx:1.27', '--replicas=3', '--port=80'] },
    { name: 'deployment-zero', args: ['create', 'deployment', 'idle', ...ns, '--image=nginx:1.27', '--image=busybox:1.36', '--replicas=0'] },
    { name: 'job', args: ['create', 'job', 'backup', ...ns, '--image=busybox:1.36', '--', 'sh', '-c', 'echo backup'] },
    { name: 'job-from-cronjob', args: ['create', 'job', 'nightly-manual', ...ns, '--from=cronjob/nightly'] },
    { name: 'cronjob', args: ['create', 'cronjob', 'nightly', ...ns, '--image=busybox:1.36', '--schedule=*/5 * * * *',
      '--restart=OnFailure', '--', 'date'] },
    { name: 'role', args: ['create', 'role', 'pod-reader', ...ns, '--verb=get,list,watch', '--resource=pods,deployments.apps',
      '--resource-name=web'] },
    { name: 'clusterrole', args: ['create', 'clusterrole', 'reader', '--verb=get', '--resource=pods,services',
      '--non-resource-url=/healthz,/metrics'] },
    { name: 'clusterrole-aggregated', args: ['create', 'clusterrole', 'monitoring', '--aggregation-rule=rbac.example.com/aggregate-to-monitoring=true'] },
    { name: 'rolebinding', args: ['create', 'rolebinding', 'read-pods', ...ns, '--role=pod-reader', '--user=alice', '--group=devs',
      '--serviceaccount=team-a:builder'] },
    { name: 'clusterrolebinding', args: ['create', 'clusterrolebinding', 'read-all', '--clusterrole=reader', '--user=alice', '--group=devs'] },
    { name: 'quota', args: ['create', 'quota', 'compute', ...ns, '--hard=cpu=1,memory=1Gi,pods=4', '--scopes=NotBestEffort'] },
    { name: 'priorityclass', args: ['create', 'priorityclass', 'high', '--value=1000', '--description=high priority',
      '--preemption-policy=Never'] },
    { name: 'pdb-min-available', args: ['create', 'poddisruptionbudget', 'web-pdb', ...ns, '--selector=app=web', '--min-available=50%'] },
    { name: 'pdb-max-unavailable', args: ['create', 'poddisruptionbudget', 'db-pdb', ...ns, '--selector=app=db', '--max-unavailable=1'] },
    { name: 'ingress', args: ['create', 'ingress', 'web', ...ns, '--class=nginx', '--rule=foo.com/bar*=svc1:8080,tls=web-tls',
      '--rule=bar.com/=svc2:http', '--annotation=nginx.ingress.kubernetes.io/rewrite-target=/', '--default-backend=defsvc:80'] },
    { name: 'token', args: ['create', 'token', 'builder', ...ns, '--duration=10m', '--audience=x', '--audience=y',
      '--bound-object-kind=Pod', '--bound-object-name=web-1', '--bound-object-uid=9b3c6f1e-0000-4000-8000-000000000002'] },
    { name: 'can-i-resource', args: ['auth', 'can-i', 'create', 'deployments.apps', ...ns] },
    { name: 'can-i-subresource', args: ['auth', 'can-i', 'get', 'pods/web-1', '--subresource=log', ...ns] },
    { name: 'can-i-nonresource', args: ['auth', 'can-i', 'get', '/healthz'] },
    { name: 'can-i-list', args: ['auth', 'can-i', '--list', ...ns] },
    { name: 'whoami', args: ['auth', 'whoami'] },
    { name: 'whoami-v1beta1', args: ['auth', 'whoami'], notFound: [WHOAMI('v1')] },
    { name: 'whoami-v1alpha1', args: ['auth', 'whoami'], notFound: [WHOAMI('v1'), WHOAMI('v1beta1')] },
    // Without pods/eviction in /api/v1, drain falls back to DELETE with a DeleteOptions body.
    { name: 'drain-delete-options', args: ['drain', 'node1', '--force', '--grace-period=30', '--timeout=20s'], notFound: ['/api/v1'] },
    // drain's Eviction POST (when pods/eviction is served) is JSON even in 1.33, so it has no fixture.
    { name: 'debug-node-pod', args: ['debug', 'node/node1', '--image=busybox:1.36', '--profile=sysadmin'] },
    // autoscale GETs the deployment, resolves deployments/scale from discovery, then POSTs
    // the HPA: autoscaling/v1 from 1.32, autoscaling/v2 (falling back to v1 on any error) from 1.33.
    { name: 'autoscale-cpu', args: ['autoscale', 'deployment', 'web', ...ns, '--min=2', '--max=10', '--cpu-percent=70'] },
    { name: 'autoscale-name', args: ['autoscale', 'deployment/web', ...ns, '--max=5', '--name=other'] },
    { name: 'autoscale-cpu-zero', args: ['autoscale', 'deployment', 'web', ...ns, '--min=1', '--max=3', '--cpu-percent=0'] },
    { name: 'autoscale-v1-fallback', args: ['autoscale', 'deployment', 'web', ...ns, '--min=2', '--max=10', '--cpu-percent=70'],
      notFound: [HPAS('v2')], versions: ['1.33'] },
    // certificate approve|deny GET the CSR (builder, then the typed client) and PUT it to the
    // approval subresource with one condition appended.
    { name: 'certificate-approve', args: ['certificate', 'approve', 'alice'] },
    { name: 'certificate-deny', args: ['certificate', 'deny', 'alice'] },
  ];
}
