import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, platformAuditLog, session, user } from '../src/db/schema/index.ts';
import { ApiClient, STRONG_PASSWORD, signUpBusiness, startTestServer, verifyEmailOf, type TestServer } from './harness.ts';

const ROOT = 'root-users@example.com';
let server: TestServer;
let root: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: ROOT } });
  root = new ApiClient(server.url);
  expect((await root.post('/api/auth/sign-up', { email: ROOT, password: STRONG_PASSWORD })).status).toBe(201);
  await verifyEmailOf(server, ROOT);
  expect((await root.get('/api/me')).body.isSuperAdmin).toBe(true);
});
afterAll(() => server.close());

const platformActions = (action: string) => server.database.db.select().from(platformAuditLog).where(eq(platformAuditLog.action, action));
const del = (client: ApiClient, id: string) => client.request('DELETE', `/api/super-admin/users/${id}`);

describe('DELETE /api/super-admin/users/{id} (SPEC §7 admin users)', () => {
  it('is for super admins only (403 for an owner, nothing deleted)', async () => {
    const owner = await signUpBusiness(server);
    const other = await signUpBusiness(server);
    const res = await del(owner.client, other.userId);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect((await other.client.get('/api/me')).status).toBe(200);
    const gen = await owner.client.post('/api/super-admin/generate-link', { type: 'magiclink', email: other.email });
    expect(gen.status).toBe(403);
  });

  it('deletes the account, its sessions and its business; audited', async () => {
    const { client, userId, businessId, email } = await signUpBusiness(server);
    const res = await del(root, userId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedBusinesses: 1 });
    expect(await server.database.db.select().from(user).where(eq(user.id, userId))).toEqual([]);
    expect(await server.database.db.select().from(session).where(eq(session.userId, userId))).toEqual([]);
    expect(await server.database.db.select().from(businesses).where(eq(businesses.id, businessId))).toEqual([]);
    const gone = await client.get('/api/subscription');
    expect(gone.status).toBe(400);
    expect(gone.body.error).toEqual({ code: 'session_not_found', message: 'Auth session missing!' });
    const audit = (await platformActions('user.deleted')).filter((row) => row.details.user_id === userId);
    expect(audit.map((row) => row.details)).toEqual([{ user_id: userId, email, business_ids: [businessId] }]);

    expect((await del(root, userId)).body.error.code).toBe('user_not_found');
  });

  it('refuses the own account, an unknown id and a malformed one', async () => {
    const me = (await root.get('/api/me')).body.user.id as string;
    const self = await del(root, me);
    expect(self.status).toBe(400);
    expect(self.body.error.code).toBe('cannot_delete_self');
    expect((await del(root, '0190a000-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await del(root, 'not-a-uuid')).status).toBe(400);
  });
});

describe('POST /api/super-admin/generate-link (SPEC §7 admin generate_link)', () => {
  it('returns a magic link (sent to nobody) that signs the account in once; audited', async () => {
    const { email, userId } = await signUpBusiness(server);
    const res = await root.post('/api/super-admin/generate-link', { type: 'magiclink', email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.expiresAt) - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    const token = decodeURIComponent(/magic_link=(\S+)/.exec(res.body.actionLink)![1]!);
    const browser = new ApiClient(server.url);
    const signedIn = await browser.post('/api/auth/verify', { type: 'magiclink', token });
    expect(signedIn.status).toBe(200);
    expect((await browser.get('/api/me')).body.user.id).toBe(userId);
    expect((await browser.fresh().post('/api/auth/verify', { type: 'magiclink', token })).body.error.code).toBe('otp_invalid');
    expect((await platformActions('user.link_generated')).some((row) => row.details.user_id === userId)).toBe(true);
  });

  it('answers 404 for an address no account has, 400 for another type', async () => {
    const unknown = await root.post('/api/super-admin/generate-link', { type: 'magiclink', email: 'nobody-here@example.com' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('user_not_found');
    expect((await root.post('/api/super-admin/generate-link', { type: 'signup', email: 'nobody-here@example.com' })).status).toBe(400);
  });
});

describe('SPEC §8 "Auth session or user missing" on every route needing the user', () => {
  it('a session still cached whose user is gone answers 401 on account, super-admin and business routes', async () => {
    for (const path of ['/api/super-admin/status', '/api/subscription', '/api/auth/sessions']) {
      const { client, userId } = await signUpBusiness(server);
      expect((await client.get(path)).status).toBe(200);
      // Another process that has not heard of the deletion yet still holds the session (decision 006).
      const token = /better-auth\.session_token=([^;]+)/.exec(client.cookieHeader())![1]!;
      const cached = server.services.sessionCache.get(token)!;
      await server.database.db.delete(user).where(eq(user.id, userId));
      await new Promise((resolve) => setTimeout(resolve, 200));
      server.services.sessionCache.set(token, cached);
      server.services.businessContexts.clear();
      const gone = await client.get(path);
      expect([path, gone.status, gone.body.error]).toEqual([path, 401, { code: 'session_not_found', message: 'Auth session or user missing' }]);
      const after = await client.get(path);
      expect([path, after.status, after.body.error.message]).toEqual([path, 400, 'Auth session missing!']);
    }
  });
});
