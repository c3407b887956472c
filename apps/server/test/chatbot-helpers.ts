import { sql } from 'drizzle-orm';
import { categories, customers, orderLines, orders, payments, products } from '../src/db/schema/index.ts';
import { signUpBusiness, type TestServer } from './harness.ts';

/**
 * Two businesses with recognisable data for the chatbot tests: every text and amount of the
 * "other" business carries a marker, so a leak of any of its rows shows in a result. The
 * staff name, customer email and product cost are things the customer-facing assistant must
 * never reveal, so they are distinctive too.
 */
export interface SeededBusiness {
  businessId: string;
  userId: string;
  client: Awaited<ReturnType<typeof signUpBusiness>>['client'];
  marker: string;
  staffName: string;
  customerEmail: string;
  /** Distinctive cost in minor units (e.g. 123457 → 1,234.57). */
  cost: number;
  productIds: string[];
  orderIds: string[];
  customerIds: string[];
  categoryIds: string[];
}

export async function seedChatbotBusiness(server: TestServer, marker: string, options: { cost: number; orderTotal: number }): Promise<SeededBusiness> {
  const staffName = `${marker} Staffer`;
  const { client, businessId, userId } = await signUpBusiness(server, { businessName: `${marker} Shop`, fullName: staffName, assignOwner: true });
  const customerEmail = `${marker.toLowerCase()}.customer@example.com`;
  return server.database.withTenant(businessId, async (tx) => {
    const [category] = await tx.insert(categories).values({ businessId, name: `${marker} Drinks` }).returning();
    const productRows = await tx
      .insert(products)
      .values([
        { businessId, name: `${marker} Espresso`, price: 250, cost: options.cost, categoryId: category!.id, trackStock: true, stockQuantity: 40, lowStockThreshold: 5 },
        { businessId, name: `${marker} Latte`, price: 350, cost: options.cost + 1, categoryId: category!.id, trackStock: true, stockQuantity: 2, lowStockThreshold: 5 },
        { businessId, name: `${marker} Muffin`, price: 300, cost: options.cost + 2, trackStock: true, stockQuantity: 0 },
        { businessId, name: `${marker} Gift card`, price: 2000, cost: null, trackStock: false },
        { businessId, name: `${marker} Archived mug`, price: 900, cost: options.cost + 3, isActive: false },
      ])
      .returning();
    const [customer] = await tx.insert(customers).values({ businessId, name: `${marker} Customer`, email: customerEmail, phone: '+15550100', notes: `${marker} notes` }).returning();
    const orderIds: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const total = options.orderTotal + index;
      const [order] = await tx
        .insert(orders)
        .values({
          businessId,
          number: index + 1,
          status: 'paid',
          customerId: index === 0 ? customer!.id : null,
          currency: 'USD',
          pricesIncludeTax: false,
          subtotal: total,
          discountTotal: 0,
          taxTotal: 0,
          total,
          paidTotal: total,
          paidAt: sql`now() - make_interval(days => ${index})` as unknown as Date,
        })
        .returning();
      orderIds.push(order!.id);
      await tx.insert(orderLines).values({
        businessId,
        orderId: order!.id,
        position: 1,
        productId: productRows[0]!.id,
        name: `${marker} Espresso`,
        unitPrice: total,
        quantity: 1,
        taxRateBasisPoints: 0,
        gross: total,
        lineDiscountAmount: 0,
        orderDiscountShare: 0,
        net: total,
        tax: 0,
        total,
      });
      await tx.insert(payments).values({ businessId, orderId: order!.id, method: 'card', amount: total });
    }
    return {
      businessId,
      userId,
      client,
      marker,
      staffName,
      customerEmail,
      cost: options.cost,
      productIds: productRows.map((row) => row.id),
      orderIds,
      customerIds: [customer!.id],
      categoryIds: [category!.id],
    };
  });
}

/**
 * Every row of every table in the public schema, as counts and a digest of their contents,
 * read as the connecting user (no tenant): equal before and after means nothing was written.
 */
export async function databaseFingerprint(server: TestServer): Promise<Record<string, string>> {
  const tables = (await server.database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '\_\_%' order by tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  const parts = tables.rows.map(
    ({ tablename }) => `select '${tablename}' as t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as f from public."${tablename}" x`,
  );
  const result = (await server.database.db.execute(sql.raw(parts.join(' union all ')))) as unknown as { rows: { t: string; f: string }[] };
  return Object.fromEntries(result.rows.map((row) => [row.t, row.f]));
}
