import type { AccuracySummary } from '@till/core';
import type { draftForecastOrders } from './draft-forecast-orders.ts';
import type { getAiModules } from './get-ai-modules.ts';
import type { getCustomerFootpath } from './get-customer-footpath.ts';
import type { getOftenBoughtWith, getProductRecommendations } from './get-product-recommendations.ts';
import type { getSalesPrediction } from './get-sales-prediction.ts';
import type { getStockForecast, StockForecastRow } from './get-stock-forecast.ts';
import type { getAiTraining, requestAiTraining, TrainingJob } from './train-ai-modules.ts';

/**
 * The AI modules' answers on the wire (decision 070: snake_case). The use-cases, the models and
 * the hub's modules stored on a finished training job keep TypeScript's camelCase; these views are
 * where they become the wire's shape, field by field.
 */

type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

const head = (answer: { currency: string; timeZone: string; today: string; computedAt: string }) => ({
  currency: answer.currency,
  time_zone: answer.timeZone,
  today: answer.today,
  computed_at: answer.computedAt,
});

const productRef = (ref: { productId: string; name: string }) => ({ product_id: ref.productId, name: ref.name });

export const toAiModulesView = (hub: Answer<typeof getAiModules>) => ({
  today: hub.today,
  time_zone: hub.timeZone,
  modules: hub.modules.map((module) => ({
    key: module.key,
    path: module.path,
    title: module.title,
    enough_history: module.enoughHistory,
    need: module.need,
    summary: module.summary,
    computed_at: module.computedAt,
    accuracy: module.accuracy && { mape: module.accuracy.mape, mase: module.accuracy.mase, held_out_days: module.accuracy.heldOutDays },
  })),
});

const toAccuracyView = (accuracy: AccuracySummary) => ({
  days: accuracy.days,
  mape: accuracy.mape,
  zero_actuals_skipped: accuracy.zeroActualsSkipped,
  mase: accuracy.mase,
  mae: accuracy.mae,
  seasonal_naive_mae: accuracy.seasonalNaiveMae,
  seasonal_naive_mape: accuracy.seasonalNaiveMape,
  coverage80: accuracy.coverage80,
  coverage95: accuracy.coverage95,
});

const interval = (point: { forecast: number; lower80: number; upper80: number; lower95: number; upper95: number }) => ({
  forecast: point.forecast,
  lower80: point.lower80,
  upper80: point.upper80,
  lower95: point.lower95,
  upper95: point.upper95,
});

export const toSalesPredictionView = (sales: Answer<typeof getSalesPrediction>) => ({
  ...head(sales),
  status: sales.status,
  history: {
    days: sales.history.days,
    first_sale_date: sales.history.firstSaleDate,
    last_date: sales.history.lastDate,
    enough: sales.history.enough,
    required_days: sales.history.requiredDays,
    yearly_required_days: sales.history.yearlyRequiredDays,
  },
  model: sales.model && {
    seasonality: sales.model.seasonality,
    trend: sales.model.trend,
    yearly_harmonics: sales.model.yearlyHarmonics,
    closed_weekdays: sales.model.closedWeekdays,
  },
  totals: { next_7_days: sales.totals.next7Days, next_28_days: sales.totals.next28Days },
  forecast: sales.forecast.map((point) => ({ date: point.date, ...interval(point) })),
  recent: sales.recent.map((day) => ({ date: day.date, net_sales: day.netSales })),
  backtest: {
    status: sales.backtest.status,
    weeks: sales.backtest.weeks,
    horizon_days: sales.backtest.horizonDays,
    overall: sales.backtest.overall && toAccuracyView(sales.backtest.overall),
    points: sales.backtest.points.map((point) => ({
      date: point.date,
      origin: point.origin,
      actual: point.actual,
      seasonal_naive: point.seasonalNaive,
      scored: point.scored,
      ...interval(point),
    })),
  },
});

const toStockRowView = (row: StockForecastRow) => ({
  product_id: row.productId,
  name: row.name,
  sku: row.sku,
  status: row.status,
  demand_class: row.demandClass,
  expected_daily_demand: row.expectedDailyDemand,
  on_hand: row.onHand,
  on_order: row.onOrder,
  stockout_date: row.stockoutDate,
  days_of_cover: row.daysOfCover,
  stockout_before_delivery: row.stockoutBeforeDelivery,
  lead_time_days: row.leadTimeDays,
  lead_time_assumed: row.leadTimeAssumed,
  safety_stock: row.safetyStock,
  reorder_point: row.reorderPoint,
  order_up_to: row.orderUpTo,
  reorder_now: row.reorderNow,
  reorder_quantity: row.reorderQuantity,
  pack_size: row.packSize,
  product_reorder_point: row.productReorderPoint,
  product_reorder_quantity: row.productReorderQuantity,
  supplier_id: row.supplierId,
  supplier_name: row.supplierName,
});

