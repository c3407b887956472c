import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpRequests, outboxMessages } from '../src/db/schema/index.ts';
import { signUpBusiness, startTestServer, type TestServer } from './harness.ts';
import { addEmployee, as, pinSignIn, staffBusiness, tillOf } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: 'help-desk@platform.example,Second@Platform.example' } });
});
afterAll(() => server.close());

const message = (overrides: Record<string, unknown> = {}) => ({
  topic: 'problem',
  subject: 'Receipt printer prints blank',
  message: 'Since this morning the printer feeds paper but prints nothing.',
  ...overrides,
});

async function requestsOf(businessId: string) {
  return server.database.withTenant(businessId, (tx) => tx.select().from(helpRequests).where(eq(helpRequests.businessId, businessId)));
}

async function outboxFor(recipient: string, subjectLike: string) {
  return server.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), like(outboxMessages.subject, subjectLike)));
}

describe('help center contact form', () => {
  it('e-mails every super admin through the outbox, with the business and the sender for the reply', async () => {
    const { client, businessId, email } = await signUpBusiness(server, { businessName: 'Blank Paper Cafe', assignOwner: true });
    const subject = `Printer ${businessId.slice(0, 8)}`;
    const res = await client.post('/api/help-center/contact', message({ subject }));
    expect(res.status).toBe(201);
    expect(res.body.request.id).toMatch(/^[0-9a-f-]{36}$/);

    for (const recipient of ['help-desk@platform.example', 'second@platform.example']) {
      const [mail] = await outboxFor(recipient, `%${subject}%`);
      expect(mail, recipient).toBeDefined();
      expect(mail!.subject).toBe(`Help request: ${subject}`);
      expect(mail!.body).toContain('Blank Paper Cafe');
      expect(mail!.body).toContain(businessId);
      expect(mail!.body).toContain(email);
      expect(mail!.body).toContain('Topic: Something is not working');
      expect(mail!.body).toContain('Since this morning the printer feeds paper but prints nothing.');
    }
    const rows = await requestsOf(businessId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ topic: 'problem', subject, employeeId: null });
  });

  it('names the employee who wrote from a till', async () => {
    const shop = await staffBusiness(server, { businessName: 'Till Help Shop' });
    const cashier = await addEmployee(shop.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '2468' });
    const token = await pinSignIn(shop.client, cashier.employee.id, '2468');
    const till = await tillOf(shop.client);
    const subject = `Scanner ${shop.businessId.slice(0, 8)}`;
    const res = await till.request('POST', '/api/help-center/contact', message({ subject, topic: 'question' }), as(token));
    expect(res.status).toBe(201);
    const [mail] = await outboxFor('help-desk@platform.example', `%${subject}%`);
    expect(mail!.body).toContain('Cal Cashier (cashier)');
    expect((await requestsOf(shop.businessId))[0]!.employeeId).toBe(cashier.employee.id);
  });

  it.each([
    ['an unknown topic', { topic: 'complaint' }],
    ['a blank subject', { subject: '   ' }],
    ['a subject with a line break (header injection)', { subject: 'Hi\r\nBcc: everyone@example.com' }],
    ['a message too short to act on', { message: 'help' }],
    ['a message past 5000 characters', { message: 'x'.repeat(5001) }],
    ['a NUL in the message', { message: 'printer \u0000 broken again today' }],
    ['an unknown field', { priority: 'urgent' }],
  ])('refuses %s with 400 and sends nothing', async (_name, overrides) => {
    const { client, businessId } = await signUpBusiness(server, { assignOwner: true });
    const res = await client.post('/api/help-center/contact', message(overrides));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(['validation_error', 'invalid_text']).toContain(res.body.error.code);
    expect(await requestsOf(businessId)).toHaveLength(0);
  });

  it('takes at most 5 messages an hour from a business, even sent at once; another business is not held back', async () => {
    const { client, businessId } = await signUpBusiness(server, { assignOwner: true });
    const results = await Promise.all(Array.from({ length: 7 }, (_, index) => client.post('/api/help-center/contact', message({ subject: `Burst ${index}` }))));
    expect(results.map((res) => res.status).sort()).toEqual([201, 201, 201, 201, 201, 429, 429]);
    const refused = results.find((res) => res.status === 429)!;
    expect(refused.body.error.code).toBe('rate_limited');
    expect(await requestsOf(businessId)).toHaveLength(5);
    const other = await signUpBusiness(server, { assignOwner: true });
    expect((await other.client.post('/api/help-center/contact', message())).status).toBe(201);
  });

  it('needs a signed-in business', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    const anonymous = client.fresh();
    const res = await anonymous.post('/api/help-center/contact', message());
    expect([400, 401]).toContain(res.status);
    expect(typeof res.body.error.code).toBe('string');
  });

  it('keeps the message in the outbox, addressed to the role, where no super admin exists yet', async () => {
    const lonely = await startTestServer();
    try {
      const { client, businessId } = await signUpBusiness(lonely, { assignOwner: true });
      const subject = `Nobody ${businessId.slice(0, 8)}`;
      const res = await client.post('/api/help-center/contact', message({ subject }));
      expect(res.status).toBe(201);
      const mails = await lonely.database.db.select().from(outboxMessages).where(like(outboxMessages.subject, `%${subject}%`));
      expect(mails.map((mail) => mail.recipient)).toEqual(['super-admins']);
    } finally {
      await lonely.close();
    }
  });
});
