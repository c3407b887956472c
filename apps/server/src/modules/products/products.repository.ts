import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog, businessSettings, businesses, categories, employees, products, stockMovements, taxRates } from '../../db/schema/index.ts';

export type ProductRow = typeof products.$inferSelect;
export type ProductStatus = 'active' | 'archived' | 'all';

/** A product with what the list shows of its category and own tax rate. */
const listedColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  barcode: products.barcode,
  price: products.price,
  cost: products.cost,
  taxRateId: products.taxRateId,
  categoryId: products.categoryId,
  trackStock: products.trackStock,
  stockQuantity: products.stockQuantity,
  lowStockThreshold: products.lowStockThreshold,
  isActive: products.isActive,
  imageKey: products.imageKey,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  /** lower(name) as PostgreSQL computes it: the cursor must compare in the database's terms. */
  sortKey: sql<string>`lower(${products.name})`,
  categoryName: categories.name,
  categoryColor: categories.color,
  categoryIsActive: categories.isActive,
  taxRateName: taxRates.name,
  taxRateBasisPoints: taxRates.basisPoints,
};

export interface ListedProductRow {
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  price: number;
  cost: number | null;
  taxRateId: string | null;
  categoryId: string | null;
  trackStock: boolean;
  stockQuantity: number;
  lowStockThreshold: number | null;
  isActive: boolean;
  imageKey: string | null;
  createdAt: Date;
  updatedAt: Date;
  sortKey: string;
  categoryName: string | null;
  categoryColor: string | null;
  categoryIsActive: boolean | null;
  taxRateName: string | null;
  taxRateBasisPoints: number | null;
}

/** `%text%` for LIKE, with the user's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export interface CatalogueFilters {
  status: ProductStatus;
  categoryId?: string | undefined;
  lowStock?: boolean | undefined;
}

export interface KeysetPosition {
  sortKey: string;
  id: string;
}

export interface SortedId {
  id: string;
  sortKey: string;
}

/**
 * Searches and pages read `product_search`, the view of the current tenant's products (see the
 * migration that creates it): under row-level security PostgreSQL uses an index only for
 * LEAKPROOF operators, and LIKE and lower() are not, so on `products` itself every name search
 * and keyset page would read the whole tenant. The view fences the tenant with the same setting
 * the policies use; the business filter below is there as well.
 */
const VIEW = sql.raw('product_search');
const column = (name: string) => sql.raw(`s.${name}`);
const SORT_KEY = sql.raw('lower(s.name)');

function filterSql(businessId: string, filters: CatalogueFilters, after: KeysetPosition | null | undefined): SQL {
  const parts: SQL[] = [sql`${column('business_id')} = ${businessId}::uuid`];
  if (filters.status !== 'all') parts.push(sql`${column('is_active')} = ${filters.status === 'active'}`);
  if (filters.categoryId) parts.push(sql`${column('category_id')} = ${filters.categoryId}::uuid`);
  if (filters.lowStock) parts.push(sql`${column('track_stock')} and ${column('stock_quantity')} <= coalesce(${column('low_stock_threshold')}, 0)`);
  if (after) parts.push(sql`(${SORT_KEY}, ${column('id')}) > (${after.sortKey}, ${after.id}::uuid)`);
  return sql.join(parts, sql` and `);
}

type RawRows<T> = { rows: T[] };

const rowsOf = <T>(result: unknown) => (result as RawRows<T>).rows;
const toSorted = (rows: { id: string; sort_key: string }[]): SortedId[] => rows.map((row) => ({ id: row.id, sortKey: row.sort_key }));

