import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboxMessages, user, verification } from '../src/db/schema/index.ts';
import { totpStep } from '../src/modules/auth/totp.ts';
import { ApiClient, STRONG_PASSWORD, signUpBusiness, startTestServer, uniqueEmail, type ApiBody, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ signInLimits: { perAccount: 20, perAddress: 1000 } });
});
afterAll(() => server.close());

const NEW_PASSWORD = 'purple elephant marching slowly';
const codeFor = (secret: string, offset = 0) => createOTP(base32.decode(secret)).hotp(totpStep(Date.now()) + offset);
const put = (client: ApiClient, body: ApiBody<'/api/auth/user', 'put'>) => client.api.PUT('/api/auth/user', { body });

async function emailChangeToken(recipient: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const [row] = await server.database.db
      .select({ body: outboxMessages.body })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.subject, 'Confirm your new e-mail address for Till')))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    const token = row ? /verify=([^\s]+)/.exec(row.body)?.[1] : undefined;
    if (token) return decodeURIComponent(token);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail change link to ${recipient}`);
}

async function userRow(userId: string) {
  const [row] = await server.database.db.select().from(user).where(eq(user.id, userId));
  return row!;
}

describe('GET and PUT user (SPEC §7)', () => {
  it('shows the account and changes the name at once, without reauthenticating', async () => {
    const { client, email, userId } = await signUpBusiness(server);
    const got = await client.api.GET('/api/auth/user');
    expect(got.response.status).toBe(200);
    expect(got.data).toEqual({ user: { id: userId, name: 'Ann Lee', email, email_verified: false, phone_number: null }, recently_reauthenticated: false });
    const changed = await put(client, { name: 'Ann Smith' });
    expect(changed.response.status).toBe(200);
    expect(changed.data).toMatchObject({ user: { name: 'Ann Smith', email }, email_change_sent_to: null });
    expect((await client.api.GET('/api/me')).data!.user!.name).toBe('Ann Smith');
    const audit = await server.database.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, userId), eq(auditLog.action, 'account.user_updated')));
    expect(audit.map((row) => row.details)).toEqual([{ changed: ['name'], otherSessionsEnded: 0 }]);
  });

  it('refuses the e-mail, phone and password without a recent reauthentication, changing nothing', async () => {
    const { client, userId } = await signUpBusiness(server);
    const before = await userRow(userId);
    const bodies: ApiBody<'/api/auth/user', 'put'>[] = [{ password: NEW_PASSWORD }, { email: uniqueEmail('new') }, { phone: '+15550001111' }, { name: 'Bo', password: NEW_PASSWORD }];
    for (const body of bodies) {
      const res = await put(client, body);
      expect(res.response.status).toBe(403);
      expect(res.error?.error).toEqual({ code: 'reauthentication_needed', message: 'Confirm your current password before changing your e-mail, phone number or password' });
    }
    expect(await userRow(userId)).toEqual(before);
    // The same e-mail as now is no change and needs nothing.
    expect((await put(client, { email: before.email! })).response.status).toBe(200);
  });

  it('changes the password after reauthenticating: other sessions end, the old password stops working', async () => {
    const { client, email, userId } = await signUpBusiness(server);
    const other = client.fresh();
    expect((await other.api.POST('/api/auth/sign-in', { body: { email, password: STRONG_PASSWORD } })).response.status).toBe(200);

    const wrong = await client.api.POST('/api/auth/reauthenticate', { body: { password: 'not my password at all' } });
    expect(wrong.response.status).toBe(401);
    expect(wrong.error?.error.code).toBe('reauthentication_not_valid');
    expect((await put(client, { password: NEW_PASSWORD })).error?.error.code).toBe('reauthentication_needed');

    const reauth = await client.api.POST('/api/auth/reauthenticate', { body: { password: STRONG_PASSWORD } });
    expect(reauth.response.status).toBe(200);
    expect(Date.parse(reauth.data!.reauthenticated_until) - Date.now()).toBeGreaterThan(4 * 60 * 1000);
    expect((await client.api.GET('/api/auth/user')).data!.recently_reauthenticated).toBe(true);

    const weak = await put(client, { password: 'short' });
    expect(weak.response.status).toBe(400);
    expect(weak.error?.error.code).toBe('weak_password');
    expect(weak.error?.error.reasons).toEqual(expect.arrayContaining([expect.anything()]));
    expect((await other.api.GET('/api/auth/user')).response.status).toBe(200);

    const changed = await put(client, { password: NEW_PASSWORD });
    expect(changed.response.status).toBe(200);
    expect((await client.api.GET('/api/auth/user')).response.status).toBe(200);
    expect((await other.api.GET('/api/auth/user')).error?.error.code).toBe('session_not_found');
    const fresh = client.fresh();
    expect((await fresh.api.POST('/api/auth/sign-in', { body: { email, password: STRONG_PASSWORD } })).response.status).toBe(401);
    expect((await fresh.api.POST('/api/auth/sign-in', { body: { email, password: NEW_PASSWORD } })).response.status).toBe(200);
    const [audit] = await server.database.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, userId), eq(auditLog.action, 'account.user_updated')));
    expect(audit!.details).toEqual({ changed: ['password'], otherSessionsEnded: 1 });
  });

  it('the reauthentication mark lasts 5 minutes and is the session’s own', async () => {
    const { client, email } = await signUpBusiness(server);
    expect((await client.api.POST('/api/auth/reauthenticate', { body: { password: STRONG_PASSWORD } })).response.status).toBe(200);
    const other = client.fresh();
    await other.api.POST('/api/auth/sign-in', { body: { email, password: STRONG_PASSWORD } });
    expect((await put(other, { password: NEW_PASSWORD })).error?.error.code).toBe('reauthentication_needed');
    await server.database.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) }).where(like(verification.identifier, 'reauth:%'));
    expect((await put(client, { password: NEW_PASSWORD })).error?.error.code).toBe('reauthentication_needed');
  });

  it('a new e-mail address applies once the link sent to it is opened, once; a taken address is 409', async () => {
    const { client, email, userId } = await signUpBusiness(server);
    const taken = await signUpBusiness(server);
    await client.api.POST('/api/auth/reauthenticate', { body: { password: STRONG_PASSWORD } });
    const clash = await put(client, { email: taken.email.toUpperCase() });
    expect(clash.response.status).toBe(409);
    expect(clash.error?.error).toEqual({ code: 'identity_already_exists', message: 'This e-mail address is already used by another account' });
    expect((await put(client, { email: 'not an address' })).error?.error.code).toBe('invalid_email');

    const next = uniqueEmail('moved');
    const changed = await put(client, { email: ` ${next.toUpperCase()} ` });
    expect(changed.response.status).toBe(200);
    expect(changed.data).toMatchObject({ user: { email }, email_change_sent_to: next });
    expect((await userRow(userId)).email).toBe(email);

    const token = await emailChangeToken(next);
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.api.POST('/api/auth/verify-email', { body: { token } })).response.status).toBe(200);
    expect(await userRow(userId)).toMatchObject({ email: next, emailVerified: true });
    const replay = await anonymous.api.POST('/api/auth/verify-email', { body: { token } });
    expect(replay.response.status).toBe(400);
    expect(replay.error?.error.code).toBe('invalid_token');
    expect((await anonymous.api.POST('/api/auth/sign-in', { body: { email: next, password: STRONG_PASSWORD } })).response.status).toBe(200);
  });

  it('an expired e-mail change link, or one whose address another account took meanwhile, changes nothing', async () => {
    const { client, email, userId } = await signUpBusiness(server);
    await client.api.POST('/api/auth/reauthenticate', { body: { password: STRONG_PASSWORD } });
    const first = uniqueEmail('late');
    await put(client, { email: first });
    const expiredToken = await emailChangeToken(first);
    await server.database.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) }).where(like(verification.identifier, 'email-change:%'));
    const expired = await client.api.POST('/api/auth/verify-email', { body: { token: expiredToken } });
    expect(expired.response.status).toBe(400);
    expect(expired.error?.error.code).toBe('invalid_token');

    const second = uniqueEmail('raced');
    await put(client, { email: second });
    const token = await emailChangeToken(second);
    const rival = new ApiClient(server.url);
    expect((await rival.api.POST('/api/auth/sign-up', { body: { email: second, password: STRONG_PASSWORD } })).response.status).toBe(201);
    const raced = await client.api.POST('/api/auth/verify-email', { body: { token } });
    expect(raced.response.status).toBe(409);
    expect(raced.error?.error.code).toBe('identity_already_exists');
    expect((await userRow(userId)).email).toBe(email);
  });

  it('changes the phone number (unverified, signs in with it); a taken number is 409', async () => {
    const { client, userId } = await signUpBusiness(server);
    const phoneOwner = new ApiClient(server.url);
    expect((await phoneOwner.api.POST('/api/auth/sign-up', { body: { phone: '+15557770001', password: STRONG_PASSWORD } })).response.status).toBe(201);
    await client.api.POST('/api/auth/reauthenticate', { body: { password: STRONG_PASSWORD } });
    const clash = await put(client, { phone: '+1 555 777 0001' });
    expect(clash.response.status).toBe(409);
    expect(clash.error?.error).toEqual({ code: 'identity_already_exists', message: 'This phone number is already used by another account' });
    expect((await put(client, { phone: 'call me' })).error?.error.code).toBe('invalid_phone');
    const changed = await put(client, { phone: '+1 (555) 777-0002' });
    expect(changed.response.status).toBe(200);
    expect(changed.data!.user.phone_number).toBe('+15557770002');
    expect(await userRow(userId)).toMatchObject({ phoneNumber: '+15557770002', phoneNumberVerified: false });
    expect((await client.fresh().api.POST('/api/auth/sign-in', { body: { phone: '+15557770002', password: STRONG_PASSWORD } })).response.status).toBe(200);
  });

  it('with two-factor on, reauthenticating needs an unused app or recovery code too', async () => {
    const { client } = await signUpBusiness(server);
    const enrolled = (await client.api.POST('/api/auth/factors', { body: { friendly_name: 'Phone' } })).data!;
    const factor = { params: { path: { factorId: enrolled.id } } };
    const challenge = (await client.api.POST('/api/auth/factors/{factorId}/challenge', factor)).data!;
    const verified = await client.api.POST('/api/auth/factors/{factorId}/verify', { ...factor, body: { challenge_id: challenge.id, code: await codeFor(enrolled.totp.secret) } });
    expect(verified.response.status).toBe(200);
    const recoveryCodes = verified.data!.recovery_codes!;

    const reauthenticate = (body: ApiBody<'/api/auth/reauthenticate', 'post'>) => client.api.POST('/api/auth/reauthenticate', { body });
    const passwordOnly = await reauthenticate({ password: STRONG_PASSWORD });
    expect(passwordOnly.response.status).toBe(400);
    expect(passwordOnly.error?.error.code).toBe('mfa_verification_failed');
    const code = await codeFor(enrolled.totp.secret, 1);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await reauthenticate({ password: STRONG_PASSWORD, code: wrongCode })).error?.error.code).toBe('mfa_verification_failed');
    expect((await reauthenticate({ password: 'wrong password here', code })).error?.error.code).toBe('reauthentication_not_valid');
    expect((await client.api.GET('/api/auth/user')).data!.recently_reauthenticated).toBe(false);

    expect((await reauthenticate({ password: STRONG_PASSWORD, code })).response.status).toBe(200);
    // The same code again is a replay.
    expect((await reauthenticate({ password: STRONG_PASSWORD, code })).error?.error.code).toBe('mfa_verification_failed');
    expect((await reauthenticate({ password: STRONG_PASSWORD, code: recoveryCodes[0] })).response.status).toBe(200);
    expect((await reauthenticate({ password: STRONG_PASSWORD, code: recoveryCodes[0] })).error?.error.code).toBe('mfa_verification_failed');
    expect((await client.api.GET('/api/auth/factors')).data!.recovery_codes_left).toBe(9);
  });

  it('answers bad input and a missing session with clear 4xx', async () => {
    const { client } = await signUpBusiness(server);
    expect((await put(client, {})).error?.error.code).toBe('validation_error');
    // bad input: the contract refuses an unknown field (role)
    expect((await client.raw('PUT', '/api/auth/user', { name: 'A', role: 'admin' })).body.error.code).toBe('validation_error');
    expect((await put(client, { name: '   ' })).error?.error.code).toBe('validation_error');
    expect((await put(client, { name: 'Line\nbreak' })).error?.error.code).toBe('validation_error');
    // bad input: the contract takes the password as a string, not a number
    expect((await client.raw('POST', '/api/auth/reauthenticate', { password: 42 })).body.error.code).toBe('validation_error');
    const anonymous = new ApiClient(server.url);
    const answers = [
      await anonymous.api.GET('/api/auth/user'),
      await put(anonymous, { name: 'X' }),
      await anonymous.api.POST('/api/auth/reauthenticate', { body: { password: 'x' } }),
    ];
    for (const { response, error } of answers) {
      expect(response.status).toBe(400);
      expect(error?.error).toEqual({ code: 'session_not_found', message: 'Auth session missing!' });
    }
  });
});

describe('identities (SPEC §7 DELETE identities, SPEC §8 identity codes)', () => {
  const unlink = (client: ApiClient, identityId: string) => client.api.DELETE('/api/auth/identities/{identityId}', { params: { path: { identityId } } });

  it('lists e-mail and phone, links a phone login, unlinks one, and never the last', async () => {
    const { client, email, userId } = await signUpBusiness(server);
    expect((await client.api.GET('/api/auth/identities')).data).toEqual({
      identities: [{ id: 'email', provider: 'email', identifier: email, verified: false, provider_name: null, linked_at: null }],
    });

    const last = await unlink(client, 'email');
    expect(last.response.status).toBe(400);
    expect(last.error?.error).toEqual({ code: 'single_identity_not_deletable', message: 'This is the only way to sign in to this account, so it cannot be removed' });
    const unknown = await unlink(client, 'google');
    expect(unknown.response.status).toBe(404);
    expect(unknown.error?.error).toEqual({ code: 'identity_not_found', message: 'This account has no such sign-in identity' });
    expect((await unlink(client, 'phone')).error?.error.code).toBe('identity_not_found');

    expect((await client.api.POST('/api/auth/identities', { body: { phone: '+15558880001' } })).error?.error.code).toBe('reauthentication_needed');
    await client.api.POST('/api/auth/reauthenticate', { body: { password: STRONG_PASSWORD } });
    const again = await client.api.POST('/api/auth/identities', { body: { email: uniqueEmail('second') } });
    expect(again.response.status).toBe(409);
    expect(again.error?.error.code).toBe('identity_already_exists');
    const linked = await client.api.POST('/api/auth/identities', { body: { phone: '+1 555 888 0001' } });
    expect(linked.response.status).toBe(201);
    expect(linked.data!.identities.map((identity) => identity.id)).toEqual(['email', 'phone']);
    expect((await client.api.POST('/api/auth/identities', { body: { phone: '+15558880002' } })).error?.error.code).toBe('identity_already_exists');

    const removed = await unlink(client, 'email');
    expect(removed.response.status).toBe(200);
    expect(removed.data!.identities).toEqual([{ id: 'phone', provider: 'phone', identifier: '+15558880001', verified: false, provider_name: null, linked_at: null }]);
    expect((await client.api.GET('/api/auth/user')).data!.user.email).toBeNull();
    const fresh = client.fresh();
    expect((await fresh.api.POST('/api/auth/sign-in', { body: { email, password: STRONG_PASSWORD } })).response.status).toBe(401);
    expect((await fresh.api.POST('/api/auth/sign-in', { body: { phone: '+15558880001', password: STRONG_PASSWORD } })).response.status).toBe(200);
    expect((await unlink(client, 'phone')).error?.error.code).toBe('single_identity_not_deletable');
    const audit = await server.database.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, userId), eq(auditLog.action, 'account.identity_removed')));
    expect(audit.map((row) => row.details)).toEqual([{ provider: 'email' }]);
  });

  it('unlinking needs a recent reauthentication and changes nothing without it', async () => {
    const { client, userId } = await signUpBusiness(server);
    await client.api.POST('/api/auth/reauthenticate', { body: { password: STRONG_PASSWORD } });
    expect((await client.api.POST('/api/auth/identities', { body: { phone: '+15558880003' } })).response.status).toBe(201);
    await server.database.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) }).where(like(verification.identifier, 'reauth:%'));
    const before = await userRow(userId);
    const refused = await unlink(client, 'phone');
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error.code).toBe('reauthentication_needed');
    expect(await userRow(userId)).toEqual(before);
    // bad input: the contract takes a phone or an e-mail, not both
    expect((await client.raw('POST', '/api/auth/identities', { phone: '+15558880004', email: uniqueEmail() })).body.error.code).toBe('validation_error');
  });
});

describe('SPEC §8 "Auth session or user missing"', () => {
  it('a session still cached whose user is gone answers 401 with the SPEC text, then the plain missing session', async () => {
    const { client, userId } = await signUpBusiness(server);
    expect((await client.api.GET('/api/auth/user')).response.status).toBe(200);
    // Another process that has not heard of the deletion yet still holds the session (decision 006), as in two-factor.test.
    const token = /better-auth\.session_token=([^;]+)/.exec(client.cookieHeader())![1]!;
    const cached = server.services.sessionCache.get(token)!;
    await server.database.db.delete(user).where(eq(user.id, userId));
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.services.sessionCache.set(token, cached);
    const gone = await client.api.GET('/api/auth/user');
    expect(gone.response.status).toBe(401);
    expect(gone.error?.error).toEqual({ code: 'session_not_found', message: 'Auth session or user missing' });
    const after = await client.api.GET('/api/auth/user');
    expect(after.response.status).toBe(400);
    expect(after.error?.error).toEqual({ code: 'session_not_found', message: 'Auth session missing!' });
  });
});
