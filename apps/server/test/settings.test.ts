import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { ApiClient, okApi, signUpBusiness, startTestServer, STRONG_PASSWORD, type ApiBody, type TestServer, verifyEmailOf } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: 'root@example.com' } });
});
afterAll(() => server.close());

describe('business settings (SPEC §3, §6 settings page)', () => {
  it('shows the owner every setting with SPEC §9 defaults', async () => {
    const { client } = await signUpBusiness(server, { businessName: 'Fix-It', industry: 'mechanics', assignOwner: true });
    const res = await client.api.GET('/api/business-settings');
    expect(res.response.status).toBe(200);
    const settings = res.data!.settings;
    expect(settings).toMatchObject({
      business_name: 'Fix-It',
      industry: 'mechanics',
      authentication_enabled: true,
      has_business_owner: true,
      currency: 'USD',
      time_zone: 'UTC',
    });
    expect(Object.keys(settings.enabled_features)).toHaveLength(25);
  });

  it('changes name, industry, authentication, currency, time zone and features, visible at once in /api/me', async () => {
    const { client, businessId } = await signUpBusiness(server, { assignOwner: true });
    const res = await client.api.PATCH('/api/business-settings', {
      body: {
        business_name: 'Corner Shop & Deli',
        industry: 'restaurant',
        authentication_enabled: false,
        currency: 'EUR',
        time_zone: 'Europe/Berlin',
        enabled_features: { kitchen_display: true, pos_system: false },
      },
    });
    expect(res.response.status).toBe(200);
    expect(res.data!.settings).toMatchObject({ business_name: 'Corner Shop & Deli', industry: 'restaurant', currency: 'EUR', time_zone: 'Europe/Berlin' });
    expect(res.data!.settings.enabled_features).toMatchObject({ kitchen_display: true, pos_system: false, inventory_management: true });
    const me = await okApi(await client.api.GET('/api/me'), 200);
    expect(me.settings!.enabled_features.pos_system).toBe(false);
    expect(me.settings!.authentication_enabled).toBe(false);
    expect(me.profile!.industry).toBe('restaurant');
    expect(me.business).toMatchObject({ name: 'Corner Shop & Deli', currency: 'EUR', time_zone: 'Europe/Berlin' });
    const audit = await server.database.withTenant(businessId, (tx) => tx.select().from(auditLog));
    expect(audit.map((row) => row.action)).toContain('business_settings.changed');
  });

  /** Sends a bad patch and checks the 400 names the field and nothing changed. */
  async function refused(send: (client: ApiClient) => Promise<{ status: number; code: unknown; message: unknown }>, field: string) {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    const before = (await client.api.GET('/api/business-settings')).data!.settings;
    const res = await send(client);
    expect(res.status).toBe(400);
    expect(res.code).toBe('validation_error');
    expect(res.message).toContain(field);
    expect((await client.api.GET('/api/business-settings')).data!.settings).toEqual(before);
  }

  it.each([
    [{ currency: 'usd' }, 'currency'],
    [{ currency: 'ABC' }, 'currency'],
    [{ time_zone: 'Mars/Olympus_Mons' }, 'time_zone'],
    [{ business_name: '   ' }, 'business_name'],
  ] as [ApiBody<'/api/business-settings', 'patch'>, string][])('refuses %j with a 400 naming %s and changes nothing', async (patch, field) => {
    await refused(async (client) => {
      const { response, error } = await client.api.PATCH('/api/business-settings', { body: patch });
      return { status: response.status, code: error?.error.code, message: error?.error.message };
    }, field);
  });

  it.each([
    [{ industry: 'bakery' }, 'industry'],
    [{ enabled_features: { teleportation: true } }, 'enabled_features'],
    [{ enabled_features: { pos_system: 'yes' } }, 'enabled_features'],
    [{ owner: 'me' }, ''],
  ])('refuses %j with a 400 naming %s and changes nothing', async (patch, field) => {
    await refused(async (client) => {
      // bad input: the contract refuses an unknown industry, an unknown feature, a feature that is not a boolean, an unknown field
      const res = await client.raw('PATCH', '/api/business-settings', patch);
      return { status: res.status, code: res.body.error?.code, message: res.body.error?.message };
    }, field);
  });

  it('needs a signed-in account', async () => {
    const res = await new ApiClient(server.url).api.PATCH('/api/business-settings', { body: { currency: 'EUR' } });
    expect(res.response.status).toBe(400);
    expect(res.error?.error.message).toBe('Auth session missing!');
  });
});

describe('super administrator (SPEC §7)', () => {
  it('answers is_super_admin for the signed-in account', async () => {
    const { client } = await signUpBusiness(server);
    expect((await client.api.GET('/api/super-admin/status')).data).toEqual({ is_super_admin: false });
    const root = new ApiClient(server.url);
    await root.api.POST('/api/auth/sign-up', { body: { email: 'root@example.com', password: STRONG_PASSWORD } });
    expect((await root.api.GET('/api/super-admin/status')).data).toEqual({ is_super_admin: false });
    await verifyEmailOf(server, 'root@example.com');
    expect((await root.api.GET('/api/super-admin/status')).data).toEqual({ is_super_admin: true });
  });

  it('shows real system figures to a super admin only', async () => {
    const { client } = await signUpBusiness(server);
    const refused = await client.api.GET('/api/system/health');
    expect(refused.response.status).toBe(403);

    const root = new ApiClient(server.url);
    await root.api.POST('/api/auth/sign-in', { body: { email: 'root@example.com', password: STRONG_PASSWORD } });
    const res = await root.api.GET('/api/system/health');
    expect(res.response.status).toBe(200);
    const health = res.data!;
    expect(health.database.kind).toBe(server.database.kind);
    expect(health.database.round_trip_ms).toBeGreaterThan(0);
    expect(health.memory.rss_bytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(health.migrations.applied).toBeGreaterThanOrEqual(3);
    expect(health.uptime_seconds).toBeGreaterThanOrEqual(0);
  });

  it('looks users up by UUID only (SPEC §5)', async () => {
    const { userId } = await signUpBusiness(server, { businessName: 'Lookup Ltd' });
    const root = new ApiClient(server.url);
    await root.api.POST('/api/auth/sign-in', { body: { email: 'root@example.com', password: STRONG_PASSWORD } });
    // bad input: the contract takes a UUID as the user id
    const malformed = await root.raw('GET', '/api/super-admin/users/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toContain('User ids must be UUIDs');
    const user = (id: string) => root.api.GET('/api/super-admin/users/{id}', { params: { path: { id } } });
    expect((await user('00000000-0000-4000-8000-000000000000')).response.status).toBe(404);
    const found = await user(userId);
    expect(found.response.status).toBe(200);
    expect(found.data).toMatchObject({ id: userId, business_name: 'Lookup Ltd', is_super_admin: false });
    const list = await root.api.GET('/api/super-admin/users', { params: { query: { limit: 100 } } });
    expect(list.data!.users.map((u) => u.id)).toContain(userId);
  });
});
