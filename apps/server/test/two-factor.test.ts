import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authChallenges, authFactors, authRecoveryCodes, sessionAssurance, user } from '../src/db/schema/index.ts';
import { totpStep } from '../src/modules/auth/totp.ts';
import { ApiClient, STRONG_PASSWORD, okApi, signUpBusiness, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ signInLimits: { perAccount: 8, perAddress: 1000 } });
});
afterAll(() => server.close());

/** The code an authenticator app shows for `secret`, `offset` steps from now. */
const codeFor = (secret: string, offset = 0) => createOTP(base32.decode(secret)).hotp(totpStep(Date.now()) + offset);
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** A challenge of `factorId` opened by `client`, as the factor routes answer it. */
const challengeOf = (client: ApiClient, factorId: string) => client.api.POST('/api/auth/factors/{factorId}/challenge', { params: { path: { factorId } } });
const verifyFactor = (client: ApiClient, factorId: string, body: { challenge_id: string; code: string }) =>
  client.api.POST('/api/auth/factors/{factorId}/verify', { params: { path: { factorId } }, body });
const removeFactor = (client: ApiClient, factorId: string, password: string) =>
  client.api.DELETE('/api/auth/factors/{factorId}', { params: { path: { factorId } }, body: { password } });
const setPolicy = (client: ApiClient, required: boolean) => client.api.PUT('/api/auth/two-factor-policy', { body: { required } });

async function enrollAndVerify(client: ApiClient) {
  const enrolled = await okApi(await client.api.POST('/api/auth/factors', { body: { friendly_name: 'Phone' } }), 201);
  const challenge = await okApi(await challengeOf(client, enrolled.id), 200);
  const verified = await okApi(await verifyFactor(client, enrolled.id, { challenge_id: challenge.id, code: await codeFor(enrolled.totp.secret) }), 200);
  return { factorId: enrolled.id, secret: enrolled.totp.secret, recoveryCodes: verified.recovery_codes! };
}

async function signIn(email: string) {
  const client = new ApiClient(server.url);
  const res = await okApi(await client.api.POST('/api/auth/sign-in', { body: { email, password: STRONG_PASSWORD } }), 200);
  return { client, secondStep: res.second_step };
}

