import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, user } from '../src/db/schema/index.ts';
import { ApiClient, STRONG_PASSWORD, signUpBusiness, startTestServer, uniqueEmail, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ signInLimits: { perAccount: 4, perAddress: 1000 } });
});
afterAll(() => server.close());

const MISSING = 'You must provide either an email or phone number and a password';

describe('sign-up', () => {
  it('creates the account, business and profile, signs in with an HttpOnly Lax cookie', async () => {
    const client = new ApiClient(server.url);
    const email = uniqueEmail();
    const res = await client.post('/api/auth/sign-up', {
      email,
      password: STRONG_PASSWORD,
      business_name: 'Bean There',
      full_name: 'Ann Lee',
      industry: 'restaurant',
    });
    expect(res.status).toBe(201);
    expect(res.body.user.email).toBe(email);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const me = await client.get('/api/me');
    expect(me.body.profile).toMatchObject({ business_name: 'Bean There', full_name: 'Ann Lee', industry: 'restaurant' });
    expect(me.body.business.name).toBe('Bean There');
  });

  it.each([
    [{}, 'nothing'],
    [{ email: 'a@example.com' }, 'no password'],
    [{ password: STRONG_PASSWORD }, 'no email or phone'],
    [{ email: '', phone: '', password: STRONG_PASSWORD }, 'blank email and phone'],
    [{ email: 'a@example.com', password: '' }, 'blank password'],
  ] as [Record<string, string>, string][])('refuses %j (%s) with the SPEC §5 message', async (body) => {
    const res = await new ApiClient(server.url).post('/api/auth/sign-up', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'missing_credentials', message: MISSING });
  });

  it.each([
    ['short1', 'Password must be at least 8 characters'],
    ['password123', 'Password is too common'],
    ['zzzzzzzzzz', 'Password must not be one character repeated'],
  ])('refuses the weak password %s with weak_password and its reasons', async (password, reason) => {
    const email = uniqueEmail();
    const client = new ApiClient(server.url);
    const res = await client.post('/api/auth/sign-up', { email, password });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('weak_password');
    expect(res.body.error.reasons).toContain(reason);
    // nothing was created: the same email can still sign up
    const retry = await client.post('/api/auth/sign-up', { email, password: STRONG_PASSWORD });
    expect(retry.status).toBe(201);
  });

  it('makes no second account with the same email, without saying so (message-abuse.test.ts: the answers are alike)', async () => {
    const { email, userId } = await signUpBusiness(server);
    const client = new ApiClient(server.url);
    const res = await client.post('/api/auth/sign-up', { email, password: STRONG_PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.user.id).not.toBe(userId);
    expect((await client.get('/api/me')).body.user).toBeNull();
    const users = await server.database.db.select().from(user).where(eq(user.email, email));
    expect(users).toHaveLength(1);
  });

  it('signs up and in with a phone number and password', async () => {
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    const up = await new ApiClient(server.url).post('/api/auth/sign-up', {
      phone: phone.replace(/(\d{3})(\d{4})$/, ' $1-$2'),
      password: STRONG_PASSWORD,
      full_name: 'Pat Diaz',
    });
    expect(up.status).toBe(201);
    expect(up.body.user).toMatchObject({ phone_number: phone, email: null });
    const client = new ApiClient(server.url);
    const signIn = await client.post('/api/auth/sign-in', { phone, password: STRONG_PASSWORD });
    expect(signIn.status).toBe(200);
    const me = await client.get('/api/me');
    expect(me.body.user.phone_number).toBe(phone);
    // SPEC §4: no business name, so the full name names the business
    expect(me.body.settings.business_name).toBe('Pat Diaz');
  });
});

