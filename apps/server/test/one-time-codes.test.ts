import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, verification } from '../src/db/schema/index.ts';
import { ApiClient, STRONG_PASSWORD, signUpBusiness, startTestServer, uniqueEmail, type TestServer } from './harness.ts';

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

const expireCodesOf = (identifierPattern: string) =>
  server.database.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) }).where(like(verification.identifier, identifierPattern));

describe('POST /api/auth/otp and /api/auth/verify (SPEC §7)', () => {
  it('signs in with the e-mailed code once; the code is kept only as a hash', async () => {
    const { email, userId } = await signUpBusiness(server);
    const browser = new ApiClient(server.url);
    const sent = await browser.post('/api/auth/otp', { email: email.toUpperCase() });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ ok: true });
    const { code } = await messageTo(email);
    const [stored] = await server.database.db.select().from(verification).where(eq(verification.identifier, `otp:email:${email}`));
    expect(stored!.value).not.toContain(code);

    const verified = await browser.post('/api/auth/verify', { type: 'email', email, code });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ user: { id: userId, email, phone_number: null, name: 'Ann Lee' }, second_step: null });
    expect((await browser.get('/api/me')).status).toBe(200);

    const again = await browser.fresh().post('/api/auth/verify', { type: 'email', email, code });
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({ code: 'otp_invalid', message: 'That code is not right, or it was already used.' });
  });

  it('signs in with the magic link once; the same message\'s code then stops working, and a newer message replaces the link', async () => {
    const { email, userId } = await signUpBusiness(server);
    const browser = new ApiClient(server.url);
    await browser.post('/api/auth/otp', { email });
    const first = await messageTo(email);
    await browser.post('/api/auth/otp', { email });
    const second = await messageTo(email, first.count);
    expect(second.token).not.toBe(first.token);

    const old = await browser.post('/api/auth/verify', { type: 'magiclink', token: first.token });
    expect(old.body.error.code).toBe('otp_invalid');
    const used = await browser.post('/api/auth/verify', { type: 'magiclink', token: second.token });
    expect(used.status).toBe(200);
    expect(used.body.user.id).toBe(userId);
    expect((await browser.get('/api/me')).body.user.id).toBe(userId);

    expect((await browser.fresh().post('/api/auth/verify', { type: 'magiclink', token: second.token })).body.error.code).toBe('otp_invalid');
    expect((await browser.fresh().post('/api/auth/verify', { type: 'email', email, code: second.code })).body.error.code).toBe('otp_invalid');
  });

  it('texts a code to a phone account, which signs in with it', async () => {
    const phone = '+1555' + String(Date.now()).slice(-7);
    const browser = new ApiClient(server.url);
    const signUp = await browser.post('/api/auth/sign-up', { phone, password: STRONG_PASSWORD, business_name: 'Phone Shop', full_name: 'Pat Phone' });
    expect(signUp.status).toBe(201);
    const other = browser.fresh();
    expect((await other.post('/api/auth/otp', { phone: phone.replace('+1555', '+1 555 ') })).status).toBe(200);
    const { code, token } = await messageTo(phone);
    expect(token).toBeNull();
    const [sms] = await server.database.db.select({ channel: outboxMessages.channel }).from(outboxMessages).where(eq(outboxMessages.recipient, phone));
    expect(sms!.channel).toBe('sms');
    const verified = await other.post('/api/auth/verify', { type: 'sms', phone, code });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ email: null, phone_number: phone, name: 'Pat Phone' });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const sent = await new ApiClient(server.url).post('/api/auth/otp', { email });
    expect(sent).toMatchObject({ status: 200, body: { ok: true } });
    const rows = await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(rows).toEqual([]);
    const verified = await new ApiClient(server.url).post('/api/auth/verify', { type: 'email', email, code: '123456' });
    expect(verified.body.error.code).toBe('otp_invalid');
  });

  it('refuses an expired code and an expired link with otp_expired', async () => {
    const { email } = await signUpBusiness(server);
    const browser = new ApiClient(server.url);
    await browser.post('/api/auth/otp', { email });
    const { code, token } = await messageTo(email);
    await expireCodesOf(`otp:email:${email}`);
    const byCode = await browser.post('/api/auth/verify', { type: 'email', email, code });
    expect(byCode.status).toBe(400);
    expect(byCode.body.error).toEqual({ code: 'otp_expired', message: 'This code has expired. Ask for a new one.' });
    await expireCodesOf('magic-link:%');
    expect((await browser.post('/api/auth/verify', { type: 'magiclink', token })).body.error.code).toBe('otp_expired');
    expect(browser.hasSessionCookie()).toBe(false);
  });

  it('limits wrong codes per recipient and messages per recipient (429 rate_limited)', async () => {
    const { email } = await signUpBusiness(server);
    const browser = new ApiClient(server.url);
    await browser.post('/api/auth/otp', { email });
    const { code } = await messageTo(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await browser.post('/api/auth/verify', { type: 'email', email, code: wrong })).body.error.code).toBe('otp_invalid');
    }
    const blocked = await browser.post('/api/auth/verify', { type: 'email', email, code });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('rate_limited');
    expect(blocked.body.error.retry_after_seconds).toBeGreaterThan(0);

    for (let send = 0; send < 4; send += 1) expect((await browser.post('/api/auth/otp', { email })).status).toBe(200);
    const over = await browser.post('/api/auth/otp', { email });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('rate_limited');
  });

  it('validates the input: 400, nothing sent', async () => {
    const browser = new ApiClient(server.url);
    const cases: [unknown, string][] = [
      [{}, 'email_required'],
      [{ email: 'not-an-address' }, 'invalid_email'],
      [{ phone: '12' }, 'invalid_phone'],
      [{ email: 'a@example.com', phone: '+15551234567' }, 'bad_request'],
    ];
    for (const [body, codeName] of cases) {
      const res = await browser.post('/api/auth/otp', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(codeName);
    }
    expect((await browser.post('/api/auth/verify', { type: 'magiclink' })).status).toBe(400);
    expect((await browser.post('/api/auth/verify', { type: 'push', token: 'x' })).status).toBe(400);
    expect((await browser.post('/api/auth/verify', { type: 'email', email: 'bad', code: '123456' })).body.error.code).toBe('invalid_email');
  });
});
