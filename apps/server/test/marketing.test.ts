import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, marketingCampaigns, marketingSegments, orders, outboxMessages } from '../src/db/schema/index.ts';
import { signUpBusiness, startTestServer, uniqueEmail, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';
import { addEmployee, as, pinSignIn, staffBusiness } from './staff-helpers.ts';

/** Marketing (issue 20 item 7, decision 051): segments, campaigns sent once, unsubscribe, clicks, attributed sales. */

const CAMPAIGN_LIMIT = 3;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { MARKETING_CAMPAIGN_LIMIT_PER_HOUR: String(CAMPAIGN_LIMIT) } });
});
afterAll(() => server.close());

const shop = () => signUpBusiness(server, { assignOwner: true });

/** What the routes take, from their own schemas. */
type Rules = ApiBody<'/api/marketing/segments/preview', 'post'>['rules'];
type NewCampaign = ApiBody<'/api/marketing/campaigns', 'post'>;

async function addCustomer(client: ApiClient, name: string, email: string | null) {
  const { data, error, response } = await client.api.POST('/api/customers', { body: { name, ...(email ? { email } : {}) } });
  if (response.status !== 201) throw new Error(`add customer failed: ${response.status} ${JSON.stringify(error)}`);
  return data!.customer;
}

/** A paid card sale of `amount` (one product line at that price) for the customer. */
async function buy(owner: { client: ApiClient; businessId: string }, customerId: string, amount: number) {
  const [product] = await seedProducts(server, owner.businessId, [{ name: `Item ${amount}`, price: amount }]);
  const res = await owner.client.api.POST('/api/checkout', {
    body: {
      idempotency_key: randomUUID(),
      lines: [{ product_id: product!.id, quantity: 1 }],
      payments: [{ method: 'card', amount }],
      expected_total: amount,
      customer_id: customerId,
    },
  });
  if (res.response.status !== 201) throw new Error(`sale failed: ${res.response.status} ${JSON.stringify(res.error)}`);
  return res.data!.order;
}

/** Moves an order's sale time (tests arrange old visits directly; sales themselves go through HTTP). */
async function movePaidAt(businessId: string, orderId: string, at: Date) {
  await server.database.withTenant(businessId, (tx) =>
    tx
      .update(orders)
      .set({ paidAt: at, createdAt: at })
      .where(and(eq(orders.businessId, businessId), eq(orders.id, orderId))),
  );
}

const outboxTo = (emails: string[]) => server.database.db.select().from(outboxMessages).where(inArray(outboxMessages.recipient, emails));

async function saveSegment(client: ApiClient, name: string, rules: Rules) {
  const { data, error, response } = await client.api.POST('/api/marketing/segments', { body: { name, rules } });
  if (response.status !== 201) throw new Error(`segment failed: ${response.status} ${JSON.stringify(error)}`);
  return data!.segment;
}

async function writeCampaign(client: ApiClient, segmentId: string, extra: Partial<NewCampaign> = {}) {
  const { data, error, response } = await client.api.POST('/api/marketing/campaigns', { body: { segment_id: segmentId, subject: 'Autumn offer', body: 'Ten percent off this week.', ...extra } });
  if (response.status !== 201) throw new Error(`campaign failed: ${response.status} ${JSON.stringify(error)}`);
  return data!.campaign;
}

const send = (client: ApiClient, id: string, idempotencyKey: string = randomUUID(), headers: Record<string, string> = {}) =>
  client.api.POST('/api/marketing/campaigns/{id}/send', { params: { path: { id } }, body: { idempotency_key: idempotencyKey }, headers });
const campaignOf = async (client: ApiClient, id: string) => client.api.GET('/api/marketing/campaigns/{id}', { params: { path: { id } } });

const linkIn = (body: string, label: 'Open' | 'Unsubscribe') => new RegExp(`${label}: (\\S+)`).exec(body)?.[1] ?? null;

