import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { ModifierGroup } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { auditLog, businessSettings, businesses, categories, employees, priceLabelQueue, productSearch, products, stockMovements, taxRates } from '../../db/schema/index.ts';

export type ProductRow = typeof products.$inferSelect;
export type ProductStatus = 'active' | 'archived' | 'all';
/** The fields an import may change on a product. */
export type ProductChanges = Partial<
  Pick<ProductRow, 'name' | 'sku' | 'barcode' | 'price' | 'cost' | 'taxRateId' | 'categoryId' | 'trackStock' | 'lowStockThreshold' | 'stockQuantity'>
>;

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
  /** Decision 035. */
  modifierGroups: ModifierGroup[];
  createdAt: Date;
  updatedAt: Date;
  /** lower(name) as PostgreSQL computed it (search_name): the cursor must compare in the database's terms. */
  sortKey: string;
  categoryName: string | null;
  categoryColor: string | null;
  categoryIsActive: boolean | null;
  taxRateName: string | null;
  taxRateBasisPoints: number | null;
  /** The business default rate, which a product without its own rate inherits; read with the row. */
  defaultTaxRateId: string | null;
  defaultTaxRateName: string | null;
  defaultTaxRateBasisPoints: number | null;
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
  /**
   * A hint for the next page of a name search: the text filled this page in name order (it is
   * common), so the next page reads on in name order without asking the trigram index first.
   */
  common?: boolean | undefined;
}

export interface SortedId {
  id: string;
  sortKey: string;
}

/*
 * Catalogue pages and searches read `product_search` (schema: productSearch), the view of the
 * current tenant's products (see the migrations that make it): under row-level security
 * PostgreSQL uses an index only for LEAKPROOF operators, and LIKE is not, so on `products` itself
 * every name search and keyset page would read the whole tenant. The view fences the tenant
 * with the same setting the policies use; the business filter below is there as well.
 *
 * A search first picks its page as (id, search_name) pairs with lean queries (the name index
 * alone where it can, no joins to plan or run for rows that are then dropped), then
 * `findListedByIds` reads what the list shows of those products.
 */
const S = productSearch;

function filterSql(businessId: string, filters: CatalogueFilters, after: KeysetPosition | null | undefined): SQL {
  const parts: SQL[] = [sql`${S.businessId} = ${businessId}::uuid`];
  if (filters.status !== 'all') parts.push(sql`${S.isActive} = ${filters.status === 'active'}`);
  if (filters.categoryId) parts.push(sql`${S.categoryId} = ${filters.categoryId}::uuid`);
  if (filters.lowStock) parts.push(sql`${S.trackStock} and ${S.stockQuantity} <= coalesce(${S.lowStockThreshold}, 0)`);
  if (after) parts.push(sql`(${S.searchName}, ${S.id}) > (${after.sortKey}, ${after.id}::uuid)`);
  return sql.join(parts, sql` and `);
}

const afterSql = (after: KeysetPosition | null) => (after ? sql`where (sort_key, id) > (${after.sortKey}, ${after.id}::uuid)` : sql``);

/** The products whose SKU or barcode is exactly the text (their unique indexes), as a CTE body. */
const codesSql = (businessId: string, filters: CatalogueFilters, code: string) => sql`
  select ${S.id} as id, ${S.searchName} as sort_key from ${S}
  where ${filterSql(businessId, filters, null)} and (${S.sku} = ${code} or ${S.barcode} = ${code})`;

/**
 * Names containing the pattern, through the trigram index (products_search_name_trgm), as a CTE
 * body: MATERIALIZED, so that it is planned for all its rows (a bitmap of the index), not
 * read in name order, and read only as far as its readers go.
 */
const matchesSql = (businessId: string, filters: CatalogueFilters, pattern: string) => sql`
  select ${S.id} as id, ${S.searchName} as sort_key from ${S}
  where ${filterSql(businessId, filters, null)} and ${S.searchName} like lower(${pattern})`;

