import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { taxRates } from '../../db/schema/index.ts';

export type TaxRateRow = typeof taxRates.$inferSelect;

/** Tenant queries on tax_rates; each runs on the request's fenced transaction and filters by business too. */
export const taxRatesRepository = {
  async list(tx: Tx, businessId: string): Promise<TaxRateRow[]> {
    return tx.select().from(taxRates).where(eq(taxRates.businessId, businessId)).orderBy(asc(taxRates.basisPoints), asc(taxRates.name));
  },

  async findById(tx: Tx, businessId: string, id: string): Promise<TaxRateRow | null> {
    const [row] = await tx
      .select()
      .from(taxRates)
      .where(and(eq(taxRates.businessId, businessId), eq(taxRates.id, id)))
      .limit(1);
    return row ?? null;
  },

  async findDefault(tx: Tx, businessId: string): Promise<TaxRateRow | null> {
    const [row] = await tx
      .select()
      .from(taxRates)
      .where(and(eq(taxRates.businessId, businessId), eq(taxRates.isDefault, true)))
      .limit(1);
    return row ?? null;
  },

  async insert(tx: Tx, values: typeof taxRates.$inferInsert): Promise<TaxRateRow> {
    const [row] = await tx.insert(taxRates).values(values).returning();
    return row!;
  },

  async update(tx: Tx, businessId: string, id: string, values: Partial<Pick<TaxRateRow, 'name' | 'basisPoints' | 'isDefault'>>) {
    const [row] = await tx
      .update(taxRates)
      .set(values)
      .where(and(eq(taxRates.businessId, businessId), eq(taxRates.id, id)))
      .returning();
    return row ?? null;
  },

  /** Only one rate is the default: the others lose the flag when one gains it. */
  async clearDefaultExcept(tx: Tx, businessId: string, exceptId: string | null): Promise<void> {
    await tx
      .update(taxRates)
      .set({ isDefault: false })
      .where(and(eq(taxRates.businessId, businessId), eq(taxRates.isDefault, true), exceptId ? ne(taxRates.id, exceptId) : undefined));
  },
};
