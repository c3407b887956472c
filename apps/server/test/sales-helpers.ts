import { randomUUID } from 'node:crypto';
import { products, taxRates } from '../src/db/schema/index.ts';
import { okApi, type ApiClient, type TestServer } from './harness.ts';

/** One of an untaxed product (as seedProducts makes it by default) sold at the till, paid in cash to the cent; the sale. */
export async function sellOneForCash(client: ApiClient, product: { id: string; price: number }) {
  const sale = await client.api.POST('/api/checkout', {
    body: {
      idempotency_key: randomUUID(),
      lines: [{ product_id: product.id, quantity: 1 }],
      payments: [{ method: 'cash', amount: product.price }],
      expected_total: product.price,
    },
  });
  return okApi(sale, 201);
}

/** Arranges catalogue rows directly (the catalogue API has its own tests); sales go through HTTP. */
export async function seedProducts(
  server: TestServer,
  businessId: string,
  items: { name: string; price: number; taxBasisPoints?: number; trackStock?: boolean; stock?: number; barcode?: string }[],
) {
  return server.database.withTenant(businessId, async (tx) => {
    const rates = new Map<number, string>();
    const rows = [];
    for (const item of items) {
      let taxRateId: string | null = null;
      if (item.taxBasisPoints !== undefined) {
        if (!rates.has(item.taxBasisPoints)) {
          const [rate] = await tx
            .insert(taxRates)
            .values({ businessId, name: `Rate ${item.taxBasisPoints}`, basisPoints: item.taxBasisPoints })
            .returning({ id: taxRates.id });
          rates.set(item.taxBasisPoints, rate!.id);
        }
        taxRateId = rates.get(item.taxBasisPoints)!;
      }
      const [row] = await tx
        .insert(products)
        .values({
          businessId,
          name: item.name,
          price: item.price,
          taxRateId,
          trackStock: item.trackStock ?? false,
          stockQuantity: item.stock ?? 0,
          barcode: item.barcode ?? null,
        })
        .returning();
      rows.push(row!);
    }
    return rows;
  });
}