describe('marketing: segments', () => {
  it('counts the customers the rules pick out, live, with those a campaign would reach and a preview', async () => {
    const owner = await shop();
    const ann = await addCustomer(owner.client, 'Ann Big', uniqueEmail('ann'));
    const bob = await addCustomer(owner.client, 'Bob Small', uniqueEmail('bob'));
    const cy = await addCustomer(owner.client, 'Cy Never', null);
    await buy(owner, ann.id, 4000);
    await buy(owner, ann.id, 2000);
    const old = await buy(owner, bob.id, 2000);
    await movePaidAt(owner.businessId, old.id, new Date(Date.now() - 40 * 24 * 60 * 60 * 1000));

    const preview = async (rules: Rules) => {
      const res = await owner.client.api.POST('/api/marketing/segments/preview', { body: { rules } });
      expect(res.response.status).toBe(200);
      return res.data!;
    };
    const everyone = await preview({});
    expect(everyone).toMatchObject({ count: 3, reachable: 2 });
    expect(everyone.customers.map((c) => c.id)).toEqual([ann.id, bob.id, cy.id]);
    expect(everyone.customers[0]).toMatchObject({ total_spent: 6000, order_count: 2 });

    const spentOver50 = await preview({ min_spent: 5001 });
    expect(spentOver50.count).toBe(1);
    expect(spentOver50.customers.map((c) => c.id)).toEqual([ann.id]);
    expect((await preview({ max_visits: 0 })).customers.map((c) => c.id)).toEqual([cy.id]);
    expect((await preview({ min_visits: 1, max_spent: 2000 })).customers.map((c) => c.id)).toEqual([bob.id]);
    expect((await preview({ last_visit_more_than_days: 30 })).customers.map((c) => c.id)).toEqual([bob.id]);
    expect((await preview({ last_visit_within_days: 30 })).customers.map((c) => c.id)).toEqual([ann.id]);

    const saved = await saveSegment(owner.client, 'Spent over 50', { min_spent: 5001 });
    expect(saved).toMatchObject({ count: 1, reachable: 1 });
    // Live: a new big spender joins the saved segment without saving it again.
    await buy(owner, bob.id, 4000);
    const listed = await owner.client.api.GET('/api/marketing/segments');
    expect(listed.response.status).toBe(200);
    expect(listed.data!.segments).toEqual([expect.objectContaining({ id: saved.id, name: 'Spent over 50', count: 2, reachable: 2 })]);

    expect((await owner.client.api.DELETE('/api/marketing/segments/{id}', { params: { path: { id: saved.id } } })).response.status).toBe(200);
    expect((await owner.client.api.GET('/api/marketing/segments')).data!.segments).toEqual([]);
  });
});

describe('marketing: segments by tag (decision 065)', () => {
  it('picks customers with a tag or any of several, with the other rules, live and when sending', async () => {
    const owner = await shop();
    const tagged = async (name: string, email: string | null, tags: string[]) => {
      const res = await owner.client.api.POST('/api/customers', { body: { name, ...(email ? { email } : {}), tags } });
      expect(res.response.status).toBe(201);
      return res.data!.customer;
    };
    const annEmail = uniqueEmail('tag-ann');
    const ann = await tagged('Ann', annEmail, ['VIP']);
    const bob = await tagged('Bob', uniqueEmail('tag-bob'), ['staff']);
    const cy = await tagged('Cy', null, ['vip', 'staff']);
    await tagged('Dee', uniqueEmail('tag-dee'), []);
    await buy(owner, ann.id, 5000);

    const ids = async (rules: Rules) => {
      const res = await owner.client.api.POST('/api/marketing/segments/preview', { body: { rules } });
      expect(res.response.status, JSON.stringify(res.error)).toBe(200);
      return { ids: res.data!.customers.map((c) => c.id).sort(), count: res.data!.count, reachable: res.data!.reachable };
    };
    expect(await ids({ any_tags: ['vip'] })).toEqual({ ids: [ann.id, cy.id].sort(), count: 2, reachable: 1 });
    expect(await ids({ any_tags: ['Staff', 'vip'] })).toMatchObject({ count: 3, reachable: 2 });
    expect(await ids({ any_tags: ['vip'], min_spent: 1 })).toEqual({ ids: [ann.id], count: 1, reachable: 1 });
    expect((await ids({ any_tags: ['press'] })).count).toBe(0);
    expect((await owner.client.api.POST('/api/marketing/segments/preview', { body: { rules: { any_tags: [] } } })).response.status).toBe(400);

    const segment = await saveSegment(owner.client, 'VIPs', { any_tags: ['vip'] });
    expect(segment).toMatchObject({ count: 2, reachable: 1 });
    // Live: tagging Bob puts him in the saved segment.
    expect((await owner.client.api.PATCH('/api/customers/{id}', { params: { path: { id: bob.id } }, body: { tags: ['staff', 'vip'] } })).response.status).toBe(200);
    const listed = (await owner.client.api.GET('/api/marketing/segments')).data!.segments;
    expect(listed.find((s) => s.id === segment.id)).toMatchObject({ count: 3 });
    const campaign = await writeCampaign(owner.client, segment.id);
    const sent = await send(owner.client, campaign.id);
    expect(sent.response.status).toBe(200);
    expect(sent.data!.campaign.results.sends).toBe(2);
    expect((await outboxTo([annEmail])).length).toBe(1);
  });
});

