// Authentication: bearer tokens and client certificates signed by the cluster CA.

import type { TLSSocket } from 'node:tls';
import { X509Certificate } from 'node:crypto';
import type { ApiRequest } from '../http-types.ts';
import { AUTHENTICATED, type UserInfo } from './user.ts';

export interface TokenAuthenticator {
  /**
   * The token's user, if the token is valid. An audience-aware authenticator also checks that the
   * token names one of `audiences` (default: the API server's own).
   */
  authenticateToken(token: string, audiences?: string[]): Promise<UserInfo | undefined>;
  /** Tokens that name their audiences (JWTs); the others are valid for the API server's audiences only. */
  readonly audienceAware?: boolean;
}

/** What a TokenReview learns of a token: its user and which of the asked audiences it is valid for. */
export interface TokenReviewResult {
  user: UserInfo;
  audiences: string[];
}

/** Static tokens (the admin credential of `cozylab up`). */
export class StaticTokens implements TokenAuthenticator {
  private readonly tokens = new Map<string, UserInfo>();

  add(token: string, user: UserInfo): void {
    this.tokens.set(token, user);
  }

  async authenticateToken(token: string): Promise<UserInfo | undefined> {
    return this.tokens.get(token);
  }
}

export class Authenticator {
  private readonly tokenAuthenticators: TokenAuthenticator[] = [];

  /** `apiAudiences`: the audiences the API server identifies as (kube-apiserver's `--api-audiences`). */
  constructor(
    private readonly caPem?: string,
    private readonly apiAudiences: string[] = [],
  ) {}

  addTokenAuthenticator(a: TokenAuthenticator): void {
    this.tokenAuthenticators.push(a);
  }

  async authenticate(req: ApiRequest): Promise<UserInfo | undefined> {
    const header = req.headers.authorization;
    if (typeof header === 'string' && /^bearer /i.test(header)) {
      const token = header.slice(7).trim();
      for (const a of this.tokenAuthenticators) {
        const user = await a.authenticateToken(token);
        if (user) return withAuthenticated(user);
      }
      return undefined;
    }
    return this.fromClientCertificate(req);
  }

  /**
   * Authenticates a bearer token on behalf of another server (TokenReview): valid when some
   * authenticator accepts it for at least one of `audiences` (empty: the API server's).
   */
  async reviewToken(token: string, audiences: string[] = []): Promise<TokenReviewResult | undefined> {
    const wanted = audiences.length ? audiences : this.apiAudiences;
    for (const a of this.tokenAuthenticators) {
      let user: UserInfo | undefined;
      const valid: string[] = [];
      if (a.audienceAware) {
        for (const aud of wanted) {
          const u = await a.authenticateToken(token, [aud]);
          if (!u) continue;
          user ??= u;
          valid.push(aud);
        }
      } else {
        valid.push(...wanted.filter((aud) => this.apiAudiences.includes(aud)));
        if (valid.length) user = await a.authenticateToken(token);
      }
      if (user) return { user: withAuthenticated(user), audiences: valid };
    }
    return undefined;
  }

  private fromClientCertificate(req: ApiRequest): UserInfo | undefined {
    const socket = req.socket as TLSSocket;
    if (!this.caPem || typeof socket.getPeerX509Certificate !== 'function') return undefined;
    const peer = socket.getPeerX509Certificate();
    if (!peer) return undefined;
    const ca = new X509Certificate(this.caPem);
    if (!peer.checkIssued(ca) || !peer.verify(ca.publicKey)) return undefined;
    const now = Date.now();
    if (Date.parse(peer.validFrom) > now || Date.parse(peer.validTo) < now) return undefined;
    const subject = Object.fromEntries(
      peer.subject.split('\n').map((line) => {
        const eq = line.indexOf('=');
        return [line.slice(0, eq), line.slice(eq + 1)];
      }),
    );
    const groups = peer.subject
      .split('\n')
      .filter((l) => l.startsWith('O='))
      .map((l) => l.slice(2));
    if (!subject.CN) return undefined;
    return withAuthenticated({ username: subject.CN, groups });
  }
}

function withAuthenticated(user: UserInfo): UserInfo {
  return user.groups.includes(AUTHENTICATED) ? user : { ...user, groups: [...user.groups, AUTHENTICATED] };
}
