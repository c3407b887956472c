import { countDifference, type StockCountScope } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf, countNotFound } from './stock-control-errors.ts';
import { stockControlRepository as repo } from './stock-control.repository.ts';
import { stockStore } from './stock-store.ts';

/*
 * Stock count sessions (issue 14 item 3; decision 027). Starting a count snapshots the expected
 * quantity of every tracked, active product (or of one category, or of one shelf) in one store
 * (decision 049). Each counted line keeps the
 * moment it was counted; posting writes, per counted line, one 'count' movement of
 * counted − (expected + what moved between the start and that moment), all in one transaction,
 * so sales made while counting are neither lost nor counted twice. A count posts once (409 after).
 */

/** What startStockCount takes; the route reads it from the snake_case body (decision 070). */
export interface StartStockCountInput {
  scope: StockCountScope;
  categoryId?: string | null | undefined;
  shelf?: string | null | undefined;
  storeId?: string | undefined;
  note?: string | null | undefined;
}

/** What recordStockCounts takes. */
export interface RecordCountsInput {
  lines: { productId: string; countedQuantity: number | null }[];
}

async function readCount(tx: Tx, businessId: string, countId: string) {
  const count = await repo.findCount(tx, businessId, countId, false);
  if (!count) throw countNotFound();
  const lines = await repo.countLines(tx, businessId, countId);
  return {
    id: count.id,
    scope: count.scope,
    category_id: count.categoryId,
    shelf: count.shelf,
    store_id: count.storeId,
    status: count.status,
    note: count.note,
    started_at: count.startedAt.toISOString(),
    posted_at: count.postedAt?.toISOString() ?? null,
    lines: lines.map((line) => ({
      product_id: line.productId,
      name: line.name,
      sku: line.sku,
      barcode: line.barcode,
      shelf: line.shelf,
      expected_quantity: line.expectedQuantity,
      counted_quantity: line.countedQuantity,
      counted_at: line.countedAt,
      moved_while_counting: line.movedWhileCounting,
      posted_difference: line.postedDifference,
    })),
  };
}

export async function startStockCount(database: Database, tenant: TenantContext, input: StartStockCountInput) {
  if (input.scope === 'category' && !input.categoryId) throw new AppError(400, 'validation_error', 'A count by category names its category_id');
  if (input.scope !== 'category' && input.categoryId) throw new AppError(400, 'validation_error', 'Only a count by category names a category');
  if (input.scope === 'shelf' && !input.shelf) throw new AppError(400, 'validation_error', 'A count by shelf names its shelf');
  if (input.scope !== 'shelf' && input.shelf) throw new AppError(400, 'validation_error', 'Only a count by shelf names a shelf');
  const businessId = tenant.businessId;
  const shelf = input.shelf ?? null;
  return database.withTenant(businessId, async (tx) => {
    if (input.categoryId && !(await repo.categoryExists(tx, businessId, input.categoryId))) throw new AppError(404, 'category_not_found', 'No such category');
    const store = await stockStore(tx, tenant, input.storeId);
    const actor = actorOf(tenant);
    const count = await repo.insertCount(tx, {
      businessId,
      scope: input.scope,
      categoryId: input.categoryId ?? null,
      shelf,
      storeId: store.id,
      note: input.note?.trim() || null,
      startedByUserId: actor.actorUserId,
      startedByEmployeeId: actor.actorEmployeeId,
    });
    const lineCount = await repo.snapshotCountLines(tx, businessId, count.id, { storeId: store.id, perStore: store.perStore, categoryId: input.categoryId ?? null, shelf });
    if (lineCount === 0) {
      throw new AppError(
        422,
        'nothing_to_count',
        shelf ? `No product that tracks its stock is on shelf ${shelf}` : input.categoryId ? 'No product of this category tracks its stock' : 'No product tracks its stock yet',
      );
    }
    await repo.insertAudit(tx, {
      businessId,
      ...actor,
      action: 'stock_count.started',
      details: { count_id: count.id, scope: input.scope, category_id: input.categoryId ?? null, shelf, store_id: store.id, lines: lineCount },
    });
    return readCount(tx, businessId, count.id);
  });
}

