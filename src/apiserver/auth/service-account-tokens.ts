// ServiceAccount tokens: JWTs (ES256 with an ECDSA P-256 key, RS256 with an RSA one) with the claims kube-apiserver issues (TokenRequest's bound
// tokens and the legacy tokens of `kubernetes.io/service-account-token` Secrets), validated
// against the ServiceAccount, Secret or Pod they name still existing with the same uid.

import { createPrivateKey, createPublicKey, randomUUID, sign, timingSafeEqual, verify, createHash, type KeyObject } from 'node:crypto';
import { conflict, fieldErrors, invalid, methodNotSupported } from '../../machinery/errors.ts';
import { isPlainObject, type KubeObject } from '../../machinery/object.ts';
import { keySignature, type KeySignature } from '../../machinery/signing-key.ts';
import { decodeBody, OBJECT_BODY_TYPES, readBody } from '../body.ts';
import type { SpecialHandler } from '../pipeline.ts';
import { formatTime } from '../registry/codec.ts';
import type { ResourceRegistry } from '../registry/registry.ts';
import { writeBody } from '../respond.ts';
import type { TokenAuthenticator } from './authenticator.ts';
import { AUTHENTICATED, type UserInfo } from './user.ts';

export const DEFAULT_ISSUER = 'https://kubernetes.default.svc.cluster.local';
export const LEGACY_ISSUER = 'kubernetes/serviceaccount';
export const DEFAULT_EXPIRATION_SECONDS = 3600;
const MIN_EXPIRATION_SECONDS = 600;
/** go-jose's default leeway for exp/nbf/iat. */
const LEEWAY_SECONDS = 60;

export interface BoundObject {
  kind: 'Secret' | 'Pod';
  name: string;
  uid: string;
}

export interface TokenIssueRequest {
  namespace: string;
  /** The ServiceAccount's name and uid. */
  name: string;
  uid: string;
  /** Defaults to the API server's audiences. */
  audiences?: string[];
  expirationSeconds?: number;
  boundObject?: BoundObject;
}

export interface IssuedToken {
  token: string;
  expirationTimestamp: Date;
}

export interface ServiceAccountTokenOptions {
  /** PEM of the private key (ECDSA P-256 or RSA) tokens are signed with. */
  signingKeyPem: string;
  issuer?: string;
  /** The audiences a token must name to be accepted here (`--api-audiences`); defaults to the issuer. */
  apiAudiences?: string[];
  now?: () => Date;
}

