import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireAccess } from '../products/catalogue-access.ts';
import { loadHistoryBusiness, matchHistoryReferences } from './match-history-references.ts';
import { checkMapping, guessDateFormat, mappingFor, planHistory, readHistoryFile, type HistoryPlan } from './plan-sales-history.ts';
import type { HistoryReferences } from './match-history-references.ts';
import type { PreviewInput } from './sales-history-schemas.ts';

/** At most this many row problems travel back; the total is given too. */
export const MAX_REPORTED_ERRORS = 500;

/** The counts an import of this plan would give. */
export function summarise(plan: HistoryPlan, refs: HistoryReferences) {
  const productsMatched = [...plan.products.keys()].filter((key) => refs.products.has(key)).length;
  const customersMatched = [...plan.customers.keys()].filter((key) => refs.customers.has(key)).length;
  const categoriesMatched = [...plan.categories.keys()].filter((key) => refs.categories.has(key)).length;
  const lines = plan.orders.flatMap((order) => order.lines);
  return {
    orders: plan.orders.length,
    lines: plan.lineCount,
    from: plan.from,
    to: plan.to,
    netSales: lines.reduce((sum, line) => sum + line.amount, 0),
    discounts: lines.reduce((sum, line) => sum + line.discount, 0),
    products: { matched: productsMatched, created: plan.products.size - productsMatched },
    customers: { matched: customersMatched, created: plan.customers.size - customersMatched },
    categories: { matched: categoriesMatched, created: plan.categories.size - categoriesMatched },
  };
}

/**
 * SPEC §6 page analytics (can_view_reports). The route's guard asks for page settings
 * (can_change_settings), because an import writes sales: both are needed, each checked once.
 */
export function requireHistoryAccess(tenant: TenantContext) {
  requireAccess(tenant, { page: 'analytics' });
}

/**
 * The mapping step and the preview (issue 15 item 3): the file's headers, the guessed or given
 * mapping, its first rows, and — once every required field has a column — what an import would
 * do and every row that would stop it. Reads only.
 */
export async function previewSalesHistory(database: Database, tenant: TenantContext, input: PreviewInput) {
  requireHistoryAccess(tenant);
  const business = await loadHistoryBusiness(database, tenant.businessId);
  const file = await readHistoryFile(input.csv);
  const mapping = mappingFor(file, input.mapping);
  const dateColumn = mapping.date ? file.headers.indexOf(mapping.date) : -1;
  const dateFormat = input.dateFormat ?? guessDateFormat(dateColumn >= 0 ? file.records.map((record) => record[dateColumn] ?? '') : []);
  const mappingProblems = checkMapping(file, mapping);
  const head = { headers: file.headers, mapping, dateFormat, mappingProblems, sample: file.records.slice(0, 5), rowCount: file.records.length };
  if (mappingProblems.length) return { ...head, check: null };
  const plan = await planHistory(file, mapping, { dateFormat, currency: business.currency, timeZone: business.timeZone, now: new Date() });
  const refs = await matchHistoryReferences(database, tenant.businessId, plan);
  const errors = [...plan.errors, ...refs.errors].sort((a, b) => a.row - b.row);
  return { ...head, check: { ...summarise(plan, refs), errors: errors.slice(0, MAX_REPORTED_ERRORS), totalErrors: errors.length } };
}
