import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, user } from '../src/db/schema/index.ts';
import { ApiClient, STRONG_PASSWORD, signUpBusiness, startTestServer, okApi, uniqueEmail, type ApiBody, type TestServer } from './harness.ts';

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
    const res = await client.api.POST('/api/auth/sign-up', {
      body: {
        email,
        password: STRONG_PASSWORD,
        business_name: 'Bean There',
        full_name: 'Ann Lee',
        industry: 'restaurant',
      },
    });
    expect(res.response.status).toBe(201);
    expect(res.data!.user.email).toBe(email);
    const cookie = res.response.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const me = await client.api.GET('/api/me');
    expect(me.data!.profile).toMatchObject({ business_name: 'Bean There', full_name: 'Ann Lee', industry: 'restaurant' });
    expect(me.data!.business!.name).toBe('Bean There');
  });

  it.each([
    [{}, 'nothing'],
    [{ email: 'a@example.com' }, 'no password'],
    [{ password: STRONG_PASSWORD }, 'no email or phone'],
    [{ email: '', phone: '', password: STRONG_PASSWORD }, 'blank email and phone'],
    [{ email: 'a@example.com', password: '' }, 'blank password'],
  ] as [ApiBody<'/api/auth/sign-up', 'post'>, string][])('refuses %j (%s) with the SPEC §5 message', async (body) => {
    const res = await new ApiClient(server.url).api.POST('/api/auth/sign-up', { body });
    expect(res.response.status).toBe(400);
    expect(res.error?.error).toMatchObject({ code: 'missing_credentials', message: MISSING });
  });

  it.each([
    ['short1', 'Password must be at least 8 characters'],
    ['password123', 'Password is too common'],
    ['zzzzzzzzzz', 'Password must not be one character repeated'],
  ])('refuses the weak password %s with weak_password and its reasons', async (password, reason) => {
    const email = uniqueEmail();
    const client = new ApiClient(server.url);
    const res = await client.api.POST('/api/auth/sign-up', { body: { email, password } });
    expect(res.response.status).toBe(400);
    expect(res.error?.error.code).toBe('weak_password');
    expect(res.error?.error.reasons).toContain(reason);
    // nothing was created: the same email can still sign up
    const retry = await client.api.POST('/api/auth/sign-up', { body: { email, password: STRONG_PASSWORD } });
    expect(retry.response.status).toBe(201);
  });

  it('makes no second account with the same email, without saying so (message-abuse.test.ts: the answers are alike)', async () => {
    const { email, userId } = await signUpBusiness(server);
    const client = new ApiClient(server.url);
    const res = await client.api.POST('/api/auth/sign-up', { body: { email, password: STRONG_PASSWORD } });
    expect(res.response.status).toBe(201);
    expect(res.data!.user.id).not.toBe(userId);
    expect((await client.api.GET('/api/me')).data!.user).toBeNull();
    const users = await server.database.db.select().from(user).where(eq(user.email, email));
    expect(users).toHaveLength(1);
  });

  it('signs up and in with a phone number and password', async () => {
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    const up = await new ApiClient(server.url).api.POST('/api/auth/sign-up', {
      body: {
        phone: phone.replace(/(\d{3})(\d{4})$/, ' $1-$2'),
        password: STRONG_PASSWORD,
        full_name: 'Pat Diaz',
      },
    });
    expect(up.response.status).toBe(201);
    expect(up.data!.user).toMatchObject({ phone_number: phone, email: null });
    const client = new ApiClient(server.url);
    const signIn = await client.api.POST('/api/auth/sign-in', { body: { phone, password: STRONG_PASSWORD } });
    expect(signIn.response.status).toBe(200);
    const me = await client.api.GET('/api/me');
    expect(me.data!.user!.phone_number).toBe(phone);
    // SPEC §4: no business name, so the full name names the business
    expect(me.data!.settings!.business_name).toBe('Pat Diaz');
  });
});

