// What kube-apiserver does around CertificateSigningRequests besides storing them: a new request
// records who asked (the strategy's PrepareForCreate reads the request's user; here the admission
// request carries it), and the CertificateApproval plug-in lets only users who may `approve`
// the request's signer (signers.certificates.k8s.io, by name or `<domain>/*`) approve or deny it.

import { forbidden } from '../../machinery/errors.ts';
import type { Authorizer } from '../authz/authorizer.ts';
import type { AdmissionPlugin, AdmissionRequest } from './admission.ts';

const CSR = { group: 'certificates.k8s.io', plural: 'certificatesigningrequests' };

function isCsr(req: { resource: { group: string; plural: string } }): boolean {
  return req.resource.group === CSR.group && req.resource.plural === CSR.plural;
}

export function certificateRequestor(): AdmissionPlugin {
  return {
    name: 'CertificateSigningRequestRequestor',
    mutate(req) {
      if (req.operation !== 'CREATE' || !isCsr(req) || !req.object) return;
      const spec = (req.object.spec ??= {}) as Record<string, unknown>;
      spec.username = req.user.username;
      if (req.user.uid) spec.uid = req.user.uid;
      else delete spec.uid;
      spec.groups = [...req.user.groups];
      if (req.user.extra && Object.keys(req.user.extra).length) spec.extra = req.user.extra;
      else delete spec.extra;
    },
  };
}

/** Whether the user may approve requests of the request's signer, by name or by `<domain>/*`. */
async function checkApprover(req: AdmissionRequest, authorizer: Authorizer): Promise<void> {
  const signerName = String((req.oldObject!.spec as { signerName?: string } | undefined)?.signerName ?? '');
  const domain = signerName.split('/')[0];
  const may = async (name: string) => (await authorizer.authorize({ user: req.user, verb: 'approve', group: CSR.group, version: '*', resource: 'signers', name })).allowed;
  if ((await may(signerName)) || (await may(`${domain}/*`))) return;
  throw forbidden({ group: CSR.group, resource: CSR.plural }, req.name, `user not permitted to approve requests with signerName "${signerName}"`);
}

export function certificateApproval(authorizer: () => Authorizer): AdmissionPlugin {
  return {
    name: 'CertificateApproval',
    validate(req) {
      if (req.operation !== 'UPDATE' || req.subresource !== 'approval' || !isCsr(req) || !req.oldObject) return;
      return checkApprover(req, authorizer());
    },
  };
}
