import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessSettings, employees } from '../src/db/schema/index.ts';
import type { Database } from '../src/db/client.ts';
import { readTestEnv } from '../src/env.ts';
import { sqlState } from '../src/lib/pg-errors.ts';
import { signUpBusiness, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let a: { businessId: string };
let b: { businessId: string };
beforeAll(async () => {
  server = await startTestServer();
  a = await signUpBusiness(server, { businessName: 'Shop A', assignOwner: true });
  b = await signUpBusiness(server, { businessName: 'Shop B', assignOwner: true });
});
afterAll(() => server.close());

/** Reads with no business filter at all, inside the tenant transaction of `businessId`. */
async function unfilteredReads(database: Database, businessId: string) {
  return database.withTenant(businessId, async (tx) => ({
    settings: await tx.select({ businessId: businessSettings.businessId, name: businessSettings.businessName }).from(businessSettings),
    employees: await tx.select({ businessId: employees.businessId }).from(employees),
    rawCount: Number(((await tx.execute(sql`select count(*)::int as n from businesses`)) as unknown as { rows: { n: number }[] }).rows[0]!.n),
  }));
}

describe(`row-level security on ${readTestEnv().testDbKind}`, () => {
  it('a query without a business filter sees only its own tenant', async () => {
    const seenByA = await unfilteredReads(server.database, a.businessId);
    expect(seenByA.settings).toEqual([{ businessId: a.businessId, name: 'Shop A' }]);
    expect(seenByA.employees.map((row) => row.businessId)).toEqual([a.businessId]);
    expect(seenByA.rawCount).toBe(1);
    const seenByB = await unfilteredReads(server.database, b.businessId);
    expect(seenByB.settings).toEqual([{ businessId: b.businessId, name: 'Shop B' }]);
  });

  it('cannot write a row into another tenant', async () => {
    await expect(
      server.database.withTenant(a.businessId, (tx) =>
        tx.update(businessSettings).set({ businessId: b.businessId }).where(sql`true`),
      ),
    ).rejects.toThrow();
  });

  it('without the policy the same unfiltered query leaks, so the isolation test above would fail', async () => {
    await server.database.db.execute(sql`drop policy tenant_isolation on business_settings`);
    await server.database.db.execute(sql`create policy tenant_isolation on business_settings using (true) with check (true)`);
    try {
      const seenByA = await unfilteredReads(server.database, a.businessId);
      expect(seenByA.settings.map((row) => row.businessId).sort()).toEqual([a.businessId, b.businessId].sort());
    } finally {
      await server.database.db.execute(sql`drop policy tenant_isolation on business_settings`);
      await server.database.db.execute(
        sql`create policy tenant_isolation on business_settings using (business_id = app_current_business_id()) with check (business_id = app_current_business_id())`,
      );
    }
  });

  it('the sale functions fence themselves, and a till_app session may not call them to reach another tenant', async () => {
    // Called by the application, till_sale_context runs under business A's fence: it sees A's settings only.
    const context = (await server.database.db.execute(
      sql`select till_sale_context(${a.businessId}::uuid, '{}'::uuid[], gen_random_uuid(), null) as c`,
    )) as unknown as { rows: { c: { settings: unknown; existing: unknown } }[] };
    expect(context.rows[0]!.c.settings).toMatchObject({ currency: expect.any(String) });
    expect(context.rows[0]!.c.existing).toBeNull();
    // From inside business A's fenced transaction (role till_app), B's sale context is refused.
    const refusal = (work: Promise<unknown>) => work.then(() => 'allowed', (error: unknown) => sqlState(error));
    expect(
      await refusal(
        server.database.withTenant(a.businessId, (tx) =>
          tx.execute(sql`select till_sale_context(${b.businessId}::uuid, '{}'::uuid[], gen_random_uuid(), null)`),
        ),
      ),
    ).toBe('42501'); // insufficient_privilege
    expect(
      await refusal(
        server.database.withTenant(a.businessId, (tx) => tx.execute(sql`select till_write_sale(${b.businessId}::uuid, '{}'::jsonb)`)),
      ),
    ).toBe('42501');
  });
});
