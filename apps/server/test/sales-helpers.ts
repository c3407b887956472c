import { products, taxRates } from '../src/db/schema/index.ts';
import type { TestServer } from './harness.ts';

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