describe('sign-in', () => {
  it('answers a wrong password and an unknown account alike', async () => {
    const { email } = await signUpBusiness(server);
    const wrong = await new ApiClient(server.url).post('/api/auth/sign-in', { email, password: 'not the password at all' });
    const unknown = await new ApiClient(server.url).post('/api/auth/sign-in', { email: uniqueEmail('ghost'), password: 'not the password at all' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('refuses a missing password with the SPEC §5 message', async () => {
    const res = await new ApiClient(server.url).post('/api/auth/sign-in', { email: 'a@example.com' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MISSING);
  });

  it('locks an account after too many attempts, even with the right password', async () => {
    const { email } = await signUpBusiness(server);
    for (let i = 0; i < 4; i += 1) {
      const res = await new ApiClient(server.url).post('/api/auth/sign-in', { email, password: 'wrong password here' });
      expect(res.status).toBe(401);
    }
    const locked = await new ApiClient(server.url).post('/api/auth/sign-in', { email, password: STRONG_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('rate_limited');
  });

  it('locks the account only at the address that guessed: the owner elsewhere still signs in (issue 9 item 8)', async () => {
    const proxied = await startTestServer({ env: { TRUST_PROXY: 'true', SIGN_UP_LIMIT_PER_HOUR: '100000' }, signInLimits: { perAccount: 4, perAddress: 1000 } });
    try {
      const { email } = await signUpBusiness(proxied);
      const from = (address: string) => ({ 'x-forwarded-for': address });
      for (let i = 0; i < 4; i += 1) {
        expect((await new ApiClient(proxied.url).request('POST', '/api/auth/sign-in', { email, password: 'wrong password here' }, from('203.0.113.66'))).status).toBe(401);
      }
      const attacker = await new ApiClient(proxied.url).request('POST', '/api/auth/sign-in', { email, password: STRONG_PASSWORD }, from('203.0.113.66'));
      expect([attacker.status, attacker.body.error?.code]).toEqual([429, 'rate_limited']);
      const owner = await new ApiClient(proxied.url).request('POST', '/api/auth/sign-in', { email, password: STRONG_PASSWORD }, from('198.51.100.7'));
      expect(owner.status).toBe(200);
    } finally {
      await proxied.close();
    }
  }, 120_000);
});

describe('sign-in rate limit per client address', () => {
  it('refuses the address once its limit is reached, whatever the account', async () => {
    const limited = await startTestServer({ signInLimits: { perAccount: 100, perAddress: 3 } });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await new ApiClient(limited.url).post('/api/auth/sign-in', { email: uniqueEmail('spray'), password: 'guess guess guess' });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('sign-out scopes (SPEC §5)', () => {
  async function twoSessions() {
    const { client: first, email } = await signUpBusiness(server);
    const second = new ApiClient(server.url);
    expect((await second.post('/api/auth/sign-in', { email, password: STRONG_PASSWORD })).status).toBe(200);
    return { first, second };
  }
  const signedIn = async (client: ApiClient) => (await client.get('/api/me')).body.user !== null;

  it('local ends only this session', async () => {
    const { first, second } = await twoSessions();
    expect((await first.post('/api/auth/sign-out?scope=local')).status).toBe(200);
    expect(await signedIn(first)).toBe(false);
    expect(await signedIn(second)).toBe(true);
  });

  it('others ends every other session and keeps this one', async () => {
    const { first, second } = await twoSessions();
    expect((await first.post('/api/auth/sign-out?scope=others')).status).toBe(200);
    expect(await signedIn(first)).toBe(true);
    expect(await signedIn(second)).toBe(false);
  });

  it('global ends them all', async () => {
    const { first, second } = await twoSessions();
    expect((await first.post('/api/auth/sign-out?scope=global')).status).toBe(200);
    expect(await signedIn(first)).toBe(false);
    expect(await signedIn(second)).toBe(false);
  });

  it('refuses any other scope with a 400 and signs nobody out', async () => {
    const { first } = await twoSessions();
    const res = await first.post('/api/auth/sign-out?scope=everyone');
    expect(res.status).toBe(400);
    expect(await signedIn(first)).toBe(true);
  });
});

describe('password reset', () => {
  it('emails a link through the outbox, and the token sets a new password once', async () => {
    const { email } = await signUpBusiness(server);
    const client = new ApiClient(server.url);
    expect((await client.post('/api/auth/request-password-reset', { email })).status).toBe(200);
    const [message] = await server.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.subject, 'Reset your Till password')))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    expect(message).toMatchObject({ channel: 'email', status: 'stored' });
    const token = /reset-password\?token=([^\s]+)/.exec(message!.body)?.[1];
    expect(token).toBeTruthy();

    const weak = await client.post('/api/auth/reset-password', { token: decodeURIComponent(token!), new_password: 'password' });
    expect(weak.body.error.code).toBe('weak_password');
    const newPassword = 'a brand new long passphrase';
    const ok = await client.post('/api/auth/reset-password', { token: decodeURIComponent(token!), new_password: newPassword });
    expect(ok.status).toBe(200);
    const reused = await client.post('/api/auth/reset-password', { token: decodeURIComponent(token!), new_password: 'another long passphrase' });
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('invalid_token');

    expect((await new ApiClient(server.url).post('/api/auth/sign-in', { email, password: STRONG_PASSWORD })).status).toBe(401);
    expect((await new ApiClient(server.url).post('/api/auth/sign-in', { email, password: newPassword })).status).toBe(200);
  });

  it('answers an unknown address the same and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await new ApiClient(server.url).post('/api/auth/request-password-reset', { email });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    const sent = await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(sent).toHaveLength(0);
  });
});

describe('cookies behind HTTPS', () => {
  it('adds Secure when a trusted proxy says the request came over HTTPS', async () => {
    const behindProxy = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    try {
      const client = new ApiClient(behindProxy.url);
      const res = await client.request(
        'POST',
        '/api/auth/sign-up',
        { email: uniqueEmail(), password: STRONG_PASSWORD },
        { 'x-forwarded-proto': 'https' },
      );
      expect(res.status).toBe(201);
      expect(res.headers.getSetCookie().join('\n')).toMatch(/better-auth\.session_token=.*Secure/i);
    } finally {
      await behindProxy.close();
    }
  });
});
