import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authChallenges, authFactors, authRecoveryCodes, sessionAssurance, user } from '../src/db/schema/index.ts';
import { totpStep } from '../src/modules/auth/totp.ts';
import { ApiClient, STRONG_PASSWORD, signUpBusiness, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ signInLimits: { perAccount: 8, perAddress: 1000 } });
});
afterAll(() => server.close());

/** The code an authenticator app shows for `secret`, `offset` steps from now. */
const codeFor = (secret: string, offset = 0) => createOTP(base32.decode(secret)).hotp(totpStep(Date.now()) + offset);
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function enrollAndVerify(client: ApiClient) {
  const enrolled = await client.post('/api/auth/factors', { friendly_name: 'Phone' });
  expect(enrolled.status).toBe(201);
  const challenge = await client.post(`/api/auth/factors/${enrolled.body.id}/challenge`);
  expect(challenge.status).toBe(200);
  const verified = await client.post(`/api/auth/factors/${enrolled.body.id}/verify`, {
    challenge_id: challenge.body.id,
    code: await codeFor(enrolled.body.totp.secret),
  });
  expect(verified.status).toBe(200);
  return { factorId: enrolled.body.id as string, secret: enrolled.body.totp.secret as string, recoveryCodes: verified.body.recovery_codes as string[] };
}

async function signIn(email: string) {
  const client = new ApiClient(server.url);
  const res = await client.post('/api/auth/sign-in', { email, password: STRONG_PASSWORD });
  expect(res.status).toBe(200);
  return { client, secondStep: res.body.second_step as string | null };
}

