import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_NAMES, isApiErrorCode, makeGiftCardCode } from '@till/core';
import { ApiClient, STRONG_PASSWORD, okApi, signUpBusiness, startTestServer, verifyEmailOf, type TestServer } from './harness.ts';
import { staffBusiness, tillOf } from './staff-helpers.ts';
import { readTestEnv } from '../src/env.ts';
import { like } from 'drizzle-orm';
import { rateLimits } from '../src/db/schema/index.ts';

/**
 * The fuzz tier (issue 9 item 5): every operation of the OpenAPI document gets hostile values in
 * each path parameter, query parameter and JSON body field — NUL, lone UTF-16 surrogates, year-0000
 * and year-10000 dates, numbers past int4 and float range, wrong types, very long texts. None may
 * answer 5xx, and every 4xx carries the `{ error: { code, message } }` shape.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  minLength?: number;
  default?: unknown;
};
type Operation = {
  parameters?: { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: Schema; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

const HOSTILE_TEXT = ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\u001b[31m\u001bp', '0000-01-01', '0000-00-00T00:00:00Z', '0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '+275760-09-13T00:00:00Z', '10000-01-01T00:00:00Z', '2026-02-30', 'x'.repeat(20_000), '../../etc/passwd', '%00', '-1', '99999999999999999999', 'null'];
const HOSTILE_NUMBERS = [2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, -1e308, 1e308, 0.5, -1, 1e-300];
const WRONG_TYPES: unknown[] = [null, {}, [], 'text', true];
const HOSTILE_PARAMS = ['\u0000', '%00', '%ED%A0%80', '%FF', '0000-01-01', '10000-01-01', '-1', '99999999999999999999999', 'x'.repeat(3000), '..%2F..%2Fetc', "' or 1=1 --"];

// Operations that end the fuzzer's own session or account; their bodies are still fuzzed on a throwaway account below.
const SESSION_ENDING = /^(POST \/api\/registers\/pair-this-browser|POST \/api\/auth\/sign-out|POST \/api\/auth\/sign-out-everywhere|DELETE \/api\/account)/;

let server: TestServer;
let document: { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

/** The super admin of the second pass (the platform's user operations answer 403 to the owner of the first). */
const FUZZ_ROOT = 'fuzz-root@example.com';

beforeAll(async () => {
  server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: FUZZ_ROOT } });
  // The document itself is the fuzzer's input, read as data rather than through the client it describes.
  document = (await new ApiClient(server.url).raw('GET', '/api/openapi.json')).body;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

function resolve(schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(document.components?.schemas?.[schema.$ref.split('/').pop()!]);
  if (schema.allOf?.length) return schema.allOf.map(resolve).reduce((all, part) => ({ ...all, ...part, properties: { ...all.properties, ...part.properties } }), {});
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return resolve(variants.find((variant) => resolve(variant).type !== 'null') ?? variants[0]);
  return schema;
}

const typeOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type);

/** A plausible value for a schema, so that the other fields pass and the hostile one is what is judged. */
function sample(input: Schema | undefined, depth = 0): unknown {
  const schema = resolve(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (typeOf(schema)) {
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return '2026-01-01';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 ? [] : [sample(schema.items, depth + 1)];
    case 'object': {
      if (depth > 3) return {};
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) value[key] = sample(schema.properties?.[key], depth + 1);
      return value;
    }
    default:
      return 'x';
  }
}

/** Every field reachable in the body (through objects and the first item of arrays), with its schema. */
function fieldsOf(input: Schema | undefined, prefix: (string | number)[] = [], depth = 0): { path: (string | number)[]; schema: Schema }[] {
  const schema = resolve(input);
  if (depth > 3) return [];
  const type = typeOf(schema);
  if (type === 'object') {
    return Object.entries(schema.properties ?? {}).flatMap(([key, child]) => [{ path: [...prefix, key], schema: resolve(child) }, ...fieldsOf(child, [...prefix, key], depth + 1)]);
  }
  if (type === 'array') return fieldsOf(schema.items, [...prefix, 0], depth + 1);
  return [];
}

function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let cursor = copy;
  for (const [index, key] of path.entries()) {
    if (index === path.length - 1) {
      cursor[key] = value;
      break;
    }
    cursor[key] ??= typeof path[index + 1] === 'number' ? [] : {};
    cursor = cursor[key] as Record<string | number, unknown>;
  }
  return copy;
}

function hostileValuesFor(schema: Schema): unknown[] {
  const type = typeOf(schema);
  if (type === 'string') return [...HOSTILE_TEXT, ...WRONG_TYPES.slice(0, 3), 123];
  if (type === 'integer' || type === 'number') return [...HOSTILE_NUMBERS, 'text', null];
  if (type === 'array') return [{}, 'text', Array.from({ length: 2000 }, () => 1)];
  return WRONG_TYPES;
}

