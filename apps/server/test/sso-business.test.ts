import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, employees, ssoProviders, user } from '../src/db/schema/index.ts';
import { ApiClient, STRONG_PASSWORD, okApi, startTestServer, type ApiBody, type TestServer } from './harness.ts';
import { startFakeDns, type FakeDns } from './fake-dns.ts';
import { startFakeOidc, type FakeOidc } from './fake-oidc.ts';
import { staffBusiness, staffOfEveryRole, type StaffBusiness } from './staff-helpers.ts';

/**
 * A business's own OpenID Connect provider (decision 068): configured in settings (SPEC §6), its
 * discovery checked and its domains proven by DNS when saved; sign-in by a work e-mail's domain,
 * only for addresses of those domains; the identities it makes in the identities list.
 */
let server: TestServer;
let oidc: FakeOidc;
let dns: FakeDns;
let shop: StaffBusiness;
let staff: Awaited<ReturnType<typeof staffOfEveryRole>>;

beforeAll(async () => {
  oidc = await startFakeOidc({ clientId: 'shop-client', clientSecret: 'shop-secret-value' });
  dns = await startFakeDns();
  server = await startTestServer({ env: { SSO_ALLOW_LOOPBACK: 'true', SSO_DNS_SERVERS: dns.server } });
  shop = await staffBusiness(server, { businessName: 'Domain Shop', features: { employee_management: true } });
  staff = await staffOfEveryRole(server, shop);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await oidc?.close();
  await dns?.close();
});

const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

type ProviderBody = ApiBody<'/api/business-sso', 'put'>;
const providerBody = (overrides: Partial<ProviderBody> = {}): ProviderBody => ({
  display_name: 'Shop ID',
  issuer: oidc.issuer,
  client_id: oidc.clientId,
  client_secret: oidc.clientSecret,
  domains: ['shop.example'],
  ...overrides,
});

/** The DNS record an sso_domain_unproven answer names: a member of the error beyond code and message. */
const proofRecordName = (error: { error: Record<string, unknown> } | undefined) => {
  const record = error?.error.record;
  return typeof record === 'object' && record !== null && 'name' in record ? record.name : undefined;
};

/** Publishes the business's DNS proof for a domain, as its owner would at their DNS host. */
async function prove(client: ApiClient, domain: string) {
  const { domain_proof: proof } = await okApi(await client.api.GET('/api/business-sso'), 200);
  dns.setTxt(proof.name.replace('<domain>', domain), ['v=spf1 -all', proof.value]);
}