describe('sign-in', () => {
  it('answers a wrong password and an unknown account alike', async () => {
    const { email } = await signUpBusiness(server);
    const wrong = await new ApiClient(server.url).api.POST('/api/auth/sign-in', { body: { email, password: 'not the password at all' } });
    const unknown = await new ApiClient(server.url).api.POST('/api/auth/sign-in', { body: { email: uniqueEmail('ghost'), password: 'not the password at all' } });
    expect(wrong.response.status).toBe(401);
    expect(unknown.response.status).toBe(401);
    expect(wrong.error).toBeDefined();
    expect(wrong.error).toEqual(unknown.error);
  });

  it('refuses a missing password with the SPEC §5 message', async () => {
    const res = await new ApiClient(server.url).api.POST('/api/auth/sign-in', { body: { email: 'a@example.com' } });
    expect(res.response.status).toBe(400);
    expect(res.error?.error.message).toBe(MISSING);
  });

  it('locks an account after too many attempts, even with the right password', async () => {
    const { email } = await signUpBusiness(server);
    for (let i = 0; i < 4; i += 1) {
      const res = await new ApiClient(server.url).api.POST('/api/auth/sign-in', { body: { email, password: 'wrong password here' } });
      expect(res.response.status).toBe(401);
    }
    const locked = await new ApiClient(server.url).api.POST('/api/auth/sign-in', { body: { email, password: STRONG_PASSWORD } });
    expect(locked.response.status).toBe(429);
    expect(locked.error?.error.code).toBe('rate_limited');
  });

  it('locks the account only at the address that guessed: the owner elsewhere still signs in (issue 9 item 8)', async () => {
    const proxied = await startTestServer({ env: { TRUST_PROXY: 'true', SIGN_UP_LIMIT_PER_HOUR: '100000' }, signInLimits: { perAccount: 4, perAddress: 1000 } });
    try {
      const { email } = await signUpBusiness(proxied);
      const from = (address: string) => ({ 'x-forwarded-for': address });
      for (let i = 0; i < 4; i += 1) {
        const guess = await new ApiClient(proxied.url).api.POST('/api/auth/sign-in', { body: { email, password: 'wrong password here' }, headers: from('203.0.113.66') });
        expect(guess.response.status).toBe(401);
      }
      const attacker = await new ApiClient(proxied.url).api.POST('/api/auth/sign-in', { body: { email, password: STRONG_PASSWORD }, headers: from('203.0.113.66') });
      expect([attacker.response.status, attacker.error?.error.code]).toEqual([429, 'rate_limited']);
      const owner = await new ApiClient(proxied.url).api.POST('/api/auth/sign-in', { body: { email, password: STRONG_PASSWORD }, headers: from('198.51.100.7') });
      expect(owner.response.status).toBe(200);
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
        const res = await new ApiClient(limited.url).api.POST('/api/auth/sign-in', { body: { email: uniqueEmail('spray'), password: 'guess guess guess' } });
        statuses.push(res.response.status);
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
    expect((await second.api.POST('/api/auth/sign-in', { body: { email, password: STRONG_PASSWORD } })).response.status).toBe(200);
    return { first, second };
  }
  const signedIn = async (client: ApiClient) => (await okApi(await client.api.GET('/api/me'), 200)).user !== null;
  const signOut = async (client: ApiClient, scope: 'local' | 'others' | 'global') => (await client.api.POST('/api/auth/sign-out', { params: { query: { scope } } })).response.status;

  it('local ends only this session', async () => {
    const { first, second } = await twoSessions();
    expect(await signOut(first, 'local')).toBe(200);
    expect(await signedIn(first)).toBe(false);
    expect(await signedIn(second)).toBe(true);
  });

  it('others ends every other session and keeps this one', async () => {
    const { first, second } = await twoSessions();
    expect(await signOut(first, 'others')).toBe(200);
    expect(await signedIn(first)).toBe(true);
    expect(await signedIn(second)).toBe(false);
  });

  it('global ends them all', async () => {
    const { first, second } = await twoSessions();
    expect(await signOut(first, 'global')).toBe(200);
    expect(await signedIn(first)).toBe(false);
    expect(await signedIn(second)).toBe(false);
  });

  it('refuses any other scope with a 400 and signs nobody out', async () => {
    const { first } = await twoSessions();
    // bad input: the contract's scope is local, others or global
    const res = await first.raw('POST', '/api/auth/sign-out?scope=everyone');
    expect(res.status).toBe(400);
    expect(await signedIn(first)).toBe(true);
  });
});

describe('password reset', () => {
  it('emails a link through the outbox, and the token sets a new password once', async () => {
    const { email } = await signUpBusiness(server);
    const client = new ApiClient(server.url);
    expect((await client.api.POST('/api/auth/request-password-reset', { body: { email } })).response.status).toBe(200);
    const [message] = await server.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.subject, 'Reset your Till password')))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    expect(message).toMatchObject({ channel: 'email', status: 'stored' });
    const token = /reset-password\?token=([^\s]+)/.exec(message!.body)?.[1];
    expect(token).toBeTruthy();

    const reset = (new_password: string) => client.api.POST('/api/auth/reset-password', { body: { token: decodeURIComponent(token!), new_password } });
    const weak = await reset('password');
    expect(weak.error?.error.code).toBe('weak_password');
    const newPassword = 'a brand new long passphrase';
    const ok = await reset(newPassword);
    expect(ok.response.status).toBe(200);
    const reused = await reset('another long passphrase');
    expect(reused.response.status).toBe(400);
    expect(reused.error?.error.code).toBe('invalid_token');

    expect((await new ApiClient(server.url).api.POST('/api/auth/sign-in', { body: { email, password: STRONG_PASSWORD } })).response.status).toBe(401);
    expect((await new ApiClient(server.url).api.POST('/api/auth/sign-in', { body: { email, password: newPassword } })).response.status).toBe(200);
  });

  it('answers an unknown address the same and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await new ApiClient(server.url).api.POST('/api/auth/request-password-reset', { body: { email } });
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ ok: true });
    const sent = await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(sent).toHaveLength(0);
  });
});

describe('cookies behind HTTPS', () => {
  it('adds Secure when a trusted proxy says the request came over HTTPS', async () => {
    const behindProxy = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    try {
      const client = new ApiClient(behindProxy.url);
      const res = await client.api.POST('/api/auth/sign-up', {
        body: { email: uniqueEmail(), password: STRONG_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.response.status).toBe(201);
      expect(res.response.headers.getSetCookie().join('\n')).toMatch(/better-auth\.session_token=.*Secure/i);
    } finally {
      await behindProxy.close();
    }
  });
});