describe('marketing: sending a campaign', () => {
  it('writes one outbox e-mail per reachable customer, once; unsubscribed customers get no later campaign', async () => {
    const owner = await shop();
    const annEmail = uniqueEmail('ann');
    const bobEmail = uniqueEmail('bob');
    const ann = await addCustomer(owner.client, 'Ann', annEmail);
    const bob = await addCustomer(owner.client, 'Bob', bobEmail);
    await addCustomer(owner.client, 'Cy without e-mail', null);
    const segment = await saveSegment(owner.client, 'Everyone', {});
    expect(segment).toMatchObject({ count: 3, reachable: 2 });

    const first = await writeCampaign(owner.client, segment.id);
    const key = randomUUID();
    const sent = await send(owner.client, first.id, key);
    expect(sent.response.status).toBe(200);
    expect(sent.data!.campaign).toMatchObject({ status: 'sent', results: { sends: 2, clicks: 0, attributed_orders: 0, attributed_revenue: 0 } });
    const outbox = await outboxTo([annEmail, bobEmail]);
    expect(outbox.map((m) => m.recipient).sort()).toEqual([annEmail, bobEmail].sort());
    expect(outbox.every((m) => m.subject === 'Autumn offer' && m.body.includes('Ten percent off this week.'))).toBe(true);

    // A retry with the same key answers the first result and writes nothing; another send is refused.
    const retry = await send(owner.client, first.id, key);
    expect(retry.response.status).toBe(200);
    expect(retry.data!.campaign.results.sends).toBe(2);
    const again = await send(owner.client, first.id);
    expect(again.response.status).toBe(409);
    expect(again.error?.error.code).toBe('campaign_already_sent');
    expect(await outboxTo([annEmail, bobEmail])).toHaveLength(2);

    // Bob follows his unsubscribe link, signed out; it names him alone and can be repeated.
    const bobMail = outbox.find((m) => m.recipient === bobEmail)!;
    const unsubscribeUrl = linkIn(bobMail.body, 'Unsubscribe')!;
    expect(unsubscribeUrl).toMatch(/\/unsubscribe\/[\w-]+\.[\w-]+$/);
    const token = unsubscribeUrl.split('/unsubscribe/')[1]!;
    const stranger = owner.client.fresh();
    const unsubscribe = (token: string) => stranger.api.POST('/api/public/marketing/unsubscribe/{token}', { params: { path: { token } } });
    const unsubscribed = await unsubscribe(token);
    expect(unsubscribed.response.status).toBe(200);
    expect(unsubscribed.data).toEqual({ unsubscribed: true, business_name: 'Corner Shop' });
    expect((await unsubscribe(token)).response.status).toBe(200);
    expect((await unsubscribe(`${token.slice(0, -2)}xx`)).response.status).toBe(404);
    const customerOf = (id: string) => owner.client.api.GET('/api/customers/{id}', { params: { path: { id } } });
    expect((await customerOf(bob.id)).data!.customer.marketing_unsubscribed_at).toEqual(expect.any(String));
    expect((await customerOf(ann.id)).data!.customer.marketing_unsubscribed_at).toBeNull();
    expect((await campaignOf(owner.client, first.id)).data!.campaign.results.unsubscribes).toBe(1);

    const second = await writeCampaign(owner.client, segment.id, { subject: 'Winter offer' });
    expect((await send(owner.client, second.id)).data!.campaign.results.sends).toBe(1);
    const winter = (await outboxTo([annEmail, bobEmail])).filter((m) => m.subject === 'Winter offer');
    expect(winter.map((m) => m.recipient)).toEqual([annEmail]);
  });

  it('counts clicks of the tracked link, which redirects to the campaign’s link', async () => {
    const owner = await shop();
    const email = uniqueEmail('clicker');
    await addCustomer(owner.client, 'Clicker', email);
    const segment = await saveSegment(owner.client, 'Everyone', {});
    const campaign = await writeCampaign(owner.client, segment.id, { link_url: 'https://shop.example.com/offer' });
    expect((await send(owner.client, campaign.id)).response.status).toBe(200);
    const [mail] = await outboxTo([email]);
    const tracked = linkIn(mail!.body, 'Open')!;
    expect(tracked).toContain('/api/public/marketing/links/');

    const path = tracked.slice(tracked.indexOf('/api/'));
    const followed = await fetch(`${server.url}${path}`, { redirect: 'manual' });
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('https://shop.example.com/offer');
    await fetch(`${server.url}${path}`, { redirect: 'manual' });
    expect((await fetch(`${server.url}${path.slice(0, -3)}abc`, { redirect: 'manual' })).status).toBe(404);

    const results = (await campaignOf(owner.client, campaign.id)).data!.campaign.results;
    expect(results).toMatchObject({ sends: 1, clicks: 2, clicked_recipients: 1 });
  });

  it('credits the recipients’ sales within the attribution window after the send, in minor units', async () => {
    const owner = await shop();
    const ann = await addCustomer(owner.client, 'Ann', uniqueEmail('ann'));
    const other = await addCustomer(owner.client, 'Not in segment', uniqueEmail('other'));
    await buy(owner, ann.id, 6000);
    const before = await buy(owner, ann.id, 100);
    await movePaidAt(owner.businessId, before.id, new Date(Date.now() - 60_000));
    const segment = await saveSegment(owner.client, 'Spent over 50', { min_spent: 5001 });
    const campaign = await writeCampaign(owner.client, segment.id, { attribution_days: 3 });
    const sent = await send(owner.client, campaign.id);
    expect(sent.data!.campaign.attribution_days).toBe(3);

    await buy(owner, ann.id, 1234);
    await buy(owner, other.id, 999);
    const late = await buy(owner, ann.id, 500);
    await movePaidAt(owner.businessId, late.id, new Date(Date.parse(sent.data!.campaign.sent_at!) + 4 * 24 * 60 * 60 * 1000));

    const results = (await campaignOf(owner.client, campaign.id)).data!.campaign.results;
    expect(results).toMatchObject({ sends: 1, attributed_orders: 1, attributed_revenue: 1234 });
    const listed = await owner.client.api.GET('/api/marketing/campaigns');
    expect(listed.data!.campaigns[0]).toMatchObject({ id: campaign.id, results: { attributed_revenue: 1234 } });
  });

  it('refuses bad input with 4xx and writes nothing', async () => {
    const owner = await shop();
    const segment = await saveSegment(owner.client, 'Everyone', {});
    const badSegments: [string, ApiBody<'/api/marketing/segments', 'post'>][] = [
      ['segment without a name', { name: ' ', rules: {} }],
      ['spend in fractions', { name: 'x', rules: { min_spent: 10.5 } }],
      ['lowest spend above highest', { name: 'x', rules: { min_spent: 500, max_spent: 100 } }],
    ];
    for (const [name, body] of badSegments) {
      const res = await owner.client.api.POST('/api/marketing/segments', { body });
      expect(res.response.status, name).toBe(400);
      expect(res.error!.error.code, name).toBe('validation_error');
    }
    // bad input: the contract refuses a rule it does not know.
    const unknownRule = await owner.client.raw('POST', '/api/marketing/segments', { name: 'x', rules: { tag: 'vip' } });
    expect(unknownRule.status, 'an unknown rule').toBe(400);
    expect(unknownRule.body.error.code, 'an unknown rule').toBe('validation_error');
    const badCampaigns: [string, NewCampaign][] = [
      ['a campaign without a subject', { segment_id: segment.id, subject: '', body: 'Hi' }],
      ['a link that is not a web address', { segment_id: segment.id, subject: 'Hi', body: 'Hi', link_url: 'javascript:alert(1)' }],
      ['a window of 0 days', { segment_id: segment.id, subject: 'Hi', body: 'Hi', attribution_days: 0 }],
    ];
    for (const [name, body] of badCampaigns) {
      const res = await owner.client.api.POST('/api/marketing/campaigns', { body });
      expect(res.response.status, name).toBe(400);
      expect(res.error!.error.code, name).toBe('validation_error');
    }
    const unknownSegment = await owner.client.api.POST('/api/marketing/campaigns', { body: { segment_id: randomUUID(), subject: 'Hi', body: 'Hi' } });
    expect(unknownSegment.response.status).toBe(404);
    expect(unknownSegment.error?.error.code).toBe('segment_not_found');
    expect((await send(owner.client, randomUUID())).response.status).toBe(404);
    expect((await send(owner.client, randomUUID(), 'not-a-uuid')).response.status).toBe(400);

    const written = await server.database.withTenant(owner.businessId, async (tx) => ({
      segments: await tx.select({ n: sql<number>`count(*)::int` }).from(marketingSegments),
      campaigns: await tx.select({ n: sql<number>`count(*)::int` }).from(marketingCampaigns),
    }));
    expect(written.segments[0]!.n).toBe(1);
    expect(written.campaigns[0]!.n).toBe(0);
  });

  it('answers 404 for another business’s campaign and segment, and sends nothing', async () => {
    const first = await shop();
    const email = uniqueEmail('private');
    await addCustomer(first.client, 'Private', email);
    const segment = await saveSegment(first.client, 'Everyone', {});
    const campaign = await writeCampaign(first.client, segment.id);

    const other = await shop();
    expect((await campaignOf(other.client, campaign.id)).response.status).toBe(404);
    const sent = await send(other.client, campaign.id);
    expect(sent.response.status).toBe(404);
    expect(sent.error?.error.code).toBe('campaign_not_found');
    expect((await other.client.api.POST('/api/marketing/campaigns', { body: { segment_id: segment.id, subject: 'Hi', body: 'Hi' } })).response.status).toBe(404);
    expect((await other.client.api.DELETE('/api/marketing/segments/{id}', { params: { path: { id: segment.id } } })).response.status).toBe(404);
    expect((await other.client.api.GET('/api/marketing/campaigns')).data!.campaigns).toEqual([]);
    expect(await outboxTo([email])).toHaveLength(0);
  });

  it(`limits sends to ${CAMPAIGN_LIMIT} campaigns an hour per business (429), leaving the refused one a draft`, async () => {
    const owner = await shop();
    const segment = await saveSegment(owner.client, 'Everyone', {});
    for (let n = 0; n < CAMPAIGN_LIMIT; n += 1) expect((await send(owner.client, (await writeCampaign(owner.client, segment.id)).id)).response.status).toBe(200);
    const refused = await writeCampaign(owner.client, segment.id);
    const res = await send(owner.client, refused.id);
    expect(res.response.status).toBe(429);
    expect(res.error?.error.code).toBe('rate_limited');
    expect(res.error?.error).toMatchObject({ retry_after_seconds: expect.any(Number) });
    expect((await campaignOf(owner.client, refused.id)).data!.campaign.status).toBe('draft');
    // Another business has its own count.
    const other = await shop();
    const otherSegment = await saveSegment(other.client, 'Everyone', {});
    expect((await send(other.client, (await writeCampaign(other.client, otherSegment.id)).id)).response.status).toBe(200);
  });
});

