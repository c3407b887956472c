import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, authRefreshTokens, authSigningKeys, user } from '../src/db/schema/index.ts';
import { signAccessToken } from '../src/modules/auth/access-tokens.ts';
import { ApiClient, STRONG_PASSWORD, signUpBusiness, startTestServer, verifyEmailOf, type TestServer } from './harness.ts';
import { startFakeOidc, type FakeOidc } from './fake-oidc.ts';

const ROOT = 'root-tokens@example.com';
let server: TestServer;
let oidc: FakeOidc;

beforeAll(async () => {
  oidc = await startFakeOidc();
  server = await startTestServer({
    env: { SUPER_ADMIN_EMAILS: ROOT, SSO_ISSUER: oidc.issuer, SSO_CLIENT_ID: oidc.clientId, SSO_CLIENT_SECRET: oidc.clientSecret, SSO_NAME: 'Acme ID' },
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await oidc?.close();
});

const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The browser's way through the provider: start, the provider's page, back to our callback. Returns where the callback sends it. */
async function throughProvider(client: ApiClient, challenge: string, options: { redirect_to?: string } = {}) {
  const started = await client.post('/api/auth/sso', { provider_id: 'oidc', code_challenge: challenge, code_challenge_method: 's256', ...options });
  expect(started.status).toBe(200);
  const atProvider = await fetch(started.body.url, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location')!);
  expect(back.pathname).toBe('/api/auth/sso/callback');
  const callback = await fetch(`${server.url}${back.pathname}${back.search}`, { redirect: 'manual' });
  expect(callback.status).toBe(302);
  return { location: new URL(callback.headers.get('location')!, server.url), callbackQuery: back.search, providerUrl: new URL(started.body.url) };
}

async function ssoSignIn(person: Parameters<FakeOidc['signInAs']>[0]) {
  oidc.signInAs(person);
  const client = new ApiClient(server.url);
  const { verifier, challenge } = pkcePair();
  const { location } = await throughProvider(client, challenge);
  const code = location.searchParams.get('code');
  expect(code, location.toString()).toBeTruthy();
  const tokens = await client.request('POST', '/api/auth/token?grant_type=pkce', { auth_code: code, code_verifier: verifier });
  expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
  return { client, tokens: tokens.body };
}

describe('SSO with PKCE (SPEC §7 sso, token grant_type=pkce)', () => {
  it('lists the provider, sends the browser there with S256, state and nonce, and signs a new person in with a business of their own', async () => {
    expect((await new ApiClient(server.url).get('/api/auth/sso/providers')).body).toEqual({ providers: [{ id: 'oidc', name: 'Acme ID' }], work_email: false });
    oidc.signInAs({ sub: 'new-person-1', email: 'new-person-1@example.com', email_verified: true, name: 'Nia Person' });
    const client = new ApiClient(server.url);
    const { verifier, challenge } = pkcePair();
    const { location, providerUrl } = await throughProvider(client, challenge);
    // Our own PKCE towards the provider: its challenge is not the browser's.
    expect(providerUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(providerUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(providerUrl.searchParams.get('code_challenge')).not.toBe(challenge);
    expect(providerUrl.searchParams.get('state')).toBeTruthy();
    expect(providerUrl.searchParams.get('nonce')).toBeTruthy();
    expect(oidc.tokenRequests.at(-1)!.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(location.pathname).toBe('/auth');

    const tokens = await client.request('POST', '/api/auth/token?grant_type=pkce', { auth_code: location.searchParams.get('code'), code_verifier: verifier });
    expect(tokens.status).toBe(200);
    expect(tokens.headers.get('cache-control')).toBe('no-store');
    expect(tokens.body).toMatchObject({ token_type: 'bearer', expires_in: 900, user: { email: 'new-person-1@example.com', name: 'Nia Person' }, second_step: null });
    // The web app is signed in by the cookie; the access token works as well.
    expect(client.hasSessionCookie()).toBe(true);
    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.business.id).toBeTruthy();
    const viaBearer = await new ApiClient(server.url).request('GET', '/api/me', undefined, bearer(tokens.body.access_token));
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.body.user.id).toBe(me.body.user.id);
    // The identity is kept: the next sign-in is the same account.
    const [identity] = await server.database.db.select().from(account).where(eq(account.accountId, 'new-person-1'));
    expect(identity).toMatchObject({ providerId: 'oidc', userId: me.body.user.id, password: null });
    const again = await ssoSignIn({ sub: 'new-person-1', email: 'new-person-1@example.com', email_verified: true, name: 'Nia Person' });
    expect(again.tokens.user.id).toBe(me.body.user.id);
  });

  it('refuses an unknown or replayed state, and a code the provider sent back without a flow', async () => {
    const unknown = await fetch(`${server.url}/api/auth/sso/callback?state=made-up&code=abc`, { redirect: 'manual' });
    expect(unknown.status).toBe(302);
    const target = new URL(unknown.headers.get('location')!, server.url);
    expect(target.pathname).toBe('/auth');
    expect(target.searchParams.get('error')).toBe('invalid_state');
    expect(target.searchParams.get('code')).toBeNull();

    const { challenge } = pkcePair();
    const { callbackQuery } = await throughProvider(new ApiClient(server.url), challenge);
    const replay = await fetch(`${server.url}/api/auth/sso/callback${callbackQuery}`, { redirect: 'manual' });
    expect(new URL(replay.headers.get('location')!, server.url).searchParams.get('error')).toBe('invalid_state');
  });

  it('refuses a wrong code verifier and spends the code, and refuses an unknown code', async () => {
    oidc.signInAs({ sub: 'pkce-person', email: 'pkce-person@example.com', email_verified: true });
    const client = new ApiClient(server.url);
    const { verifier, challenge } = pkcePair();
    const { location } = await throughProvider(client, challenge);
    const code = location.searchParams.get('code');
    const wrong = await client.request('POST', '/api/auth/token?grant_type=pkce', { auth_code: code, code_verifier: pkcePair().verifier });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('bad_code_verifier');
    expect(client.hasSessionCookie()).toBe(false);
    const late = await client.request('POST', '/api/auth/token?grant_type=pkce', { auth_code: code, code_verifier: verifier });
    expect(late.status).toBe(404);
    expect(late.body.error.code).toBe('flow_state_not_found');
    const missing = await client.request('POST', '/api/auth/token?grant_type=pkce', { auth_code: code });
    expect(missing.body.error.code).toBe('validation_error');
  });

  it("refuses an id_token whose nonce or audience is not ours, and says so on the web page's address", async () => {
    const { challenge } = pkcePair();
    oidc.signInAs({ sub: 'tampered', email: 'tampered@example.com', email_verified: true });
    oidc.tamperNextIdToken({ nonce: 'someone-elses-nonce' });
    const nonce = await throughProvider(new ApiClient(server.url), challenge, { redirect_to: '/auth?next=%2Fdashboard' });
    expect(nonce.location.pathname).toBe('/auth');
    expect(nonce.location.searchParams.get('next')).toBe('/dashboard');
    expect(nonce.location.searchParams.get('error')).toBe('invalid_jwt');
    expect(nonce.location.searchParams.get('code')).toBeNull();
    oidc.tamperNextIdToken({ aud: 'another-client' });
    const audience = await throughProvider(new ApiClient(server.url), challenge);
    expect(audience.location.searchParams.get('error')).toBe('invalid_jwt');
    expect(await server.database.db.select().from(user).where(eq(user.email, 'tampered@example.com'))).toEqual([]);
  });

  it('links to an existing account only when the provider vouches for the address, and refuses open redirects and unknown providers', async () => {
    const owner = await signUpBusiness(server);
    oidc.signInAs({ sub: 'unverified-claim', email: owner.email, email_verified: false });
    const { challenge } = pkcePair();
    const refused = await throughProvider(new ApiClient(server.url), challenge);
    expect(refused.location.searchParams.get('error')).toBe('identity_already_exists');
    const linked = await ssoSignIn({ sub: 'verified-claim', email: owner.email, email_verified: true });
    expect(linked.tokens.user.id).toBe(owner.userId);
    expect((await linked.client.get('/api/me')).body.business.id).toBe(owner.businessId);

    const client = new ApiClient(server.url);
    for (const redirectTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const res = await client.post('/api/auth/sso', { code_challenge: challenge, redirect_to: redirectTo });
      expect(res.status, redirectTo).toBe(400);
    }
    const other = await client.post('/api/auth/sso', { provider_id: 'other', code_challenge: challenge });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('sso_provider_not_found');
  });
});

describe('sign-in with an id_token (SPEC §7 token grant_type=id_token)', () => {
  it("signs in with a provider's id_token and its nonce; refuses a forged, expired or foreign one", async () => {
    const grant = (body: Record<string, unknown>) => new ApiClient(server.url).request('POST', '/api/auth/token?grant_type=id_token', { provider: 'oidc', ...body });
    const claims = { sub: 'mobile-person', email: 'mobile-person@example.com', email_verified: true, name: 'Mo Bile' };
    const ok = await grant({ id_token: await oidc.signIdToken({ ...claims, nonce: createHash('sha256').update('raw-nonce').digest('hex') }), nonce: 'raw-nonce' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.user.email).toBe('mobile-person@example.com');
    expect((await new ApiClient(server.url).request('GET', '/api/auth/user', undefined, bearer(ok.body.access_token))).status).toBe(200);

    const cases: [string, Record<string, unknown>][] = [
      ['forged', { id_token: await oidc.forgeIdToken(claims) }],
      ['expired', { id_token: await oidc.signIdToken(claims, { expiresInSeconds: -120 }) }],
      ['wrong nonce', { id_token: await oidc.signIdToken({ ...claims, nonce: 'n-1' }), nonce: 'n-2' }],
      ['nonce not given', { id_token: await oidc.signIdToken({ ...claims, nonce: 'n-1' }) }],
      ['other audience', { id_token: await oidc.signIdToken({ ...claims, aud: 'someone-else' }) }],
      ['not a JWT', { id_token: 'x.y.z' }],
    ];
    for (const [name, body] of cases) {
      const res = await grant(body);
      expect(res.status, name).toBe(400);
      expect(res.body.error.code, name).toBe('invalid_jwt');
    }
    const unknown = await grant({ provider: 'elsewhere', id_token: await oidc.signIdToken(claims) });
    expect(unknown.body.error.code).toBe('sso_provider_not_found');
  });
});

describe('JWT access tokens, JWKS and refresh tokens (SPEC §7 token, jwks, logout)', () => {
  async function passwordTokens() {
    const owner = await signUpBusiness(server);
    const res = await new ApiClient(server.url).request('POST', '/api/auth/token?grant_type=password', { email: owner.email, password: STRONG_PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { owner, tokens: res.body as { access_token: string; refresh_token: string; expires_at: number } };
  }

  it('answers an ES256 JWT that the JWKS verifies and the API accepts as a Bearer, next to the cookie', async () => {
    const { owner, tokens } = await passwordTokens();
    const jwks = await new ApiClient(server.url).get('/api/auth/jwks');
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.body.keys[0].d).toBeUndefined();
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, createLocalJWKSet(jwks.body), { audience: 'authenticated' });
    expect(payload).toMatchObject({ sub: owner.userId, email: owner.email, aal: 'aal1', role: 'authenticated' });
    expect(payload.exp! - payload.iat!).toBe(900);
    expect(protectedHeader.kid).toBe(jwks.body.keys[0].kid);
    // The private key is never stored in the clear.
    const [key] = await server.database.db.select().from(authSigningKeys).where(eq(authSigningKeys.id, protectedHeader.kid!));
    expect(key!.privateJwk).not.toContain('"d"');

    const api = new ApiClient(server.url);
    const products = await api.request('GET', '/api/products', undefined, bearer(tokens.access_token));
    expect(products.status).toBe(200);
    expect((await api.request('GET', '/api/me', undefined, bearer(tokens.access_token))).body.business.id).toBe(owner.businessId);
    // Wrong credentials answer as POST sign-in does.
    const wrong = await api.request('POST', '/api/auth/token?grant_type=password', { email: owner.email, password: 'not the password at all' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('invalid_credentials');
  });

  it('refuses a forged, tampered or expired access token with 401 invalid_jwt', async () => {
    const { owner, tokens } = await passwordTokens();
    const [header, body, signature] = tokens.access_token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${signature}`;
    const expired = await signAccessToken(server.services, { userId: owner.userId, sessionId: claims.sid, email: owner.email, phoneNumber: null, level: 'aal1' }, Date.now() - 3600_000);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${body}.`;
    for (const [name, token] of [['tampered', tampered], ['expired', expired.token], ['alg none', unsigned], ['garbage', 'a.b.c']] as const) {
      const res = await new ApiClient(server.url).request('GET', '/api/auth/user', undefined, bearer(token));
      expect(res.status, name).toBe(401);
      expect(res.body.error.code, name).toBe('invalid_jwt');
      const business = await new ApiClient(server.url).request('GET', '/api/products', undefined, bearer(token));
      expect(business.body.error.code, name).toBe('invalid_jwt');
    }
  });

  it('rotates the refresh token on use, keeps only hashes, and ends the family when a used token comes back', async () => {
    const { owner, tokens } = await passwordTokens();
    const refresh = (token: string) => new ApiClient(server.url).request('POST', '/api/auth/token?grant_type=refresh_token', { refresh_token: token });
    const first = await refresh(tokens.refresh_token);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(first.body.user.id).toBe(owner.userId);
    const stored = await server.database.db.select().from(authRefreshTokens).where(eq(authRefreshTokens.userId, owner.userId));
    expect(stored).toHaveLength(2);
    expect(stored.map((row) => row.tokenHash)).not.toContain(tokens.refresh_token);
    expect(stored.some((row) => row.tokenHash.includes(tokens.refresh_token.slice(3)))).toBe(false);

    const reused = await refresh(tokens.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('refresh_token_already_used');
    // The whole family is gone: the newest refresh token and the access tokens of the session.
    expect((await refresh(first.body.refresh_token)).body.error.code).toBe('refresh_token_not_found');
    expect((await new ApiClient(server.url).request('GET', '/api/auth/user', undefined, bearer(first.body.access_token))).body.error.code).toBe('invalid_jwt');
    expect((await refresh('rt_never-issued')).body.error.code).toBe('refresh_token_not_found');
  });

  it('sign-out with an access token ends its session and refresh tokens; scope=others keeps it', async () => {
    const { owner, tokens } = await passwordTokens();
    const other = await new ApiClient(server.url).request('POST', '/api/auth/token?grant_type=password', { email: owner.email, password: STRONG_PASSWORD });
    const api = new ApiClient(server.url);
    const others = await api.request('POST', '/api/auth/sign-out?scope=others', undefined, bearer(tokens.access_token));
    expect(others.status).toBe(200);
    expect((await api.request('GET', '/api/auth/user', undefined, bearer(other.body.access_token))).status).toBe(401);
    expect((await api.request('GET', '/api/auth/user', undefined, bearer(tokens.access_token))).status).toBe(200);
    expect((await owner.client.get('/api/auth/user')).status).toBe(400);

    expect((await api.request('POST', '/api/auth/sign-out', undefined, bearer(tokens.access_token))).status).toBe(200);
    expect((await api.request('GET', '/api/auth/user', undefined, bearer(tokens.access_token))).body.error.code).toBe('invalid_jwt');
    const refreshed = await api.request('POST', '/api/auth/token?grant_type=refresh_token', { refresh_token: tokens.refresh_token });
    expect(refreshed.body.error.code).toBe('refresh_token_not_found');
  });

  it('a rotated key signs new tokens; the old one stays in the JWKS and its tokens still work, in another process too', async () => {
    const root = new ApiClient(server.url);
    expect((await root.post('/api/auth/sign-up', { email: ROOT, password: STRONG_PASSWORD })).status).toBe(201);
    await verifyEmailOf(server, ROOT);
    const { tokens } = await passwordTokens();
    const before = (await root.get('/api/auth/jwks')).body.keys as { kid: string }[];
    // The route is the super admin's alone.
    const plain = await signUpBusiness(server);
    expect((await plain.client.post('/api/super-admin/signing-keys/rotate')).status).toBe(403);
    const rotated = await root.post('/api/super-admin/signing-keys/rotate');
    expect(rotated.status).toBe(200);
    const after = (await root.get('/api/auth/jwks')).body.keys as { kid: string }[];
    expect(after.map((key) => key.kid)).toEqual([rotated.body.kid, ...before.map((key) => key.kid)]);
    const second = await startTestServer({ sameDatabaseAs: server, env: { SSO_ISSUER: oidc.issuer, SSO_CLIENT_ID: oidc.clientId } });
    try {
      // The other process verifies the old key's token and signs with the new key it reads from the database.
      expect((await new ApiClient(second.url).request('GET', '/api/auth/user', undefined, bearer(tokens.access_token))).status).toBe(200);
      const fresh = await new ApiClient(second.url).request('POST', '/api/auth/token?grant_type=password', { email: plain.email, password: STRONG_PASSWORD });
      const kid = JSON.parse(Buffer.from(fresh.body.access_token.split('.')[0], 'base64url').toString()).kid;
      expect(kid).toBe(rotated.body.kid);
      expect((await new ApiClient(server.url).request('GET', '/api/auth/user', undefined, bearer(fresh.body.access_token))).status).toBe(200);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('answers 400 validation_error for a missing field or an unknown grant type', async () => {
    const api = new ApiClient(server.url);
    expect((await api.request('POST', '/api/auth/token?grant_type=refresh_token', {})).body.error.code).toBe('validation_error');
    expect((await api.request('POST', '/api/auth/token?grant_type=client_credentials', {})).body.error.code).toBe('validation_error');
    expect((await api.request('POST', '/api/auth/token?grant_type=id_token', { provider: 'oidc' })).body.error.code).toBe('validation_error');
  });
});

