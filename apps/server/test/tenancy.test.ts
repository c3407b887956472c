import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessSettings, employees } from '../src/db/schema/index.ts';
import type { Database } from '../src/db/client.ts';
import { readTestEnv } from '../src/env.ts';
import { sqlState } from '../src/lib/pg-errors.ts';
import { randomUUID } from 'node:crypto';
import { signUpBusiness, startTestServer, type TestServer } from './harness.ts';
import { seedProducts } from './sales-helpers.ts';

let server: TestServer;
let a: Awaited<ReturnType<typeof signUpBusiness>>;
let b: Awaited<ReturnType<typeof signUpBusiness>>;
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

  it('every table that carries business_id is fenced: RLS enabled and forced, with a tenant_isolation policy', async () => {
    const tables = (await server.database.db.execute(sql`
      select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
             exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname and p.policyname = 'tenant_isolation') as policy
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')
         and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'business_id' and not a.attisdropped)
       order by 1`)) as unknown as { rows: { name: string; enabled: boolean; forced: boolean; policy: boolean }[] };
    expect(tables.rows.length).toBeGreaterThan(10);
    expect(tables.rows.filter((table) => !(table.enabled && table.forced && table.policy)).map((table) => table.name)).toEqual([]);
  });
});

describe('stores', () => {
  it('every business starts with one default store, and its sales belong to it', async () => {
    const stores = await server.database.withTenant(a.businessId, (tx) =>
      tx.execute(sql`select id, name, is_default from stores`),
    ) as unknown as { rows: { id: string; name: string; is_default: boolean }[] };
    expect(stores.rows).toEqual([{ id: expect.any(String), name: 'Main store', is_default: true }]);
    const [bagel] = await seedProducts(server, a.businessId, [{ name: 'Bagel', price: 300 }]);
    const sale = await a.client.api.POST('/api/checkout', {
      body: {
        idempotency_key: randomUUID(),
        lines: [{ product_id: bagel!.id, quantity: 1 }],
        payments: [{ method: 'cash', amount: 300, tendered: 300 }],
        expected_total: 300,
      },
    });
    expect(sale.response.status).toBe(201);
    const order = await server.database.withTenant(a.businessId, (tx) => tx.execute(sql`select store_id from orders`)) as unknown as { rows: { store_id: string }[] };
    expect(order.rows).toEqual([{ store_id: stores.rows[0]!.id }]);
  });

  it("a row cannot name another business's store, even where foreign-key checks ignore row-level security", async () => {
    const storeOfB = await server.database.withTenant(b.businessId, (tx) => tx.execute(sql`select id from stores`)) as unknown as { rows: { id: string }[] };
    const attempt = server.database.withTenant(a.businessId, (tx) =>
      tx.execute(sql`insert into registers (business_id, store_id, name) values (${a.businessId}, ${storeOfB.rows[0]!.id}, 'Front till')`),
    );
    expect(await attempt.then(() => 'allowed', (error: unknown) => sqlState(error))).toBe('23503'); // foreign_key_violation
  });
});