/**
 * The first `limit` names containing the pattern among at most `window` products read in name
 * order after `after`, as a CTE body. The reading stops as soon as it has `limit`: a text found
 * all over the catalogue costs a few hundred rows, not the window. The outer query has no ORDER
 * BY on purpose (a sort would read the whole window); rows leave the subquery in its order.
 */
const windowSql = (businessId: string, filters: CatalogueFilters, pattern: string, after: KeysetPosition | null, window: number, limit: number) => sql`
  select id, sort_key from (
    select ${S.id} as id, ${S.searchName} as sort_key from ${S}
    where ${filterSql(businessId, filters, after)}
    order by ${S.searchName}, ${S.id} limit ${window}
  ) windowed
  where sort_key like lower(${pattern})
  limit ${limit}`;

type RawRows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as RawRows<T>).rows;
const toSorted = (rows: { id: string; sort_key: string }[]): SortedId[] => rows.map((row) => ({ id: row.id, sortKey: row.sort_key }));

/** What the first question of a name search found (`rows`: in (search_name, id) order). */
export type ProbeResult =
  | { kind: 'codes'; rows: SortedId[] }
  /** At least `dense` names read in name order: read on from the last of them. */
  | { kind: 'named'; rows: SortedId[] }
  /** All the names containing the text after the cursor, at most `limit` of them. */
  | { kind: 'all-matches'; rows: SortedId[] }
  /** A common text whose matches lie beyond the quick window; `rows`: the few found in it. */
  | { kind: 'common'; rows: SortedId[] };

