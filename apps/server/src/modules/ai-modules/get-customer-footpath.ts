import type { Database } from '../../db/client.ts';
import { aiModulesRepository as repo } from './ai-modules.repository.ts';
import { loadAiBusiness, type AiBusiness } from './load-business.ts';
import { cachedModel } from './model-cache.ts';
import { trainFootpathModel } from './train-models.ts';

/** Orders of known customers over the last three years are analysed. */
const FOOTPATH_WINDOW_DAYS = 3 * 365;
/** Below this many customers with a purchase, segments and retention say little. */
export const MIN_CUSTOMERS = 10;
const COHORT_MONTHS = 12;
const AT_RISK_SHOWN = 50;

/**
 * Customer footpath: from first visit to repeat. Cohort retention by month of first purchase,
 * days between visits, RFM segments with counts and revenue, and the customers at risk of not
 * returning (most valuable first). Only sales with a customer attached count.
 */
export async function getCustomerFootpath(database: Database, businessId: string, loaded?: AiBusiness) {
  const business = loaded ?? (await database.withTenant(businessId, (tx) => loadAiBusiness(tx, businessId)));
  const { value, computedAt } = await cachedModel(businessId, 'customer_footpath', business.key, async () => {
    const footpath = await trainFootpathModel(database, businessId, business, { windowDays: FOOTPATH_WINDOW_DAYS, cohortLimit: COHORT_MONTHS, atRiskLimit: AT_RISK_SHOWN });
    const names = await database.withTenant(businessId, (tx) => repo.customerNames(tx, businessId, footpath.atRisk.map((row) => row.customerId)));
    return { footpath, names };
  });
  const { footpath, names } = value;
  return {
    currency: business.currency,
    timeZone: business.timeZone,
    today: business.today,
    computedAt,
    status: footpath.summary.customers >= MIN_CUSTOMERS ? ('ok' as const) : ('insufficient_history' as const),
    requiredCustomers: MIN_CUSTOMERS,
    summary: footpath.summary,
    cohorts: footpath.cohorts,
    visitGaps: footpath.visitGaps,
    segments: footpath.rfm.segments,
    atRisk: footpath.atRisk.map((row) => ({ ...row, name: names.get(row.customerId) ?? 'Deleted customer' })),
  };
}
