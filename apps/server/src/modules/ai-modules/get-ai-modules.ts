import type { Database } from '../../db/client.ts';
import { getCustomerFootpath } from './get-customer-footpath.ts';
import { getProductRecommendations } from './get-product-recommendations.ts';
import { getSalesPrediction } from './get-sales-prediction.ts';
import { getStockForecast } from './get-stock-forecast.ts';
import { loadAiBusiness } from './load-business.ts';
import { timedRead } from './train-models.ts';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * The AI modules hub: each module with whether it has enough history (and if not, what it
 * needs), when it was last computed, and its accuracy where it has one (the sales prediction's
 * backtest). Computing a status trains the module (cached per business and day).
 */
export async function getAiModules(database: Database, businessId: string) {
  // One look at the business and its data for all four (the cache key).
  const business = await timedRead('business', () => database.withTenant(businessId, (tx) => loadAiBusiness(tx, businessId)));
  // All four at once: their reads take turns one page at a time, and each model's fit in the
  // worker runs while the others read (train-models.ts, decision 072).
  const [sales, stock, rules, footpath] = await Promise.all([
    getSalesPrediction(database, businessId, business),
    getStockForecast(database, businessId, business),
    getProductRecommendations(database, businessId, business),
    getCustomerFootpath(database, businessId, business),
  ]);
  const salesReady = sales.status !== 'insufficient_history';
  return {
    today: sales.today,
    timeZone: sales.timeZone,
    modules: [
      {
        key: 'sales_prediction' as const,
        path: '/ai/sales-prediction',
        title: 'Sales prediction',
        enoughHistory: salesReady,
        need: salesReady
          ? null
          : `Needs ${sales.history.requiredDays} days of sales from the first sale; there ${sales.history.days === 1 ? 'is' : 'are'} ${plural(sales.history.days, 'day')} so far.`,
        summary: salesReady ? `Net sales for the next 28 days, learnt from ${plural(sales.history.days, 'day')} of sales.` : null,
        computedAt: sales.computedAt,
        accuracy: sales.backtest.overall ? { mape: sales.backtest.overall.mape, mase: sales.backtest.overall.mase, heldOutDays: sales.backtest.overall.days } : null,
      },
      {
        key: 'stock_forecast' as const,
        path: '/ai/stock-forecast',
        title: 'Stock forecast',
        enoughHistory: stock.summary.withHistory > 0,
        need:
          stock.summary.withHistory > 0
            ? null
            : stock.summary.trackedProducts === 0
              ? 'Needs products whose stock is tracked, and 28 days of their sales.'
              : 'Needs 28 days of sales of at least one tracked product.',
        summary:
          stock.summary.withHistory > 0
            ? `${plural(stock.summary.reorderNow, 'product')} to reorder now, ${plural(stock.summary.runningOutBeforeDelivery, 'product')} running out before a new order could arrive.`
            : null,
        computedAt: stock.computedAt,
        accuracy: null,
      },
      {
        key: 'product_recommendation' as const,
        path: '/ai/product-recommendation',
        title: 'Product recommendations',
        enoughHistory: rules.status === 'ok',
        need:
          rules.status === 'ok'
            ? null
            : `Needs ${rules.requiredMultiItemBaskets} sales with two or more different products in the last year; there ${rules.multiItemBaskets === 1 ? 'is' : 'are'} ${rules.multiItemBaskets} so far.`,
        summary: rules.status === 'ok' ? `${plural(rules.totalRules, 'rule')} from ${plural(rules.baskets, 'sale')}.` : null,
        computedAt: rules.computedAt,
        accuracy: null,
      },
      {
        key: 'customer_footpath' as const,
        path: '/ai/customer-footpath',
        title: 'Customer footpath',
        enoughHistory: footpath.status === 'ok',
        need:
          footpath.status === 'ok'
            ? null
            : `Needs sales to at least ${footpath.requiredCustomers} named customers (pick the customer at the till); there ${footpath.summary.customers === 1 ? 'is' : 'are'} ${footpath.summary.customers} so far.`,
        summary:
          footpath.status === 'ok'
            ? `${plural(footpath.summary.customers, 'customer')}, ${Math.round(footpath.summary.repeatRate * 100)} % came back; ${plural(footpath.atRisk.length, 'customer')} at risk.`
            : null,
        computedAt: footpath.computedAt,
        accuracy: null,
      },
    ],
  };
}