interface Case {
  method: string;
  url: string;
  body?: string;
}

function casesOf(path: string, method: string, operation: Operation, ids: Record<string, string>): Case[] {
  const realId = ids[path.split('/')[2] ?? ''];
  const params = operation.parameters ?? [];
  const pathParams = params.filter((param) => param.in === 'path');
  const queryParams = params.filter((param) => param.in === 'query');
  const fill = (overrides: Record<string, string>) =>
    path.replace(/\{(\w+)\}/g, (_match, name: string) => {
      if (name in overrides) return encodeURIComponent(overrides[name]!).replace(/%25/g, '%');
      const schema = resolve(pathParams.find((param) => param.name === name)?.schema);
      if (name === 'id' && realId) return realId;
      if (name === 'bucket') return 'product-images';
      if (name === 'code') return '4006381333931';
      return encodeURIComponent(String(sample(schema)));
    });
  const cases: Case[] = [];
  const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
  const baseBody = jsonSchema ? sample(jsonSchema) : undefined;
  const body = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));

  for (const param of pathParams) for (const value of HOSTILE_PARAMS) cases.push({ method, url: fill({ [param.name]: value }), body: body(baseBody) });
  for (const param of queryParams) {
    const schema = resolve(param.schema);
    const values = [
      ...HOSTILE_PARAMS,
      ...(typeOf(schema) === 'integer' || typeOf(schema) === 'number' ? ['1e308', '2147483648', '-2147483649', '0.5'] : []),
      // A well-formed id of nothing (a store, a customer): past validation, the lookup must answer 4xx.
      ...(schema.format === 'uuid' ? [randomUUID()] : []),
    ];
    for (const value of values) cases.push({ method, url: `${fill({})}?${param.name}=${encodeURIComponent(value).replace(/%25/g, '%')}`, body: body(baseBody) });
  }
  if (jsonSchema) {
    cases.push({ method, url: fill({}), body: body(baseBody) });
    for (const raw of ['null', '[]', '"\\u0000"', '{"a":"\\ud800"}', '1e999']) cases.push({ method, url: fill({}), body: raw });
    for (const field of fieldsOf(jsonSchema)) {
      for (const value of hostileValuesFor(field.schema)) cases.push({ method, url: fill({}), body: body(withValue(baseBody, field.path, value)) });
    }
  }
  if (cases.length === 0) cases.push({ method, url: fill({}) });
  return cases;
}

async function signedInOwner() {
  // Every feature on, so that no route stops at feature_disabled before reading its input.
  const shop = await staffBusiness(server, { features: Object.fromEntries(FEATURE_NAMES.map((name) => [name, true])) });
  ownerEmployeeId = shop.ownerEmployeeId;
  return shop.client;
}
let ownerEmployeeId = '';

