import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTestEnv } from '../src/env.ts';
import { aiReaderRepository, DEFAULT_READER_LIMITS } from '../src/modules/chatbot/ai-reader.repository.ts';
import { checkReadOnlySql } from '../src/modules/chatbot/check-read-only-sql.ts';
import { queryDatabase, readableViews, type DatabaseAccess } from '../src/modules/chatbot/query-database.ts';
import { REPORTING_VIEW_NAMES } from '../src/modules/chatbot/reporting-views.ts';
import { databaseFingerprint, seedChatbotBusiness, type SeededBusiness } from './chatbot-helpers.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { SQL_CASES } from './red-team-sql-cases.ts';

/**
 * The red team of issue 17 against query_database, on PGlite and on PostgreSQL. Every case:
 * nothing written anywhere (every table's rows before and after), nothing of the other
 * business in the answer, no object outside the reporting views read, and a refusal that says
 * why. Counts are printed at the end.
 */
const kind = readTestEnv().testDbKind;
const FULL_ACCESS: DatabaseAccess = { canEditDatabase: true, databasePermissions: REPORTING_VIEW_NAMES };

let server: TestServer;
let a: SeededBusiness;
let b: SeededBusiness;
const tally = { cases: 0, refused: 0, failed: 0, allowed: 0, leaks: 0, writes: 0 };

beforeAll(async () => {
  server = await startTestServer();
  a = await seedChatbotBusiness(server, 'ALPHA', { cost: 123457, orderTotal: 1111 });
  b = await seedChatbotBusiness(server, 'BETA', { cost: 987654, orderTotal: 4242424 });
});

afterAll(async () => {
  console.log(
    `red team, query_database on ${kind}: ${tally.cases} cases, ${tally.refused} refused by the checker, ${tally.failed} refused by the database, ${tally.allowed} allowed, writes=${tally.writes}, leaks=${tally.leaks}`,
  );
  await server?.close();
});

function fill(sql: string): string {
  return sql
    .replaceAll('{B_ORDER}', b.orderIds[0]!)
    .replaceAll('{B_PRODUCT}', b.productIds[0]!)
    .replaceAll('{B_CUSTOMER}', b.customerIds[0]!)
    .replaceAll('{B_BUSINESS}', b.businessId)
    .replaceAll('{A_BUSINESS}', a.businessId);
}

/** Anything of business B, and things no reporting view shows, in the text of an answer. */
function leaksIn(text: string): string[] {
  const forbidden = [
    'BETA',
    String(b.cost),
    '4242424',
    ...b.productIds,
    ...b.orderIds,
    ...b.customerIds,
    ...b.categoryIds,
    b.customerEmail,
    a.customerEmail,
    a.staffName,
    b.staffName,
    'rolpassword',
    'SCRAM-SHA',
    'pin_hash',
    'till_ai_views',
  ];
  return forbidden.filter((needle) => text.toLowerCase().includes(needle.toLowerCase()));
}

describe(`query_database red team on ${kind}`, () => {
  it(`has at least 200 hostile cases (${SQL_CASES.length})`, () => {
    expect(SQL_CASES.length).toBeGreaterThanOrEqual(200);
  });

  it.each(SQL_CASES.map((testCase, index) => [index + 1, testCase.category, testCase.expect, testCase] as const))(
    '#%i %s → %s',
    async (_index, _category, _expect, testCase) => {
      const sql = fill(testCase.sql);
      tally.cases += 1;
      const before = await databaseFingerprint(server);
      const check = await checkReadOnlySql(sql, { allowedViews: readableViews(FULL_ACCESS) });
      const result = await queryDatabase(server.database, { businessId: a.businessId, sql, access: FULL_ACCESS });
      const after = await databaseFingerprint(server);

      if (JSON.stringify(after) !== JSON.stringify(before)) tally.writes += 1;
      expect(after, 'rows written').toEqual(before);
      // The marker is in the question for some cases; the answer must not carry B's data.
      const answer = JSON.stringify({ data: result.data, message: result.message, error: result.error });
      const leaks = leaksIn(answer).filter((needle) => !sql.toLowerCase().includes(needle.toLowerCase()));
      if (leaks.length > 0) tally.leaks += 1;
      expect(leaks, 'leaked').toEqual([]);
      for (const relation of result.relations) expect(REPORTING_VIEW_NAMES).toContain(relation);

      if (testCase.expect === 'allowed') {
        tally.allowed += 1;
        expect(result.success, result.message).toBe(true);
        expect(result.data.length).toBeLessThanOrEqual(3);
        expect(result.message).toMatch(/^Found /);
        return;
      }
      expect(result.success).toBe(false);
      expect(result.data).toEqual([]);
      expect(result.message).toMatch(/^Query failed: \S.{10,}/);
      if (testCase.expect === 'failed') {
        tally.failed += 1;
        expect(check.ok, 'the checker should let it through to the database').toBe(true);
        return;
      }
      tally.refused += 1;
      expect(check.ok ? 'accepted' : check.code).toBe(testCase.expect);
    },
  );
});

describe(`the reader's own fences on ${kind} (without the checker)`, () => {
  it('the reader role may not read a base table or a catalog of passwords, even if a query got past the checker', async () => {
    for (const statement of ['select * from products', 'select * from employees', 'select * from customers', 'select rolpassword from pg_authid']) {
      const outcome = await aiReaderRepository.run(server.database.db, a.businessId, statement, DEFAULT_READER_LIMITS);
      expect(outcome).toMatchObject({ kind: 'failed', sqlState: '42501' });
    }
  });

  it('a write that got past the checker fails in the read-only transaction and leaves every table as it was', async () => {
    const before = await databaseFingerprint(server);
    const outcome = await aiReaderRepository.run(server.database.db, a.businessId, 'with x as (delete from ai_orders returning 1) select count(*) from x', DEFAULT_READER_LIMITS);
    expect(outcome.kind).toBe('failed');
    expect(await databaseFingerprint(server)).toEqual(before);
  });

  it('a view read without a tenant, or as another tenant, sees only that tenant', async () => {
    const seenByB = await aiReaderRepository.run(server.database.db, b.businessId, 'select name from ai_products order by name', DEFAULT_READER_LIMITS);
    expect(seenByB.kind === 'rows' && seenByB.rows.every((row) => String(row.name).startsWith('BETA'))).toBe(true);
    const seenByA = await aiReaderRepository.run(server.database.db, a.businessId, 'select name from ai_products order by name', DEFAULT_READER_LIMITS);
    expect(seenByA.kind === 'rows' && seenByA.rows.length === 5 && seenByA.rows.every((row) => String(row.name).startsWith('ALPHA'))).toBe(true);
  });
});
