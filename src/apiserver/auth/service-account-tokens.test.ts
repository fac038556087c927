import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { MemoryStore } from '../../storage/memory.ts';
import { ApiServer } from '../api-server.ts';
import { Authenticator, StaticTokens } from './authenticator.ts';
import { ServiceAccountTokens } from './service-account-tokens.ts';

const keyPem = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const decodePart = (token: string, i: number) => JSON.parse(Buffer.from(token.split('.')[i]!, 'base64url').toString('utf8'));

describe('ServiceAccountTokens', () => {
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' } });
  const ctx = server.internalContext();
  const pem = keyPem();
  let clock = new Date('2026-03-01T12:00:00Z');
  const tokens = new ServiceAccountTokens(server, { signingKeyPem: pem, now: () => clock });
  let saUid = '';

  before(async () => {
    await server.registry('', 'namespaces').create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' } }, ctx);
    const sa = await server.registry('', 'serviceaccounts').create('team', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'builder' } }, ctx);
    saUid = sa.metadata.uid!;
  });

  test('issues RS256 JWTs with the claims Kubernetes issues', () => {
    const { token, expirationTimestamp } = tokens.issueToken({ namespace: 'team', name: 'builder', uid: saUid, expirationSeconds: 600 });
    assert.deepEqual(decodePart(token, 0), { alg: 'RS256', kid: tokens.keyId });
    const claims = decodePart(token, 1);
    const now = clock.getTime() / 1000;
    assert.deepEqual(Object.keys(claims), ['aud', 'exp', 'iat', 'iss', 'jti', 'kubernetes.io', 'nbf', 'sub']);
    assert.deepEqual(claims.aud, ['https://kubernetes.default.svc.cluster.local']);
    assert.equal(claims.iss, 'https://kubernetes.default.svc.cluster.local');
    assert.equal(claims.sub, 'system:serviceaccount:team:builder');
    assert.deepEqual([claims.iat, claims.nbf, claims.exp], [now, now, now + 600]);
    assert.deepEqual(claims['kubernetes.io'], { namespace: 'team', serviceaccount: { name: 'builder', uid: saUid } });
    assert.equal(expirationTimestamp.getTime(), (now + 600) * 1000);
  });

  test('an ECDSA P-256 key (a new data dir has one, as Talos makes it) signs ES256 tokens its JWKS verifies', async () => {
    const ecPem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'sec1', format: 'pem' }).toString();
    const ec = new ServiceAccountTokens(server, { signingKeyPem: ecPem, now: () => clock });
    const { token } = ec.issueToken({ namespace: 'team', name: 'builder', uid: saUid });
    assert.deepEqual(decodePart(token, 0), { alg: 'ES256', kid: ec.keyId });
    const [jwk] = ec.jwks().keys;
    assert.deepEqual(Object.keys(jwk!), ['use', 'kty', 'kid', 'crv', 'alg', 'x', 'y']);
    assert.deepEqual([jwk!.kty, jwk!.crv, jwk!.alg], ['EC', 'P-256', 'ES256']);
    assert.deepEqual(ec.openidConfiguration('https://x/openid/v1/jwks').id_token_signing_alg_values_supported, ['ES256']);
    // A JOSE signature: r and s, 32 bytes each, that the published key verifies.
    const [h, p, sig] = token.split('.');
    assert.equal(Buffer.from(sig!, 'base64url').length, 64);
    const publicKey = createPublicKey({ key: jwk as never, format: 'jwk' });
    assert.ok(verify('sha256', Buffer.from(`${h}.${p}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig!, 'base64url')));
    assert.equal((await ec.authenticateToken(token))?.username, 'system:serviceaccount:team:builder');
    // Neither key accepts the other's tokens.
    assert.equal(await ec.authenticateToken(tokens.issueToken({ namespace: 'team', name: 'builder', uid: saUid }).token), undefined);
    assert.equal(await tokens.authenticateToken(token), undefined);
  });

  test('a valid token authenticates as the ServiceAccount with its groups and uid', async () => {
    const { token } = tokens.issueToken({ namespace: 'team', name: 'builder', uid: saUid });
    const user = await tokens.authenticateToken(token);
    assert.equal(user?.username, 'system:serviceaccount:team:builder');
    assert.equal(user?.uid, saUid);
    assert.deepEqual(user?.groups, ['system:serviceaccounts', 'system:serviceaccounts:team', 'system:authenticated']);
    assert.match(user?.extra?.['authentication.kubernetes.io/credential-id']?.[0] ?? '', /^JTI=[0-9a-f-]{36}$/);
  });

  test('refuses other audiences, expired tokens, tampering and other keys', async () => {
    assert.equal(await tokens.authenticateToken(tokens.issueToken({ namespace: 'team', name: 'builder', uid: saUid, audiences: ['vault'] }).token), undefined);
    const { token } = tokens.issueToken({ namespace: 'team', name: 'builder', uid: saUid, expirationSeconds: 600 });
    const saved = clock;
    clock = new Date(saved.getTime() + 659_000);
    assert.ok(await tokens.authenticateToken(token), 'within the leeway');
    clock = new Date(saved.getTime() + 661_000);
    assert.equal(await tokens.authenticateToken(token), undefined);
    clock = saved;
    const [h, , s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodePart(token, 1), sub: 'system:serviceaccount:team:admin' })).toString('base64url');
    assert.equal(await tokens.authenticateToken(`${h}.${forged}.${s}`), undefined);
    const stranger = new ServiceAccountTokens(server, { signingKeyPem: keyPem(), now: () => clock });
    assert.equal(await tokens.authenticateToken(stranger.issueToken({ namespace: 'team', name: 'builder', uid: saUid }).token), undefined);
    assert.equal(await tokens.authenticateToken('not-a-jwt'), undefined);
  });

  test('a token outlives neither its ServiceAccount nor a re-created one, nor its bound Secret', async () => {
    const sas = server.registry('', 'serviceaccounts');
    const secrets = server.registry('', 'secrets');
    await sas.create('team', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'temp' } }, ctx);
    const first = (await sas.get('team', 'temp')).metadata.uid!;
    const secret = await secrets.create('team', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'bound' } }, ctx);
    const plain = tokens.issueToken({ namespace: 'team', name: 'temp', uid: first }).token;
    const bound = tokens.issueToken({ namespace: 'team', name: 'temp', uid: first, boundObject: { kind: 'Secret', name: 'bound', uid: secret.metadata.uid! } }).token;
    assert.ok(await tokens.authenticateToken(bound));
    await secrets.store.delete(secrets.key('team', 'bound'));
    assert.equal(await tokens.authenticateToken(bound), undefined);
    assert.ok(await tokens.authenticateToken(plain));
    await sas.store.delete(sas.key('team', 'temp'));
    assert.equal(await tokens.authenticateToken(plain), undefined);
    await sas.create('team', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'temp' } }, ctx);
    assert.equal(await tokens.authenticateToken(plain), undefined);
  });

  test('legacy Secret tokens are valid while the Secret holds exactly that token', async () => {
    const token = tokens.issueLegacyToken({ namespace: 'team', serviceAccountName: 'builder', serviceAccountUID: saUid, secretName: 'builder-token' });
    assert.equal(decodePart(token, 1).iss, 'kubernetes/serviceaccount');
    const secrets = server.registry('', 'secrets');
    const secret = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'builder-token', annotations: { 'kubernetes.io/service-account.name': 'builder', 'kubernetes.io/service-account.uid': saUid } },
      type: 'kubernetes.io/service-account-token',
      data: { token: Buffer.from(token).toString('base64') },
    };
    assert.equal(await tokens.authenticateToken(token), undefined, 'no Secret yet');
    await secrets.create('team', secret, ctx);
    assert.equal((await tokens.authenticateToken(token))?.username, 'system:serviceaccount:team:builder');
    await secrets.guaranteedUpdate('team', 'builder-token', ctx, '', (cur) => ({ ...cur, data: { token: Buffer.from('other').toString('base64') } }));
    assert.equal(await tokens.authenticateToken(token), undefined);
  });

  test('a TokenReview names the audiences a token is valid for, of those asked', async () => {
    const authenticator = new Authenticator(undefined, ['https://kubernetes.default.svc.cluster.local']);
    authenticator.addTokenAuthenticator(tokens);
    const { token } = tokens.issueToken({ namespace: 'team', name: 'builder', uid: saUid, audiences: ['vault', 'other'] });
    const forVault = await authenticator.reviewToken(token, ['vault', 'nats']);
    assert.equal(forVault?.user.username, 'system:serviceaccount:team:builder');
    assert.deepEqual(forVault?.audiences, ['vault']);
    assert.ok(forVault?.user.groups.includes('system:authenticated'));
    assert.equal(await authenticator.reviewToken(token), undefined, 'not valid for the API server itself');
    assert.equal(await authenticator.reviewToken(token, ['nats']), undefined);
    const apiToken = tokens.issueToken({ namespace: 'team', name: 'builder', uid: saUid }).token;
    assert.deepEqual((await authenticator.reviewToken(apiToken))?.audiences, ['https://kubernetes.default.svc.cluster.local']);
  });

  test('tokens that name no audience are reviewed as valid for the API server\'s audiences only', async () => {
    const authenticator = new Authenticator(undefined, ['https://kubernetes.default.svc.cluster.local']);
    const statics = new StaticTokens();
    statics.add('s3cret', { username: 'admin', groups: ['system:masters'] });
    authenticator.addTokenAuthenticator(statics);
    const review = await authenticator.reviewToken('s3cret');
    assert.deepEqual(review, { user: { username: 'admin', groups: ['system:masters', 'system:authenticated'] }, audiences: ['https://kubernetes.default.svc.cluster.local'] });
    assert.equal(await authenticator.reviewToken('s3cret', ['vault']), undefined);
    assert.equal(await authenticator.reviewToken('wrong'), undefined);
  });
});