/** Start (by domain or provider id), the provider's page, our callback; returns where the browser lands. */
async function throughProvider(start: Omit<ApiBody<'/api/auth/sso', 'post'>, 'code_challenge'>, person: Parameters<FakeOidc['signInAs']>[0]) {
  oidc.signInAs(person);
  const client = new ApiClient(server.url);
  const { verifier, challenge } = pkcePair();
  const started = await client.api.POST('/api/auth/sso', { body: { ...start, code_challenge: challenge } });
  if (started.response.status !== 200) return { client, started, location: null, verifier };
  const atProvider = await fetch(started.data!.url, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location')!);
  const callback = await fetch(`${server.url}${back.pathname}${back.search}`, { redirect: 'manual' });
  return { client, started, location: new URL(callback.headers.get('location')!, server.url), verifier };
}

async function signInByDomain(domain: string, person: Parameters<FakeOidc['signInAs']>[0]) {
  const flow = await throughProvider({ domain }, person);
  const code = flow.location?.searchParams.get('code');
  if (!code) return { ...flow, tokens: null };
  const tokens = await flow.client.api.POST('/api/auth/token', { params: { query: { grant_type: 'pkce' } }, body: { auth_code: code, code_verifier: flow.verifier } });
  expect(tokens.response.status, JSON.stringify(tokens.error)).toBe(200);
  return { ...flow, tokens: tokens.data! };
}

describe('configuring a business provider (SPEC §6 settings)', () => {
  it('refuses a cashier, a manager, a kitchen hand and an admin without can_change_settings; an admin with it may read it', async () => {
    for (const actor of ['cashier', 'manager', 'kitchen', 'adminNone']) {
      const headers = staff.headersOf(actor);
      expect((await shop.client.api.GET('/api/business-sso', { headers })).response.status, actor).toBe(403);
      expect((await shop.client.api.PUT('/api/business-sso', { body: providerBody(), headers })).response.status, actor).toBe(403);
      expect((await shop.client.api.DELETE('/api/business-sso', { headers })).response.status, actor).toBe(403);
    }
    const byAdmin = await shop.client.api.GET('/api/business-sso', { headers: staff.headersOf('adminAll') });
    expect(byAdmin.response.status).toBe(200);
    expect(byAdmin.data).toMatchObject({ provider: null, redirect_uri: expect.stringMatching(/\/api\/auth\/sso\/callback$/), domain_proof: { name: '_till-sso.<domain>' } });
    expect(await server.database.withTenant(shop.businessId, (tx) => tx.select().from(ssoProviders))).toEqual([]);
  });

  it('checks the issuer, the discovery document, each domain and its DNS proof before saving anything', async () => {
    const put = (body: ProviderBody) => shop.client.api.PUT('/api/business-sso', { body });
    const privateIssuer = await put(providerBody({ issuer: 'https://10.1.2.3' }));
    expect([privateIssuer.response.status, privateIssuer.error?.error.code]).toEqual([400, 'sso_issuer_not_allowed']);
    const plainHttp = await put(providerBody({ issuer: 'http://idp.example.com' }));
    expect([plainHttp.response.status, plainHttp.error?.error.code]).toEqual([400, 'sso_issuer_not_allowed']);
    const badDomain = await put(providerBody({ domains: ['not a domain'] }));
    expect([badDomain.response.status, badDomain.error?.error.code]).toEqual([400, 'validation_error']);
    const unproven = await put(providerBody());
    expect([unproven.response.status, unproven.error?.error.code]).toEqual([400, 'sso_domain_unproven']);
    expect(proofRecordName(unproven.error)).toBe('_till-sso.shop.example');
    await prove(shop.client, 'shop.example');
    // Nothing answers on this port: no discovery document.
    const silent = await put(providerBody({ issuer: 'http://127.0.0.1:9' }));
    expect([silent.response.status, silent.error?.error.code]).toEqual([400, 'sso_discovery_invalid']);
    // A document for another issuer is not this issuer's (OpenID Connect Discovery §4.3).
    const wrongPath = await put(providerBody({ issuer: `${oidc.issuer}/elsewhere` }));
    expect([wrongPath.response.status, wrongPath.error?.error.code]).toEqual([400, 'sso_discovery_invalid']);
    expect(await server.database.withTenant(shop.businessId, (tx) => tx.select().from(ssoProviders))).toEqual([]);

    const saved = await put(providerBody({ domains: ['Shop.Example', 'shop.example.'] }));
    expect(saved.response.status, JSON.stringify(saved.error)).toBe(200);
    expect(saved.data!.provider).toMatchObject({ display_name: 'Shop ID', issuer: oidc.issuer, client_id: 'shop-client', has_client_secret: true, domains: [{ domain: 'shop.example' }] });
    expect(saved.data!.provider.id).toMatch(/^sso:[0-9a-f-]{36}$/);
    expect(JSON.stringify((await okApi(await shop.client.api.GET('/api/business-sso'), 200)))).not.toContain('shop-secret-value');
    const [row] = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(ssoProviders));
    expect(row!.clientSecret).not.toContain('shop-secret-value');
    // Renamed without the secret: the saved one is kept.
    const renamed = await put(providerBody({ display_name: 'Shop Login', client_secret: undefined }));
    expect(renamed.data!.provider).toMatchObject({ display_name: 'Shop Login', has_client_secret: true });
  });

  it('gives a domain to one business only', async () => {
    const other = await staffBusiness(server, { businessName: 'Copycat' });
    await prove(other.client, 'shop.example');
    const taken = await other.client.api.PUT('/api/business-sso', { body: providerBody() });
    expect([taken.response.status, taken.error?.error.code]).toEqual([409, 'sso_domain_taken']);
  });
});

