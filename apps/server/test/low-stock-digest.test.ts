import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lowStockDigests, outboxMessages } from '../src/db/schema/index.ts';
import { sendLowStockDigests } from '../src/modules/stock-control/send-low-stock-digests.ts';
import { signUpBusiness, startTestServer, type ApiClient, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function product(client: ApiClient, name: string, initial_stock: number, low_stock_threshold: number | null) {
  const res = await client.api.POST('/api/products', { body: { name, price: 300, track_stock: true, initial_stock, low_stock_threshold } });
  if (res.response.status !== 201) throw new Error(`product: ${JSON.stringify(res.error)}`);
}

async function shopInNewYork(name: string) {
  const owner = await signUpBusiness(server, { assignOwner: true, businessName: name });
  const zone = await owner.client.api.PATCH('/api/business-settings', { body: { time_zone: 'America/New_York' } });
  expect(zone.response.status).toBe(200);
  return owner;
}

/** The digests e-mailed to this address (the outbox row follows enqueue by a moment). */
async function digestsTo(email: string, expected: number) {
  let rows: (typeof outboxMessages.$inferSelect)[] = [];
  for (let attempt = 0; attempt < 30; attempt += 1) {
    rows = (await server.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email))).filter((row) => row.subject.startsWith('Low stock'));
    if (rows.length >= expected) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return rows;
}

const run = (now: string) => sendLowStockDigests(server.services, new Date(now));

describe('the daily low-stock digest (issue 14 item 6)', () => {
  it("e-mails the owner once a day from 07:00 of the business's day, listing what is low, emptiest first", async () => {
    const shop = await shopInNewYork('Digest Deli');
    await product(shop.client, 'Milk', 2, null); // default level 5
    await product(shop.client, 'Eggs', 0, 6);
    await product(shop.client, 'Bread', 10, 3); // not low

    // 06:30 in New York (11:30 UTC): not yet.
    await run('2026-11-26T11:30:00Z');
    expect(await digestsTo(shop.email, 0)).toHaveLength(0);

    // 07:30 in New York; two app processes' runs at once still send one e-mail.
    await Promise.all([run('2026-11-26T12:30:00Z'), run('2026-11-26T12:31:00Z')]);
    const [digest, ...more] = await digestsTo(shop.email, 1);
    expect(more).toHaveLength(0);
    expect(digest!.subject).toBe('Low stock at Digest Deli: 2 products');
    expect(digest!.body).toContain('on 2026-11-26:');
    expect(digest!.body).toContain('- Eggs: 0 left (alert at 6)\n- Milk: 2 left (alert at 5)');
    expect(digest!.body).not.toContain('Bread');
    expect(digest!.body).toMatch(/\/products\?low=1/);
    expect(digest!.body).toMatch(/\/purchase-orders/);

    // Later the same local day: nothing more.
    await run('2026-11-26T22:00:00Z');
    expect(await digestsTo(shop.email, 2)).toHaveLength(1);

    // 02:00 UTC on the 27th is still the 26th in New York: nothing; 07:00 there on the 27th: the next one.
    await run('2026-11-27T02:00:00Z');
    expect(await digestsTo(shop.email, 2)).toHaveLength(1);
    await run('2026-11-27T12:05:00Z');
    const both = await digestsTo(shop.email, 2);
    expect(both).toHaveLength(2);
    expect(both.some((row) => row.body.includes('on 2026-11-27:'))).toBe(true);
  });

  it('sends nothing when low_stock_alerts is off, or when nothing is low (the day is still claimed)', async () => {
    const off = await shopInNewYork('Alerts Off');
    await product(off.client, 'Salt', 1, null);
    const switched = await off.client.api.PATCH('/api/business-settings', { body: { enabled_features: { low_stock_alerts: false } } });
    expect(switched.response.status).toBe(200);

    const stocked = await shopInNewYork('Well Stocked');
    await product(stocked.client, 'Rice', 40, 5);

    await run('2026-12-01T13:00:00Z');
    expect(await digestsTo(off.email, 1)).toHaveLength(0);
    expect(await digestsTo(stocked.email, 1)).toHaveLength(0);
    const claimed = await server.database.withTenant(stocked.businessId, (tx) => tx.select().from(lowStockDigests).where(eq(lowStockDigests.businessId, stocked.businessId)));
    expect(claimed).toEqual([expect.objectContaining({ day: '2026-12-01', productCount: 0, recipient: null })]);
  });

  it("lists only the business's own products, and its digest rows are fenced from other businesses", async () => {
    const a = await shopInNewYork('Shop A');
    const b = await shopInNewYork('Shop B');
    await product(a.client, 'Only-A Olives', 1, null);
    await product(b.client, 'Only-B Beans', 1, null);
    await run('2026-12-02T13:00:00Z');
    const [digestA] = await digestsTo(a.email, 1);
    const [digestB] = await digestsTo(b.email, 1);
    expect(digestA!.body).toContain('Only-A Olives');
    expect(digestA!.body).not.toContain('Only-B Beans');
    expect(digestB!.body).toContain('Only-B Beans');
    expect(digestB!.body).not.toContain('Only-A Olives');
    const seenByA = await server.database.withTenant(a.businessId, (tx) => tx.select().from(lowStockDigests));
    expect(seenByA.every((row) => row.businessId === a.businessId)).toBe(true);
  });
});
