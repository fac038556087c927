// CertificateSigningRequest, as kube-apiserver prints it: the signer, who asked, for how long, and
// where the request stands (Pending, Approved or Denied; Failed and Issued added).

import type { TablePrinter } from '../../machinery/table.ts';
import { ageColumn, nameColumn, objectAge, objectName } from '../../machinery/table-build.ts';
import { humanDuration } from '../../machinery/duration.ts';
import { textColumn } from './access.ts';

type Json = Record<string, any>;

/** extractCSRStatus: Denied before Approved before Pending, then ",Failed" and ",Issued". */
export function csrCondition(status: Json | undefined): string {
  const types = new Set(((status?.conditions ?? []) as Json[]).map((c) => c.type));
  let text = types.has('Denied') ? 'Denied' : types.has('Approved') ? 'Approved' : 'Pending';
  if (types.has('Failed')) text += ',Failed';
  if (status?.certificate) text += ',Issued';
  return text;
}

export const certificateSigningRequestPrinter: TablePrinter = {
  columns: [
    nameColumn(),
    ageColumn(),
    textColumn('SignerName', 'string', 'Name of the signer that will sign the certificate.'),
    textColumn('Requestor', 'string', 'Name of the user requesting the certificate.'),
    textColumn('RequestedDuration', 'string', 'Duration of the certificate requested.'),
    textColumn('Condition', 'string', 'Status of the certificate request.'),
  ],
  cells(csr, now) {
    const spec = (csr.spec ?? {}) as Json;
    return [
      objectName(csr),
      objectAge(csr, now),
      spec.signerName || '<none>',
      String(spec.username ?? ''),
      typeof spec.expirationSeconds === 'number' ? humanDuration(spec.expirationSeconds * 1000) : '<none>',
      csrCondition(csr.status as Json | undefined),
    ];
  },
};