describe('signing in through a business provider (SPEC §7 sso)', () => {
  it('finds the provider by the work e-mail domain; a new person joins the business as a cashier', async () => {
    const { started, location, tokens, client } = await signInByDomain('SHOP.example', { sub: 'alice-1', email: 'alice@shop.example', email_verified: true, name: 'Alice Shop' });
    expect(started.response.status).toBe(200);
    expect(new URL(started.data!.url).origin).toBe(oidc.issuer);
    expect(oidc.tokenRequests.at(-1)!.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(location!.pathname).toBe('/auth');
    expect(tokens!.user).toMatchObject({ email: 'alice@shop.example', name: 'Alice Shop' });
    const me = await client.api.GET('/api/me');
    expect(me.data!.business!.id).toBe(shop.businessId);
    // Not the owner: business routes want the employee's PIN (SPEC §6 guard: /employee-login).
    expect((await client.api.GET('/api/products')).response.status).toBe(403);
    const [employee] = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(employees).where(eq(employees.email, 'alice@shop.example')));
    expect(employee).toMatchObject({ role: 'cashier', isActive: true, permissions: {}, pinHash: null, fullName: 'Alice Shop' });
    // The same person again is the same account.
    const again = await signInByDomain('shop.example', { sub: 'alice-1', email: 'alice@shop.example', email_verified: true });
    expect(again.tokens!.user.id).toBe(tokens!.user.id);
  });

  it('answers 404 for a domain no business has proven', async () => {
    const { started } = await throughProvider({ domain: 'nobody.example' }, { sub: 'x' });
    expect([started.response.status, started.error?.error.code]).toEqual([404, 'sso_provider_not_found']);
    const both = await new ApiClient(server.url).api.POST('/api/auth/sso', { body: { domain: 'shop.example', provider_id: 'oidc', code_challenge: pkcePair().challenge } });
    expect(both.response.status).toBe(400);
  });

  it("refuses an address outside the provider's domains, an unverified one, and an account of another business", async () => {
    const foreign = await throughProvider({ domain: 'shop.example' }, { sub: 'mallory', email: 'ceo@victim.example', email_verified: true });
    expect(foreign.location!.searchParams.get('error')).toBe('sso_email_domain_refused');
    expect(foreign.location!.searchParams.get('code')).toBeNull();
    const unverified = await throughProvider({ domain: 'shop.example' }, { sub: 'unverified', email: 'carl@shop.example', email_verified: false });
    expect(unverified.location!.searchParams.get('error')).toBe('sso_email_unverified');
    expect(await server.database.db.select().from(user).where(eq(user.email, 'ceo@victim.example'))).toEqual([]);

    // bob@shop.example signed up on his own: the shop's provider cannot take his account.
    const bob = new ApiClient(server.url);
    expect(
      (await bob.api.POST('/api/auth/sign-up', { body: { email: 'bob@shop.example', password: STRONG_PASSWORD, business_name: 'Bob Own', full_name: 'Bob', industry: 'retail' } })).response.status,
    ).toBe(201);
    const takeover = await throughProvider({ domain: 'shop.example' }, { sub: 'bob-at-idp', email: 'bob@shop.example', email_verified: true });
    expect(takeover.location!.searchParams.get('error')).toBe('identity_already_exists');
    expect(await server.database.db.select().from(account).where(eq(account.accountId, 'bob-at-idp'))).toEqual([]);
  });
});

