import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { storeNotFound } from '../stores/store-errors.ts';
import { productNotFound } from './stock-control-errors.ts';
import { stockControlRepository as repo } from './stock-control.repository.ts';

interface HistoryCursor {
  createdAt: string;
  id: string;
  /** Stock after the next older movement: where the next page's running balance starts. */
  balance: number;
}

const badCursor = () => new AppError(400, 'validation_error', 'That page cursor is not valid');

function decode(cursor: string): HistoryCursor {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<HistoryCursor>;
    if (typeof value.createdAt !== 'string' || !/^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:?\d\d)?|Z)$/.test(value.createdAt)) throw badCursor();
    if (typeof value.id !== 'string' || !/^[0-9a-f-]{36}$/i.test(value.id)) throw badCursor();
    if (typeof value.balance !== 'number' || !Number.isSafeInteger(value.balance)) throw badCursor();
    return { createdAt: value.createdAt, id: value.id, balance: value.balance };
  } catch {
    throw badCursor();
  }
}

const encode = (cursor: HistoryCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/**
 * A product's stock history (issue 14 item 3): every movement newest first with the stock after
 * it and who made it. The running balance starts at the product's stock (which is the sum of its
 * movements) and walks back; the cursor carries where it got to, so a page costs one index range
 * scan however long the ledger is (no window sum over a million rows).
 */
export async function listStockHistory(
  database: Database,
  businessId: string,
  productId: string,
  page: { limit: number; cursor?: string | undefined; storeId?: string | undefined },
) {
  const after = page.cursor ? decode(page.cursor) : null;
  return database.withTenant(businessId, async (tx) => {
    const product = await repo.productExists(tx, businessId, productId);
    if (!product) throw productNotFound();
    // One store's history (decision 049): its movements, the balance walking back from its stock.
    if (page.storeId && !(await repo.storeExists(tx, businessId, page.storeId))) throw storeNotFound();
    const rows = await repo.movementsPage(tx, businessId, productId, {
      limit: page.limit + 1,
      after: after ? { createdAt: after.createdAt, id: after.id } : null,
      storeId: page.storeId,
    });
    const shown = rows.slice(0, page.limit);
    const start = page.storeId ? await repo.storeQuantity(tx, businessId, page.storeId, productId) : product.stockQuantity;
    let balance = after ? after.balance : start;
    const movements = shown.map((row) => {
      const balanceAfter = balance;
      balance -= row.quantityDelta;
      return {
        id: row.id,
        quantity_delta: row.quantityDelta,
        reason: row.reason,
        note: row.note,
        order_id: row.orderId,
        order_number: row.orderNumber,
        actor_name: row.actorName ?? (row.actorUserId ? 'Business owner' : 'System'),
        balance_after: balanceAfter,
        created_at: row.createdAt,
      };
    });
    const last = shown.at(-1);
    return {
      product: { id: product.id, name: product.name, sku: product.sku, track_stock: product.trackStock, stock_quantity: start, low_stock_threshold: product.lowStockThreshold },
      movements,
      next_cursor: rows.length > page.limit && last ? encode({ createdAt: last.createdAtKey, id: last.id, balance }) : null,
    };
  });
}