/** Real rows of the fuzzing business, so that id-taking routes reach their writes and queries. */
async function seedRows(client: ApiClient) {
  // The fuzzed pairing route spends this address's wrong-code allowance; pairing the seed till must not wait for it.
  await server.database.db.delete(rateLimits).where(like(rateLimits.key, 'till_pairing_address%'));
  // Through the typed client, each seed must succeed: a seed that drifts from its route's schema fails the typecheck, and one
  // the server refuses fails here, instead of leaving the fuzzer to probe a random id.
  await okApi(await client.api.PATCH('/api/employees/{id}', { params: { path: { id: ownerEmployeeId } }, body: { pin: '135790' } }), 200);
  const till = await tillOf(client);
  const token = (await okApi(await till.api.POST('/api/employee-sessions', { body: { employee_id: ownerEmployeeId, pin: '135790' } }), 201)).token;
  const category = (await okApi(await client.api.POST('/api/categories', { body: { name: 'Fuzz category' } }), 201)).category.id;
  const taxRate = (await okApi(await client.api.POST('/api/tax-rates', { body: { name: 'Fuzz VAT', basis_points: 1000 } }), 201)).tax_rate.id;
  const product = (await okApi(await client.api.POST('/api/products', { body: { name: 'Fuzz product', price: 250, tax_rate_id: taxRate, track_stock: true, initial_stock: 50, barcode: '4006381333931' } }), 201)).product;
  const customer = (await okApi(await client.api.POST('/api/customers', { body: { name: 'Fuzz customer' } }), 201)).customer.id;
  const supplier = (await okApi(await client.api.POST('/api/suppliers', { body: { name: 'Fuzz supplier' } }), 201)).supplier.id;
  const purchaseOrder = (
    await okApi(await client.api.POST('/api/purchase-orders', { body: { supplier_id: supplier, lines: [{ product_id: product.id, quantity: 1, unit_cost: 100 }] } }), 201)
  ).purchase_order.id;
  const purchaseInvoice = (
    await okApi(
      await client.api.POST('/api/purchase-invoices', {
        body: { idempotency_key: randomUUID(), supplier_id: supplier, invoice_number: 'FUZZ-1', invoice_date: '2026-01-01', lines: [{ description: 'Fuzz', quantity: 1, unit_cost: 100 }] },
      }),
      201,
    )
  ).invoice.id;
  const employee = (await okApi(await client.api.POST('/api/employees', { body: { full_name: 'Fuzz cashier', role: 'cashier', pin: '2468' } }), 201)).employee.id;
  const sale = await okApi(
    await client.api.POST('/api/checkout', {
      body: {
        idempotency_key: randomUUID(),
        lines: [{ product_id: product.id, quantity: 1 }],
        // 2.50 and the 10 % rate on top (the business's prices exclude tax), paid from a 100.00 note.
        payments: [{ method: 'cash', amount: 275, tendered: 10_000 }],
        expected_total: 275,
      },
    }),
    201,
  );
  const order = sale.order.id;
  // A gift card sold (decision 064), so that its history route reaches its query.
  await okApi(
    await client.api.POST('/api/checkout', {
      body: { idempotency_key: randomUUID(), lines: [], gift_cards: [{ code: makeGiftCardCode(() => randomInt(10)), amount: 500 }], payments: [{ method: 'card', amount: 500 }], expected_total: 500 },
    }),
    201,
  );
  const giftCard = (await okApi(await client.api.GET('/api/gift-cards'), 200)).gift_cards[0]!.id;
  const headers = { 'x-employee-session': token };
  await okApi(await client.api.POST('/api/time-clock/clock-in', { headers }), 201);
  await okApi(await client.api.POST('/api/time-clock/clock-out', { headers }), 200);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const entries = await okApi(await client.api.GET('/api/time-clock/entries', { params: { query: { from: day(-2), to: day(2) } }, headers }), 200);
  const entry = entries.entries[0]!.id;
  const expenseCategory = (await okApi(await client.api.GET('/api/expenses/categories'), 200)).categories[0]!.id;
  const expense = (
    await okApi(
      await client.api.POST('/api/expenses', {
        body: { idempotency_key: randomUUID(), payee_name: 'Fuzz payee', category_id: expenseCategory, date: '2026-01-01', amount: 100, payment_method: 'cash', status: 'paid' },
      }),
      201,
    )
  ).expense.id;
  const task = (await okApi(await client.api.POST('/api/tasks', { body: { title: 'Fuzz task' } }), 201)).task.id;
  // An open drawer on the seed till, so that the drawer routes reach their queries and writes.
  const drawer = await okApi(await till.api.POST('/api/cash-sessions', { body: { idempotency_key: randomUUID(), opening_float: 10_000 }, headers }), 201);
  // A QuickBooks account mapping, so that the journal routes reach their queries past "map the accounts first".
  // Through the typed client: a seed that drifts from the route's schema fails the typecheck, not silently the seed.
  const mapping = await client.api.PUT('/api/quickbooks/mapping', {
    body: {
      default_income_account: 'Sales',
      default_tax_account: 'Tax',
      payment_accounts: { cash: 'Cash', card: 'Card', other: 'Other' },
      over_short_account: 'Over/Short',
      discounts_account: 'Discounts',
      refunds_account: null,
    },
  });
  if (mapping.response.status !== 200) throw new Error(`fuzz seed: mapping ${mapping.response.status} ${JSON.stringify(mapping.error)}`);
  const ids: Record<string, string> = {
    'cash-sessions': drawer.id,
    quickbooks: drawer.id,
    products: product.id,
    categories: category,
    customers: customer,
    loyalty: customer,
    'gift-cards': giftCard,
    suppliers: supplier,
    'purchase-orders': purchaseOrder,
    'purchase-invoices': purchaseInvoice,
    employees: employee,
    orders: order,
    'tax-rates': taxRate,
    'time-clock': entry,
    expenses: expense,
    tasks: task,
  };
  return { ids, employeeSession: token };
}