describe('TOTP factors (SPEC §7 factors: enroll, challenge, verify, delete)', () => {
  it('enrolls with a secret, an otpauth URI and an SVG QR code; verifying gives 10 recovery codes kept as hashes', async () => {
    const { client, userId } = await signUpBusiness(server);
    const enrolled = await client.post('/api/auth/factors', { friendly_name: 'Phone' });
    expect(enrolled.status).toBe(201);
    expect(enrolled.body).toMatchObject({ factor_type: 'totp', friendly_name: 'Phone', status: 'unverified' });
    expect(enrolled.body.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolled.body.totp.uri).toMatch(/^otpauth:\/\/totp\/Till:.*secret=[A-Z2-7]+/);
    expect(enrolled.body.totp.qr_code).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // The secret is not kept in the clear.
    const [row] = await server.database.db.select().from(authFactors).where(eq(authFactors.id, enrolled.body.id));
    expect(row!.secret).not.toContain(enrolled.body.totp.secret);
    // An unverified factor asks nothing at sign-in yet.
    expect((await client.get('/api/auth/factors')).body).toMatchObject({ current_level: 'aal1', next_level: 'aal1', second_step: null });

    const challenge = await client.post(`/api/auth/factors/${enrolled.body.id}/challenge`);
    const verified = await client.post(`/api/auth/factors/${enrolled.body.id}/verify`, {
      challenge_id: challenge.body.id,
      code: await codeFor(enrolled.body.totp.secret),
    });
    expect(verified.status).toBe(200);
    expect(verified.body.current_level).toBe('aal2');
    expect(verified.body.recovery_codes).toHaveLength(10);
    expect(new Set(verified.body.recovery_codes).size).toBe(10);
    const stored = await server.database.db.select().from(authRecoveryCodes).where(eq(authRecoveryCodes.userId, userId));
    expect(stored).toHaveLength(10);
    for (const code of verified.body.recovery_codes as string[]) expect(stored.map((r) => r.codeHash)).not.toContain(code);
    expect((await client.get('/api/auth/factors')).body).toMatchObject({ current_level: 'aal2', next_level: 'aal2', recovery_codes_left: 10 });
  });

  it('a password sign-in with a verified factor reaches nothing but the second step until a code verifies it', async () => {
    const { client: first, email } = await signUpBusiness(server);
    const { factorId, secret } = await enrollAndVerify(first);
    const { client, secondStep } = await signIn(email);
    expect(secondStep).toBe('challenge');
    const me = await client.get('/api/me');
    expect(me.body).toMatchObject({ second_step: 'challenge', business: null, settings: null });
    expect(me.body.user.email).toBe(email);
    const business = await client.get('/api/business-settings');
    expect(business.status).toBe(403);
    expect(business.body.error.code).toBe('insufficient_aal');
    expect((await client.post('/api/auth/resend-verification')).body.error.code).toBe('insufficient_aal');
    // It may not add a factor of its own to get around the code.
    expect((await client.post('/api/auth/factors', { friendly_name: 'Mine' })).body.error.code).toBe('insufficient_aal');

    const challenge = await client.post(`/api/auth/factors/${factorId}/challenge`);
    const code = await codeFor(secret, 1);
    const verified = await client.post(`/api/auth/factors/${factorId}/verify`, { challenge_id: challenge.body.id, code });
    expect(verified.status).toBe(200);
    expect(verified.body.recovery_codes).toBeNull();
    expect((await client.get('/api/business-settings')).status).toBe(200);
    expect((await client.get('/api/me')).body.second_step).toBeNull();

    // The same code again, in another new session: refused, and that session stays at level 1.
    const other = await signIn(email);
    const again = await other.client.post(`/api/auth/factors/${factorId}/challenge`);
    const replay = await other.client.post(`/api/auth/factors/${factorId}/verify`, { challenge_id: again.body.id, code });
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('mfa_verification_failed');
    expect((await other.client.get('/api/business-settings')).body.error.code).toBe('insufficient_aal');
  });

  it('refuses a wrong code, an answered or expired challenge and another account’s factor with clear 4xx, changing nothing', async () => {
    const { client: first, email } = await signUpBusiness(server);
    const { factorId, secret } = await enrollAndVerify(first);
    const [before] = await server.database.db.select().from(authFactors).where(eq(authFactors.id, factorId));
    const { client } = await signIn(email);
    const challenge = await client.post(`/api/auth/factors/${factorId}/challenge`);
    const wrong = await client.post(`/api/auth/factors/${factorId}/verify`, { challenge_id: challenge.body.id, code: wrongOf(await codeFor(secret, 1)) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('mfa_verification_failed');
    const notDigits = await client.post(`/api/auth/factors/${factorId}/verify`, { challenge_id: challenge.body.id, code: 'abcdef' });
    expect(notDigits.body.error.code).toBe('mfa_verification_failed');
    const [after] = await server.database.db.select().from(authFactors).where(eq(authFactors.id, factorId));
    expect(after!.lastUsedStep).toBe(before!.lastUsedStep);
    const [sessionId] = await server.database.db.select({ id: authChallenges.sessionId }).from(authChallenges).where(eq(authChallenges.id, challenge.body.id));
    expect(await server.database.db.select().from(sessionAssurance).where(eq(sessionAssurance.sessionId, sessionId!.id))).toHaveLength(0);

    // Expired: the challenge's 5 minutes are over.
    await server.database.db.update(authChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authChallenges.id, challenge.body.id));
    const expired = await client.post(`/api/auth/factors/${factorId}/verify`, { challenge_id: challenge.body.id, code: await codeFor(secret, 1) });
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('mfa_challenge_expired');

    // Unknown challenge, unknown factor, malformed id, another account's factor.
    const unknownChallenge = await client.post(`/api/auth/factors/${factorId}/verify`, { challenge_id: crypto.randomUUID(), code: '123456' });
    expect([unknownChallenge.status, unknownChallenge.body.error.code]).toEqual([404, 'mfa_challenge_not_found']);
    const unknownFactor = await client.post(`/api/auth/factors/${crypto.randomUUID()}/challenge`);
    expect([unknownFactor.status, unknownFactor.body.error.code]).toEqual([404, 'mfa_factor_not_found']);
    expect((await client.post('/api/auth/factors/not-a-uuid/challenge')).status).toBe(400);
    const stranger = await signUpBusiness(server);
    const foreign = await stranger.client.post(`/api/auth/factors/${factorId}/challenge`);
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'mfa_factor_not_found']);
    // Without a session at all: SPEC §8.
    const anonymous = await new ApiClient(server.url).get('/api/auth/factors');
    expect([anonymous.status, anonymous.body.error.code, anonymous.body.error.message]).toEqual([400, 'session_not_found', 'Auth session missing!']);
  });

  it('limits wrong codes per account (429), kept in PostgreSQL', async () => {
    const { client: first, email } = await signUpBusiness(server);
    const { factorId, secret } = await enrollAndVerify(first);
    const { client } = await signIn(email);
    const challenge = await client.post(`/api/auth/factors/${factorId}/challenge`);
    const wrong = wrongOf(await codeFor(secret, 1));
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      statuses.push((await client.post(`/api/auth/factors/${factorId}/verify`, { challenge_id: challenge.body.id, code: wrong })).status);
    }
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(400));
    expect(statuses[8]).toBe(429);
    // Even the right code waits for the window now.
    const right = await client.post(`/api/auth/factors/${factorId}/verify`, { challenge_id: challenge.body.id, code: await codeFor(secret, 1) });
    expect(right.status).toBe(429);
  });

  it('a recovery code finishes the second step once; used again it is refused', async () => {
    const { client: first, email } = await signUpBusiness(server);
    const { recoveryCodes } = await enrollAndVerify(first);
    const { client } = await signIn(email);
    const used = await client.post('/api/auth/recovery-codes/verify', { code: recoveryCodes[0]!.toLowerCase() });
    expect(used.status).toBe(200);
    expect(used.body).toEqual({ current_level: 'aal2', recovery_codes_left: 9 });
    expect((await client.get('/api/business-settings')).status).toBe(200);
    const other = await signIn(email);
    const again = await other.client.post('/api/auth/recovery-codes/verify', { code: recoveryCodes[0] });
    expect([again.status, again.body.error.code]).toEqual([400, 'mfa_verification_failed']);
    expect((await other.client.post('/api/auth/recovery-codes/verify', { code: recoveryCodes[1] })).status).toBe(200);
  });

  it('new recovery codes and removing a factor need the current password', async () => {
    const { client, email, userId } = await signUpBusiness(server);
    const { factorId, recoveryCodes } = await enrollAndVerify(client);
    const noPassword = await client.post('/api/auth/recovery-codes', {});
    expect([noPassword.status, noPassword.body.error.code]).toEqual([401, 'reauthentication_not_valid']);
    const fresh = await client.post('/api/auth/recovery-codes', { password: STRONG_PASSWORD });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recovery_codes).toHaveLength(10);
    // The old ones stopped working.
    const { client: later } = await signIn(email);
    expect((await later.post('/api/auth/recovery-codes/verify', { code: recoveryCodes[2] })).status).toBe(400);

    const wrong = await client.request('DELETE', `/api/auth/factors/${factorId}`, { password: 'not the password' });
    expect([wrong.status, wrong.body.error.code]).toEqual([401, 'reauthentication_not_valid']);
    expect(await server.database.db.select().from(authFactors).where(eq(authFactors.id, factorId))).toHaveLength(1);
    const removed = await client.request('DELETE', `/api/auth/factors/${factorId}`, { password: STRONG_PASSWORD });
    expect(removed.status).toBe(200);
    expect(await server.database.db.select().from(authRecoveryCodes).where(eq(authRecoveryCodes.userId, userId))).toHaveLength(0);
    const gone = await client.request('DELETE', `/api/auth/factors/${factorId}`, { password: STRONG_PASSWORD });
    expect([gone.status, gone.body.error.code]).toEqual([404, 'mfa_factor_not_found']);
    // Without a factor, sign-in is one step again.
    expect((await signIn(email)).secondStep).toBeNull();
  });

  it('signing out ends a session that still owes its second step', async () => {
    const { client: first, email } = await signUpBusiness(server);
    await enrollAndVerify(first);
    const { client } = await signIn(email);
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect((await client.get('/api/me')).body.user).toBeNull();
  });
});

