import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, outboxMessages, rateLimits } from '../src/db/schema/index.ts';
import { ApiClient, signUpBusiness, startTestServer, STRONG_PASSWORD, uniqueEmail, type ApiBody, type TestServer } from './harness.ts';
import { seedProducts, sellOneForCash } from './sales-helpers.ts';
import { headersOf, startSmtpSink } from './smtp-sink.ts';
import { addEmployee, as, pinSignIn, staffBusiness } from './staff-helpers.ts';

/** Issue 9 items 8 and 12: receipt emails and sign-up cannot be used to spam, relay, spoof or find accounts. */

const MAIL_FROM = 'Till <no-reply@till.test>';
let server: TestServer;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ env: { SMTP_URL: sink.url, MAIL_FROM, RECEIPT_EMAIL_LIMIT_PER_HOUR: '3' } });
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

async function shopWithSale(businessName = 'Corner Shop') {
  const shop = await staffBusiness(server, { businessName });
  const [tea] = await seedProducts(server, shop.businessId, [{ name: 'Tea', price: 300 }]);
  const sold = await sellOneForCash(shop.client, tea!);
  return { ...shop, orderId: sold.order.id };
}

/** Emails an order's receipt (POST /api/orders/{id}/receipt-email), as `headers`' caller. */
const emailReceipt = (client: ApiClient, id: string, email: string, headers: Record<string, string> = {}) =>
  client.api.POST('/api/orders/{id}/receipt-email', { params: { path: { id } }, body: { email }, headers });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

describe('receipt emails', () => {
  it('only roles that sell may email a receipt: kitchen staff are refused, a cashier is not', async () => {
    const shop = await shopWithSale();
    const { employee: cook } = await addEmployee(shop.client, { full_name: 'Kim Kitchen', role: 'kitchen', pin: '135790' });
    const { employee: cashier } = await addEmployee(shop.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '246802' });
    const byCook = await emailReceipt(shop.client, shop.orderId, 'jane@example.com', as(await pinSignIn(shop.client, cook.id, '135790')));
    expect(byCook.response.status).toBe(403);
    expect(byCook.error?.error.code).toBe('forbidden');
    const byCashier = await emailReceipt(shop.client, shop.orderId, 'jane@example.com', as(await pinSignIn(shop.client, cashier.id, '246802')));
    expect(byCashier.response.status).toBe(200);
  });

  it('are limited per business, counted in PostgreSQL; another business is not held up', async () => {
    const shop = await shopWithSale();
    const send = (client: ApiClient, orderId: string) => emailReceipt(client, orderId, `${randomUUID()}@example.com`);
    for (let i = 0; i < 3; i += 1) expect((await send(shop.client, shop.orderId)).response.status).toBe(200);
    const over = await send(shop.client, shop.orderId);
    expect(over.response.status).toBe(429);
    expect(over.error?.error).toMatchObject({ code: 'rate_limited' });
    expect(over.error?.error.retry_after_seconds).toBeGreaterThan(0);
    const counters = await server.database.db.select().from(rateLimits).where(like(rateLimits.key, `receipt_email_business:${shop.businessId}`));
    expect(counters).toHaveLength(1);

    const other = await shopWithSale('Other Shop');
    expect((await send(other.client, other.orderId)).response.status).toBe(200);
  });

  it('a business name cannot make a receipt look like another sender or add headers', async () => {
    const shop = await shopWithSale();
    const spoof = 'PayPal Security <security@paypal.com>\r\nBcc: victim@example.net\r\nReply-To: thief@example.org\u202e';
    await server.database.db.update(businesses).set({ name: spoof }).where(eq(businesses.id, shop.businessId));
    const before = sink.deliveries.length;
    const res = await emailReceipt(shop.client, shop.orderId, 'jane@example.com');
    expect(res.response.status).toBe(200);

    const delivered = sink.deliveries.slice(before);
    expect(delivered).toHaveLength(1);
    const message = delivered[0]!;
    expect(message.rcptTo).toEqual(['<jane@example.com>']);
    expect(message.mailFrom).toBe('<no-reply@till.test>');
    const headers = headersOf(message.data);
    expect(headers.get('from')).toEqual([MAIL_FROM]);
    expect(headers.has('bcc')).toBe(false);
    expect(headers.has('reply-to')).toBe(false);
    const subject = headers.get('subject')![0]!;
    expect(subject).not.toMatch(/[<>@]/);
    expect(subject).toContain('PayPal Security');
    const [row] = await server.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, 'jane@example.com'), like(outboxMessages.subject, '%PayPal%')));
    expect(row!.subject).not.toMatch(/[\r\n<>@\u202e]/);
    expect(row!.body.split('\n')[0]).not.toMatch(/[<>@\u202e]/);
  });
});