/** Tenant queries on products and their stock ledger; each runs on the request's fenced transaction and filters by business too. */
export const productsRepository = {
  /** One page in (search_name, id) order, the order of the products_business_search_name index, with the listed columns. */
  async listedPage(tx: Tx, businessId: string, filters: CatalogueFilters, after: KeysetPosition | null, limit: number): Promise<ListedProductRow[]> {
    return selectListed(tx, businessId, sql`${filterSql(businessId, filters, after)} order by ${S.searchName}, ${S.id} limit ${limit}`);
  },

  /** The listed columns of these products, in (search_name, id) order. */
  async findListedByIds(tx: Tx, businessId: string, ids: string[]): Promise<ListedProductRow[]> {
    if (!ids.length) return [];
    return selectListed(tx, businessId, sql`${S.businessId} = ${businessId}::uuid and ${S.id} = any(${sql.param(ids)}::uuid[]) order by ${S.searchName}, ${S.id}`);
  },

  /**
   * The first question of a name search (3+ letters or digits), in one round trip:
   * 1. the products whose SKU or barcode is exactly the text (`code`, on a first page), if any;
   * 2. else the first `limit` names containing the text among the next `quickWindow` products in
   *    name order after `after` (`named`): a common text fills its page there;
   * 3. unless 2 found at least `dense` (then the caller reads on in name order), up to `cap`
   *    names containing the text through the trigram index: fewer than `cap` is all of them (a
   *    rare text), answered as the page after `after` (`all-matches`, at most `limit` rows);
   *    `cap` of them mean a common text whose matches lie further on (`common`).
   * Each step runs only when the one before leaves the question open.
   */
  async probeNames(
    tx: Tx,
    businessId: string,
    filters: CatalogueFilters,
    input: { code: string | null; pattern: string; after: KeysetPosition | null; quickWindow: number; dense: number; cap: number; limit: number },
  ): Promise<ProbeResult> {
    const { code, pattern, after, quickWindow, dense, cap, limit } = input;
    const noCodes = code ? sql`not exists (select 1 from codes)` : sql`true`;
    const openQuestion = sql`${noCodes} and (select count(*) from named) < ${dense}`;
    const result = await tx.execute(sql`
      with ${code ? sql`codes as materialized (${codesSql(businessId, filters, code)}),` : sql``}
        named as materialized (${windowSql(businessId, filters, pattern, after, quickWindow, limit)}),
        matches as materialized (${matchesSql(businessId, filters, pattern)}),
        probe as materialized (select id, sort_key from matches limit ${cap})
      ${code ? sql`select 'codes' as source, id, sort_key from (select id, sort_key from codes order by sort_key, id) by_code union all` : sql``}
      select 'named' as source, id, sort_key from named where ${noCodes}
      union all
      select 'all-matches', id, sort_key from (
        select id, sort_key from probe ${afterSql(after)} order by sort_key, id limit ${limit}
      ) page
      where ${openQuestion} and (select count(*) from probe) < ${cap}
      union all
      select 'common', null, null where ${openQuestion} and (select count(*) from probe) >= ${cap}`);
    const rows = rowsOf<{ source: 'codes' | 'named' | 'all-matches' | 'common'; id: string; sort_key: string }>(result);
    const of = (source: string) => toSorted(rows.filter((row) => row.source === source));
    if (rows.some((row) => row.source === 'codes')) return { kind: 'codes', rows: of('codes') };
    const named = of('named');
    if (named.length >= dense) return { kind: 'named', rows: named };
    if (rows.some((row) => row.source === 'common')) return { kind: 'common', rows: named };
    return { kind: 'all-matches', rows: of('all-matches') };
  },

  /**
   * A common text (3+ letters or digits): the first `limit` names containing it among at most
   * `window` products read in name order after `after`. When the window holds fewer, the
   * matches are clustered further on: then, in the same round trip, all of them are fetched
   * through the trigram index and sorted.
   */
  async scanNames(tx: Tx, businessId: string, filters: CatalogueFilters, pattern: string, after: KeysetPosition | null, window: number, limit: number): Promise<SortedId[]> {
    const result = await tx.execute(sql`
      with scanned as materialized (${windowSql(businessId, filters, pattern, after, window, limit)}),
        matches as materialized (${matchesSql(businessId, filters, pattern)})
      select id, sort_key from scanned where (select count(*) from scanned) >= ${limit}
      union all
      select id, sort_key from (select id, sort_key from matches ${afterSql(after)} order by sort_key, id limit ${limit}) sorted
      where (select count(*) from scanned) < ${limit}`);
    return toSorted(rowsOf(result));
  },

  /**
   * A text of 1–2 letters or digits (no trigrams): reads at most `window` products in name order
   * after `after` and answers those whose name contains it, plus the last row of the window (so
   * the caller knows how far the reading got), stopping as soon as `enough` rows are found. With
   * `code`, the products whose SKU or barcode is exactly the text come instead, when there are.
   */
  async scanShortNames(tx: Tx, businessId: string, filters: CatalogueFilters, input: { code: string | null; pattern: string; after: KeysetPosition | null; window: number; enough: number }) {
    const { code, pattern, after, window, enough } = input;
    const result = await tx.execute(sql`
      ${code ? sql`with codes as materialized (${codesSql(businessId, filters, code)})
        select true as code, id, sort_key, true as hit, 0 as position from (select id, sort_key from codes order by sort_key, id) by_code
        union all` : sql``}
      select false as code, id, sort_key, hit, position from (
        select ${S.id} as id, ${S.searchName} as sort_key, ${S.searchName} like lower(${pattern}) as hit,
               row_number() over (order by ${S.searchName}, ${S.id}) as position
        from ${S}
        where ${filterSql(businessId, filters, after)}
        order by ${S.searchName}, ${S.id} limit ${window}
      ) scanned
      where (hit or position = ${window}) ${code ? sql`and not exists (select 1 from codes)` : sql``}
      limit ${enough}`);
    return rowsOf<{ code: boolean; id: string; sort_key: string; hit: boolean; position: number | string }>(result).map((row) => ({
      code: row.code,
      id: row.id,
      sortKey: row.sort_key,
      hit: row.hit,
      position: Number(row.position),
    }));
  },

  async findListed(tx: Tx, businessId: string, id: string): Promise<ListedProductRow | null> {
    const [row] = await selectListed(tx, businessId, sql`${S.businessId} = ${businessId}::uuid and ${S.id} = ${id}::uuid`);
    return row ?? null;
  },

  async findListedByBarcode(tx: Tx, businessId: string, barcode: string, activeOnly: boolean): Promise<ListedProductRow | null> {
    const active = activeOnly ? sql` and ${S.isActive}` : sql``;
    const [row] = await selectListed(tx, businessId, sql`${S.businessId} = ${businessId}::uuid and ${S.barcode} = ${barcode}${active} limit 1`);
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

  /** Every product with one of these ids, SKUs or barcodes (the rows an import may update or collide with). */
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
      .where(and(eq(products.businessId, businessId), or(...matches)));
  },

  /** These products, locked until the transaction ends (an import re-reads what it is about to update). */
  async lockByIds(tx: Tx, businessId: string, ids: string[]): Promise<ProductRow[]> {
    if (!ids.length) return [];
    return tx
      .select()
      .from(products)
      .where(and(eq(products.businessId, businessId), sql`${products.id} = any(${sql.param(ids)}::uuid[])`))
      .for('update');
  },

  /** Removes products outright (an import that failed takes back what it created; their stock movements go with them). */
  async deleteMany(tx: Tx, businessId: string, ids: string[]): Promise<void> {
    if (!ids.length) return;
    await tx.delete(products).where(and(eq(products.businessId, businessId), sql`${products.id} = any(${sql.param(ids)}::uuid[])`));
  },

  /** Removes these categories unless a product uses them. */
  async deleteUnusedCategories(tx: Tx, businessId: string, ids: string[]): Promise<void> {
    if (!ids.length) return;
    await tx
      .delete(categories)
      .where(
        and(
          eq(categories.businessId, businessId),
          sql`${categories.id} = any(${sql.param(ids)}::uuid[])`,
          sql`not exists (select 1 from ${products} where ${products.categoryId} = ${categories.id})`,
        ),
      );
  },

  /** Removes these tax rates unless a product uses them. */
  async deleteUnusedTaxRates(tx: Tx, businessId: string, ids: string[]): Promise<void> {
    if (!ids.length) return;
    await tx
      .delete(taxRates)
      .where(
        and(
          eq(taxRates.businessId, businessId),
          sql`${taxRates.id} = any(${sql.param(ids)}::uuid[])`,
          sql`not exists (select 1 from ${products} where ${products.taxRateId} = ${taxRates.id})`,
        ),
      );
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

  /**
   * Several products' changes in one statement (an import writes a chunk of updates this way):
   * each item carries only the fields it changes; a field given as null clears it.
   */
  async updateMany(tx: Tx, businessId: string, items: { id: string; values: ProductChanges }[]): Promise<void> {
    if (!items.length) return;
    const documents = JSON.stringify(items.map(({ id, values }) => ({ ...values, id })));
    const field = (key: keyof ProductChanges, column: string, type: 'text' | 'bigint' | 'uuid' | 'boolean' | 'integer') =>
      sql`${sql.identifier(column)} = case when d.doc ? ${key} then (d.doc ->> ${key})::${sql.raw(type)} else p.${sql.identifier(column)} end`;
    await tx.execute(sql`
      update ${products} as p set
        ${field('name', 'name', 'text')},
        ${field('sku', 'sku', 'text')},
        ${field('barcode', 'barcode', 'text')},
        ${field('price', 'price', 'bigint')},
        ${field('cost', 'cost', 'bigint')},
        ${field('taxRateId', 'tax_rate_id', 'uuid')},
        ${field('categoryId', 'category_id', 'uuid')},
        ${field('trackStock', 'track_stock', 'boolean')},
        ${field('lowStockThreshold', 'low_stock_threshold', 'integer')},
        ${field('stockQuantity', 'stock_quantity', 'integer')},
        updated_at = now()
      from jsonb_array_elements(${documents}::jsonb) as d(doc)
      where p.business_id = ${businessId} and p.id = (d.doc ->> 'id')::uuid`);
  },

  /** Points the products that show `fromKey` at `toKey` (the move of pictures into storage buckets); answers their ids. */
  async replaceImageKey(tx: Tx, businessId: string, fromKey: string, toKey: string | null): Promise<string[]> {
    const rows = await tx
      .update(products)
      .set({ imageKey: toKey })
      .where(and(eq(products.businessId, businessId), eq(products.imageKey, fromKey)))
      .returning({ id: products.id });
    return rows.map((row) => row.id);
  },

  async findIdsByImageKey(tx: Tx, businessId: string, imageKey: string): Promise<string[]> {
    const rows = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.businessId, businessId), eq(products.imageKey, imageKey)));
    return rows.map((row) => row.id);
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

  /** A changed price puts the product in the labels-to-print queue (issue 14 item 7); a second change keeps the first old price. */
  async queuePriceLabel(tx: Tx, row: { businessId: string; productId: string; oldPrice: number; newPrice: number }): Promise<void> {
    await tx
      .insert(priceLabelQueue)
      .values(row)
      .onConflictDoUpdate({ target: [priceLabelQueue.businessId, priceLabelQueue.productId], set: { newPrice: row.newPrice, queuedAt: sql`now()` } });
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

/**
 * What a list shows of a product, in the order selectListed returns it: its own columns, its
 * category, its own tax rate and the business default rate (which a product without its own rate
 * inherits).
 */
const LISTED_COLUMNS = [
  ['id', S.id],
  ['name', S.name],
  ['sku', S.sku],
  ['barcode', S.barcode],
  ['price', S.price],
  ['cost', S.cost],
  ['taxRateId', S.taxRateId],
  ['categoryId', S.categoryId],
  ['trackStock', S.trackStock],
  ['stockQuantity', S.stockQuantity],
  ['lowStockThreshold', S.lowStockThreshold],
  ['isActive', S.isActive],
  ['imageKey', S.imageKey],
  ['modifierGroups', S.modifierGroups],
  ['createdAt', S.createdAt],
  ['updatedAt', S.updatedAt],
  ['sortKey', S.searchName],
  ['categoryName', sql.raw('category.name')],
  ['categoryColor', sql.raw('category.color')],
  ['categoryIsActive', sql.raw('category.is_active')],
  ['taxRateName', sql.raw('own_rate.name')],
  ['taxRateBasisPoints', sql.raw('own_rate.basis_points')],
  ['defaultTaxRateId', sql.raw('default_rate.id')],
  ['defaultTaxRateName', sql.raw('default_rate.name')],
  ['defaultTaxRateBasisPoints', sql.raw('default_rate.basis_points')],
] as const satisfies readonly (readonly [keyof ListedProductRow, unknown])[];
const LISTED_KEYS = LISTED_COLUMNS.map(([key]) => key);

/**
 * Products from product_search with what the list shows (`rest`: the WHERE condition, ORDER BY
 * and LIMIT), one JSON array a row. This query is on every catalogue page: written out, and as
 * one field a row, it costs about half as much on PGlite as the query builder's version (whose
 * 24 fields a row each go through the driver's text parsing) and a third less on PostgreSQL.
 * JSON also gives both drivers the same types (bigint as a number, timestamps in ISO 8601).
 * The default rate is looked up once per query (an uncorrelated subquery), not per row.
 */
async function selectListed(tx: Tx, businessId: string, rest: SQL): Promise<ListedProductRow[]> {
  const result = await tx.execute(sql`
    select json_build_array(${sql.join(
      LISTED_COLUMNS.map(([, column]) => column),
      sql`, `,
    )}) as listed
    from ${S}
    left join ${categories} category on category.id = ${S.categoryId}
    left join ${taxRates} own_rate on own_rate.id = ${S.taxRateId}
    left join ${taxRates} default_rate on default_rate.id = (
      select id from ${taxRates} where business_id = ${businessId}::uuid and is_default limit 1)
    where ${rest}`);
  return rowsOf<{ listed: unknown[] | string }>(result).map(({ listed }) => {
    const values = typeof listed === 'string' ? (JSON.parse(listed) as unknown[]) : listed;
    const row: Record<string, unknown> = {};
    for (let index = 0; index < LISTED_KEYS.length; index += 1) row[LISTED_KEYS[index]!] = values[index];
    row.createdAt = new Date(row.createdAt as string);
    row.updatedAt = new Date(row.updatedAt as string);
    return row as unknown as ListedProductRow;
  });
}
