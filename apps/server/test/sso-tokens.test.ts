import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, authRefreshTokens, authSigningKeys, user } from '../src/db/schema/index.ts';
import { signAccessToken } from '../src/modules/auth/access-tokens.ts';
import { ApiClient, STRONG_PASSWORD, okApi, signUpBusiness, startTestServer, verifyEmailOf, type ApiBody, type TestServer } from './harness.ts';
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

type TokenBody = ApiBody<'/api/auth/token', 'post'>;
type GrantType = 'password' | 'pkce' | 'refresh_token' | 'id_token' | 'web3';
/** POST /api/auth/token with a grant type and its body, through the typed client. */
const token = (client: ApiClient, grant_type: GrantType, body: TokenBody) => client.api.POST('/api/auth/token', { params: { query: { grant_type } }, body });
/** The account behind an access token (GET /api/auth/user with it as a Bearer). */
const userByBearer = (client: ApiClient, accessToken: string) => client.api.GET('/api/auth/user', { headers: bearer(accessToken) });

/** The JWKS as jose reads it: the contract types each key as an open object; the ES256 keys carry these members. */
const keySet = (keys: Record<string, unknown>[]): JSONWebKeySet => ({
  keys: keys.map((key) => ({ kty: String(key.kty), crv: String(key.crv), x: String(key.x), y: String(key.y), kid: String(key.kid), alg: String(key.alg), use: String(key.use) })),
});