describe('the owner requires two-factor sign-in', () => {
  it('only once the owner has a factor; then an account without one is sent to enroll before anything else', async () => {
    const { client, email } = await signUpBusiness(server);
    const early = await client.request('PUT', '/api/auth/two-factor-policy', { required: true });
    expect([early.status, early.body.error.code]).toEqual([400, 'mfa_enrollment_required']);
    const { factorId } = await enrollAndVerify(client);
    expect((await client.request('PUT', '/api/auth/two-factor-policy', { required: true })).body).toEqual({ required: true });

    // The owner removes their factor (an admin without one): the next sign-in must enroll first.
    expect((await client.request('DELETE', `/api/auth/factors/${factorId}`, { password: STRONG_PASSWORD })).status).toBe(200);
    const { client: next, secondStep } = await signIn(email);
    expect(secondStep).toBe('enroll');
    const refused = await next.get('/api/business-settings');
    expect([refused.status, refused.body.error.code]).toEqual([403, 'mfa_enrollment_required']);
    await enrollAndVerify(next);
    expect((await next.get('/api/business-settings')).status).toBe(200);
  });

  it('needs a signed-in account; switching it off needs no factor', async () => {
    const res = await new ApiClient(server.url).request('PUT', '/api/auth/two-factor-policy', { required: false });
    expect([res.status, res.body.error.code]).toEqual([400, 'session_not_found']);
    const { client } = await signUpBusiness(server);
    expect((await client.request('PUT', '/api/auth/two-factor-policy', { required: false })).body).toEqual({ required: false });
  });
});