export const toStockForecastView = (stock: Answer<typeof getStockForecast>) => ({
  ...head(stock),
  default_lead_time_days: stock.defaultLeadTimeDays,
  review_days: stock.reviewDays,
  service_level: stock.serviceLevel,
  summary: {
    tracked_products: stock.summary.trackedProducts,
    with_history: stock.summary.withHistory,
    reorder_now: stock.summary.reorderNow,
    running_out_before_delivery: stock.summary.runningOutBeforeDelivery,
  },
  products: stock.products.map(toStockRowView),
});

export const toDraftedOrdersView = (drafted: Answer<typeof draftForecastOrders>) => ({
  purchase_orders: drafted.purchaseOrders.map((order) => ({
    id: order.id,
    number: order.number,
    label: order.label,
    supplier_id: order.supplierId,
    supplier_name: order.supplierName,
    line_count: order.lineCount,
  })),
});

export const toProductRecommendationsView = (recommendations: Answer<typeof getProductRecommendations>) => ({
  ...head(recommendations),
  status: recommendations.status,
  baskets: recommendations.baskets,
  multi_item_baskets: recommendations.multiItemBaskets,
  required_multi_item_baskets: recommendations.requiredMultiItemBaskets,
  min_rule_count: recommendations.minRuleCount,
  total_rules: recommendations.totalRules,
  rules: recommendations.rules.map((rule) => ({
    antecedent: rule.antecedent.map(productRef),
    consequent: productRef(rule.consequent),
    count: rule.count,
    support: rule.support,
    confidence: rule.confidence,
    lift: rule.lift,
  })),
});

export const toOftenBoughtWithView = (hints: Answer<typeof getOftenBoughtWith>) => ({
  suggestions: hints.suggestions.map((hint) => ({
    product_id: hint.productId,
    name: hint.name,
    price: hint.price,
    tax_rate_basis_points: hint.taxRateBasisPoints,
    confidence: hint.confidence,
    lift: hint.lift,
    because: hint.because.map(productRef),
  })),
});

export const toCustomerFootpathView = (footpath: Answer<typeof getCustomerFootpath>) => ({
  ...head(footpath),
  status: footpath.status,
  required_customers: footpath.requiredCustomers,
  summary: {
    customers: footpath.summary.customers,
    visits: footpath.summary.visits,
    revenue: footpath.summary.revenue,
    repeat_customers: footpath.summary.repeatCustomers,
    repeat_rate: footpath.summary.repeatRate,
    median_days_to_second_visit: footpath.summary.medianDaysToSecondVisit,
  },
  cohorts: footpath.cohorts.map((row) => ({ cohort: row.cohort, customers: row.customers, retained: row.retained, rates: row.rates })),
  visit_gaps: {
    count: footpath.visitGaps.count,
    median: footpath.visitGaps.median,
    p25: footpath.visitGaps.p25,
    p75: footpath.visitGaps.p75,
    mean: footpath.visitGaps.mean,
    buckets: footpath.visitGaps.buckets.map((bucket) => ({ label: bucket.label, min_days: bucket.minDays, max_days: bucket.maxDays, count: bucket.count })),
  },
  segments: footpath.segments.map((row) => ({ segment: row.segment, label: row.label, customers: row.customers, revenue: row.revenue, share: row.share })),
  at_risk: footpath.atRisk.map((row) => ({
    customer_id: row.customerId,
    name: row.name,
    last_visit: row.lastVisit,
    days_since_last_visit: row.daysSinceLastVisit,
    expected_interval_days: row.expectedIntervalDays,
    overdue_days: row.overdueDays,
    visits: row.visits,
    monetary: row.monetary,
  })),
});

export const toTrainingJobView = (job: TrainingJob) => ({
  id: job.id,
  status: job.status,
  trigger: job.trigger,
  night: job.night,
  requested_at: job.requestedAt.toISOString(),
  started_at: job.startedAt?.toISOString() ?? null,
  finished_at: job.finishedAt?.toISOString() ?? null,
  attempts: job.attempts,
  error: job.error,
});

export const toTrainStartedView = (started: Answer<typeof requestAiTraining>) => ({ created: started.created, job: toTrainingJobView(started.job) });

export const toAiTrainingView = (training: Answer<typeof getAiTraining>) => ({
  job: training.job && toTrainingJobView(training.job),
  nightly: {
    on: training.nightly.on,
    time_zone: training.nightly.timeZone,
    window_start: training.nightly.windowStart,
    window_end: training.nightly.windowEnd,
    last: training.nightly.last && toTrainingJobView(training.nightly.last),
    next_at: training.nightly.nextAt,
  },
});