/** Tenant queries on products and their stock ledger; each runs on the request's fenced transaction and filters by business too. */
export const productsRepository = {
  /** One page in (lower(name), id) order, the order of the products_business_name index. */
  async pageIds(tx: Tx, businessId: string, filters: CatalogueFilters, after: KeysetPosition | null, limit: number): Promise<SortedId[]> {
    const result = await tx.execute(sql`
      select s.id, ${SORT_KEY} as sort_key from ${VIEW} s
      where ${filterSql(businessId, filters, after)}
      order by ${SORT_KEY}, s.id limit ${limit}`);
    return toSorted(rowsOf(result));
  },

  /**
   * Reads at most `window` rows in name order after `after` and answers those whose name
   * contains the text, plus the last row of the window (so the caller knows how far the search
   * got). It stops as soon as `enough` rows are found: a common text costs a few rows, not the
   * window. The outer query has no ORDER BY on purpose (a sort would read the whole window); the
   * rows stream in the inner order and the caller sorts what it gets.
   */
  async scanNames(tx: Tx, businessId: string, filters: CatalogueFilters, pattern: string, after: KeysetPosition | null, window: number, enough: number) {
    const result = await tx.execute(sql`
      select id, sort_key, hit, position from (
        select s.id, ${SORT_KEY} as sort_key, ${SORT_KEY} like lower(${pattern}) as hit,
               row_number() over (order by ${SORT_KEY}, s.id) as position
        from ${VIEW} s
        where ${filterSql(businessId, filters, after)}
        order by ${SORT_KEY}, s.id limit ${window}
      ) scanned
      where hit or position = ${window}
      limit ${enough}`);
    return rowsOf<{ id: string; sort_key: string; hit: boolean; position: number | string }>(result)
      .map((row) => ({ id: row.id, sortKey: row.sort_key, hit: row.hit, position: Number(row.position) }))
      .sort((a, b) => a.position - b.position);
  },

  /**
   * Names containing the text through the trigram index (products_name_trgm), sorted: costs
   * one fetch per match, so it is asked once the text has shown itself rare in name order.
   */
  async trigramNames(tx: Tx, businessId: string, filters: CatalogueFilters, pattern: string, after: KeysetPosition | null, limit: number): Promise<SortedId[]> {
    const result = await tx.execute(sql`
      with matches as materialized (
        select s.id, ${SORT_KEY} as sort_key from ${VIEW} s
        where ${filterSql(businessId, filters, null)} and ${SORT_KEY} like lower(${pattern})
      )
      select id, sort_key from matches
      ${after ? sql`where (sort_key, id) > (${after.sortKey}, ${after.id}::uuid)` : sql``}
      order by sort_key, id limit ${limit}`);
    return toSorted(rowsOf(result));
  },

  /** Products whose SKU or barcode is exactly the text (their unique indexes). */
  async matchCodes(tx: Tx, businessId: string, filters: CatalogueFilters, code: string, after: KeysetPosition | null): Promise<SortedId[]> {
    const result = await tx.execute(sql`
      select s.id, ${SORT_KEY} as sort_key from ${VIEW} s
      where ${filterSql(businessId, filters, after)} and (s.sku = ${code} or s.barcode = ${code})
      order by ${SORT_KEY}, s.id`);
    return toSorted(rowsOf(result));
  },

  async findListedByIds(tx: Tx, businessId: string, ids: string[]): Promise<ListedProductRow[]> {
    if (!ids.length) return [];
    return tx
      .select(listedColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(taxRates, eq(taxRates.id, products.taxRateId))
      .where(and(eq(products.businessId, businessId), sql`${products.id} = any(${sql.param(ids)}::uuid[])`));
  },

  async findListed(tx: Tx, businessId: string, id: string): Promise<ListedProductRow | null> {
    const [row] = await tx
      .select(listedColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(taxRates, eq(taxRates.id, products.taxRateId))
      .where(and(eq(products.businessId, businessId), eq(products.id, id)))
      .limit(1);
    return row ?? null;
  },

  async findListedByBarcode(tx: Tx, businessId: string, barcode: string, activeOnly: boolean): Promise<ListedProductRow | null> {
    const [row] = await tx
      .select(listedColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(taxRates, eq(taxRates.id, products.taxRateId))
      .where(and(eq(products.businessId, businessId), eq(products.barcode, barcode), activeOnly ? eq(products.isActive, true) : undefined))
      .limit(1);
    return row ?? null;
  },

  /** The row, locked until the transaction ends: edits, stock changes and image swaps of one product queue up. */
  async findForUpdate(tx: Tx, businessId: string, id: string): Promise<ProductRow | null> {
    const [row] = await tx
      .select()
      .from(products)
      .where(and(eq(products.businessId, businessId), eq(products.id, id)))
      .limit(1)
      .for('update');
    return row ?? null;
  },

  /** Products other than `exceptId` that already use this SKU or barcode (archived ones included). */
  async findCodeOwners(tx: Tx, businessId: string, codes: { sku?: string | null; barcode?: string | null }, exceptId: string | null) {
    const matches = [codes.sku ? eq(products.sku, codes.sku) : undefined, codes.barcode ? eq(products.barcode, codes.barcode) : undefined].filter(
      (condition): condition is SQL => condition !== undefined,
    );
    if (!matches.length) return [];
    return tx
      .select({ id: products.id, name: products.name, sku: products.sku, barcode: products.barcode, isActive: products.isActive })
      .from(products)
      .where(and(eq(products.businessId, businessId), or(...matches), exceptId ? sql`${products.id} <> ${exceptId}::uuid` : undefined));
  },

  /** Every product with one of these ids, SKUs or barcodes (the rows an import may update or collide with), locked. */
  async findByCodes(tx: Tx, businessId: string, ids: string[], skus: string[], barcodes: string[]): Promise<ProductRow[]> {
    const matches = [
      ids.length ? sql`${products.id} = any(${sql.param(ids)}::uuid[])` : undefined,
      skus.length ? sql`${products.sku} = any(${sql.param(skus)}::text[])` : undefined,
      barcodes.length ? sql`${products.barcode} = any(${sql.param(barcodes)}::text[])` : undefined,
    ].filter((condition): condition is SQL => condition !== undefined);
    if (!matches.length) return [];
    return tx
      .select()
      .from(products)
      .where(and(eq(products.businessId, businessId), or(...matches)))
      .for('update');
  },

  async insert(tx: Tx, values: typeof products.$inferInsert): Promise<ProductRow> {
    const [row] = await tx.insert(products).values(values).returning();
    return row!;
  },

  async insertMany(tx: Tx, values: (typeof products.$inferInsert)[]): Promise<{ id: string; stockQuantity: number }[]> {
    if (!values.length) return [];
    return tx.insert(products).values(values).returning({ id: products.id, stockQuantity: products.stockQuantity });
  },

  async update(tx: Tx, businessId: string, id: string, values: Partial<typeof products.$inferInsert>): Promise<ProductRow | null> {
    const [row] = await tx
      .update(products)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(products.businessId, businessId), eq(products.id, id)))
      .returning();
    return row ?? null;
  },

  /** Adds `delta` to the running sum; the caller writes the matching movement in the same transaction. */
  async addStock(tx: Tx, businessId: string, id: string, delta: number): Promise<number> {
    const [row] = await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${delta}`, updatedAt: new Date() })
      .where(and(eq(products.businessId, businessId), eq(products.id, id)))
      .returning({ stockQuantity: products.stockQuantity });
    return row!.stockQuantity;
  },

  async insertMovements(tx: Tx, rows: (typeof stockMovements.$inferInsert)[]): Promise<void> {
    for (let start = 0; start < rows.length; start += 1000) {
      await tx.insert(stockMovements).values(rows.slice(start, start + 1000));
    }
  },

  async insertAudits(tx: Tx, rows: (typeof auditLog.$inferInsert)[]): Promise<void> {
    for (let start = 0; start < rows.length; start += 1000) {
      await tx.insert(auditLog).values(rows.slice(start, start + 1000));
    }
  },

  /** Newest first, with the quantity after each movement (the ledger's running sum). */
  async listMovements(tx: Tx, businessId: string, productId: string, page: { limit: number; after: { createdAt: string; id: string } | null }) {
    const ledger = tx
      .select({
        id: stockMovements.id,
        quantityDelta: stockMovements.quantityDelta,
        reason: stockMovements.reason,
        note: stockMovements.note,
        orderId: stockMovements.orderId,
        actorUserId: stockMovements.actorUserId,
        actorEmployeeId: stockMovements.actorEmployeeId,
        createdAt: stockMovements.createdAt,
        // Text keeps the microseconds a JavaScript Date would drop: the cursor stays exact.
        createdAtKey: sql<string>`${stockMovements.createdAt}::text`.as('created_at_key'),
        balanceAfter: sql<number>`sum(${stockMovements.quantityDelta}) over (order by ${stockMovements.createdAt}, ${stockMovements.id})`
          .mapWith(Number)
          .as('balance_after'),
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.businessId, businessId), eq(stockMovements.productId, productId)))
      .as('ledger');
    return tx
      .select({
        id: ledger.id,
        quantityDelta: ledger.quantityDelta,
        reason: ledger.reason,
        note: ledger.note,
        orderId: ledger.orderId,
        actorUserId: ledger.actorUserId,
        actorEmployeeId: ledger.actorEmployeeId,
        actorName: employees.fullName,
        createdAt: ledger.createdAt,
        createdAtKey: ledger.createdAtKey,
        balanceAfter: ledger.balanceAfter,
      })
      .from(ledger)
      .leftJoin(employees, eq(employees.id, ledger.actorEmployeeId))
      .where(page.after ? sql`(${ledger.createdAt}, ${ledger.id}) < (${page.after.createdAt}::timestamptz, ${page.after.id}::uuid)` : undefined)
      .orderBy(desc(ledger.createdAt), desc(ledger.id))
      .limit(page.limit);
  },

  async sumMovements(tx: Tx, businessId: string, productId: string): Promise<number> {
    const [row] = await tx
      .select({ total: sql<number>`coalesce(sum(${stockMovements.quantityDelta}), 0)`.mapWith(Number) })
      .from(stockMovements)
      .where(and(eq(stockMovements.businessId, businessId), eq(stockMovements.productId, productId)));
    return row?.total ?? 0;
  },

  /** What the catalogue needs of the business, in one round trip: its currency, stock rule and default tax rate. */
  async findCatalogueSettings(tx: Tx, businessId: string) {
    const [row] = await tx
      .select({
        currency: businesses.currency,
        allowNegativeStock: businessSettings.allowNegativeStock,
        defaultTaxRateId: taxRates.id,
        defaultTaxRateName: taxRates.name,
        defaultTaxRateBasisPoints: taxRates.basisPoints,
      })
      .from(businesses)
      .leftJoin(businessSettings, eq(businessSettings.businessId, businesses.id))
      .leftJoin(taxRates, and(eq(taxRates.businessId, businesses.id), eq(taxRates.isDefault, true)))
      .where(eq(businesses.id, businessId))
      .limit(1);
    return {
      currency: row?.currency ?? 'USD',
      allowNegativeStock: row?.allowNegativeStock ?? false,
      defaultTaxRate:
        row?.defaultTaxRateId && row.defaultTaxRateName !== null && row.defaultTaxRateBasisPoints !== null
          ? { id: row.defaultTaxRateId, name: row.defaultTaxRateName, basisPoints: row.defaultTaxRateBasisPoints }
          : null,
    };
  },

  async taxRateExists(tx: Tx, businessId: string, id: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: taxRates.id })
      .from(taxRates)
      .where(and(eq(taxRates.businessId, businessId), eq(taxRates.id, id)))
      .limit(1);
    return Boolean(row);
  },

  async categoryExists(tx: Tx, businessId: string, id: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.businessId, businessId), eq(categories.id, id)))
      .limit(1);
    return Boolean(row);
  },

  async listTaxRates(tx: Tx, businessId: string) {
    return tx.select().from(taxRates).where(eq(taxRates.businessId, businessId));
  },

  async listCategories(tx: Tx, businessId: string) {
    return tx.select().from(categories).where(eq(categories.businessId, businessId));
  },

  async insertTaxRates(tx: Tx, values: (typeof taxRates.$inferInsert)[]) {
    if (!values.length) return [];
    return tx.insert(taxRates).values(values).returning();
  },

  async insertCategories(tx: Tx, values: (typeof categories.$inferInsert)[]) {
    if (!values.length) return [];
    return tx.insert(categories).values(values).returning();
  },

  async nextCategorySortOrder(tx: Tx, businessId: string): Promise<number> {
    const [row] = await tx
      .select({ next: sql<number>`coalesce(max(${categories.sortOrder}), -1) + 1`.mapWith(Number) })
      .from(categories)
      .where(eq(categories.businessId, businessId));
    return row?.next ?? 0;
  },
};