describe('sign-up and password reset answer alike for known and unknown addresses', () => {
  it('a known address gets the same status and body, no session, and its owner a notice', async () => {
    const known = await signUpBusiness(server);
    const body = (email: string): ApiBody<'/api/auth/sign-up', 'post'> => ({ email, password: STRONG_PASSWORD, business_name: 'Corner Shop', full_name: 'Ann Lee', industry: 'retail' });
    const fresh = uniqueEmail('fresh');
    const newClient = new ApiClient(server.url);
    const again = new ApiClient(server.url);
    const forNew = await newClient.api.POST('/api/auth/sign-up', { body: body(fresh) });
    const forKnown = await again.api.POST('/api/auth/sign-up', { body: body(known.email) });
    expect(forKnown.response.status).toBe(forNew.response.status);
    expect(forNew.response.status).toBe(201);
    const shape = (answer: { user: Record<string, unknown> }, email: string) => ({ ...answer, user: { ...answer.user, id: 'id', email: answer.user.email === email ? 'typed' : 'other' } });
    expect(shape(forKnown.data!, known.email)).toEqual(shape(forNew.data!, fresh));
    expect(forKnown.data!.user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(forKnown.data!.user.id).not.toBe(known.userId);

    // Nobody got into the existing account, and its owner was told.
    expect((await again.api.GET('/api/me')).data!.user).toBeNull();
    const notices = await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, known.email));
    expect(notices.map((row) => row.subject)).toContain('Someone tried to sign up with your address');
  });

  it('takes about as long for a known address as for a new one', async () => {
    const known = await signUpBusiness(server);
    const knownTimes: number[] = [];
    const newTimes: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const body = (email: string): ApiBody<'/api/auth/sign-up', 'post'> => ({ email, password: STRONG_PASSWORD, business_name: 'Corner Shop', full_name: 'Ann Lee' });
      newTimes.push((await timed(() => new ApiClient(server.url).api.POST('/api/auth/sign-up', { body: body(uniqueEmail('timing')) }))).ms);
      knownTimes.push((await timed(() => new ApiClient(server.url).api.POST('/api/auth/sign-up', { body: body(known.email) }))).ms);
    }
    const [k, n] = [median(knownTimes), median(newTimes)];
    console.log(`sign-up median: known ${k.toFixed(0)} ms, new ${n.toFixed(0)} ms`);
    expect(Math.abs(k - n)).toBeLessThan(Math.max(250, 0.35 * n));
  });

  it('password reset: the same answer in about the same time', async () => {
    const known = await signUpBusiness(server);
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    const bodies = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const requestReset = (email: string) => new ApiClient(server.url).api.POST('/api/auth/request-password-reset', { body: { email } });
      const forKnown = await timed(() => requestReset(known.email));
      const forUnknown = await timed(() => requestReset(uniqueEmail('nobody')));
      knownTimes.push(forKnown.ms);
      unknownTimes.push(forUnknown.ms);
      for (const answer of [forKnown.result, forUnknown.result]) bodies.add(`${answer.response.status} ${JSON.stringify(answer.data ?? answer.error)}`);
    }
    expect([...bodies]).toEqual(['200 {"ok":true}']);
    const [k, u] = [median(knownTimes), median(unknownTimes)];
    console.log(`password reset median: known ${k.toFixed(0)} ms, unknown ${u.toFixed(0)} ms`);
    expect(Math.abs(k - u)).toBeLessThan(Math.max(150, 0.35 * u));
  });
});

describe('sign-up is limited per client address, in PostgreSQL', () => {
  it('refuses the sign-up past the limit with 429 and creates nothing', async () => {
    const limited = await startTestServer({ env: { SIGN_UP_LIMIT_PER_HOUR: '2' } });
    try {
      const signUp = (email: string) => new ApiClient(limited.url).api.POST('/api/auth/sign-up', { body: { email, password: STRONG_PASSWORD } });
      expect((await signUp(uniqueEmail('a'))).response.status).toBe(201);
      expect((await signUp(uniqueEmail('b'))).response.status).toBe(201);
      const third = uniqueEmail('c');
      const refused = await signUp(third);
      expect(refused.response.status).toBe(429);
      expect(refused.error?.error.code).toBe('rate_limited');
      const signIn = await new ApiClient(limited.url).api.POST('/api/auth/sign-in', { body: { email: third, password: STRONG_PASSWORD } });
      expect(signIn.response.status).toBe(401);
      const counters = await limited.database.db.select().from(rateLimits).where(like(rateLimits.key, 'sign_up_address:%'));
      expect(counters).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});