describe('TOTP factors (SPEC §7 factors: enroll, challenge, verify, delete)', () => {
  it('enrolls with a secret, an otpauth URI and an SVG QR code; verifying gives 10 recovery codes kept as hashes', async () => {
    const { client, userId } = await signUpBusiness(server);
    const enrolledRes = await client.api.POST('/api/auth/factors', { body: { friendly_name: 'Phone' } });
    expect(enrolledRes.response.status).toBe(201);
    const enrolled = enrolledRes.data!;
    expect(enrolled).toMatchObject({ factor_type: 'totp', friendly_name: 'Phone', status: 'unverified' });
    expect(enrolled.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolled.totp.uri).toMatch(/^otpauth:\/\/totp\/Till:.*secret=[A-Z2-7]+/);
    expect(enrolled.totp.qr_code).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // The secret is not kept in the clear.
    const [row] = await server.database.db.select().from(authFactors).where(eq(authFactors.id, enrolled.id));
    expect(row!.secret).not.toContain(enrolled.totp.secret);
    // An unverified factor asks nothing at sign-in yet.
    expect((await client.api.GET('/api/auth/factors')).data).toMatchObject({ current_level: 'aal1', next_level: 'aal1', second_step: null });

    const challenge = await challengeOf(client, enrolled.id);
    const verified = await verifyFactor(client, enrolled.id, {
      challenge_id: challenge.data!.id,
      code: await codeFor(enrolled.totp.secret),
    });
    expect(verified.response.status).toBe(200);
    expect(verified.data!.current_level).toBe('aal2');
    expect(verified.data!.recovery_codes).toHaveLength(10);
    expect(new Set(verified.data!.recovery_codes).size).toBe(10);
    const stored = await server.database.db.select().from(authRecoveryCodes).where(eq(authRecoveryCodes.userId, userId));
    expect(stored).toHaveLength(10);
    for (const code of verified.data!.recovery_codes!) expect(stored.map((r) => r.codeHash)).not.toContain(code);
    expect((await client.api.GET('/api/auth/factors')).data).toMatchObject({ current_level: 'aal2', next_level: 'aal2', recovery_codes_left: 10 });
  });

  it('a password sign-in with a verified factor reaches nothing but the second step until a code verifies it', async () => {
    const { client: first, email } = await signUpBusiness(server);
    const { factorId, secret } = await enrollAndVerify(first);
    const { client, secondStep } = await signIn(email);
    expect(secondStep).toBe('challenge');
    const me = await client.api.GET('/api/me');
    expect(me.data).toMatchObject({ second_step: 'challenge', business: null, settings: null });
    expect(me.data!.user!.email).toBe(email);
    const business = await client.api.GET('/api/business-settings');
    expect(business.response.status).toBe(403);
    expect(business.error?.error.code).toBe('insufficient_aal');
    expect((await client.api.POST('/api/auth/resend-verification')).error?.error.code).toBe('insufficient_aal');
    // It may not add a factor of its own to get around the code.
    expect((await client.api.POST('/api/auth/factors', { body: { friendly_name: 'Mine' } })).error?.error.code).toBe('insufficient_aal');

    const challenge = await challengeOf(client, factorId);
    const code = await codeFor(secret, 1);
    const verified = await verifyFactor(client, factorId, { challenge_id: challenge.data!.id, code });
    expect(verified.response.status).toBe(200);
    expect(verified.data!.recovery_codes).toBeNull();
    expect((await client.api.GET('/api/business-settings')).response.status).toBe(200);
    expect((await client.api.GET('/api/me')).data!.second_step).toBeNull();

    // The same code again, in another new session: refused, and that session stays at level 1.
    const other = await signIn(email);
    const again = await challengeOf(other.client, factorId);
    const replay = await verifyFactor(other.client, factorId, { challenge_id: again.data!.id, code });
    expect(replay.response.status).toBe(400);
    expect(replay.error?.error.code).toBe('mfa_verification_failed');
    expect((await other.client.api.GET('/api/business-settings')).error?.error.code).toBe('insufficient_aal');
  });

  it('refuses a wrong code, an answered or expired challenge and another account’s factor with clear 4xx, changing nothing', async () => {
    const { client: first, email } = await signUpBusiness(server);
    const { factorId, secret } = await enrollAndVerify(first);
    const [before] = await server.database.db.select().from(authFactors).where(eq(authFactors.id, factorId));
    const { client } = await signIn(email);
    const challengeId = (await okApi(await challengeOf(client, factorId), 200)).id;
    const wrong = await verifyFactor(client, factorId, { challenge_id: challengeId, code: wrongOf(await codeFor(secret, 1)) });
    expect(wrong.response.status).toBe(400);
    expect(wrong.error?.error.code).toBe('mfa_verification_failed');
    const notDigits = await verifyFactor(client, factorId, { challenge_id: challengeId, code: 'abcdef' });
    expect(notDigits.error?.error.code).toBe('mfa_verification_failed');
    const [after] = await server.database.db.select().from(authFactors).where(eq(authFactors.id, factorId));
    expect(after!.lastUsedStep).toBe(before!.lastUsedStep);
    const [sessionId] = await server.database.db.select({ id: authChallenges.sessionId }).from(authChallenges).where(eq(authChallenges.id, challengeId));
    expect(await server.database.db.select().from(sessionAssurance).where(eq(sessionAssurance.sessionId, sessionId!.id))).toHaveLength(0);

    // Expired: the challenge's 5 minutes are over.
    await server.database.db.update(authChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authChallenges.id, challengeId));
    const expired = await verifyFactor(client, factorId, { challenge_id: challengeId, code: await codeFor(secret, 1) });
    expect(expired.response.status).toBe(400);
    expect(expired.error?.error.code).toBe('mfa_challenge_expired');

    // Unknown challenge, unknown factor, malformed id, another account's factor.
    const unknownChallenge = await verifyFactor(client, factorId, { challenge_id: crypto.randomUUID(), code: '123456' });
    expect([unknownChallenge.response.status, unknownChallenge.error?.error.code]).toEqual([404, 'mfa_challenge_not_found']);
    const unknownFactor = await challengeOf(client, crypto.randomUUID());
    expect([unknownFactor.response.status, unknownFactor.error?.error.code]).toEqual([404, 'mfa_factor_not_found']);
    expect((await challengeOf(client, 'not-a-uuid')).response.status).toBe(400);
    const stranger = await signUpBusiness(server);
    const foreign = await challengeOf(stranger.client, factorId);
    expect([foreign.response.status, foreign.error?.error.code]).toEqual([404, 'mfa_factor_not_found']);
    // Without a session at all: SPEC §8.
    const anonymous = await new ApiClient(server.url).api.GET('/api/auth/factors');
    expect([anonymous.response.status, anonymous.error?.error.code, anonymous.error?.error.message]).toEqual([400, 'session_not_found', 'Auth session missing!']);
  });

  it('limits wrong codes per account (429), kept in PostgreSQL', async () => {
    const { client: first, email } = await signUpBusiness(server);
    const { factorId, secret } = await enrollAndVerify(first);
    const { client } = await signIn(email);
    const challengeId = (await okApi(await challengeOf(client, factorId), 200)).id;
    const wrong = wrongOf(await codeFor(secret, 1));
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      statuses.push((await verifyFactor(client, factorId, { challenge_id: challengeId, code: wrong })).response.status);
    }
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(400));
    expect(statuses[8]).toBe(429);
    // Even the right code waits for the window now.
    const right = await verifyFactor(client, factorId, { challenge_id: challengeId, code: await codeFor(secret, 1) });
    expect(right.response.status).toBe(429);
  });

  it('a recovery code finishes the second step once; used again it is refused', async () => {
    const { client: first, email } = await signUpBusiness(server);
    const { recoveryCodes } = await enrollAndVerify(first);
    const { client } = await signIn(email);
    const used = await client.api.POST('/api/auth/recovery-codes/verify', { body: { code: recoveryCodes[0]!.toLowerCase() } });
    expect(used.response.status).toBe(200);
    expect(used.data).toEqual({ current_level: 'aal2', recovery_codes_left: 9 });
    expect((await client.api.GET('/api/business-settings')).response.status).toBe(200);
    const other = await signIn(email);
    const again = await other.client.api.POST('/api/auth/recovery-codes/verify', { body: { code: recoveryCodes[0]! } });
    expect([again.response.status, again.error?.error.code]).toEqual([400, 'mfa_verification_failed']);
    expect((await other.client.api.POST('/api/auth/recovery-codes/verify', { body: { code: recoveryCodes[1]! } })).response.status).toBe(200);
  });

  it('new recovery codes and removing a factor need the current password', async () => {
    const { client, email, userId } = await signUpBusiness(server);
    const { factorId, recoveryCodes } = await enrollAndVerify(client);
    const noPassword = await client.api.POST('/api/auth/recovery-codes', { body: {} });
    expect([noPassword.response.status, noPassword.error?.error.code]).toEqual([401, 'reauthentication_not_valid']);
    const fresh = await client.api.POST('/api/auth/recovery-codes', { body: { password: STRONG_PASSWORD } });
    expect(fresh.response.status).toBe(200);
    expect(fresh.data!.recovery_codes).toHaveLength(10);
    // The old ones stopped working.
    const { client: later } = await signIn(email);
    expect((await later.api.POST('/api/auth/recovery-codes/verify', { body: { code: recoveryCodes[2]! } })).response.status).toBe(400);

    const wrong = await removeFactor(client, factorId, 'not the password');
    expect([wrong.response.status, wrong.error?.error.code]).toEqual([401, 'reauthentication_not_valid']);
    expect(await server.database.db.select().from(authFactors).where(eq(authFactors.id, factorId))).toHaveLength(1);
    const removed = await removeFactor(client, factorId, STRONG_PASSWORD);
    expect(removed.response.status).toBe(200);
    expect(await server.database.db.select().from(authRecoveryCodes).where(eq(authRecoveryCodes.userId, userId))).toHaveLength(0);
    const gone = await removeFactor(client, factorId, STRONG_PASSWORD);
    expect([gone.response.status, gone.error?.error.code]).toEqual([404, 'mfa_factor_not_found']);
    // Without a factor, sign-in is one step again.
    expect((await signIn(email)).secondStep).toBeNull();
  });

  it('signing out ends a session that still owes its second step', async () => {
    const { client: first, email } = await signUpBusiness(server);
    await enrollAndVerify(first);
    const { client } = await signIn(email);
    expect((await client.api.POST('/api/auth/sign-out')).response.status).toBe(200);
    expect((await client.api.GET('/api/me')).data!.user).toBeNull();
  });
});

