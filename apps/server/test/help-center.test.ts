import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpRequests, outboxMessages } from '../src/db/schema/index.ts';
import { signUpBusiness, startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { addEmployee, as, pinSignIn, staffBusiness, tillOf } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: 'help-desk@platform.example,Second@Platform.example' } });
});
afterAll(() => server.close());

type Contact = ApiBody<'/api/help-center/contact', 'post'>;

const message = (overrides: Partial<Contact> = {}): Contact => ({
  topic: 'problem',
  subject: 'Receipt printer prints blank',
  message: 'Since this morning the printer feeds paper but prints nothing.',
  ...overrides,
});
/** Bad input on purpose (unknown topics and fields would not compile on the typed client). */
const messageRaw = (overrides: Record<string, unknown>) => ({ ...message(), ...overrides });

const contact = (client: ApiClient, body: Contact, headers: Record<string, string> = {}) => client.api.POST('/api/help-center/contact', { body, headers });

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
    const res = await contact(client, message({ subject }));
    expect(res.response.status).toBe(201);
    expect(res.data!.request.id).toMatch(/^[0-9a-f-]{36}$/);

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
    const res = await contact(till, message({ subject, topic: 'question' }), as(token));
    expect(res.response.status).toBe(201);
    const [mail] = await outboxFor('help-desk@platform.example', `%${subject}%`);
    expect(mail!.body).toContain('Cal Cashier (cashier)');
    expect((await requestsOf(shop.businessId))[0]!.employeeId).toBe(cashier.employee.id);
  });

  it.each<[string, Partial<Contact>]>([
    ['a blank subject', { subject: '   ' }],
    ['a subject with a line break (header injection)', { subject: 'Hi\r\nBcc: everyone@example.com' }],
    ['a message too short to act on', { message: 'help' }],
    ['a message past 5000 characters', { message: 'x'.repeat(5001) }],
    ['a NUL in the message', { message: 'printer \u0000 broken again today' }],
  ])('refuses %s with 400 and sends nothing', async (_name, overrides) => {
    const { client, businessId } = await signUpBusiness(server, { assignOwner: true });
    const { error, response } = await contact(client, message(overrides));
    expect(response.status, JSON.stringify(error)).toBe(400);
    expect(['validation_error', 'invalid_text']).toContain(error?.error.code);
    expect(await requestsOf(businessId)).toHaveLength(0);
  });

  it.each([
    ['an unknown topic', { topic: 'complaint' }],
    ['an unknown field', { priority: 'urgent' }],
  ])('refuses %s with 400 and sends nothing', async (_name, overrides) => {
    const { client, businessId } = await signUpBusiness(server, { assignOwner: true });
    // bad input: the contract refuses an unknown topic and an unknown field
    const res = await client.raw('POST', '/api/help-center/contact', messageRaw(overrides));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(['validation_error', 'invalid_text']).toContain(res.body.error.code);
    expect(await requestsOf(businessId)).toHaveLength(0);
  });

  it('takes at most 5 messages an hour from a business, even sent at once; another business is not held back', async () => {
    const { client, businessId } = await signUpBusiness(server, { assignOwner: true });
    const results = await Promise.all(Array.from({ length: 7 }, (_, index) => contact(client, message({ subject: `Burst ${index}` }))));
    expect(results.map((res) => res.response.status).sort()).toEqual([201, 201, 201, 201, 201, 429, 429]);
    const refused = results.find((res) => res.response.status === 429)!;
    expect(refused.error?.error.code).toBe('rate_limited');
    expect(await requestsOf(businessId)).toHaveLength(5);
    const other = await signUpBusiness(server, { assignOwner: true });
    expect((await contact(other.client, message())).response.status).toBe(201);
  });

  it('needs a signed-in business', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    const anonymous = client.fresh();
    const res = await contact(anonymous, message());
    expect([400, 401]).toContain(res.response.status);
    expect(typeof res.error?.error.code).toBe('string');
  });

  it('keeps the message in the outbox, addressed to the role, where no super admin exists yet', async () => {
    const lonely = await startTestServer();
    try {
      const { client, businessId } = await signUpBusiness(lonely, { assignOwner: true });
      const subject = `Nobody ${businessId.slice(0, 8)}`;
      const res = await contact(client, message({ subject }));
      expect(res.response.status).toBe(201);
      const mails = await lonely.database.db.select().from(outboxMessages).where(like(outboxMessages.subject, `%${subject}%`));
      expect(mails.map((mail) => mail.recipient)).toEqual(['super-admins']);
    } finally {
      await lonely.close();
    }
  });
});
