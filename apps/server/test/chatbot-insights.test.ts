import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatFeedback, chatSessions, chatbotSettings } from '../src/db/schema/index.ts';
import { deleteExpiredTranscripts } from '../src/modules/chatbot/delete-expired-transcripts.ts';
import { seedChatbotBusiness, type SeededBusiness } from './chatbot-helpers.ts';
import { echoToolResults, startFakeOpenAI, type FakeOpenAI } from './fake-openai.ts';
import { ApiClient, STRONG_PASSWORD, signUpBusiness, startTestServer, verifyEmailOf, type ApiBody, type TestServer } from './harness.ts';
import { addEmployee, as, pinSignIn } from './staff-helpers.ts';

/** Chatbot Insights (/chatbot), the visitor's thumbs, transcript retention and /superadmin/chatbot (issue 17 items 1 and 7). */
let fake: FakeOpenAI;
let server: TestServer;
let a: SeededBusiness;
let b: SeededBusiness;
let reportsAdminToken: string;
let noReportsAdminToken: string;
let root: ApiClient;

const ROOT_EMAIL = 'root@chatbot-insights.example';

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-test' });
  server = await startTestServer({ env: { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test', SUPER_ADMIN_EMAILS: ROOT_EMAIL } });
  a = await seedChatbotBusiness(server, 'ALPHA', { cost: 123457, orderTotal: 1111 });
  b = await seedChatbotBusiness(server, 'BETA', { cost: 987654, orderTotal: 4242424 });
  expect((await a.client.api.PATCH('/api/business-settings', { body: { enabled_features: { employee_management: true } } })).response.status).toBe(200);
  const reports = await addEmployee(a.client, { full_name: 'Rita Reports', role: 'admin', admin_permissions: { can_view_reports: true }, pin: '900011' });
  const noReports = await addEmployee(a.client, { full_name: 'Sam Settings', role: 'admin', admin_permissions: { can_change_settings: true }, pin: '900012' });
  reportsAdminToken = await pinSignIn(a.client, reports.employee.id, '900011');
  noReportsAdminToken = await pinSignIn(a.client, noReports.employee.id, '900012');
  root = new ApiClient(server.url);
  const signUp = await root.api.POST('/api/auth/sign-up', { body: { email: ROOT_EMAIL, password: STRONG_PASSWORD, business_name: 'Platform', full_name: 'Root', industry: 'retail' } });
  expect(signUp.response.status).toBe(201);
  await verifyEmailOf(server, ROOT_EMAIL);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

async function visitorOf(shop: SeededBusiness) {
  const settings = (await shop.client.api.GET('/api/chatbot/settings')).data!.settings;
  const visitor = new ApiClient(server.url);
  const res = await visitor.api.POST('/api/chatbot/sessions', { body: { chatbot_id: settings.id } });
  expect(res.response.status).toBe(201);
  return { visitor, token: res.data!.session_token };
}

async function ask(visitor: ApiClient, token: string, message: string) {
  const res = await visitor.api.POST('/api/functions/chatbot-completion', { body: { sessionToken: token, message } });
  expect(res.response.status).toBe(200);
  return res.data!;
}

function scriptShop() {
  fake.script([
    { when: /latte/i, toolCalls: [{ name: 'search_products', arguments: { query: 'latte' } }], reply: echoToolResults },
    { when: /unicorn/i, toolCalls: [{ name: 'search_products', arguments: { query: 'unicorn' } }], reply: 'Sorry, we do not seem to sell that.' },
    { when: /parking/i, reply: "I don't know whether there is parking nearby." },
  ]);
}

describe('the visitor rates an answer', () => {
  it('thumbs down on an answer of their own conversation is kept; rating again replaces it', async () => {
    scriptShop();
    const { visitor, token } = await visitorOf(a);
    const answer = await ask(visitor, token, 'Do you have a latte?');
    expect(answer.message_id).toMatch(/^[0-9a-f-]{36}$/);
    const down = await visitor.api.POST('/api/chatbot/feedback', { body: { sessionToken: token, message_id: answer.message_id, rating: 'down', comment: 'Too short' } });
    expect(down.response.status).toBe(200);
    expect(down.data).toEqual({ message_id: answer.message_id, rating: 'down' });
    const up = await visitor.api.POST('/api/chatbot/feedback', { body: { sessionToken: token, message_id: answer.message_id, rating: 'up' } });
    expect(up.response.status).toBe(200);
    const rows = await server.database.withTenant(a.businessId, (tx) => tx.select().from(chatFeedback).where(eq(chatFeedback.messageId, answer.message_id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 'up', comment: null });
  });

  it('an answer of another conversation, or of another business, is not found and nothing is stored', async () => {
    scriptShop();
    const first = await visitorOf(a);
    const answer = await ask(first.visitor, first.token, 'Do you have a latte?');
    const second = await visitorOf(a);
    const other = await visitorOf(b);
    for (const token of [second.token, other.token]) {
      const res = await new ApiClient(server.url).api.POST('/api/chatbot/feedback', { body: { sessionToken: token, message_id: answer.message_id, rating: 'down' } });
      expect(res.response.status).toBe(404);
      expect(res.error?.error.code).toBe('message_not_found');
    }
    const rows = await server.database.withTenant(a.businessId, (tx) => tx.select().from(chatFeedback).where(eq(chatFeedback.messageId, answer.message_id)));
    expect(rows).toHaveLength(0);
  });

  it.each<[Partial<ApiBody<'/api/chatbot/feedback', 'post'>>, number]>([
    [{ rating: 'up', message_id: 'x' }, 400],
    [{ rating: 'up', sessionToken: 'not-a-real-session-token-at-all' }, 401],
  ])('bad input %j → %i', async (override, status) => {
    const { token } = await visitorOf(a);
    const body: ApiBody<'/api/chatbot/feedback', 'post'> = { sessionToken: token, message_id: '00000000-0000-4000-8000-000000000000', rating: 'up', ...override };
    const res = await new ApiClient(server.url).api.POST('/api/chatbot/feedback', { body });
    expect(res.response.status).toBe(status);
    expect(res.error!.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('bad input: a rating of meh → 400', async () => {
    // bad input: the contract's rating is up or down.
    const { token } = await visitorOf(a);
    const res = await new ApiClient(server.url).raw('POST', '/api/chatbot/feedback', { sessionToken: token, message_id: '00000000-0000-4000-8000-000000000000', rating: 'meh' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});

describe('Chatbot Insights', () => {
  it('counts conversations and questions, groups the most asked, and lists unhelpful and unanswered answers', async () => {
    const shop = await seedChatbotBusiness(server, 'GAMMA', { cost: 5555, orderTotal: 777 });
    scriptShop();
    const one = await visitorOf(shop);
    const latte = await ask(one.visitor, one.token, 'Do you have a latte?');
    await ask(one.visitor, one.token, 'Do you sell unicorn cakes?');
    const two = await visitorOf(shop);
    await ask(two.visitor, two.token, 'do you have a LATTE');
    const parking = await ask(two.visitor, two.token, 'Is there parking?');
    const rated = await one.visitor.api.POST('/api/chatbot/feedback', { body: { sessionToken: one.token, message_id: latte.message_id, rating: 'down', comment: 'No price shown' } });
    expect(rated.response.status).toBe(200);
    // The owner's own panel questions are not what customers ask.
    const panel = await shop.client.api.POST('/api/chatbot/assistant-sessions');
    fake.script([{ when: /.*/, reply: 'Fine.' }]);
    const asked = await shop.client.api.POST('/api/functions/chatbot-completion', { body: { sessionToken: panel.data!.session_token, message: 'Do you have a latte?' } });
    expect(asked.response.status).toBe(200);

    const res = await shop.client.api.GET('/api/chatbot/insights', { params: { query: { days: 7 } } });
    expect(res.response.status).toBe(200);
    const insights = res.data!;
    expect(insights.totals).toEqual({ conversations: 2, questions: 4, helpful: 0, unhelpful: 1, unanswered: 2 });
    expect(insights.by_day).toHaveLength(1);
    expect(insights.by_day[0]).toMatchObject({ conversations: 2, questions: 4 });
    expect(insights.top_questions[0]).toEqual({ question: expect.stringMatching(/latte/i), count: 2 });
    expect(insights.unhelpful).toEqual([expect.objectContaining({ message_id: latte.message_id, question: 'Do you have a latte?', comment: 'No price shown' })]);
    expect(insights.unanswered.map((row) => row.question).sort()).toEqual(['Do you sell unicorn cakes?', 'Is there parking?']);
    expect(insights.unanswered.map((row) => row.message_id)).toContain(parking.message_id);
    expect(insights.retention_days).toBe(30);

    // Another business sees none of it.
    const other = await b.client.api.GET('/api/chatbot/insights', { params: { query: { days: 7 } } });
    expect(JSON.stringify(other.data)).not.toMatch(/unicorn|parking/i);
  });

  it('lists conversations with their first question and opens a transcript with the ratings; another business gets 404', async () => {
    const shop = await seedChatbotBusiness(server, 'DELTA', { cost: 4444, orderTotal: 666 });
    scriptShop();
    const { visitor, token } = await visitorOf(shop);
    const answer = await ask(visitor, token, 'Do you have a latte?');
    await visitor.api.POST('/api/chatbot/feedback', { body: { sessionToken: token, message_id: answer.message_id, rating: 'up' } });
    const list = await shop.client.api.GET('/api/chatbot/conversations', { params: { query: { limit: 10 } } });
    expect(list.response.status).toBe(200);
    expect(list.data!.conversations).toHaveLength(1);
    expect(list.data!.conversations[0]).toMatchObject({ first_question: 'Do you have a latte?', questions: 1, helpful: 1, unhelpful: 0 });
    const id = list.data!.conversations[0]!.id;
    const conversation = (client: ApiClient, conversationId: string) => client.api.GET('/api/chatbot/conversations/{id}', { params: { path: { id: conversationId } } });
    const transcript = await conversation(shop.client, id);
    expect(transcript.response.status).toBe(200);
    expect(transcript.data!.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(transcript.data!.messages[1]).toMatchObject({ id: answer.message_id, rating: 'up', unanswered: false });
    expect((await conversation(b.client, id)).response.status).toBe(404);
    expect((await conversation(shop.client, 'not-a-uuid')).response.status).toBe(400);
    expect((await shop.client.api.GET('/api/chatbot/conversations', { params: { query: { cursor: 'garbage' } } })).response.status).toBe(400);
  });

  it('pages through conversations with the cursor', async () => {
    const shop = await seedChatbotBusiness(server, 'EPSILON', { cost: 3333, orderTotal: 555 });
    scriptShop();
    for (let index = 0; index < 3; index += 1) {
      const { visitor, token } = await visitorOf(shop);
      await ask(visitor, token, `Do you have a latte number ${index}?`);
    }
    const first = (await shop.client.api.GET('/api/chatbot/conversations', { params: { query: { limit: 2 } } })).data!;
    expect(first.conversations).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await shop.client.api.GET('/api/chatbot/conversations', { params: { query: { limit: 2, cursor: first.next_cursor! } } })).data!;
    expect(second.conversations).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    const ids = [...first.conversations, ...second.conversations].map((row) => row.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('needs the reports permission (SPEC §6 page access): an admin without it is refused', async () => {
    expect((await a.client.api.GET('/api/chatbot/insights', { headers: as(reportsAdminToken) })).response.status).toBe(200);
    expect((await a.client.api.GET('/api/chatbot/conversations', { headers: as(reportsAdminToken) })).response.status).toBe(200);
    const refused = await a.client.api.GET('/api/chatbot/insights', { headers: as(noReportsAdminToken) });
    expect(refused.response.status).toBe(403);
    expect((await a.client.api.GET('/api/chatbot/conversations', { headers: as(noReportsAdminToken) })).response.status).toBe(403);
    expect((await new ApiClient(server.url).api.GET('/api/chatbot/insights')).response.status).toBeGreaterThanOrEqual(400);
  });

  it.each([0, 400])('a bad query days=%i is 400', async (days) => {
    const res = await a.client.api.GET('/api/chatbot/insights', { params: { query: { days } } });
    expect(res.response.status).toBe(400);
  });

  it.each(['days=abc', 'extra=1'])('a bad query %s is 400', async (query) => {
    // bad input: the contract's days is a number and it takes no other parameter.
    const res = await a.client.raw('GET', `/api/chatbot/insights?${query}`);
    expect(res.status).toBe(400);
  });
});

describe('transcript retention', () => {
  it('the sweep deletes conversations older than the business keeps them, and only those', async () => {
    const shop = await seedChatbotBusiness(server, 'ZETA', { cost: 2222, orderTotal: 444 });
    scriptShop();
    expect((await shop.client.api.PATCH('/api/chatbot/settings', { body: { transcript_retention_days: 2 } })).response.status).toBe(200);
    const old = await visitorOf(shop);
    await ask(old.visitor, old.token, 'Do you have a latte?');
    const recent = await visitorOf(shop);
    await ask(recent.visitor, recent.token, 'Do you have a latte?');
    const kept = await visitorOf(a);
    await ask(kept.visitor, kept.token, 'Do you have a latte?');
    // The first conversation, and one of ALPHA (30 days), went quiet three days ago.
    const sessionsOf = (businessId: string) => server.database.withTenant(businessId, (tx) => tx.select().from(chatSessions).where(eq(chatSessions.businessId, businessId)));
    const zetaSessions = await sessionsOf(shop.businessId);
    const oldest = zetaSessions.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime())[0]!;
    await server.database.db.update(chatSessions).set({ lastActiveAt: sql`now() - interval '3 days'` }).where(eq(chatSessions.id, oldest.id));
    const alphaSessions = await sessionsOf(a.businessId);
    await server.database.db
      .update(chatSessions)
      .set({ lastActiveAt: sql`now() - interval '3 days'` })
      .where(and(eq(chatSessions.businessId, a.businessId), eq(chatSessions.id, alphaSessions[0]!.id)));

    expect(await deleteExpiredTranscripts(server.database)).toBe(1);
    const left = await sessionsOf(shop.businessId);
    expect(left.map((row) => row.id)).not.toContain(oldest.id);
    expect(left).toHaveLength(zetaSessions.length - 1);
    expect((await sessionsOf(a.businessId)).length).toBe(alphaSessions.length);
  });
});

describe('/superadmin/chatbot', () => {
  it('only a super admin reads the platform defaults and the businesses, or changes the defaults', async () => {
    expect((await a.client.api.GET('/api/super-admin/chatbot')).response.status).toBe(403);
    expect((await a.client.api.PATCH('/api/super-admin/chatbot/defaults', { body: { openai_model: 'gpt-4.1-mini' } })).response.status).toBe(403);
    const res = await root.api.GET('/api/super-admin/chatbot');
    expect(res.response.status).toBe(200);
    expect(res.data!.defaults).toMatchObject({ openai_model: 'gpt-4o-mini', transcript_retention_days: 30, primary_color: '#3b82f6' });
    const alpha = res.data!.businesses.find((row) => row.business_id === a.businessId);
    expect(alpha).toMatchObject({ business_name: 'ALPHA Shop', openai_model: 'gpt-4o-mini', conversations_30_days: expect.any(Number) });
    expect(alpha!.conversations_30_days).toBeGreaterThan(0);
  });

  it('a new business starts from changed defaults; an existing one keeps its own settings', async () => {
    const changed = await root.api.PATCH('/api/super-admin/chatbot/defaults', { body: { openai_model: 'gpt-4.1-mini', greeting: 'Welcome in!', transcript_retention_days: 90 } });
    expect(changed.response.status).toBe(200);
    expect(changed.data!.defaults).toMatchObject({ openai_model: 'gpt-4.1-mini', greeting: 'Welcome in!', transcript_retention_days: 90, updated_at: expect.any(String) });
    const fresh = await signUpBusiness(server, { businessName: 'Fresh Shop', assignOwner: true });
    const settings = (await fresh.client.api.GET('/api/chatbot/settings')).data!.settings;
    expect(settings).toMatchObject({ openai_model: 'gpt-4.1-mini', greeting: 'Welcome in!', transcript_retention_days: 90 });
    expect((await a.client.api.GET('/api/chatbot/settings')).data!.settings.openai_model).toBe('gpt-4o-mini');
    const stored = await server.database.db.select().from(chatbotSettings).where(eq(chatbotSettings.businessId, fresh.businessId));
    expect(stored).toHaveLength(1);
  });

  const defaultsNow = async () => (await root.api.GET('/api/super-admin/chatbot')).data!.defaults;

  it.each<ApiBody<'/api/super-admin/chatbot/defaults', 'patch'>>([{ openai_model: 'gpt 4' }, { transcript_retention_days: 0 }, { primary_color: 'blue' }, {}])('bad defaults %j are 400 and change nothing', async (body) => {
    const before = await defaultsNow();
    const res = await root.api.PATCH('/api/super-admin/chatbot/defaults', { body });
    expect(res.response.status).toBe(400);
    expect(await defaultsNow()).toEqual(before);
  });

  it('bad defaults with an unknown field are 400 and change nothing', async () => {
    const before = await defaultsNow();
    // bad input: the contract refuses a field it does not know.
    const res = await root.raw('PATCH', '/api/super-admin/chatbot/defaults', { unknown: true });
    expect(res.status).toBe(400);
    expect(await defaultsNow()).toEqual(before);
  });
});