export async function getStockCount(database: Database, businessId: string, countId: string) {
  return database.withTenant(businessId, (tx) => readCount(tx, businessId, countId));
}

export async function listStockCounts(database: Database, businessId: string) {
  const counts = await database.withTenant(businessId, (tx) => repo.listCounts(tx, businessId, 50));
  return {
    counts: counts.map((count) => ({
      id: count.id,
      scope: count.scope,
      shelf: count.shelf,
      store_id: count.storeId,
      store_name: count.storeName,
      status: count.status,
      note: count.note,
      category_name: count.categoryName,
      started_at: count.startedAt,
      posted_at: count.postedAt,
      line_count: count.lineCount,
      counted_count: count.countedCount,
    })),
  };
}

const notCounting = (status: string) =>
  status === 'posted'
    ? new AppError(409, 'count_already_posted', 'This count was already posted')
    : new AppError(409, 'count_cancelled', 'This count was cancelled');

/** Counted quantities, as many lines as came (a phone sends one, a scanner session a batch). */
export async function recordStockCounts(database: Database, tenant: TenantContext, countId: string, input: RecordCountsInput) {
  const ids = input.lines.map((line) => line.productId);
  if (new Set(ids).size !== ids.length) throw new AppError(400, 'validation_error', 'Each product may appear once');
  const businessId = tenant.businessId;
  return database.withTenant(businessId, async (tx) => {
    const count = await repo.findCount(tx, businessId, countId, true);
    if (!count) throw countNotFound();
    if (count.status !== 'counting') throw notCounting(count.status);
    const missing = await repo.recordCounts(tx, businessId, countId, input.lines);
    // Nothing is kept when a line is not part of the count: the transaction rolls back.
    if (missing.length > 0) throw new AppError(422, 'not_in_count', 'A product is not part of this count', { product_ids: missing });
    return { recorded: input.lines.length };
  });
}

export async function postStockCount(database: Database, tenant: TenantContext, countId: string) {
  const businessId = tenant.businessId;
  return database.withTenant(businessId, async (tx) => {
    // The count's lock makes a second post wait and then see 'posted'.
    const count = await repo.findCount(tx, businessId, countId, true);
    if (!count) throw countNotFound();
    if (count.status !== 'counting') throw notCounting(count.status);
    const lines = await repo.countedLinesForPosting(tx, businessId, countId);
    if (lines.length === 0) throw new AppError(422, 'nothing_counted', 'Count at least one product before posting');
    const posted = lines.map((line) => ({ productId: line.productId, moved: line.movedWhileCounting, difference: countDifference(line) }));
    const actor = actorOf(tenant);
    await repo.applyMovements(
      tx,
      businessId,
      actor,
      posted.filter((line) => line.difference !== 0).map((line) => ({ productId: line.productId, delta: line.difference, reason: 'count' as const, note: null })),
      count.storeId,
    );
    await repo.markLinesPosted(tx, businessId, countId, posted);
    await repo.updateCount(tx, businessId, countId, { status: 'posted', postedAt: new Date(), postedByUserId: actor.actorUserId, postedByEmployeeId: actor.actorEmployeeId });
    const differences = posted.filter((line) => line.difference !== 0);
    await repo.insertAudit(tx, {
      businessId,
      ...actor,
      action: 'stock_count.posted',
      details: {
        count_id: countId,
        counted_lines: posted.length,
        changed_lines: differences.length,
        net_difference: differences.reduce((sum, line) => sum + line.difference, 0),
      },
    });
    return readCount(tx, businessId, countId);
  });
}

export async function cancelStockCount(database: Database, tenant: TenantContext, countId: string) {
  const businessId = tenant.businessId;
  return database.withTenant(businessId, async (tx) => {
    const count = await repo.findCount(tx, businessId, countId, true);
    if (!count) throw countNotFound();
    if (count.status !== 'counting') throw notCounting(count.status);
    await repo.updateCount(tx, businessId, countId, { status: 'cancelled' });
    await repo.insertAudit(tx, { businessId, ...actorOf(tenant), action: 'stock_count.cancelled', details: { count_id: countId } });
    return readCount(tx, businessId, countId);
  });
}
