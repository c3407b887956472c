import { evaluateApiAccess, type ApiRequirement } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { countOpenIncidents } from '../incidents/list-incidents.ts';
import { listProducts } from '../products/list-products.ts';
import { listPurchaseInvoices } from '../purchasing/list-purchase-invoices.ts';
import { listTasks } from '../tasks/list-tasks.ts';

/** Counts stop here: the hub says "100+" past it (a number to act on, not a report). */
export const BACK_OFFICE_COUNT_CAP = 100;

export interface Attention {
  count: number;
  /** More than BACK_OFFICE_COUNT_CAP. */
  more: boolean;
}

const capped = (count: number): Attention => ({ count: Math.min(count, BACK_OFFICE_COUNT_CAP), more: count > BACK_OFFICE_COUNT_CAP });

/** The same checks as the pages the counts link to; a count the caller may not see is null. */
const LOW_STOCK_NEEDS: ApiRequirement = { feature: 'inventory_management' };
const SUPPLIER_INVOICES_NEED: ApiRequirement = { feature: 'purchase_orders', employeeFeature: 'inventory' };

async function lowStockCount(database: Database, tenant: TenantContext): Promise<Attention> {
  let count = 0;
  let cursor: string | undefined;
  // A page may hold fewer than asked and still go on (list-products.ts); read until the cap.
  for (let pages = 0; pages < 20 && count <= BACK_OFFICE_COUNT_CAP; pages += 1) {
    const page = await listProducts(database, tenant.businessId, { signUrl: () => '' }, { status: 'active', lowStock: true, limit: BACK_OFFICE_COUNT_CAP + 1, cursor });
    count += page.products.length;
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  return capped(count);
}

async function unpaidInvoiceCount(database: Database, tenant: TenantContext, now: Date): Promise<Attention> {
  const [unpaid, partly] = await Promise.all(
    (['unpaid', 'partly_paid'] as const).map((status) => listPurchaseInvoices(database, tenant.businessId, { status, limit: BACK_OFFICE_COUNT_CAP + 1 }, now)),
  );
  return capped(unpaid!.invoices.length + partly!.invoices.length);
}

/**
 * The back office's "needs attention" counts (issue 20 item 13), each from its own module's
 * use-case: low-stock products, unpaid supplier invoices, open tasks, open incidents.
 */
export async function getBackOfficeSummary(database: Database, tenant: TenantContext, now: Date) {
  const may = (requirement: ApiRequirement) => evaluateApiAccess(tenant.actor, requirement, tenant.features).allowed;
  const [lowStock, unpaid, tasks, incidents] = await Promise.all([
    may(LOW_STOCK_NEEDS) ? lowStockCount(database, tenant) : null,
    may(SUPPLIER_INVOICES_NEED) ? unpaidInvoiceCount(database, tenant, now) : null,
    listTasks(database, tenant.businessId, {}, now),
    countOpenIncidents(database, tenant.businessId),
  ]);
  return {
    low_stock_products: lowStock,
    unpaid_supplier_invoices: unpaid,
    open_tasks: capped(tasks.tasks.filter((task) => task.status !== 'done').length),
    open_incidents: capped(incidents),
  };
}