type Registries = { registry(group: string, plural: string): ResourceRegistry };
type Claims = Record<string, unknown>;
interface Ref {
  name?: string;
  uid?: string;
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/** JSON with keys sorted at every level, as go-jose writes merged claims. */
function sortedJSON(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJSON).join(',')}]`;
  if (isPlainObject(value)) {
    const entries = Object.keys(value).filter((k) => value[k] !== undefined).sort();
    return `{${entries.map((k) => `${JSON.stringify(k)}:${sortedJSON(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The token's `aud` claim names one of `audiences`. */
function audienceAccepted(aud: unknown, audiences: string[]): boolean {
  const auds = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : [];
  return auds.some((a) => audiences.includes(a as string));
}

export function serviceAccountUser(namespace: string, name: string, uid?: string, extra?: Record<string, string[]>): UserInfo {
  return {
    username: `system:serviceaccount:${namespace}:${name}`,
    ...(uid ? { uid } : {}),
    groups: ['system:serviceaccounts', `system:serviceaccounts:${namespace}`, AUTHENTICATED],
    ...(extra && Object.keys(extra).length ? { extra } : {}),
  };
}

export class ServiceAccountTokens implements TokenAuthenticator {
  readonly issuer: string;
  readonly apiAudiences: string[];
  /** The JWT `kid`: base64url SHA-256 of the public key's DER, as kube-apiserver computes it. */
  readonly keyId: string;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private readonly now: () => Date;
  private readonly algorithm: KeySignature;

  constructor(
    private readonly host: Registries,
    opts: ServiceAccountTokenOptions,
  ) {
    this.privateKey = createPrivateKey(opts.signingKeyPem);
    this.publicKey = createPublicKey(this.privateKey);
    // What kube-apiserver's signer picks for the key: ES256/ES384/ES512 by the ECDSA curve, RS256 for RSA.
    this.algorithm = keySignature(this.privateKey, 'service account signing key');
    this.issuer = opts.issuer ?? DEFAULT_ISSUER;
    this.apiAudiences = opts.apiAudiences ?? [this.issuer];
    this.now = opts.now ?? (() => new Date());
    this.keyId = b64url(createHash('sha256').update(this.publicKey.export({ type: 'spki', format: 'der' })).digest());
  }

  /** ServiceAccountIssuerDiscovery's OpenID provider configuration; `jwksUri` where its keys are served. */
  openidConfiguration(jwksUri: string): Record<string, unknown> {
    return { issuer: this.issuer, jwks_uri: jwksUri, response_types_supported: ['id_token'], subject_types_supported: ['public'], id_token_signing_alg_values_supported: [this.algorithm.jws] };
  }

  /** The key set that verifies this server's service-account tokens. */
  jwks(): { keys: Array<Record<string, unknown>> } {
    const jwk = this.publicKey.export({ format: 'jwk' });
    // Members in go-jose's order.
    const key = jwk.kty === 'EC' ? { use: 'sig', kty: 'EC', kid: this.keyId, crv: jwk.crv, alg: this.algorithm.jws, x: jwk.x, y: jwk.y } : { use: 'sig', kty: 'RSA', kid: this.keyId, alg: this.algorithm.jws, n: jwk.n, e: jwk.e };
    return { keys: [key] };
  }

  /** A bound token, as TokenRequest (`kubectl create token`) returns. */
  issueToken(req: TokenIssueRequest): IssuedToken {
    const now = Math.floor(this.now().getTime() / 1000);
    const exp = now + (req.expirationSeconds ?? DEFAULT_EXPIRATION_SECONDS);
    const bound = req.boundObject ? { [req.boundObject.kind.toLowerCase()]: { name: req.boundObject.name, uid: req.boundObject.uid } } : {};
    const claims: Claims = {
      aud: req.audiences?.length ? req.audiences : this.apiAudiences,
      exp,
      iat: now,
      iss: this.issuer,
      jti: randomUUID(),
      'kubernetes.io': { namespace: req.namespace, serviceaccount: { name: req.name, uid: req.uid }, ...bound },
      nbf: now,
      sub: `system:serviceaccount:${req.namespace}:${req.name}`,
    };
    return { token: this.sign(claims), expirationTimestamp: new Date(exp * 1000) };
  }

  /** The never-expiring token the token controller writes into a `kubernetes.io/service-account-token` Secret. */
  issueLegacyToken(req: { namespace: string; serviceAccountName: string; serviceAccountUID: string; secretName: string }): string {
    return this.sign({
      iss: LEGACY_ISSUER,
      'kubernetes.io/serviceaccount/namespace': req.namespace,
      'kubernetes.io/serviceaccount/secret.name': req.secretName,
      'kubernetes.io/serviceaccount/service-account.name': req.serviceAccountName,
      'kubernetes.io/serviceaccount/service-account.uid': req.serviceAccountUID,
      sub: `system:serviceaccount:${req.namespace}:${req.serviceAccountName}`,
    });
  }

  readonly audienceAware = true;

  async authenticateToken(token: string, audiences: string[] = this.apiAudiences): Promise<UserInfo | undefined> {
    const claims = this.verifiedClaims(token);
    if (!claims) return undefined;
    // Legacy tokens name no audience: they are good for the API server's own only.
    if (claims.iss === LEGACY_ISSUER) return audiences.some((a) => this.apiAudiences.includes(a)) ? this.legacyUser(token, claims) : undefined;
    if (claims.iss !== this.issuer || !this.timesValid(claims) || !audienceAccepted(claims.aud, audiences)) return undefined;
    const k8s = claims['kubernetes.io'];
    if (!isPlainObject(k8s)) return undefined;
    const namespace = typeof k8s.namespace === 'string' ? k8s.namespace : '';
    const sa = (isPlainObject(k8s.serviceaccount) ? k8s.serviceaccount : {}) as Ref;
    if (!namespace || !sa.name || claims.sub !== `system:serviceaccount:${namespace}:${sa.name}`) return undefined;
    if (!(await this.live('', 'serviceaccounts', namespace, sa))) return undefined;
    const extra: Record<string, string[]> = {};
    if (typeof claims.jti === 'string') extra['authentication.kubernetes.io/credential-id'] = [`JTI=${claims.jti}`];
    if (isPlainObject(k8s.secret) && !(await this.live('', 'secrets', namespace, k8s.secret as Ref))) return undefined;
    if (isPlainObject(k8s.pod)) {
      const pod = k8s.pod as Ref;
      if (!(await this.live('', 'pods', namespace, pod))) return undefined;
      extra['authentication.kubernetes.io/pod-name'] = [pod.name!];
      extra['authentication.kubernetes.io/pod-uid'] = [pod.uid!];
    }
    return serviceAccountUser(namespace, sa.name, sa.uid, extra);
  }

  private sign(claims: Claims): string {
    const input = `${b64url(JSON.stringify({ alg: this.algorithm.jws, kid: this.keyId }))}.${b64url(sortedJSON(claims))}`;
    return `${input}.${b64url(sign(this.algorithm.digest, Buffer.from(input), { key: this.privateKey, dsaEncoding: 'ieee-p1363' }))}`;
  }

  private verifiedClaims(token: string): Claims | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    try {
      const header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as Claims;
      if (header.alg !== this.algorithm.jws || (header.kid !== undefined && header.kid !== this.keyId)) return undefined;
      const signature = Buffer.from(parts[2]!, 'base64url');
      if (!verify(this.algorithm.digest, Buffer.from(`${parts[0]}.${parts[1]}`), { key: this.publicKey, dsaEncoding: 'ieee-p1363' }, signature)) return undefined;
      const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as unknown;
      return isPlainObject(claims) ? claims : undefined;
    } catch {
      return undefined;
    }
  }

  private timesValid(claims: Claims): boolean {
    const now = this.now().getTime() / 1000;
    if (typeof claims.exp !== 'number' || now > claims.exp + LEEWAY_SECONDS) return false;
    if (typeof claims.nbf === 'number' && now < claims.nbf - LEEWAY_SECONDS) return false;
    if (typeof claims.iat === 'number' && now < claims.iat - LEEWAY_SECONDS) return false;
    return true;
  }

  /** The object exists, is not being deleted and, when the token names a uid, has that uid. */
  private async live(group: string, plural: string, namespace: string, ref: Ref): Promise<KubeObject | undefined> {
    if (!ref.name) return undefined;
    const obj = await this.host.registry(group, plural).tryGet(namespace, ref.name);
    if (!obj || obj.metadata.deletionTimestamp) return undefined;
    if (ref.uid && obj.metadata.uid !== ref.uid) return undefined;
    return obj;
  }

  private async legacyUser(token: string, claims: Claims): Promise<UserInfo | undefined> {
    const namespace = claims['kubernetes.io/serviceaccount/namespace'];
    const saName = claims['kubernetes.io/serviceaccount/service-account.name'];
    const saUid = claims['kubernetes.io/serviceaccount/service-account.uid'];
    const secretName = claims['kubernetes.io/serviceaccount/secret.name'];
    if (typeof namespace !== 'string' || typeof saName !== 'string' || typeof secretName !== 'string' || typeof saUid !== 'string') return undefined;
    if (claims.sub !== `system:serviceaccount:${namespace}:${saName}`) return undefined;
    const secret = await this.live('', 'secrets', namespace, { name: secretName });
    const stored = Buffer.from(String((secret?.data as Record<string, string> | undefined)?.token ?? ''), 'base64');
    const presented = Buffer.from(token);
    if (!secret || stored.length !== presented.length || !timingSafeEqual(stored, presented)) return undefined;
    if (!(await this.live('', 'serviceaccounts', namespace, { name: saName, uid: saUid }))) return undefined;
    return serviceAccountUser(namespace, saName, saUid);
  }
}

/** POST …/serviceaccounts/{name}/token: a TokenRequest answered with a bound token. */
export function tokenRequestHandler(tokens: ServiceAccountTokens, host: Registries): SpecialHandler {
  return async ({ req, res, info }) => {
    if (info.verb !== 'create') throw methodNotSupported({ group: '', resource: 'serviceaccounts/token' }, info.verb);
    const decoded = decodeBody(await readBody(req), req.headers['content-type'], OBJECT_BODY_TYPES);
    const body = (isPlainObject(decoded.value) ? decoded.value : {}) as Claims;
    const spec = (isPlainObject(body.spec) ? { ...body.spec } : {}) as Claims;
    const sa = await host.registry('', 'serviceaccounts').get(info.namespace, info.name);
    spec.audiences = Array.isArray(spec.audiences) && spec.audiences.length ? spec.audiences : tokens.apiAudiences;
    spec.expirationSeconds = typeof spec.expirationSeconds === 'number' ? spec.expirationSeconds : DEFAULT_EXPIRATION_SECONDS;
    const seconds = spec.expirationSeconds as number;
    if (seconds < MIN_EXPIRATION_SECONDS) {
      throw invalid({ group: 'authentication.k8s.io', kind: 'TokenRequest' }, info.name, [
        fieldErrors.invalid('spec.expirationSeconds', seconds, 'may not specify a duration less than 10 minutes'),
      ]);
    }
    let boundObject: BoundObject | undefined;
    const ref = isPlainObject(spec.boundObjectRef) ? (spec.boundObjectRef as Claims) : undefined;
    if (ref) {
      const kind = ref.kind === 'Pod' || ref.kind === 'Secret' ? ref.kind : undefined;
      if (!kind) {
        throw invalid({ group: 'authentication.k8s.io', kind: 'TokenRequest' }, info.name, [
          fieldErrors.notSupported('spec.boundObjectRef.kind', ref.kind ?? '', ['Pod', 'Secret']),
        ]);
      }
      const obj = await host.registry('', kind === 'Pod' ? 'pods' : 'secrets').get(info.namespace, String(ref.name ?? ''));
      if (ref.uid && ref.uid !== obj.metadata.uid) {
        throw conflict(
          { group: '', resource: 'serviceaccounts' },
          info.name,
          `the UID in the bound object reference (${String(ref.uid)}) does not match the UID in record. The object might have been deleted and then recreated`,
        );
      }
      boundObject = { kind, name: obj.metadata.name!, uid: obj.metadata.uid! };
    }
    const issued = tokens.issueToken({
      namespace: info.namespace,
      name: sa.metadata.name!,
      uid: sa.metadata.uid!,
      audiences: spec.audiences as string[],
      expirationSeconds: seconds,
      boundObject,
    });
    writeBody(res, 201, {
      kind: 'TokenRequest',
      apiVersion: 'authentication.k8s.io/v1',
      // The request echoed back, as the TokenRequest REST does.
      metadata: { ...(isPlainObject(body.metadata) ? body.metadata : {}), creationTimestamp: null },
      spec,
      status: { token: issued.token, expirationTimestamp: formatTime(issued.expirationTimestamp) },
    });
  };
}
