// certificates.k8s.io/v1 CertificateSigningRequest (k8s.io/kubernetes pkg/registry/certificates and
// pkg/apis/certificates/validation): the request is fixed at create (who asked is the API server's
// to fill, in csr-requestor.ts), an update of the main resource changes only metadata, /approval
// only the conditions, /status what a signer reports.

import { fieldErrors, type FieldError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { isPlainObject } from '../../machinery/object.ts';
import { loadX509, parseCertificateRequest } from '../../machinery/x509.ts';
import type { Strategy } from '../registry/strategy.ts';

type Json = Record<string, any>;

export const KNOWN_USAGES = [
  'signing', 'digital signature', 'content commitment', 'key encipherment', 'key agreement', 'data encipherment', 'cert sign', 'crl sign',
  'encipher only', 'decipher only', 'any', 'server auth', 'client auth', 'code signing', 'email protection', 's/mime', 'ipsec end system',
  'ipsec tunnel', 'ipsec user', 'timestamping', 'ocsp signing', 'microsoft sgc', 'netscape sgc',
];
const CONDITION_TYPES = ['Approved', 'Denied', 'Failed'];
const MIN_EXPIRATION_SECONDS = 600;
/** What certificates.ParseCSR looks for first; the rest of the request is parsed at create. */
const REQUEST_BLOCK = /-----BEGIN CERTIFICATE REQUEST-----/;
const SIGNER_NAME = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?\.)+[a-z0-9]([-a-z0-9]*[a-z0-9])?\/[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;

/** The PEM inside spec.request (JSON carries Go's []byte as base64). */
export function requestPem(csr: KubeObject): string {
  return Buffer.from(String((csr.spec as Json | undefined)?.request ?? ''), 'base64').toString('utf8');
}

function validateConditions(status: Json | undefined): FieldError[] {
  const errors: FieldError[] = [];
  const conditions = (status?.conditions ?? []) as Json[];
  const seen = new Set<string>();
  conditions.forEach((c, i) => {
    const at = `status.conditions[${i}]`;
    if (!c.type) errors.push(fieldErrors.required(`${at}.type`));
    else if (seen.has(c.type) && CONDITION_TYPES.includes(c.type)) errors.push(fieldErrors.duplicate(`${at}.type`, c.type));
    if (!['True', 'False', 'Unknown'].includes(c.status)) errors.push(fieldErrors.notSupported(`${at}.status`, c.status ?? '', ['False', 'True', 'Unknown']));
    seen.add(c.type);
  });
  if (seen.has('Approved') && seen.has('Denied')) {
    const i = conditions.findIndex((c) => c.type === 'Denied');
    errors.push(fieldErrors.invalid(`status.conditions[${i}].type`, 'Denied', 'Approved and Denied conditions are mutually exclusive'));
  }
  return errors;
}

/** populateConditionTimestamps: a new or changed condition is stamped now. */
function stampConditions(next: KubeObject, prev: KubeObject | undefined, now: Date): void {
  const text = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const before = ((prev?.status as Json | undefined)?.conditions ?? []) as Json[];
  for (const c of ((next.status as Json | undefined)?.conditions ?? []) as Json[]) {
    const old = before.find((o) => o.type === c.type);
    c.lastUpdateTime ??= text;
    c.lastTransitionTime ??= old && old.status === c.status ? (old.lastTransitionTime ?? text) : text;
  }
}

export const csrStrategy: Strategy = {
  statusSubresource: true,
  async prepareForCreate(obj) {
    delete obj.status;
    // validateCreate parses the request synchronously.
    await loadX509();
  },
  prepareForUpdate(next, prev) {
    next.spec = prev.spec;
  },
  prepareForSubresourceUpdate(_subresource, next, prev, ctx) {
    stampConditions(next, prev, ctx.now);
  },
  shapeSubresource(subresource, desired, current) {
    return subresource === 'approval' ? approvalPart(desired, current) : undefined;
  },
  validate(obj) {
    const spec = (obj.spec ?? {}) as Json;
    const errors: FieldError[] = [];
    if (!spec.request) errors.push(fieldErrors.required('spec.request'));
    else if (!REQUEST_BLOCK.test(requestPem(obj))) {
      errors.push(fieldErrors.invalidRendered('spec.request', '[]byte{…}', 'PEM block type must be CERTIFICATE REQUEST'));
    }
    if (!spec.signerName) errors.push(fieldErrors.required('spec.signerName'));
    else if (!SIGNER_NAME.test(String(spec.signerName))) {
      errors.push(fieldErrors.invalid('spec.signerName', spec.signerName, "must be a fully qualified domain and path of the form 'example.com/signer-name'"));
    }
    const usages = spec.usages as unknown[] | undefined;
    if (!Array.isArray(usages) || usages.length === 0) errors.push(fieldErrors.required('spec.usages'));
    else usages.forEach((u, i) => !KNOWN_USAGES.includes(String(u)) && errors.push(fieldErrors.notSupported(`spec.usages[${i}]`, u, KNOWN_USAGES)));
    if (typeof spec.expirationSeconds === 'number' && spec.expirationSeconds < MIN_EXPIRATION_SECONDS) {
      errors.push(fieldErrors.invalid('spec.expirationSeconds', spec.expirationSeconds, 'may not specify a duration less than 600 seconds (10 minutes)'));
    }
    return [...errors, ...validateConditions(obj.status as Json | undefined)];
  },
  /** validateCSR: the request parses and carries its key's signature (spec.request cannot change after). */
  validateCreate(obj) {
    const pem = requestPem(obj);
    if (!REQUEST_BLOCK.test(pem)) return [];
    try {
      parseCertificateRequest(pem);
      return [];
    } catch (err) {
      return [fieldErrors.invalidRendered('spec.request', '[]byte{…}', (err as Error).message)];
    }
  },
  validateUpdate(next, prev) {
    // Once decided, a request stays decided: its Approved or Denied condition may not go.
    const had = (((prev.status as Json | undefined)?.conditions ?? []) as Json[]).filter((c) => c.type === 'Approved' || c.type === 'Denied');
    const has = new Set((((next.status as Json | undefined)?.conditions ?? []) as Json[]).map((c) => c.type));
    return had.filter((c) => !has.has(c.type)).map((c) => fieldErrors.forbidden('status.conditions', `updates may not remove a condition of type "${c.type}"`));
  },
};

/** What an /approval write keeps of the request: only its conditions. */
export function approvalPart(desired: KubeObject, current: KubeObject): KubeObject {
  const status = isPlainObject(current.status) ? { ...current.status } : {};
  const conditions = (desired.status as Json | undefined)?.conditions;
  if (conditions === undefined) delete (status as Json).conditions;
  else (status as Json).conditions = conditions;
  return { ...current, metadata: { ...current.metadata }, status };
}
