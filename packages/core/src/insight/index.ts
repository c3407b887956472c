/** Local statistical models behind the AI modules (docs/insight-models.md). Pure: no I/O, no clock. */
export { addDays, dayNumber, formatDay, InsightInputError, isoWeekday } from './dates.ts';
export { type DailySeries, type DailyValue, MAX_HISTORY_DAYS, toDailySeries } from './series.ts';
export {
  assessSalesHistory,
  DEFAULT_HORIZON_DAYS,
  forecastSales,
  MAX_HORIZON_DAYS,
  SALES_HISTORY_DAYS,
  type SalesForecast,
  type SalesForecastOptions,
  type SalesForecastPoint,
  type SalesHistory,
  type SalesModelSummary,
} from './sales-forecast.ts';
export { type AccuracySummary, type BacktestOptions, type BacktestPoint, backtestSales, type SalesBacktest } from './backtest.ts';
export {
  type DemandClass,
  type DemandModel,
  forecastDemand,
  planStock,
  planStockForProducts,
  STOCK_HISTORY_DAYS,
  STOCKOUT_SEARCH_DAYS,
  type StockPlan,
  type StockPlanInput,
} from './stock-forecast.ts';
export {
  type AssociationModel,
  type AssociationOptions,
  type AssociationRule,
  indexRules,
  mineAssociationRules,
  type OftenBoughtWith,
  oftenBoughtWith,
  type ProductKey,
} from './association-rules.ts';
export {
  analyseCustomerFootpath,
  type AtRiskCustomer,
  type CohortRow,
  type CustomerFootpath,
  type CustomerOrder,
  type CustomerRfm,
  type CustomerVisitSummary,
  type FootpathOptions,
  RFM_SEGMENT_LABELS,
  RFM_SEGMENTS,
  rfmSegment,
  type RfmSegment,
  rfmSegmentsOf,
} from './customer-footpath.ts';
export { type InsightJob, type InsightJobResult, runInsightJob } from './jobs.ts';