describe('marketing: permissions', () => {
  it('needs report access (SPEC §6): a cashier without can_access_reports is refused, with it or as a manager allowed', async () => {
    const staff = await staffBusiness(server, { features: { employee_management: true } });
    const cashier = await addEmployee(staff.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '482913' });
    const reporter = await addEmployee(staff.client, { full_name: 'Rae Reports', role: 'cashier', pin: '482914', permissions: { can_access_reports: true } });
    const manager = await addEmployee(staff.client, { full_name: 'Max Manager', role: 'manager', pin: '482915' });
    const segment = await saveSegment(staff.client, 'Everyone', {});
    const campaign = await writeCampaign(staff.client, segment.id);

    const cashierToken = await pinSignIn(staff.client, cashier.employee.id, '482913');
    const preview = (headers: Record<string, string>) => staff.client.api.POST('/api/marketing/segments/preview', { body: { rules: {} }, headers });
    const answers: [string, Promise<{ response: Response }>][] = [
      ['/api/marketing/segments/preview', preview(as(cashierToken))],
      ['/api/marketing/campaigns', staff.client.api.GET('/api/marketing/campaigns', { headers: as(cashierToken) })],
      [`/api/marketing/campaigns/${campaign.id}/send`, send(staff.client, campaign.id, randomUUID(), as(cashierToken))],
    ];
    for (const [path, answer] of answers) {
      expect((await answer).response.status, path).toBe(403);
    }
    expect((await campaignOf(staff.client, campaign.id)).data!.campaign.status).toBe('draft');

    const reporterToken = await pinSignIn(staff.client, reporter.employee.id, '482914');
    expect((await preview(as(reporterToken))).response.status).toBe(200);
    const managerToken = await pinSignIn(staff.client, manager.employee.id, '482915');
    expect((await send(staff.client, campaign.id, randomUUID(), as(managerToken))).response.status).toBe(200);
    expect((await fetch(`${server.url}/api/marketing/campaigns`)).status).toBe(400);
  });
});