describe('the owner requires two-factor sign-in', () => {
  it('only once the owner has a factor; then an account without one is sent to enroll before anything else', async () => {
    const { client, email } = await signUpBusiness(server);
    const early = await setPolicy(client, true);
    expect([early.response.status, early.error?.error.code]).toEqual([400, 'mfa_enrollment_required']);
    const { factorId } = await enrollAndVerify(client);
    expect((await setPolicy(client, true)).data).toEqual({ required: true });

    // The owner removes their factor (an admin without one): the next sign-in must enroll first.
    expect((await removeFactor(client, factorId, STRONG_PASSWORD)).response.status).toBe(200);
    const { client: next, secondStep } = await signIn(email);
    expect(secondStep).toBe('enroll');
    const refused = await next.api.GET('/api/business-settings');
    expect([refused.response.status, refused.error?.error.code]).toEqual([403, 'mfa_enrollment_required']);
    await enrollAndVerify(next);
    expect((await next.api.GET('/api/business-settings')).response.status).toBe(200);
  });

  it('needs a signed-in account; switching it off needs no factor', async () => {
    const res = await setPolicy(new ApiClient(server.url), false);
    expect([res.response.status, res.error?.error.code]).toEqual([400, 'session_not_found']);
    const { client } = await signUpBusiness(server);
    expect((await setPolicy(client, false)).data).toEqual({ required: false });
  });
});

