import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, verification } from '../src/db/schema/index.ts';
import { ApiClient, STRONG_PASSWORD, signUpBusiness, startTestServer, uniqueEmail, type ApiBody, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The newest sign-in message to `recipient`: its code, and for an e-mail its link's token. */
async function messageTo(recipient: string, after = 0): Promise<{ code: string; token: string | null; count: number }> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const rows = await server.database.db
      .select({ body: outboxMessages.body, channel: outboxMessages.channel })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, recipient), like(outboxMessages.body, '%sign-in code is%')))
      .orderBy(desc(outboxMessages.createdAt));
    if (rows.length > after) {
      const body = rows[0]!.body;
      const token = /magic_link=([^\s]+)/.exec(body)?.[1];
      return { code: /code is (\d{6})/.exec(body)![1]!, token: token ? decodeURIComponent(token) : null, count: rows.length };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in message to ${recipient}`);
}

/** Asks for a one-time code (POST /api/auth/otp). */
const sendCode = (client: ApiClient, body: ApiBody<'/api/auth/otp', 'post'>) => client.api.POST('/api/auth/otp', { body });
/** Signs in with a code or a magic link (POST /api/auth/verify). */
const verify = (client: ApiClient, body: ApiBody<'/api/auth/verify', 'post'>) => client.api.POST('/api/auth/verify', { body });

const expireCodesOf = (identifierPattern: string) =>
  server.database.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) }).where(like(verification.identifier, identifierPattern));

describe('POST /api/auth/otp and /api/auth/verify (SPEC §7)', () => {
  it('signs in with the e-mailed code once; the code is kept only as a hash', async () => {
    const { email, userId } = await signUpBusiness(server);
    const browser = new ApiClient(server.url);
    const sent = await sendCode(browser, { email: email.toUpperCase() });
    expect(sent.response.status).toBe(200);
    expect(sent.data).toEqual({ ok: true });
    const { code } = await messageTo(email);
    const [stored] = await server.database.db.select().from(verification).where(eq(verification.identifier, `otp:email:${email}`));
    expect(stored!.value).not.toContain(code);

    const verified = await verify(browser, { type: 'email', email, code });
    expect(verified.response.status).toBe(200);
    expect(verified.data).toEqual({ user: { id: userId, email, phone_number: null, name: 'Ann Lee' }, second_step: null });
    expect((await browser.api.GET('/api/me')).response.status).toBe(200);

    const again = await verify(browser.fresh(), { type: 'email', email, code });
    expect(again.response.status).toBe(400);
    expect(again.error?.error).toEqual({ code: 'otp_invalid', message: 'That code is not right, or it was already used.' });
  });

  it('signs in with the magic link once; the same message\'s code then stops working, and a newer message replaces the link', async () => {
    const { email, userId } = await signUpBusiness(server);
    const browser = new ApiClient(server.url);
    await sendCode(browser, { email });
    const first = await messageTo(email);
    await sendCode(browser, { email });
    const second = await messageTo(email, first.count);
    expect(second.token).not.toBe(first.token);

    const old = await verify(browser, { type: 'magiclink', token: first.token! });
    expect(old.error?.error.code).toBe('otp_invalid');
    const used = await verify(browser, { type: 'magiclink', token: second.token! });
    expect(used.response.status).toBe(200);
    expect(used.data!.user.id).toBe(userId);
    expect((await browser.api.GET('/api/me')).data!.user!.id).toBe(userId);

    expect((await verify(browser.fresh(), { type: 'magiclink', token: second.token! })).error?.error.code).toBe('otp_invalid');
    expect((await verify(browser.fresh(), { type: 'email', email, code: second.code })).error?.error.code).toBe('otp_invalid');
  });

  it('texts a code to a phone account, which signs in with it', async () => {
    const phone = '+1555' + String(Date.now()).slice(-7);
    const browser = new ApiClient(server.url);
    const signUp = await browser.api.POST('/api/auth/sign-up', { body: { phone, password: STRONG_PASSWORD, business_name: 'Phone Shop', full_name: 'Pat Phone' } });
    expect(signUp.response.status).toBe(201);
    const other = browser.fresh();
    expect((await sendCode(other, { phone: phone.replace('+1555', '+1 555 ') })).response.status).toBe(200);
    const { code, token } = await messageTo(phone);
    expect(token).toBeNull();
    const [sms] = await server.database.db.select({ channel: outboxMessages.channel }).from(outboxMessages).where(eq(outboxMessages.recipient, phone));
    expect(sms!.channel).toBe('sms');
    const verified = await verify(other, { type: 'sms', phone, code });
    expect(verified.response.status).toBe(200);
    expect(verified.data!.user).toMatchObject({ email: null, phone_number: phone, name: 'Pat Phone' });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const sent = await sendCode(new ApiClient(server.url), { email });
    expect(sent.response.status).toBe(200);
    expect(sent.data).toMatchObject({ ok: true });
    const rows = await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(rows).toEqual([]);
    const verified = await verify(new ApiClient(server.url), { type: 'email', email, code: '123456' });
    expect(verified.error?.error.code).toBe('otp_invalid');
  });

  it('refuses an expired code and an expired link with otp_expired', async () => {
    const { email } = await signUpBusiness(server);
    const browser = new ApiClient(server.url);
    await sendCode(browser, { email });
    const { code, token } = await messageTo(email);
    await expireCodesOf(`otp:email:${email}`);
    const byCode = await verify(browser, { type: 'email', email, code });
    expect(byCode.response.status).toBe(400);
    expect(byCode.error?.error).toEqual({ code: 'otp_expired', message: 'This code has expired. Ask for a new one.' });
    await expireCodesOf('magic-link:%');
    expect((await verify(browser, { type: 'magiclink', token: token! })).error?.error.code).toBe('otp_expired');
    expect(browser.hasSessionCookie()).toBe(false);
  });

  it('limits wrong codes per recipient and messages per recipient (429 rate_limited)', async () => {
    const { email } = await signUpBusiness(server);
    const browser = new ApiClient(server.url);
    await sendCode(browser, { email });
    const { code } = await messageTo(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await verify(browser, { type: 'email', email, code: wrong })).error?.error.code).toBe('otp_invalid');
    }
    const blocked = await verify(browser, { type: 'email', email, code });
    expect(blocked.response.status).toBe(429);
    expect(blocked.error?.error.code).toBe('rate_limited');
    expect(blocked.error?.error.retry_after_seconds).toBeGreaterThan(0);

    for (let send = 0; send < 4; send += 1) expect((await sendCode(browser, { email })).response.status).toBe(200);
    const over = await sendCode(browser, { email });
    expect(over.response.status).toBe(429);
    expect(over.error?.error.code).toBe('rate_limited');
  });

  it('validates the input: 400, nothing sent', async () => {
    const browser = new ApiClient(server.url);
    const cases: [ApiBody<'/api/auth/otp', 'post'>, string][] = [
      [{}, 'email_required'],
      [{ email: 'not-an-address' }, 'invalid_email'],
      [{ phone: '12' }, 'invalid_phone'],
      [{ email: 'a@example.com', phone: '+15551234567' }, 'bad_request'],
    ];
    for (const [body, codeName] of cases) {
      const res = await sendCode(browser, body);
      expect(res.response.status).toBe(400);
      expect(res.error?.error.code).toBe(codeName);
    }
    // bad input: the contract requires a magic link's token
    expect((await browser.raw('POST', '/api/auth/verify', { type: 'magiclink' })).status).toBe(400);
    // bad input: the contract has no verify type 'push'
    expect((await browser.raw('POST', '/api/auth/verify', { type: 'push', token: 'x' })).status).toBe(400);
    expect((await verify(browser, { type: 'email', email: 'bad', code: '123456' })).error?.error.code).toBe('invalid_email');
  });
});