describe('marketing: large sends', () => {
  it('writes one outbox message per reachable customer across several outbox inserts, each with its own links', async () => {
    const owner = await shop();
    const count = 2500;
    const tag = randomUUID().slice(0, 8);
    const emails = Array.from({ length: count }, (_, index) => `bulk-${tag}-${index}@example.com`);
    // Arranged directly: 2,500 customers through HTTP would be most of this test's time.
    await server.database.withTenant(owner.businessId, (tx) =>
      tx.insert(customers).values(emails.map((email, index) => ({ businessId: owner.businessId, name: `Customer ${index}`, email }))),
    );
    const everyone = await saveSegment(owner.client, 'Everyone', {});
    expect(everyone.reachable).toBe(count);
    const campaign = await writeCampaign(owner.client, everyone.id);
    const started = performance.now();
    const res = await send(owner.client, campaign.id);
    console.log(`sending to ${count} recipients took ${Math.round(performance.now() - started)} ms`);
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data!.campaign.results.sends).toBe(count);
    const messages = await outboxTo(emails);
    expect(messages).toHaveLength(count);
    expect(new Set(messages.map((message) => message.recipient)).size).toBe(count);
    const unsubscribeLinks = new Set(messages.map((message) => linkIn(message.body, 'Unsubscribe')));
    expect(unsubscribeLinks.size).toBe(count);
    expect(unsubscribeLinks.has(null)).toBe(false);
  });

  it('writes the outbox in the claim transaction: a failure before the commit leaves a draft, and the retry with the same key sends once', async () => {
    const owner = await shop();
    const emails = [uniqueEmail('crash-a'), uniqueEmail('crash-b')];
    for (const [index, email] of emails.entries()) await addCustomer(owner.client, `Crash ${index}`, email);
    const everyone = await saveSegment(owner.client, 'Everyone', {});
    const campaign = await writeCampaign(owner.client, everyone.id);
    const key = randomUUID();
    const mailer = server.services.mailer;
    const original = mailer.enqueueMany.bind(mailer);
    // The process "dies" after the outbox rows are written and before the claim commits.
    mailer.enqueueMany = async (tx, messages) => {
      await original(tx, messages);
      throw new Error('process died');
    };
    try {
      expect((await send(owner.client, campaign.id, key)).response.status).toBe(500);
    } finally {
      mailer.enqueueMany = original;
    }
    const draft = await campaignOf(owner.client, campaign.id);
    expect(draft.data!.campaign).toMatchObject({ status: 'draft', sent_at: null, results: expect.objectContaining({ sends: 0 }) });
    expect(await outboxTo(emails)).toHaveLength(0);

    const retried = await send(owner.client, campaign.id, key);
    expect(retried.response.status).toBe(200);
    expect(retried.data!.campaign).toMatchObject({ status: 'sent', results: expect.objectContaining({ sends: 2 }) });
    expect((await outboxTo(emails)).map((message) => message.recipient).sort()).toEqual([...emails].sort());
    expect((await send(owner.client, campaign.id, key)).response.status).toBe(200);
    expect(await outboxTo(emails)).toHaveLength(2);
  });
});
