// Authentication: bearer tokens and client certificates signed by the cluster CA.

import type { TLSSocket } from 'node:tls';
import { X509Certificate } from 'node:crypto';
import type { ApiRequest } from '../http-types.ts';
import { AUTHENTICATED, type UserInfo } from './user.ts';

export interface TokenAuthenticator {
  authenticateToken(token: string): Promise<UserInfo | undefined>;
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

  constructor(private readonly caPem?: string) {}

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
