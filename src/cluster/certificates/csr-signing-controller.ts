// kube-controller-manager's csrsigning controller for the kubernetes.io/kube-apiserver-client
// signer: an approved request (not denied, not failed, not issued yet) whose usages fit a client
// certificate is signed with the cluster CA, for its expirationSeconds or at most a year
// (--cluster-signing-duration), backdated five minutes for clock skew. A request that does not fit
// gets a Failed condition saying why. The API server then accepts the certificate as the user its
// subject names (CN the user, O the groups).

import { createPrivateKey } from 'node:crypto';
import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { signCertificateRequest } from '../../machinery/x509.ts';
import { requestPem } from '../../apiserver/builtin/certificates-strategy.ts';
import { runController, WorkQueue, objectKey, type Clock, type InformerFactory, type KubeClient, type ReconcileResult } from '../../controller/index.ts';
import { formatTime } from '../workloads/conditions.ts';
import { afterSync, type StoppableController } from '../workloads/workload-deps.ts';

export const CSR_GVK = { apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest' };
export const KUBE_APISERVER_CLIENT_SIGNER = 'kubernetes.io/kube-apiserver-client';
/** --cluster-signing-duration: 8760h. */
export const MAX_SIGNING_DURATION_MS = 8760 * 3_600_000;
const BACKDATE_MS = 5 * 60_000;

type Json = Record<string, any>;

export interface CsrSigningDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  ca: { certPem: string; keyPem: string };
}

/** validAPIServerClientUsages. */
function clientUsageProblem(usages: string[]): string | undefined {
  let clientAuth = false;
  for (const u of usages) {
    if (u === 'client auth') clientAuth = true;
    else if (u !== 'digital signature' && u !== 'key encipherment') return `invalid usage for client certificate: ${u}`;
  }
  return clientAuth ? undefined : 'missing required usage for client certificate: client auth';
}

export function startCsrSigningController(deps: CsrSigningDeps): StoppableController {
  const { client, factory, clock } = deps;
  const caKey = createPrivateKey(deps.ca.keyPem);
  const requests = factory.informerFor(CSR_GVK);
  const queue = new WorkQueue<string>({ clock });
  const enqueue = (csr: KubeObject) => queue.add(objectKey(csr));
  requests.addEventHandler({ onAdd: enqueue, onUpdate: (_, csr) => enqueue(csr), onDelete: () => {} });

  async function writeStatus(csr: KubeObject, status: Json): Promise<void> {
    try {
      await client.updateStatus({ ...csr, status });
    } catch (err) {
      if (!isStatusError(err, 'Conflict') && !isStatusError(err, 'NotFound')) throw err;
    }
  }

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const csr = requests.getByKey(key);
    if (!csr) return;
    const spec = (csr.spec ?? {}) as Json;
    const status = (csr.status ?? {}) as Json;
    const types = new Set(((status.conditions ?? []) as Json[]).filter((c) => c.status === 'True').map((c) => c.type));
    if (spec.signerName !== KUBE_APISERVER_CLIENT_SIGNER || status.certificate || !types.has('Approved') || types.has('Denied') || types.has('Failed')) return;
    const now = clock.now();
    const problem = clientUsageProblem((spec.usages ?? []) as string[]);
    if (problem) {
      const failed = { type: 'Failed', status: 'True', reason: 'SignerValidationFailure', message: problem, lastUpdateTime: formatTime(now), lastTransitionTime: formatTime(now) };
      await writeStatus(csr, { ...status, conditions: [...(status.conditions ?? []), failed] });
      return;
    }
    const requested = typeof spec.expirationSeconds === 'number' ? spec.expirationSeconds * 1000 : MAX_SIGNING_DURATION_MS;
    const cert = await signCertificateRequest({
      requestPem: requestPem(csr),
      caCertPem: deps.ca.certPem,
      caKey,
      notBefore: new Date(now.getTime() - BACKDATE_MS),
      notAfter: new Date(now.getTime() + Math.min(requested, MAX_SIGNING_DURATION_MS)),
      usages: spec.usages as string[],
    });
    await writeStatus(csr, { ...status, certificate: Buffer.from(cert).toString('base64') });
  }

  return afterSync([requests], () => runController({ name: 'csrsigning', queue, reconcile, workers: 1 }));
}
