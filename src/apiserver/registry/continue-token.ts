// The opaque `continue` token of a paged list: the revision the first page was read at and the next key.

import { badRequest, gone } from '../../machinery/errors.ts';

interface ContinueToken {
  v: 'meta.k8s.io/v1';
  rv: number;
  start: string;
}

export function encodeContinue(rv: number, nextKey: string): string {
  const token: ContinueToken = { v: 'meta.k8s.io/v1', rv, start: nextKey };
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

export function decodeContinue(text: string): { rv: number; start: string } {
  try {
    const token = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as ContinueToken;
    if (token.v !== 'meta.k8s.io/v1' || typeof token.rv !== 'number' || typeof token.start !== 'string') throw new Error();
    return { rv: token.rv, start: token.start };
  } catch {
    throw badRequest('continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  }
}

export function continueExpired(): Error {
  return gone(
    'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.',
  );
}
