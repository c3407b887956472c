import { and, desc, eq } from 'drizzle-orm';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, businesses, outboxMessages, platformAuditLog, session, user } from '../src/db/schema/index.ts';
import { ApiClient, STRONG_PASSWORD, signUpBusiness, startSuperAdminServer, uniqueEmail, type TestServer } from './harness.ts';
import { startFakeOidc, type FakeOidc } from './fake-oidc.ts';

const ROOT = 'root-users@example.com';
let server: TestServer;
let root: ApiClient;

let oidc: FakeOidc;

beforeAll(async () => {
  oidc = await startFakeOidc();
  ({ server, root } = await startSuperAdminServer(ROOT, { env: { SSO_ISSUER: oidc.issuer, SSO_CLIENT_ID: oidc.clientId, SSO_CLIENT_SECRET: oidc.clientSecret } }));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await oidc?.close();
});

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
    expect(res.body).toEqual({ deleted_businesses: 1 });
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
    expect(Date.parse(res.body.expires_at) - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    const token = decodeURIComponent(/magic_link=(\S+)/.exec(res.body.action_link)![1]!);
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
    expect((await root.post('/api/super-admin/generate-link', { type: 'recovery', email: 'nobody-here@example.com' })).status).toBe(404);
    expect((await root.post('/api/super-admin/generate-link', { type: 'email_change', email: 'nobody-here@example.com' })).status).toBe(400);
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

/** The newest message to `recipient` whose body matches `pattern`: its first capture (the outbox row may follow the answer by a moment). */
async function fromOutbox(recipient: string, pattern: RegExp): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const rows = await server.database.db
      .select({ body: outboxMessages.body })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, recipient))
      .orderBy(desc(outboxMessages.createdAt));
    const found = rows.map((row) => pattern.exec(row.body)?.[1]).find(Boolean);
    if (found) return decodeURIComponent(found);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no message to ${recipient} matching ${pattern}`);
}

const usersWithEmail = async (email: string) => (await server.database.db.select({ id: user.id }).from(user).where(eq(user.email, email))).length;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const signIn = (email: string, password = STRONG_PASSWORD) => new ApiClient(server.url).post('/api/auth/sign-in', { email, password });
const tokenGrant = (grant: string, body: Record<string, unknown>, headers: Record<string, string> = {}, client = new ApiClient(server.url)) =>
  client.request('POST', `/api/auth/token?grant_type=${grant}`, body, headers);

/** A Sign-In with Ethereum message for this server, signed by the wallet; `change` bends one field. */
async function signedWeb3(wallet: ReturnType<typeof privateKeyToAccount>, change: Partial<Parameters<typeof createSiweMessage>[0]> = {}, signer = wallet) {
  const issued = await new ApiClient(server.url).post('/api/auth/web3/nonce');
  expect(issued.status).toBe(200);
  const message = createSiweMessage({
    address: wallet.address,
    domain: issued.body.domain,
    uri: issued.body.uri,
    chainId: issued.body.chain_id,
    version: '1',
    nonce: issued.body.nonce,
    issuedAt: new Date(),
    statement: 'Sign in to Till',
    ...change,
  });
  return { message, signature: await signer.signMessage({ message }), nonce: issued.body.nonce as string };
}

describe('POST and PUT /api/super-admin/users, POST /api/super-admin/invite (SPEC §7 admin users, invite)', () => {
  it('are for super admins only: an owner gets 403 and nothing is made or changed', async () => {
    const owner = await signUpBusiness(server);
    const other = await signUpBusiness(server);
    const email = uniqueEmail('not-made');
    const calls = [
      await owner.client.post('/api/super-admin/users', { email, password: STRONG_PASSWORD }),
      await owner.client.request('PUT', `/api/super-admin/users/${other.userId}`, { ban: 'forever', name: 'Changed' }),
      await owner.client.post('/api/super-admin/invite', { email }),
      await owner.client.post('/api/super-admin/generate-link', { type: 'invite', email }),
      await owner.client.post('/api/super-admin/generate-link', { type: 'signup', email, password: STRONG_PASSWORD }),
      await owner.client.get('/api/super-admin/users?search=example'),
    ];
    expect(calls.map((res) => [res.status, res.body.error.code])).toEqual(calls.map(() => [403, 'forbidden']));
    expect(await usersWithEmail(email)).toBe(0);
    expect((await other.client.get('/api/me')).body.user.name).toBe('Ann Lee');
  });

  it('creates an account with its business, which signs in with the given password; audited; refuses taken, weak and malformed input', async () => {
    const email = uniqueEmail('made');
    const res = await root.post('/api/super-admin/users', { email: email.toUpperCase(), password: STRONG_PASSWORD, name: 'Mia Made', phone: '+15550001111', email_confirmed: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ email, name: 'Mia Made', phone_number: '+15550001111', email_confirmed: true, banned: false, banned_until: null, last_sign_in_at: null, is_super_admin: false });
    expect(res.body.business_id).toMatch(/^[0-9a-f-]{36}$/);
    const signedIn = await signIn(email);
    expect(signedIn.status).toBe(200);
    const audit = (await platformActions('user.created')).filter((row) => row.details.user_id === res.body.id);
    expect(audit.map((row) => row.details)).toEqual([{ user_id: res.body.id, email, email_confirmed: true, password_set: true }]);
    const listed = await root.get(`/api/super-admin/users?search=${encodeURIComponent(email.slice(0, 12).toUpperCase())}`);
    expect(listed.body.total).toBe(1);
    expect(listed.body.users[0]).toMatchObject({ id: res.body.id, email_confirmed: true, banned: false });
    expect(listed.body.users[0].last_sign_in_at).not.toBeNull();

    const refused = [
      await root.post('/api/super-admin/users', { email, password: STRONG_PASSWORD }),
      await root.post('/api/super-admin/users', { email: uniqueEmail(), phone: '+15550001111' }),
      await root.post('/api/super-admin/users', { email: uniqueEmail('weak'), password: 'short' }),
      await root.post('/api/super-admin/users', { email: 'not-an-address', password: STRONG_PASSWORD }),
      await root.post('/api/super-admin/users', { email: uniqueEmail(), role: 'admin' }),
    ];
    expect(refused.map((r) => [r.status, r.body.error.code])).toEqual([
      [409, 'email_exists'],
      [409, 'phone_exists'],
      [400, 'weak_password'],
      [400, 'validation_error'],
      [400, 'validation_error'],
    ]);
    expect((await root.get('/api/super-admin/users?search=weak-')).body.total).toBe(0);
  });

  it('changes name, e-mail, phone and password; audited without the password; 400 for a malformed id, 404 for an unknown one', async () => {
    const made = (await root.post('/api/super-admin/users', { email: uniqueEmail('edit'), password: STRONG_PASSWORD })).body;
    const newEmail = uniqueEmail('edited');
    const res = await root.request('PUT', `/api/super-admin/users/${made.id}`, { name: 'Ed Ited', email: newEmail, phone: '+15550002222', password: 'another long pass phrase' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'Ed Ited', email: newEmail, phone_number: '+15550002222', email_confirmed: false });
    expect((await signIn(newEmail, 'another long pass phrase')).status).toBe(200);
    expect((await signIn(newEmail)).status).toBe(401);
    const confirmed = await root.request('PUT', `/api/super-admin/users/${made.id}`, { email_confirmed: true, phone: null });
    expect(confirmed.body).toMatchObject({ email_confirmed: true, phone_number: null });
    const audit = (await platformActions('user.updated')).filter((row) => row.details.user_id === made.id);
    expect(audit.map((row) => row.details.fields)).toEqual([['name', 'email', 'phone', 'password'], ['phone', 'emailConfirmed']]);
    expect(JSON.stringify(audit)).not.toContain('another long pass phrase');

    expect((await root.request('PUT', '/api/super-admin/users/not-a-uuid', { name: 'x' })).status).toBe(400);
    const unknown = await root.request('PUT', '/api/super-admin/users/0190a000-0000-7000-8000-000000000000', { name: 'x' });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'user_not_found']);
    const taken = await root.request('PUT', `/api/super-admin/users/${made.id}`, { email: ROOT });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'email_exists']);
    const me = (await root.get('/api/me')).body.user.id as string;
    const self = await root.request('PUT', `/api/super-admin/users/${me}`, { ban: 'forever' });
    expect([self.status, self.body.error.code]).toEqual([400, 'cannot_ban_self']);
    expect((await root.get('/api/me')).status).toBe(200);
  });

  it('a ban ends every session and refuses every way of signing in until lifted; a ban for some hours passes by itself', async () => {
    const email = uniqueEmail('banned');
    const made = (await root.post('/api/super-admin/users', { email, password: STRONG_PASSWORD, email_confirmed: true })).body;
    const browser = new ApiClient(server.url);
    expect((await browser.post('/api/auth/sign-in', { email, password: STRONG_PASSWORD })).status).toBe(200);
    const tokens = (await tokenGrant('password', { email, password: STRONG_PASSWORD })).body;
    const wallet = privateKeyToAccount(generatePrivateKey());
    expect((await tokenGrant('web3', await signedWeb3(wallet), bearer(tokens.access_token))).status).toBe(200);
    const idToken = () => oidc.signIdToken({ sub: `sub-${made.id}`, email, email_verified: true, name: 'Ban Ned' });
    expect((await tokenGrant('id_token', { provider: 'oidc', id_token: await idToken() })).body.user.id).toBe(made.id);

    const banned = await root.request('PUT', `/api/super-admin/users/${made.id}`, { ban: 'forever' });
    expect(banned.status).toBe(200);
    expect(banned.body).toMatchObject({ banned: true, banned_until: null });
    expect(await server.database.db.select().from(session).where(eq(session.userId, made.id))).toEqual([]);
    const ended = await browser.get('/api/auth/user');
    expect([ended.status, ended.body.error.message]).toEqual([400, 'Auth session missing!']);
    expect((await new ApiClient(server.url).request('GET', '/api/auth/user', undefined, bearer(tokens.access_token))).status).toBe(401);
    expect((await tokenGrant('refresh_token', { refresh_token: tokens.refresh_token })).status).toBe(400);

    await new ApiClient(server.url).post('/api/auth/otp', { email });
    const code = await fromOutbox(email, /sign-in code is (\d{6})/);
    const byCode = await new ApiClient(server.url).post('/api/auth/verify', { type: 'email', email, code });
    // A new link replaces the code (decision 062): asked for once the code was tried.
    const link = await root.post('/api/super-admin/generate-link', { type: 'magiclink', email });
    const magic = decodeURIComponent(/magic_link=(\S+)/.exec(link.body.action_link)![1]!);
    const attempts = {
      password: await signIn(email),
      tokenPassword: await tokenGrant('password', { email, password: STRONG_PASSWORD }),
      code: byCode,
      link: await new ApiClient(server.url).post('/api/auth/verify', { type: 'magiclink', token: magic }),
      idToken: await tokenGrant('id_token', { provider: 'oidc', id_token: await idToken() }),
      web3: await tokenGrant('web3', await signedWeb3(wallet)),
    };
    for (const [way, res] of Object.entries(attempts)) expect([way, res.status, res.body.error]).toEqual([way, 400, { code: 'user_banned', message: 'User is banned' }]);
    expect(await server.database.db.select().from(session).where(eq(session.userId, made.id))).toEqual([]);
    // A wrong password tells nothing of the ban.
    expect((await signIn(email, 'a wrong but long password')).body.error.code).toBe('invalid_credentials');

    const lifted = await root.request('PUT', `/api/super-admin/users/${made.id}`, { ban: 'none' });
    expect(lifted.body).toMatchObject({ banned: false, banned_until: null });
    expect((await signIn(email)).status).toBe(200);

    const forHours = await root.request('PUT', `/api/super-admin/users/${made.id}`, { ban: { hours: 24 } });
    expect(Date.parse(forHours.body.banned_until) - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
    expect((await signIn(email)).body.error.code).toBe('user_banned');
    await server.database.db.update(user).set({ banExpires: new Date(Date.now() - 1000) }).where(eq(user.id, made.id));
    expect((await signIn(email)).status).toBe(200);
    expect((await root.get(`/api/super-admin/users/${made.id}`)).body.banned).toBe(false);
    const audit = (await platformActions('user.banned')).concat(await platformActions('user.unbanned')).filter((row) => row.details.user_id === made.id);
    expect(audit.map((row) => row.action).sort()).toEqual(['user.banned', 'user.banned', 'user.unbanned']);
  });

  it('invites by e-mail: the link sets the password, confirms the address and signs in to the new business, once', async () => {
    const email = uniqueEmail('invited');
    const invited = await root.post('/api/super-admin/invite', { email, name: 'Ivy Invited' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const token = await fromOutbox(email, /reset-password\?invite=(\S+)/);
    expect((await signIn(email)).status).toBe(401);

    const browser = new ApiClient(server.url);
    const weak = await browser.post('/api/auth/invite/accept', { token, password: 'short' });
    expect(weak.body.error.code).toBe('weak_password');
    const accepted = await browser.post('/api/auth/invite/accept', { token, password: STRONG_PASSWORD });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.user).toMatchObject({ id: invited.body.user_id, email, name: 'Ivy Invited' });
    const me = await browser.get('/api/me');
    expect(me.body.business.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await root.get(`/api/super-admin/users/${invited.body.user_id}`)).body.email_confirmed).toBe(true);
    const again = await browser.fresh().post('/api/auth/invite/accept', { token, password: STRONG_PASSWORD });
    expect([again.status, again.body.error.code]).toEqual([400, 'invalid_token']);
    expect((await signIn(email)).status).toBe(200);
    expect((await root.post('/api/super-admin/invite', { email })).body.error.code).toBe('email_exists');
    expect((await platformActions('user.invited')).some((row) => row.details.user_id === invited.body.user_id)).toBe(true);
  });
});

describe('POST /api/super-admin/generate-link types recovery, invite, signup', () => {
  it('recovery opens the password reset; invite and signup make the account and give its link; each audited', async () => {
    const { email, userId } = await signUpBusiness(server);
    const recovery = await root.post('/api/super-admin/generate-link', { type: 'recovery', email });
    expect(recovery.status).toBe(200);
    const resetToken = decodeURIComponent(/reset-password\?token=(\S+)/.exec(recovery.body.action_link)![1]!);
    expect((await new ApiClient(server.url).post('/api/auth/reset-password', { token: resetToken, new_password: 'a brand new long phrase' })).status).toBe(200);
    expect((await signIn(email, 'a brand new long phrase')).status).toBe(200);

    const invitee = uniqueEmail('linked-invite');
    const invite = await root.post('/api/super-admin/generate-link', { type: 'invite', email: invitee });
    const inviteToken = decodeURIComponent(/invite=(\S+)/.exec(invite.body.action_link)![1]!);
    expect((await new ApiClient(server.url).post('/api/auth/invite/accept', { token: inviteToken, password: STRONG_PASSWORD })).body.user.id).toBe(invite.body.user_id);

    const newcomer = uniqueEmail('linked-signup');
    const signup = await root.post('/api/super-admin/generate-link', { type: 'signup', email: newcomer, password: STRONG_PASSWORD });
    expect(signup.status, JSON.stringify(signup.body)).toBe(200);
    expect((await signIn(newcomer)).status).toBe(200);
    const verifyToken = decodeURIComponent(/signup-thank-you\?verify=(\S+)/.exec(signup.body.action_link)![1]!);
    expect((await new ApiClient(server.url).post('/api/auth/verify-email', { token: verifyToken })).status).toBe(200);
    expect((await root.get(`/api/super-admin/users/${signup.body.user_id}`)).body.email_confirmed).toBe(true);
    expect((await root.post('/api/super-admin/generate-link', { type: 'signup', email: newcomer, password: STRONG_PASSWORD })).body.error.code).toBe('email_exists');

    const types = (await platformActions('user.link_generated')).filter((row) => [userId, invite.body.user_id, signup.body.user_id].includes(row.details.user_id as string));
    expect(types.map((row) => row.details.type).sort()).toEqual(['invite', 'recovery', 'signup']);
  });
});

describe('POST /api/auth/token?grant_type=web3 (SPEC §7, Sign-In with Ethereum)', () => {
  it('a new wallet gets an account without e-mail; the same wallet signs in to it again; a signed-in caller links one', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const first = await tokenGrant('web3', { chain: 'ethereum', ...(await signedWeb3(wallet)) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ token_type: 'bearer', user: { email: null, phone_number: null }, second_step: null });
    const identities = await new ApiClient(server.url).request('GET', '/api/auth/identities', undefined, bearer(first.body.access_token));
    expect(identities.body.identities).toEqual([{ id: `web3:${wallet.address}`, provider: 'web3', identifier: wallet.address, verified: true, provider_name: null, linked_at: null }]);
    const me = await new ApiClient(server.url).request('GET', '/api/me', undefined, bearer(first.body.access_token));
    expect(me.body.business.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await tokenGrant('web3', await signedWeb3(wallet))).body.user.id).toBe(first.body.user.id);

    const owner = await signUpBusiness(server);
    const second = privateKeyToAccount(generatePrivateKey());
    const linked = await tokenGrant('web3', await signedWeb3(second), {}, owner.client);
    expect(linked.body.user.id).toBe(owner.userId);
    expect((await owner.client.get('/api/auth/identities')).body.identities.map((identity: { provider: string }) => identity.provider)).toEqual(['email', 'web3']);
    const taken = await tokenGrant('web3', await signedWeb3(wallet), {}, owner.client);
    expect([taken.status, taken.body.error.code]).toEqual([409, 'identity_already_exists']);
  });

  it('refuses a wrong domain, URI or chain, an old or expired message, a bad signature and a replayed nonce, changing nothing', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const stranger = privateKeyToAccount(generatePrivateKey());
    const accountsBefore = (await server.database.db.select({ id: account.id }).from(account).where(eq(account.providerId, 'web3'))).length;
    const cases: [string, Awaited<ReturnType<typeof signedWeb3>>, string][] = [
      ['domain', await signedWeb3(wallet, { domain: 'evil.example' }), 'web3_message_invalid'],
      ['uri', await signedWeb3(wallet, { uri: 'https://evil.example/login' }), 'web3_message_invalid'],
      ['chain', await signedWeb3(wallet, { chainId: 137 }), 'web3_message_invalid'],
      ['old', await signedWeb3(wallet, { issuedAt: new Date(Date.now() - 11 * 60 * 1000) }), 'web3_message_expired'],
      ['expired', await signedWeb3(wallet, { expirationTime: new Date(Date.now() - 1000) }), 'web3_message_expired'],
      ['signature', await signedWeb3(wallet, {}, stranger), 'web3_signature_invalid'],
      ['unknown nonce', await signedWeb3(wallet, { nonce: 'abcdef0123456789' }), 'web3_nonce_invalid'],
    ];
    for (const [what, signed, code] of cases) {
      const res = await tokenGrant('web3', { message: signed.message, signature: signed.signature });
      expect([what, res.status, res.body.error.code]).toEqual([what, 400, code]);
    }
    expect((await tokenGrant('web3', { message: 'hello', signature: `0x${'11'.repeat(65)}` })).body.error.code).toBe('web3_message_invalid');
    expect((await tokenGrant('web3', { message: 'hello', signature: '0x1234' })).status).toBe(400);
    expect((await server.database.db.select({ id: account.id }).from(account).where(eq(account.providerId, 'web3'))).length).toBe(accountsBefore);

    // A refused message left its nonce usable; once used, it is spent.
    const good = await signedWeb3(wallet);
    expect((await tokenGrant('web3', { message: good.message, signature: good.signature })).status).toBe(200);
    const replay = await tokenGrant('web3', { message: good.message, signature: good.signature });
    expect([replay.status, replay.body.error.code]).toEqual([400, 'web3_nonce_invalid']);
    const refusedNonce = cases[0]![1].nonce;
    const withOldNonce = await signedWeb3(wallet, { nonce: refusedNonce });
    expect((await tokenGrant('web3', { message: withOldNonce.message, signature: withOldNonce.signature })).status).toBe(200);
    expect(await server.database.db.select().from(account).where(and(eq(account.providerId, 'web3'), eq(account.accountId, wallet.address)))).toHaveLength(1);
  });
});
