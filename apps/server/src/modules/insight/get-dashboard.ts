import { addDays, evaluateApiAccess, localDateTimeIn } from '@till/core';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { insightRepository as repo, type Period } from './insight.repository.ts';
import { averageOf } from './report-period.ts';

const TOP_PRODUCTS = 5;
const LOW_STOCK = 8;
const RECENT_ORDERS = 6;

/**
 * Today so far against the same weekday last week up to the same time of day, sales by hour,
 * top products, low stock, open drawer sessions and the latest sales. Each part only for whom
 * SPEC §6 lets see it: sales figures need reports page access (can_view_reports), low stock
 * inventory access (can_manage_inventory) with inventory_management on, open drawers
 * cash_management with reports page access; recent orders are open like /orders.
 * A part the actor may not see is null.
 */
export async function getDashboard(database: Database, tenant: TenantContext, now: Date, options: { fromLines?: boolean } = {}) {
  const allowed = (requirement: Parameters<typeof evaluateApiAccess>[1]) => evaluateApiAccess(tenant.actor, requirement, tenant.features).allowed;
  const seesSales = allowed({ page: 'reports' });
  const seesStock = allowed({ feature: 'inventory_management', employeeFeature: 'inventory' });
  // As the drawer sessions list (GET /api/cash-sessions): cash_management and reports page access.
  const seesDrawers = allowed({ feature: 'cash_management', page: 'reports' });
  return database.withTenant(tenant.businessId, async (tx) => {
    const business = await repo.findBusiness(tx, tenant.businessId);
    if (!business) throw notFound('business_not_found', 'No business is set up for this account');
    const { timeZone } = business;
    const nowLocal = localDateTimeIn(timeZone, now);
    const today = nowLocal.slice(0, 10);
    const lastWeek = addDays(today, -7);
    // Today is the whole day (nothing is paid in the future); last week stops at this time of day.
    const todayPeriod = { timeZone, from: today, to: today, fromLines: options.fromLines };
    const lastWeekPeriod = { timeZone, from: lastWeek, to: lastWeek, untilLocal: `${lastWeek}${nowLocal.slice(10)}` };

    const figuresOf = async (period: Period) => {
      const [day] = await repo.dailyTotals(tx, tenant.businessId, period);
      const netSales = day?.netSales ?? 0;
      const transactions = day?.transactions ?? 0;
      return { netSales, transactions, averageSale: averageOf(netSales, transactions), itemsSold: day?.itemsSold ?? 0, refunds: day?.refunds ?? 0 };
    };
    const sales = seesSales
      ? {
          today: await figuresOf(todayPeriod),
          lastWeek: await figuresOf(lastWeekPeriod),
          byHour: await (async () => {
            const rows = await repo.salesBy(tx, tenant.businessId, todayPeriod, 'hour');
            return Array.from({ length: 24 }, (_, hour) => {
              const row = rows.find((item) => item.slot === hour);
              return { hour, transactions: row?.transactions ?? 0, netSales: row?.netSales ?? 0 };
            });
          })(),
          topProducts: (await repo.productFigures(tx, tenant.businessId, todayPeriod, TOP_PRODUCTS)).map((product) => ({
            productId: product.productId,
            name: product.name,
            units: product.units,
            netSales: product.net,
          })),
        }
      : null;
    return {
      currency: business.currency,
      timeZone,
      today,
      comparedWith: lastWeek,
      asOf: nowLocal,
      sales,
      lowStock: seesStock ? await repo.lowStock(tx, tenant.businessId, LOW_STOCK) : null,
      openCashSessions: seesDrawers ? await repo.openCashSessions(tx, tenant.businessId) : null,
      recentOrders: await repo.recentOrders(tx, tenant.businessId, RECENT_ORDERS),
    };
  });
}