describe('SPEC §8 auth errors', () => {
  it('answers "Auth session or user missing" when the session a moment ago has lost its user', async () => {
    const { client, userId } = await signUpBusiness(server);
    expect((await client.get('/api/auth/factors')).status).toBe(200);
    // A process that has not yet heard of the deletion (decision 013: its LISTEN connection was
    // down) still holds the session in its cache (decision 006) while the account is deleted.
    const token = /better-auth\.session_token=([^;]+)/.exec(client.cookieHeader())![1]!;
    const cached = server.services.sessionCache.get(token)!;
    expect(cached.user.id).toBe(userId);
    await server.database.db.delete(user).where(eq(user.id, userId));
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.services.sessionCache.set(token, cached);
    const res = await client.get('/api/auth/factors');
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: 'session_not_found', message: 'Auth session or user missing' });
    // Then it is simply gone.
    const after = await client.get('/api/auth/factors');
    expect([after.status, after.body.error.message]).toEqual([400, 'Auth session missing!']);
  });
});

describe('active sessions', () => {
  it('lists the account’s sessions with the current one marked, ends one (audited), and not another account’s', async () => {
    const { client, email, businessId } = await signUpBusiness(server);
    const { client: phone } = await signIn(email);
    const listed = await client.get('/api/auth/sessions');
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(2);
    const current = listed.body.sessions.filter((s: { current: boolean }) => s.current);
    expect(current).toHaveLength(1);
    const other = listed.body.sessions.find((s: { current: boolean }) => !s.current);

    const stranger = await signUpBusiness(server);
    const foreign = await stranger.client.request('DELETE', `/api/auth/sessions/${other.id}`);
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'session_not_found']);
    expect((await phone.get('/api/auth/sessions')).status).toBe(200);

    expect((await client.request('DELETE', `/api/auth/sessions/${other.id}`)).status).toBe(200);
    const ended = await phone.get('/api/auth/sessions');
    expect([ended.status, ended.body.error.code]).toEqual([400, 'session_not_found']);
    expect((await client.get('/api/auth/sessions')).body.sessions).toHaveLength(1);
    const audit = await server.database.withTenant(businessId, (tx) =>
      tx.select().from(auditLog).where(and(eq(auditLog.businessId, businessId), eq(auditLog.action, 'account.session_revoked'))),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ sessionId: other.id, current: false });
    expect((await client.request('DELETE', '/api/auth/sessions/not-a-uuid')).status).toBe(400);
  });

  it('is closed to a session that still owes its second step', async () => {
    const { client: first, email } = await signUpBusiness(server);
    await enrollAndVerify(first);
    const { client } = await signIn(email);
    const res = await client.get('/api/auth/sessions');
    expect([res.status, res.body.error.code]).toEqual([403, 'insufficient_aal']);
  });
});