/** The browser's way through the provider: start, the provider's page, back to our callback. Returns where the callback sends it. */
async function throughProvider(client: ApiClient, challenge: string, options: { redirect_to?: string } = {}) {
  const started = await okApi(await client.api.POST('/api/auth/sso', { body: { provider_id: 'oidc', code_challenge: challenge, code_challenge_method: 's256', ...options } }), 200);
  const atProvider = await fetch(started.url, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location')!);
  expect(back.pathname).toBe('/api/auth/sso/callback');
  const callback = await fetch(`${server.url}${back.pathname}${back.search}`, { redirect: 'manual' });
  expect(callback.status).toBe(302);
  return { location: new URL(callback.headers.get('location')!, server.url), callbackQuery: back.search, providerUrl: new URL(started.url) };
}

async function ssoSignIn(person: Parameters<FakeOidc['signInAs']>[0]) {
  oidc.signInAs(person);
  const client = new ApiClient(server.url);
  const { verifier, challenge } = pkcePair();
  const { location } = await throughProvider(client, challenge);
  const code = location.searchParams.get('code');
  expect(code, location.toString()).toBeTruthy();
  const tokens = await token(client, 'pkce', { auth_code: code!, code_verifier: verifier });
  expect(tokens.response.status, JSON.stringify(tokens.error)).toBe(200);
  return { client, tokens: tokens.data! };
}

describe('SSO with PKCE (SPEC §7 sso, token grant_type=pkce)', () => {
  it('lists the provider, sends the browser there with S256, state and nonce, and signs a new person in with a business of their own', async () => {
    expect((await new ApiClient(server.url).api.GET('/api/auth/sso/providers')).data).toEqual({ providers: [{ id: 'oidc', name: 'Acme ID' }], work_email: false });
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

    const tokens = await token(client, 'pkce', { auth_code: location.searchParams.get('code')!, code_verifier: verifier });
    expect(tokens.response.status).toBe(200);
    expect(tokens.response.headers.get('cache-control')).toBe('no-store');
    expect(tokens.data).toMatchObject({ token_type: 'bearer', expires_in: 900, user: { email: 'new-person-1@example.com', name: 'Nia Person' }, second_step: null });
    // The web app is signed in by the cookie; the access token works as well.
    expect(client.hasSessionCookie()).toBe(true);
    const me = await client.api.GET('/api/me');
    expect(me.response.status).toBe(200);
    expect(me.data!.business!.id).toBeTruthy();
    const viaBearer = await new ApiClient(server.url).api.GET('/api/me', { headers: bearer(tokens.data!.access_token) });
    expect(viaBearer.response.status).toBe(200);
    expect(viaBearer.data!.user!.id).toBe(me.data!.user!.id);
    // The identity is kept: the next sign-in is the same account.
    const [identity] = await server.database.db.select().from(account).where(eq(account.accountId, 'new-person-1'));
    expect(identity).toMatchObject({ providerId: 'oidc', userId: me.data!.user!.id, password: null });
    const again = await ssoSignIn({ sub: 'new-person-1', email: 'new-person-1@example.com', email_verified: true, name: 'Nia Person' });
    expect(again.tokens.user.id).toBe(me.data!.user!.id);
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
    const code = location.searchParams.get('code')!;
    const wrong = await token(client, 'pkce', { auth_code: code, code_verifier: pkcePair().verifier });
    expect(wrong.response.status).toBe(400);
    expect(wrong.error?.error.code).toBe('bad_code_verifier');
    expect(client.hasSessionCookie()).toBe(false);
    const late = await token(client, 'pkce', { auth_code: code, code_verifier: verifier });
    expect(late.response.status).toBe(404);
    expect(late.error?.error.code).toBe('flow_state_not_found');
    const missing = await token(client, 'pkce', { auth_code: code });
    expect(missing.error?.error.code).toBe('validation_error');
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
    expect((await linked.client.api.GET('/api/me')).data!.business!.id).toBe(owner.businessId);

    const client = new ApiClient(server.url);
    for (const redirectTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const res = await client.api.POST('/api/auth/sso', { body: { code_challenge: challenge, redirect_to: redirectTo } });
      expect(res.response.status, redirectTo).toBe(400);
    }
    const other = await client.api.POST('/api/auth/sso', { body: { provider_id: 'other', code_challenge: challenge } });
    expect(other.response.status).toBe(404);
    expect(other.error?.error.code).toBe('sso_provider_not_found');
  });
});

describe('sign-in with an id_token (SPEC §7 token grant_type=id_token)', () => {
  it("signs in with a provider's id_token and its nonce; refuses a forged, expired or foreign one", async () => {
    const grant = (body: TokenBody) => token(new ApiClient(server.url), 'id_token', { provider: 'oidc', ...body });
    const claims = { sub: 'mobile-person', email: 'mobile-person@example.com', email_verified: true, name: 'Mo Bile' };
    const ok = await grant({ id_token: await oidc.signIdToken({ ...claims, nonce: createHash('sha256').update('raw-nonce').digest('hex') }), nonce: 'raw-nonce' });
    expect(ok.response.status, JSON.stringify(ok.error)).toBe(200);
    expect(ok.data!.user.email).toBe('mobile-person@example.com');
    expect((await userByBearer(new ApiClient(server.url), ok.data!.access_token)).response.status).toBe(200);

    const cases: [string, TokenBody][] = [
      ['forged', { id_token: await oidc.forgeIdToken(claims) }],
      ['expired', { id_token: await oidc.signIdToken(claims, { expiresInSeconds: -120 }) }],
      ['wrong nonce', { id_token: await oidc.signIdToken({ ...claims, nonce: 'n-1' }), nonce: 'n-2' }],
      ['nonce not given', { id_token: await oidc.signIdToken({ ...claims, nonce: 'n-1' }) }],
      ['other audience', { id_token: await oidc.signIdToken({ ...claims, aud: 'someone-else' }) }],
      ['not a JWT', { id_token: 'x.y.z' }],
    ];
    for (const [name, body] of cases) {
      const res = await grant(body);
      expect(res.response.status, name).toBe(400);
      expect(res.error?.error.code, name).toBe('invalid_jwt');
    }
    const unknown = await grant({ provider: 'elsewhere', id_token: await oidc.signIdToken(claims) });
    expect(unknown.error?.error.code).toBe('sso_provider_not_found');
  });
});

describe('JWT access tokens, JWKS and refresh tokens (SPEC §7 token, jwks, logout)', () => {
  async function passwordTokens() {
    const owner = await signUpBusiness(server);
    const res = await token(new ApiClient(server.url), 'password', { email: owner.email, password: STRONG_PASSWORD });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    return { owner, tokens: res.data! };
  }

  it('answers an ES256 JWT that the JWKS verifies and the API accepts as a Bearer, next to the cookie', async () => {
    const { owner, tokens } = await passwordTokens();
    const jwks = await new ApiClient(server.url).api.GET('/api/auth/jwks');
    expect(jwks.response.status).toBe(200);
    const keys = jwks.data!.keys;
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0]!.d).toBeUndefined();
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, createLocalJWKSet(keySet(keys)), { audience: 'authenticated' });
    expect(payload).toMatchObject({ sub: owner.userId, email: owner.email, aal: 'aal1', role: 'authenticated' });
    expect(payload.exp! - payload.iat!).toBe(900);
    expect(protectedHeader.kid).toBe(keys[0]!.kid);
    // The private key is never stored in the clear.
    const [key] = await server.database.db.select().from(authSigningKeys).where(eq(authSigningKeys.id, protectedHeader.kid!));
    expect(key!.privateJwk).not.toContain('"d"');

    const api = new ApiClient(server.url);
    const products = await api.api.GET('/api/products', { headers: bearer(tokens.access_token) });
    expect(products.response.status).toBe(200);
    expect((await api.api.GET('/api/me', { headers: bearer(tokens.access_token) })).data!.business!.id).toBe(owner.businessId);
    // Wrong credentials answer as POST sign-in does.
    const wrong = await token(api, 'password', { email: owner.email, password: 'not the password at all' });
    expect(wrong.response.status).toBe(401);
    expect(wrong.error?.error.code).toBe('invalid_credentials');
  });

  it('refuses a forged, tampered or expired access token with 401 invalid_jwt', async () => {
    const { owner, tokens } = await passwordTokens();
    const [header, body, signature] = tokens.access_token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${signature}`;
    const expired = await signAccessToken(server.services, { userId: owner.userId, sessionId: claims.sid, email: owner.email, phoneNumber: null, level: 'aal1' }, Date.now() - 3600_000);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${body}.`;
    for (const [name, accessToken] of [['tampered', tampered], ['expired', expired.token], ['alg none', unsigned], ['garbage', 'a.b.c']] as const) {
      const res = await userByBearer(new ApiClient(server.url), accessToken);
      expect(res.response.status, name).toBe(401);
      expect(res.error?.error.code, name).toBe('invalid_jwt');
      const business = await new ApiClient(server.url).api.GET('/api/products', { headers: bearer(accessToken) });
      expect(business.error?.error.code, name).toBe('invalid_jwt');
    }
  });

  it('rotates the refresh token on use, keeps only hashes, and ends the family when a used token comes back', async () => {
    const { owner, tokens } = await passwordTokens();
    const refresh = (refreshToken: string) => token(new ApiClient(server.url), 'refresh_token', { refresh_token: refreshToken });
    const firstRes = await refresh(tokens.refresh_token);
    expect(firstRes.response.status).toBe(200);
    const first = firstRes.data!;
    expect(first.refresh_token).not.toBe(tokens.refresh_token);
    expect(first.user.id).toBe(owner.userId);
    const stored = await server.database.db.select().from(authRefreshTokens).where(eq(authRefreshTokens.userId, owner.userId));
    expect(stored).toHaveLength(2);
    expect(stored.map((row) => row.tokenHash)).not.toContain(tokens.refresh_token);
    expect(stored.some((row) => row.tokenHash.includes(tokens.refresh_token.slice(3)))).toBe(false);

    const reused = await refresh(tokens.refresh_token);
    expect(reused.response.status).toBe(400);
    expect(reused.error?.error.code).toBe('refresh_token_already_used');
    // The whole family is gone: the newest refresh token and the access tokens of the session.
    expect((await refresh(first.refresh_token)).error?.error.code).toBe('refresh_token_not_found');
    expect((await userByBearer(new ApiClient(server.url), first.access_token)).error?.error.code).toBe('invalid_jwt');
    expect((await refresh('rt_never-issued')).error?.error.code).toBe('refresh_token_not_found');
  });

  it('sign-out with an access token ends its session and refresh tokens; scope=others keeps it', async () => {
    const { owner, tokens } = await passwordTokens();
    const other = await okApi(await token(new ApiClient(server.url), 'password', { email: owner.email, password: STRONG_PASSWORD }), 200);
    const api = new ApiClient(server.url);
    const others = await api.api.POST('/api/auth/sign-out', { params: { query: { scope: 'others' } }, headers: bearer(tokens.access_token) });
    expect(others.response.status).toBe(200);
    expect((await userByBearer(api, other.access_token)).response.status).toBe(401);
    expect((await userByBearer(api, tokens.access_token)).response.status).toBe(200);
    expect((await owner.client.api.GET('/api/auth/user')).response.status).toBe(400);

    expect((await api.api.POST('/api/auth/sign-out', { headers: bearer(tokens.access_token) })).response.status).toBe(200);
    expect((await userByBearer(api, tokens.access_token)).error?.error.code).toBe('invalid_jwt');
    const refreshed = await token(api, 'refresh_token', { refresh_token: tokens.refresh_token });
    expect(refreshed.error?.error.code).toBe('refresh_token_not_found');
  });

  it('a rotated key signs new tokens; the old one stays in the JWKS and its tokens still work, in another process too', async () => {
    const root = new ApiClient(server.url);
    expect((await root.api.POST('/api/auth/sign-up', { body: { email: ROOT, password: STRONG_PASSWORD } })).response.status).toBe(201);
    await verifyEmailOf(server, ROOT);
    const { tokens } = await passwordTokens();
    const before = (await okApi(await root.api.GET('/api/auth/jwks'), 200)).keys;
    // The route is the super admin's alone.
    const plain = await signUpBusiness(server);
    expect((await plain.client.api.POST('/api/super-admin/signing-keys/rotate')).response.status).toBe(403);
    const rotated = await root.api.POST('/api/super-admin/signing-keys/rotate');
    expect(rotated.response.status).toBe(200);
    const after = (await okApi(await root.api.GET('/api/auth/jwks'), 200)).keys;
    expect(after.map((key) => key.kid)).toEqual([rotated.data!.kid, ...before.map((key) => key.kid)]);
    const second = await startTestServer({ sameDatabaseAs: server, env: { SSO_ISSUER: oidc.issuer, SSO_CLIENT_ID: oidc.clientId } });
    try {
      // The other process verifies the old key's token and signs with the new key it reads from the database.
      expect((await userByBearer(new ApiClient(second.url), tokens.access_token)).response.status).toBe(200);
      const fresh = await okApi(await token(new ApiClient(second.url), 'password', { email: plain.email, password: STRONG_PASSWORD }), 200);
      const kid = JSON.parse(Buffer.from(fresh.access_token.split('.')[0]!, 'base64url').toString()).kid;
      expect(kid).toBe(rotated.data!.kid);
      expect((await userByBearer(new ApiClient(server.url), fresh.access_token)).response.status).toBe(200);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('answers 400 validation_error for a missing field or an unknown grant type', async () => {
    const api = new ApiClient(server.url);
    expect((await token(api, 'refresh_token', {})).error?.error.code).toBe('validation_error');
    // bad input: the contract's grant_type enum has no client_credentials
    expect((await api.raw('POST', '/api/auth/token?grant_type=client_credentials', {})).body.error.code).toBe('validation_error');
    expect((await token(api, 'id_token', { provider: 'oidc' })).error?.error.code).toBe('validation_error');
  });
});