describe('SSO identities (SPEC §7 identities)', () => {
  it("lists an owner's linked provider and removes it after reauthentication; the last one stays", async () => {
    const owner = new ApiClient(server.url);
    // The shop's own owner, with an address of the shop's domain (a business of its own: its own provider).
    expect(
      (await owner.api.POST('/api/auth/sign-up', { body: { email: 'owner@shop.example', password: STRONG_PASSWORD, business_name: 'Shop Two', full_name: 'Olga', industry: 'retail' } })).response.status,
    ).toBe(201);
    // Another business's account: the shop's provider may not link it.
    const refused = await throughProvider({ domain: 'shop.example' }, { sub: 'olga-idp', email: 'owner@shop.example', email_verified: true });
    expect(refused.location!.searchParams.get('error')).toBe('identity_already_exists');

    const member = await signInByDomain('shop.example', { sub: 'dora-1', email: 'dora@shop.example', email_verified: true, name: 'Dora' });
    const removeIdentity = (client: ApiClient, identityId: string) => client.api.DELETE('/api/auth/identities/{identityId}', { params: { path: { identityId } } });
    const listed = await member.client.api.GET('/api/auth/identities');
    expect(listed.response.status).toBe(200);
    expect(listed.data!.identities).toEqual([
      { id: 'email', provider: 'email', identifier: 'dora@shop.example', verified: true, provider_name: null, linked_at: null },
      { id: expect.stringMatching(/^sso-/), provider: 'sso', identifier: 'dora@shop.example', verified: true, provider_name: 'Shop Login', linked_at: expect.any(String) },
    ]);
    const ssoId = listed.data!.identities[1]!.id;
    // Without a reauthentication (Dora has no password): refused, as for the other ways.
    const noReauth = await removeIdentity(member.client, ssoId);
    expect([noReauth.response.status, noReauth.error?.error.code]).toEqual([403, 'reauthentication_needed']);
    const unknown = await removeIdentity(member.client, 'sso-00000000-0000-0000-0000-000000000000');
    expect([unknown.response.status, unknown.error?.error.code]).toEqual([404, 'identity_not_found']);

    // Dora's address given up (a placeholder): the provider is her only way in, and it stays.
    const memberId = member.tokens!.user.id;
    await server.database.db.update(user).set({ email: `unlinked-${memberId}@phone.till.invalid` }).where(eq(user.id, memberId));
    server.services.sessionCache.forgetUser(memberId);
    const last = await removeIdentity(member.client, ssoId);
    expect([last.response.status, last.error?.error.code]).toEqual([400, 'single_identity_not_deletable']);

    // The shop's owner links the provider (same business, verified address) and removes it again.
    const shopOwner = new ApiClient(server.url);
    const ownerEmail = (await okApi(await shop.client.api.GET('/api/auth/user'), 200)).user.email!;
    await server.database.db.update(user).set({ email: 'boss@shop.example' }).where(eq(user.email, ownerEmail));
    server.services.sessionCache.forgetUser(shop.userId);
    const linked = await signInByDomain('shop.example', { sub: 'boss-1', email: 'boss@shop.example', email_verified: true });
    expect(linked.tokens!.user.id).toBe(shop.userId);
    expect((await shopOwner.api.POST('/api/auth/sign-in', { body: { email: 'boss@shop.example', password: STRONG_PASSWORD } })).response.status).toBe(200);
    const ownerIdentities = (await okApi(await shopOwner.api.GET('/api/auth/identities'), 200)).identities;
    expect(ownerIdentities.map((identity) => identity.provider)).toEqual(['email', 'sso']);
    expect((await shopOwner.api.POST('/api/auth/reauthenticate', { body: { password: STRONG_PASSWORD } })).response.status).toBe(200);
    const removed = await removeIdentity(shopOwner, ownerIdentities[1]!.id);
    expect(removed.response.status, JSON.stringify(removed.error)).toBe(200);
    expect(removed.data!.identities.map((identity) => identity.provider)).toEqual(['email']);
  });

  it('removing the provider stops its sign-ins', async () => {
    expect((await shop.client.api.DELETE('/api/business-sso')).response.status).toBe(200);
    expect((await shop.client.api.DELETE('/api/business-sso')).response.status).toBe(404);
    const { started } = await throughProvider({ domain: 'shop.example' }, { sub: 'alice-1', email: 'alice@shop.example', email_verified: true });
    expect(started.response.status).toBe(404);
  });
});