describe('fuzz tier: hostile input to every operation of the OpenAPI document', () => {
  it('answers no 5xx and a well-formed 4xx error to every hostile request', async () => {
    let client = await signedInOwner();
    let { ids, employeeSession } = await seedRows(client);
    const failures: string[] = [];
    const malformed: string[] = [];
    const unlisted: string[] = [];
    let requests = 0;
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
    );
    expect(operations.length).toBeGreaterThan(50);
    for (const { path, method, operation } of operations) {
      const key = `${method} ${path}`;
      const cases = casesOf(path, method, operation, ids);
      // Routes for a signed-in employee get the owner's own PIN session; the rest the account alone.
      const asEmployee = /^\/api\/(time-clock|employee-sessions)\b/.test(path);
      for (const fuzzCase of cases) {
        if (SESSION_ENDING.test(key)) {
          client = await signedInOwner();
          ({ ids, employeeSession } = await seedRows(client));
        }
        requests += 1;
        const response = await fetch(`${server.url}${fuzzCase.url}`, {
          method: fuzzCase.method,
          headers: { cookie: client.cookieHeader(), ...(asEmployee ? { 'x-employee-session': employeeSession } : {}), ...(fuzzCase.body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(fuzzCase.body === undefined || fuzzCase.method === 'GET' ? {} : { body: fuzzCase.body }),
          // The operation's own answer is judged: a redirect (the SSO callback's) leads to a page, not to the API.
          redirect: 'manual',
        });
        const text = await response.text();
        const where = `${fuzzCase.method} ${fuzzCase.url.slice(0, 160)} ${fuzzCase.body?.slice(0, 160) ?? ''}`;
        if (response.status >= 500) failures.push(`${response.status} ${where} → ${text.slice(0, 200)}`);
        else if (response.status >= 400 && (response.headers.get('content-type') ?? '').includes('application/json')) {
          const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
          if (typeof parsed.error?.code !== 'string' || typeof parsed.error?.message !== 'string') malformed.push(`${response.status} ${where} → ${text.slice(0, 200)}`);
          // The web types its error handling on core's list: a code outside it is a code the web cannot name.
          else if (!isApiErrorCode(parsed.error.code)) unlisted.push(`${parsed.error.code}: ${response.status} ${where}`);
        }
      }
    }
    console.log(`fuzz tier (${readTestEnv().testDbKind}): ${operations.length} operations, ${requests} requests, ${failures.length} answered 5xx, ${malformed.length} 4xx without the error shape, ${unlisted.length} with a code not in API_ERROR_CODES`);
    for (const failure of [...failures, ...malformed, ...unlisted]) console.log(failure);
    expect(failures).toEqual([]);
    expect(malformed).toEqual([]);
    expect(unlisted).toEqual([]);
  }, 600_000);

  it("gives the platform's user operations hostile input as a super admin (decision 067)", async () => {
    const root = new ApiClient(server.url);
    await okApi(await root.api.POST('/api/auth/sign-up', { body: { email: FUZZ_ROOT, password: STRONG_PASSWORD } }), 201);
    await verifyEmailOf(server, FUZZ_ROOT);
    expect((await okApi(await root.api.GET('/api/me'), 200)).is_super_admin).toBe(true);
    const target = await signUpBusiness(server);
    const operations = Object.entries(document.paths)
      .filter(([path]) => /^\/api\/super-admin\/(users|invite|generate-link)/.test(path))
      .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })));
    expect(operations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([
      'DELETE /api/super-admin/users/{id}',
      'GET /api/super-admin/users',
      'GET /api/super-admin/users/{id}',
      'POST /api/super-admin/generate-link',
      'POST /api/super-admin/invite',
      'POST /api/super-admin/users',
      'PUT /api/super-admin/users/{id}',
    ]);
    const refused: string[] = [];
    let requests = 0;
    for (const { path, method, operation } of operations) {
      for (const fuzzCase of casesOf(path, method, operation, { 'super-admin': target.userId })) {
        requests += 1;
        const response = await fetch(`${server.url}${fuzzCase.url}`, {
          method: fuzzCase.method,
          headers: { cookie: root.cookieHeader(), ...(fuzzCase.body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(fuzzCase.body === undefined || fuzzCase.method === 'GET' ? {} : { body: fuzzCase.body }),
        });
        const text = await response.text();
        const where = `${response.status} ${fuzzCase.method} ${fuzzCase.url.slice(0, 160)} ${fuzzCase.body?.slice(0, 160) ?? ''} → ${text.slice(0, 200)}`;
        if (response.status >= 500) refused.push(where);
        else if (response.status >= 400) {
          const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
          if (typeof parsed.error?.code !== 'string' || typeof parsed.error.message !== 'string' || !isApiErrorCode(parsed.error.code)) refused.push(where);
          // Still the super admin: no hostile input may sign the fuzzer out or take its rights.
          if (parsed.error?.code === 'forbidden' || parsed.error?.code === 'session_not_found') refused.push(where);
        }
      }
    }
    console.log(`fuzz tier, super admin (${readTestEnv().testDbKind}): ${operations.length} operations, ${requests} requests, ${refused.length} refused`);
    expect(refused).toEqual([]);
  }, 300_000);
});