describe('SPEC §8 auth errors', () => {
  it('answers "Auth session or user missing" when the session a moment ago has lost its user', async () => {
    const { client, userId } = await signUpBusiness(server);
    expect((await client.api.GET('/api/auth/factors')).response.status).toBe(200);
    // A process that has not yet heard of the deletion (decision 013: its LISTEN connection was
    // down) still holds the session in its cache (decision 006) while the account is deleted.
    const token = /better-auth\.session_token=([^;]+)/.exec(client.cookieHeader())![1]!;
    const cached = server.services.sessionCache.get(token)!;
    expect(cached.user.id).toBe(userId);
    await server.database.db.delete(user).where(eq(user.id, userId));
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.services.sessionCache.set(token, cached);
    const res = await client.api.GET('/api/auth/factors');
    expect(res.response.status).toBe(401);
    expect(res.error?.error).toEqual({ code: 'session_not_found', message: 'Auth session or user missing' });
    // Then it is simply gone.
    const after = await client.api.GET('/api/auth/factors');
    expect([after.response.status, after.error?.error.message]).toEqual([400, 'Auth session missing!']);
  });
});

describe('active sessions', () => {
  it('lists the account’s sessions with the current one marked, ends one (audited), and not another account’s', async () => {
    const { client, email, businessId } = await signUpBusiness(server);
    const { client: phone } = await signIn(email);
    const endSession = (caller: ApiClient, sessionId: string) => caller.api.DELETE('/api/auth/sessions/{sessionId}', { params: { path: { sessionId } } });
    const listed = await client.api.GET('/api/auth/sessions');
    expect(listed.response.status).toBe(200);
    expect(listed.data!.sessions).toHaveLength(2);
    const current = listed.data!.sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    const other = listed.data!.sessions.find((s) => !s.current)!;

    const stranger = await signUpBusiness(server);
    const foreign = await endSession(stranger.client, other.id);
    expect([foreign.response.status, foreign.error?.error.code]).toEqual([404, 'session_not_found']);
    expect((await phone.api.GET('/api/auth/sessions')).response.status).toBe(200);

    expect((await endSession(client, other.id)).response.status).toBe(200);
    const ended = await phone.api.GET('/api/auth/sessions');
    expect([ended.response.status, ended.error?.error.code]).toEqual([400, 'session_not_found']);
    expect((await client.api.GET('/api/auth/sessions')).data!.sessions).toHaveLength(1);
    const audit = await server.database.withTenant(businessId, (tx) =>
      tx.select().from(auditLog).where(and(eq(auditLog.businessId, businessId), eq(auditLog.action, 'account.session_revoked'))),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ sessionId: other.id, current: false });
    expect((await endSession(client, 'not-a-uuid')).response.status).toBe(400);
  });

  it('is closed to a session that still owes its second step', async () => {
    const { client: first, email } = await signUpBusiness(server);
    await enrollAndVerify(first);
    const { client } = await signIn(email);
    const res = await client.api.GET('/api/auth/sessions');
    expect([res.response.status, res.error?.error.code]).toEqual([403, 'insufficient_aal']);
  });
});
