import { CHAT_MESSAGES } from '@till/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, chatMessages, chatSessions } from '../src/db/schema/index.ts';
import { createChatProvider } from '../src/modules/chatbot/ai-provider.ts';
import { seedChatbotBusiness, type SeededBusiness } from './chatbot-helpers.ts';
import { echoToolResults, startFakeOpenAI, type FakeOpenAI } from './fake-openai.ts';
import { ApiClient, okApi, startTestServer, type ApiBody, type TestServer } from './harness.ts';
import { addEmployee, as, pinSignIn } from './staff-helpers.ts';

/** The chatbot routes over HTTP, with the loopback fake provider as OPENAI_BASE_URL. */
let fake: FakeOpenAI;
let server: TestServer;
let a: SeededBusiness;
let b: SeededBusiness;
let adminToken: string;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-test' });
  server = await startTestServer({ env: { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test' } });
  a = await seedChatbotBusiness(server, 'ALPHA', { cost: 123457, orderTotal: 1111 });
  b = await seedChatbotBusiness(server, 'BETA', { cost: 987654, orderTotal: 4242424 });
  const features = await a.client.api.PATCH('/api/business-settings', { body: { enabled_features: { employee_management: true } } });
  expect(features.response.status).toBe(200);
  const ALL = ['can_kick_employees', 'can_add_employees', 'can_view_reports', 'can_change_settings', 'can_add_categories', 'can_add_products', 'can_change_prices', 'can_make_orders', 'can_edit_product_details'];
  const admin = await addEmployee(a.client, { full_name: 'Ada Admin', role: 'admin', admin_permissions: Object.fromEntries(ALL.map((flag) => [flag, true])), pin: '900002' });
  adminToken = await pinSignIn(a.client, admin.employee.id, '900002');
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

/** What the routes take, from their own schemas. */
type SettingsChange = ApiBody<'/api/chatbot/settings', 'patch'>;
type Completion = ApiBody<'/api/functions/chatbot-completion', 'post'>;
type AssistantCall = ApiBody<'/api/functions/chatbot-code-assistant', 'post'>;

const patchSettings = (shop: SeededBusiness, body: SettingsChange, headers: Record<string, string> = {}) => shop.client.api.PATCH('/api/chatbot/settings', { body, headers });
const complete = (client: ApiClient, body: Completion) => client.api.POST('/api/functions/chatbot-completion', { body });

async function settingsOf(shop: SeededBusiness) {
  const res = await shop.client.api.GET('/api/chatbot/settings');
  expect(res.response.status).toBe(200);
  return res.data!.settings;
}

async function customerSession(shop: SeededBusiness) {
  const settings = await settingsOf(shop);
  const res = await new ApiClient(server.url).api.POST('/api/chatbot/sessions', { body: { chatbot_id: settings.id } });
  expect(res.response.status).toBe(201);
  return res.data!.session_token;
}

async function assistantSession(shop: SeededBusiness) {
  const res = await shop.client.api.POST('/api/chatbot/assistant-sessions');
  expect(res.response.status).toBe(201);
  return res.data!.session_token;
}

describe('chatbot settings (SPEC §3, §2)', () => {
  it('the default row is created with SPEC defaults', async () => {
    const settings = await settingsOf(a);
    expect(settings).toMatchObject({
      name: 'default',
      can_edit_code: false,
      can_edit_database: false,
      openai_model: 'gpt-4o-mini',
      primary_color: '#3b82f6',
      position: 'bottom-right',
      widget_theme: 'light',
      show_branding: true,
      auto_open: false,
    });
    expect(settings.database_permissions).toContain('ai_orders');
  });

  it('the owner changes them; a change of what the assistant may do is audited', async () => {
    const res = await patchSettings(a, { can_edit_database: true, widget_theme: 'dark', opening_hours: 'Mon–Fri 8–18' });
    expect(res.response.status).toBe(200);
    expect(res.data!.settings).toMatchObject({ can_edit_database: true, widget_theme: 'dark', opening_hours: 'Mon–Fri 8–18' });
    const audits = await server.database.withTenant(a.businessId, (tx) =>
      tx.select().from(auditLog).where(and(eq(auditLog.businessId, a.businessId), eq(auditLog.action, 'chatbot_settings.permissions_changed'))),
    );
    expect(audits.at(-1)!.details).toMatchObject({ can_edit_database: { from: false, to: true } });
    await patchSettings(a, { can_edit_database: false });
  });

  it.each<[SettingsChange]>([[{ primary_color: 'blue' }], [{ greeting: 'hi\u0000' }], [{ allowed_origins: ['https://shop.example.com/path'] }], [{ transcript_retention_days: 0 }], [{}]])(
    'refuses %j with 400',
    async (body) => {
      const res = await patchSettings(a, body);
      expect(res.response.status).toBe(400);
    },
  );

  it.each([[{ position: 'middle' }], [{ database_permissions: ['products'] }], [{ can_edit_database: 'yes' }]])('refuses %j with 400 (untyped)', async (body) => {
    // bad input: the contract refuses a position, a view or a flag of another kind.
    const res = await a.client.raw('PATCH', '/api/chatbot/settings', body);
    expect(res.status).toBe(400);
  });

  it('an employee, even an admin with every permission, may read but not change them', async () => {
    expect((await a.client.api.GET('/api/chatbot/settings', { headers: as(adminToken) })).response.status).toBe(200);
    const res = await patchSettings(a, { can_edit_database: true }, as(adminToken));
    expect(res.response.status).toBe(403);
  });
});

describe('chat sessions', () => {
  it('a visitor starts a customer session with the chatbot id and gets the widget options', async () => {
    const settings = await settingsOf(a);
    const { data: res, response } = await new ApiClient(server.url).api.POST('/api/chatbot/sessions', { body: { chatbot_id: settings.id } });
    expect(response.status).toBe(201);
    expect(res).toMatchObject({ widget: 'customer', options: { primary_color: '#3b82f6', greeting: expect.any(String) } });
    expect(res!.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await server.database.withTenant(a.businessId, (tx) => tx.select().from(chatSessions).where(eq(chatSessions.businessId, a.businessId)));
    expect(stored.some((row) => row.tokenHash === res!.session_token)).toBe(false);
  });

  it('an unknown chatbot is 404 and a malformed id 400', async () => {
    const client = new ApiClient(server.url);
    expect((await client.api.POST('/api/chatbot/sessions', { body: { chatbot_id: '00000000-0000-4000-8000-000000000000' } })).response.status).toBe(404);
    expect((await client.api.POST('/api/chatbot/sessions', { body: { chatbot_id: 'x' } })).response.status).toBe(400);
  });

  it('SPEC §5: only the owner account opens the assistant panel; an employee sees the access-denied text', async () => {
    expect((await a.client.api.POST('/api/chatbot/assistant-sessions')).response.status).toBe(201);
    const employee = await a.client.api.POST('/api/chatbot/assistant-sessions', { headers: as(adminToken) });
    expect(employee.response.status).toBe(403);
    expect(employee.error?.error.message).toBe(CHAT_MESSAGES.accessDenied);
    expect((await new ApiClient(server.url).api.POST('/api/chatbot/assistant-sessions')).response.status).toBe(400);
  });
});

describe('chatbot-completion (SPEC §7)', () => {
  it('answers from the business’s products through a tool call, in words, and keeps both messages', async () => {
    const token = await customerSession(a);
    fake.script([{ when: /latte/i, toolCalls: [{ name: 'search_products', arguments: { query: 'latte' } }], reply: echoToolResults }]);
    const res = await okApi(await complete(new ApiClient(server.url), { sessionToken: token, message: 'Do you have a latte?' }), 200);
    expect(res.assistant.content).toContain('ALPHA Latte');
    expect(res.assistant.content).toContain('$3.50');
    expect(res.assistant.content).toContain('low stock');
    expect(res.data.message).toBe(res.assistant.content);
    expect(res.result).toBe(res.assistant.content);
    expect(fake.requests[0]!.model).toBe('gpt-4o-mini');
    const stored = await server.database.withTenant(a.businessId, (tx) =>
      tx.select({ role: chatMessages.role, content: chatMessages.content }).from(chatMessages).where(eq(chatMessages.businessId, a.businessId)),
    );
    expect(stored).toEqual(expect.arrayContaining([{ role: 'user', content: 'Do you have a latte?' }, { role: 'assistant', content: res.assistant.content }]));
  });

  it('sends the earlier messages of the session with the next one', async () => {
    const token = await customerSession(a);
    const client = new ApiClient(server.url);
    fake.script([{ when: 'first', reply: 'One' }, { when: 'second', reply: 'Two' }]);
    await complete(client, { sessionToken: token, message: 'first' });
    await complete(client, { sessionToken: token, message: 'second' });
    expect(fake.requests[1]!.messages.map((message) => `${message.role}:${message.content}`).slice(1)).toEqual(['user:first', 'assistant:One', 'user:second']);
  });

  it.each<[Completion]>([
    [{ sessionToken: 'x'.repeat(43), message: '   ' }],
    [{ sessionToken: 'x'.repeat(43), message: 'hi\u0000' }],
    [{ sessionToken: 'x'.repeat(43), message: '\uD800' }],
    [{ sessionToken: 'x'.repeat(43), message: 'y'.repeat(4001) }],
  ])('refuses %j with 400', async (body) => {
    expect((await complete(new ApiClient(server.url), body)).response.status).toBe(400);
  });

  it.each([[{ sessionToken: 'x'.repeat(43) }], [{ message: 'hi' }]])('refuses %j with 400 (untyped)', async (body) => {
    // bad input: the contract requires both the session token and the message.
    expect((await new ApiClient(server.url).raw('POST', '/api/functions/chatbot-completion', body)).status).toBe(400);
  });

  it('an unknown or expired session is 401, so the widget starts a new one (SPEC §4)', async () => {
    const client = new ApiClient(server.url);
    const unknown = await complete(client, { sessionToken: 'x'.repeat(43), message: 'hi' });
    expect(unknown.response.status).toBe(401);
    expect(unknown.error?.error.code).toBe('chat_session_expired');
    const token = await customerSession(a);
    await server.database.withTenant(a.businessId, (tx) =>
      tx.update(chatSessions).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(chatSessions.businessId, a.businessId)),
    );
    expect((await complete(client, { sessionToken: token, message: 'hi' })).response.status).toBe(401);
  });

  it('a session may send 20 messages a minute; the 21st is 429 and reaches no provider', async () => {
    const token = await customerSession(a);
    const client = new ApiClient(server.url);
    fake.script([{ when: () => true, reply: 'ok' }]);
    for (let index = 0; index < 20; index += 1) {
      expect((await complete(client, { sessionToken: token, message: `m${index}` })).response.status).toBe(200);
    }
    const limited = await complete(client, { sessionToken: token, message: 'one more' });
    expect(limited.response.status).toBe(429);
    expect(limited.error?.error.code).toBe('rate_limited');
    expect(fake.requests).toHaveLength(20);
  });

  it('a provider failure shows SPEC §8’s text; 503 is retried first', async () => {
    const token = await customerSession(a);
    const client = new ApiClient(server.url);
    fake.script([{ when: 'hi', reply: 'Hello' }]);
    fake.failNext(503, 1);
    expect((await okApi(await complete(client, { sessionToken: token, message: 'hi' }), 200)).assistant.content).toBe('Hello');
    fake.failNext(500, 5);
    const res = await complete(client, { sessionToken: token, message: 'hi' });
    expect(res.response.status).toBe(503);
    expect(res.error?.error).toMatchObject({ code: 'ai_provider_unavailable', message: 'AI service is currently unavailable. Please check API configuration.' });
  });

  it('with no provider configured the widget gets SPEC §8’s text', async () => {
    const configured = server.services.aiProvider;
    // What createServices builds when OPENAI_BASE_URL and OPENAI_API_KEY are both unset.
    server.services.aiProvider = createChatProvider({ baseUrl: undefined, apiKey: undefined });
    try {
      const token = await customerSession(a);
      const res = await complete(new ApiClient(server.url), { sessionToken: token, message: 'hi' });
      expect(res.response.status).toBe(503);
      expect(res.error?.error.message).toBe(CHAT_MESSAGES.providerUnavailable);
      expect(res.error?.error.reason).toBe('not_configured');
      expect(fake.requests).toEqual([]);
    } finally {
      server.services.aiProvider = configured;
    }
  });
});

describe('chatbot-code-assistant (SPEC §7)', () => {
  const call = (client: ApiClient, body: AssistantCall) => client.api.POST('/api/functions/chatbot-code-assistant', { body });
  /** bad input: an action, or a payload, the contract does not take. */
  const callRaw = (client: ApiClient, body: Record<string, unknown>) => client.raw('POST', '/api/functions/chatbot-code-assistant', body);

  it('needs an assistant-panel session and the account that started it', async () => {
    const customer = await customerSession(a);
    expect((await call(a.client, { sessionToken: customer, action: 'analyze_schema' })).response.status).toBe(403);
    const token = await assistantSession(a);
    const signedOut = await call(new ApiClient(server.url), { sessionToken: token, action: 'analyze_schema' });
    expect(signedOut.response.status).toBe(401);
    expect(signedOut.error?.error.message).toBe(CHAT_MESSAGES.authenticationRequired);
    const other = await call(b.client, { sessionToken: token, action: 'analyze_schema' });
    expect(other.response.status).toBe(403);
    expect(other.error?.error.message).toBe(CHAT_MESSAGES.accessDenied);
  });

  it('query_database is refused while can_edit_database is off, and runs when it is on', async () => {
    const token = await assistantSession(a);
    const off = await call(a.client, { sessionToken: token, action: 'query_database', payload: { sql: 'select count(*) as orders from ai_orders' } });
    expect(off.response.status).toBe(200);
    expect(off.data).toMatchObject({ ok: false, error: { code: 'database_access_off' }, data: { query_result: { success: false, row_count: 0 } } });
    expect((await call(a.client, { sessionToken: token, action: 'analyze_schema' })).data!.data?.views).toEqual([]);

    await patchSettings(a, { can_edit_database: true });
    try {
      const on = await call(a.client, { sessionToken: token, action: 'query_database', payload: { sql: 'select name, price from ai_products order by name' } });
      expect(on.data).toMatchObject({ ok: true, error: null, data: { query_result: { success: true, row_count: 5, error: null, message: 'Found 5 rows; showing 3.' } } });
      expect(on.data!.data?.query_result?.data).toEqual([
        { name: 'ALPHA Archived mug', price: 900 },
        { name: 'ALPHA Espresso', price: 250 },
        { name: 'ALPHA Gift card', price: 2000 },
      ]);
      const failed = await call(a.client, { sessionToken: token, action: 'query_database', payload: { sql: 'delete from ai_orders' } });
      expect(failed.data).toMatchObject({ ok: false, error: { code: 'query_failed', message: expect.stringMatching(/^Query failed: /) } });
      const schema = await call(a.client, { sessionToken: token, action: 'analyze_schema' });
      expect(schema.data!.data?.views?.map((view) => view.name)).toContain('ai_daily_sales');
    } finally {
      await patchSettings(a, { can_edit_database: false });
    }
  });

  it('database_permissions narrows the views the assistant may read', async () => {
    await patchSettings(a, { can_edit_database: true, database_permissions: ['ai_daily_sales'] });
    try {
      const token = await assistantSession(a);
      const refused = await call(a.client, { sessionToken: token, action: 'query_database', payload: { sql: 'select * from ai_customers' } });
      expect(refused.data!.ok).toBe(false);
      const allowed = await call(a.client, { sessionToken: token, action: 'query_database', payload: { sql: 'select sum(order_count) as n from ai_daily_sales' } });
      expect(allowed.data!.data?.query_result).toMatchObject({ success: true, data: [{ n: expect.anything() }] });
    } finally {
      await patchSettings(a, { can_edit_database: false, database_permissions: ['ai_orders', 'ai_order_lines', 'ai_payments', 'ai_products', 'ai_categories', 'ai_customers', 'ai_daily_sales'] });
    }
  });

  it('a message lets the model query through the tool; the panel gets its query_result', async () => {
    await patchSettings(a, { can_edit_database: true });
    try {
      const token = await assistantSession(a);
      fake.script([{ when: /how many orders/i, toolCalls: [{ name: 'query_database', arguments: { sql: 'select count(*) as orders from ai_orders' } }], reply: echoToolResults }]);
      const res = await call(a.client, { sessionToken: token, action: 'message', payload: { message: 'How many orders do we have?' } });
      expect(res.response.status).toBe(200);
      expect(res.data).toMatchObject({ ok: true, data: { query_result: { success: true, row_count: 1, data: [{ orders: 3 }] } } });
      expect(fake.requests[0]!.tools!.map((tool) => tool.function.name)).toEqual(['analyze_schema', 'query_database']);
    } finally {
      await patchSettings(a, { can_edit_database: false });
    }
  });

  it('without can_edit_database the model is not offered query_database', async () => {
    const token = await assistantSession(a);
    fake.script([{ when: /orders/, toolCalls: [{ name: 'query_database', arguments: { sql: 'select count(*) from ai_orders' } }], reply: echoToolResults }]);
    const res = await call(a.client, { sessionToken: token, action: 'message', payload: { message: 'count the orders' } });
    expect(fake.requests[0]!.tools!.map((tool) => tool.function.name)).toEqual(['analyze_schema']);
    expect(res.data!.data?.message).toMatch(/no tool named/);
    expect(res.data!.data?.query_result).toBeUndefined();
  });

  it('suggest_edit follows can_edit_code and writes nothing', async () => {
    const token = await assistantSession(a);
    const payload = { filePath: 'src/app.ts', currentContent: 'const a = 1;', intent: 'rename a to count' };
    const off = await call(a.client, { sessionToken: token, action: 'suggest_edit', payload });
    expect(off.data).toMatchObject({ ok: false, error: { code: 'code_editing_off' } });
    await patchSettings(a, { can_edit_code: true });
    try {
      fake.script([{ when: 'rename a to count', reply: 'const count = 1;' }]);
      const on = await call(a.client, { sessionToken: token, action: 'suggest_edit', payload });
      expect(on.data).toMatchObject({ ok: true, data: { suggestion: { message: 'const count = 1;' } } });
    } finally {
      await patchSettings(a, { can_edit_code: false });
    }
  });

  it.each([[{ action: 'drop_database' }], [{ action: 'query_database', payload: {} }], [{ action: 'query_database', payload: { sql: 'select 1', extra: true } }]])(
    'refuses %j with 400',
    async (body) => {
      const token = await assistantSession(a);
      expect((await callRaw(a.client, { sessionToken: token, ...body })).status).toBe(400);
    },
  );

  it('refuses an edit of an empty file path with 400', async () => {
    const token = await assistantSession(a);
    expect((await call(a.client, { sessionToken: token, action: 'suggest_edit', payload: { filePath: '', currentContent: '', intent: 'x' } })).response.status).toBe(400);
  });
});
