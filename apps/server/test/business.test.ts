import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessSettings, employees, outboxMessages, superAdmins, user } from '../src/db/schema/index.ts';
import { ApiClient, STRONG_PASSWORD, okApi, signUpBusiness, startTestServer, uniqueEmail, verifyEmailOf, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: 'root@example.com' } });
});
afterAll(() => server.close());

const FIRST_TIME_OFF = [
  'appointments_booking',
  'vehicle_services',
  'quickbooks_integration',
  'kitchen_display',
  'time_tracking',
  'price_labels',
  'employee_management',
  'multi_store',
];

describe('GET /api/me', () => {
  it('answers nulls when signed out', async () => {
    const res = await new ApiClient(server.url).api.GET('/api/me');
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({
      user: null,
      profile: null,
      business: null,
      settings: null,
      employee_session: null,
      is_super_admin: false,
      is_business_owner: false,
      till: null,
      second_step: null,
    });
  });

  it('never makes a phone-only account super admin, and takes the role back from an unverified account at start', async () => {
    const phoneUser = new ApiClient(server.url);
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    expect((await phoneUser.api.POST('/api/auth/sign-up', { body: { phone, password: STRONG_PASSWORD } })).response.status).toBe(201);
    expect((await phoneUser.api.GET('/api/me')).data!.is_super_admin).toBe(false);
    const placeholder = (await server.database.db.select({ email: user.email }).from(user).where(eq(user.phoneNumber, phone)))[0]!.email;
    expect(await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, placeholder))).toEqual([]);

    // A role granted before verification was required (or by hand) does not survive a start.
    const { client, userId } = await signUpBusiness(server);
    await server.database.db.insert(superAdmins).values({ userId });
    expect((await client.api.GET('/api/me')).data!.is_super_admin).toBe(true);
    const restarted = await startTestServer({ sameDatabaseAs: server, env: { SUPER_ADMIN_EMAILS: 'root@example.com' } });
    try {
      const me = await new ApiClient(restarted.url).api.GET('/api/me', { headers: { cookie: client.cookieHeader() } });
      expect(me.response.status).toBe(200);
      expect(me.data!.is_super_admin).toBe(false);
    } finally {
      await restarted.close();
    }
  });

  it('flags a super admin configured by SUPER_ADMIN_EMAILS once the address is verified, and only them', async () => {
    const root = new ApiClient(server.url);
    expect((await root.api.POST('/api/auth/sign-up', { body: { email: 'root@example.com', password: STRONG_PASSWORD } })).response.status).toBe(201);
    // Whoever signs up first with the address gets nothing until they open the link sent to it.
    expect((await root.api.GET('/api/me')).data!.is_super_admin).toBe(false);
    expect((await root.api.GET('/api/super-admin/status')).data).toEqual({ is_super_admin: false });
    expect((await new ApiClient(server.url).api.POST('/api/auth/verify-email', { body: { token: 'forged.token.value' } })).response.status).toBe(400);
    expect((await root.api.GET('/api/me')).data!.is_super_admin).toBe(false);
    await verifyEmailOf(server, 'root@example.com');
    expect((await root.api.GET('/api/me')).data!.is_super_admin).toBe(true);
    const { client } = await signUpBusiness(server);
    expect((await client.api.GET('/api/me')).data!.is_super_admin).toBe(false);
  });
});

describe('business setup (SPEC §4, §9)', () => {
  it('creates default settings at sign-in: the business name and the first-time feature defaults', async () => {
    const { client } = await signUpBusiness(server, { businessName: 'Fix-It Garage', industry: 'mechanics' });
    const settings = (await okApi(await client.api.GET('/api/me'), 200)).settings!;
    expect(settings.business_name).toBe('Fix-It Garage');
    expect(settings.authentication_enabled).toBe(true);
    expect(settings.has_business_owner).toBe(false);
    for (const [name, on] of Object.entries(settings.enabled_features)) {
      expect([name, on]).toEqual([name, !FIRST_TIME_OFF.includes(name)]);
    }
    expect(Object.keys(settings.enabled_features)).toHaveLength(25);
  });

  it.each([
    [{ business_name: 'Corner Shop', full_name: 'Ann Lee' }, 'Corner Shop'],
    [{ full_name: 'Ann Lee' }, 'Ann Lee'],
    [{}, 'My Business'],
  ])('names the business from %j as %s', async (names, expected) => {
    const client = new ApiClient(server.url);
    const res = await client.api.POST('/api/auth/sign-up', { body: { email: uniqueEmail(), password: STRONG_PASSWORD, ...names } });
    expect(res.response.status).toBe(201);
    expect((await client.api.GET('/api/me')).data!.settings!.business_name).toBe(expected);
  });

  it('treats a missing settings row as "use defaults" and recreates it on request', async () => {
    const { client, businessId } = await signUpBusiness(server);
    await server.database.withTenant(businessId, (tx) => tx.delete(businessSettings).where(eq(businessSettings.businessId, businessId)));
    const me = await client.api.GET('/api/me');
    expect(me.response.status).toBe(200);
    expect(me.data!.settings).toBeNull();
    const ensured = await client.api.POST('/api/business-settings');
    expect(ensured.response.status).toBe(200);
    expect(ensured.data!.settings.business_name).toBe('Corner Shop');
    const again = await client.api.POST('/api/business-settings');
    expect(again.data!.settings).toEqual(ensured.data!.settings);
  });

  it('assigns the owner: an employee business_owner with all six flags, and setup becomes complete', async () => {
    const { client, businessId } = await signUpBusiness(server);
    const res = await client.api.POST('/api/business/owner', { body: { full_name: 'Ann Lee', email: 'ann@example.com' } });
    expect(res.response.status).toBe(201);
    expect(res.data!.settings).toMatchObject({ has_business_owner: true, authentication_enabled: true });
    const rows = await server.database.withTenant(businessId, (tx) => tx.select().from(employees));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: 'business_owner', isActive: true, fullName: 'Ann Lee' });
    expect(rows[0]!.permissions).toEqual({
      can_access_reports: true,
      can_apply_discounts: true,
      can_process_refunds: true,
      can_manage_inventory: true,
      can_manage_employees: true,
      can_access_settings: true,
    });
  });

  it('refuses a second owner, also when two requests race', async () => {
    const { client, businessId } = await signUpBusiness(server);
    const results = await Promise.all([
      client.api.POST('/api/business/owner', { body: { full_name: 'Ann Lee' } }),
      client.api.POST('/api/business/owner', { body: { full_name: 'Ann Lee' } }),
    ]);
    expect(results.map((r) => r.response.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.response.status === 409)!.error?.error.code).toBe('owner_exists');
    const owners = await server.database.withTenant(businessId, (tx) => tx.select().from(employees));
    expect(owners).toHaveLength(1);
  });

  it('needs a signed-in account, answering SPEC §8 "Auth session missing!"', async () => {
    const anonymous = new ApiClient(server.url);
    const answers = [await anonymous.api.POST('/api/business/owner', { body: { full_name: 'X' } }), await anonymous.api.POST('/api/business-settings')];
    for (const res of answers) {
      expect(res.response.status).toBe(400);
      expect(res.error?.error).toEqual({ code: 'session_not_found', message: 'Auth session missing!' });
    }
  });

  it('rejects an owner without a name and changes nothing', async () => {
    const { client } = await signUpBusiness(server);
    const res = await client.api.POST('/api/business/owner', { body: { full_name: '   ' } });
    expect(res.response.status).toBe(400);
    expect((await client.api.GET('/api/me')).data!.settings!.has_business_owner).toBe(false);
  });
});
