import {
  addDays,
  analyseCustomerFootpath,
  backtestSales,
  forecastSales,
  mineAssociationRules,
  planStockForProducts,
  toDailySeries,
  type AssociationModel,
  type DailySeries,
} from '@till/core';

/**
 * The CPU-heavy part of training the AI modules (decision 042): fitting each model on what the
 * database gave, with no database and no I/O, so it runs in the training worker thread
 * (train-worker.ts) while the main thread keeps answering requests. Inputs and outputs are plain
 * data (structured clone); the large ones are typed arrays, moved to the worker without a copy.
 */

export const BACKTEST_WEEKS = 8;
export const FORECAST_DAYS = 28;
/** Days of actual sales shown before the forecast. */
const RECENT_DAYS = 56;

export interface SalesFitInput {
  points: { date: string; value: number }[];
  yesterday: string;
}

export function fitSales({ points, yesterday }: SalesFitInput) {
  const firstSale = points.find((point) => point.value > 0)?.date ?? null;
  const series: DailySeries = firstSale ? toDailySeries(points.filter((point) => point.date >= firstSale), { start: firstSale, end: yesterday }) : { start: yesterday, values: [0] };
  const forecast = forecastSales(series, { horizonDays: FORECAST_DAYS });
  const backtest = backtestSales(series, { weeks: BACKTEST_WEEKS, horizonDays: 7 });
  const recentStart = addDays(yesterday, -(RECENT_DAYS - 1));
  const byDay = new Map(points.map((point) => [point.date, point.value]));
  const recent = Array.from({ length: RECENT_DAYS }, (_, index) => addDays(recentStart, index))
    .filter((day) => firstSale !== null && day >= firstSale)
    .map((day) => ({ date: day, netSales: byDay.get(day) ?? 0 }));
  return { forecast, backtest, recent };
}

export interface StockFitInput {
  /** First and last day of the history. */
  from: string;
  to: string;
  products: { onHand: number; onOrder: number; leadTimeDays: number; reviewDays: number; packSize: number }[];
  /** Units sold: one entry per product and day, as the index of the product in `products`, the day after `from` and the units. */
  productIndex: Int32Array;
  dayIndex: Int32Array;
  units: Float64Array;
}

export function fitStock(input: StockFitInput) {
  const days = Math.round((Date.parse(`${input.to}T00:00:00Z`) - Date.parse(`${input.from}T00:00:00Z`)) / 86_400_000) + 1;
  const values = input.products.map(() => new Array<number>(days).fill(0));
  for (let i = 0; i < input.productIndex.length; i += 1) {
    const day = input.dayIndex[i]!;
    if (day >= 0 && day < days) values[input.productIndex[i]!]![day]! += input.units[i]!;
  }
  const plans = planStockForProducts(
    input.products.map((product, index) => ({
      key: index,
      history: { start: input.from, values: values[index]! },
      onHand: Math.max(0, product.onHand),
      onOrder: product.onOrder,
      leadTimeDays: product.leadTimeDays,
      reviewDays: product.reviewDays,
      packSize: product.packSize,
      horizonDays: 1,
    })),
  );
  // Only what the answer shows crosses back.
  return plans.map(({ plan }) => ({
    status: plan.status,
    demandClass: plan.demand.demandClass,
    meanDaily: plan.demand.meanDaily,
    stockoutDate: plan.stockoutDate,
    daysOfCover: plan.daysOfCover,
    stockoutBeforeDelivery: plan.stockoutBeforeDelivery,
    safetyStock: plan.safetyStock,
    reorderPoint: plan.reorderPoint,
    orderUpTo: plan.orderUpTo,
    reorderNow: plan.reorderNow,
    reorderQuantity: plan.reorderQuantity,
  }));
}

export interface RulesFitInput {
  /** Product ids; baskets hold indexes into it. */
  ids: string[];
  /** Basket b holds items[offsets[b]] … items[offsets[b + 1] - 1]. */
  offsets: Int32Array;
  items: Int32Array;
  minCount: number;
}

export function fitRules({ ids, offsets, items, minCount }: RulesFitInput) {
  const baskets: number[][] = [];
  let multiItemBaskets = 0;
  for (let b = 0; b + 1 < offsets.length; b += 1) {
    const basket = Array.from(items.subarray(offsets[b]!, offsets[b + 1]!));
    if (basket.length > 1) multiItemBaskets += 1;
    baskets.push(basket);
  }
  const mined = mineAssociationRules(baskets, { minCount, triples: true });
  const model: AssociationModel<string> = {
    ...mined,
    rules: mined.rules.map((rule) => ({ ...rule, antecedent: rule.antecedent.map((index) => ids[index]!), consequent: ids[rule.consequent]! })),
  };
  return { model, multiItemBaskets };
}

export interface FootpathFitInput {
  orders: { customerId: string; date: string; amount: number }[];
  asOf: string;
  cohortLimit: number;
  atRiskLimit: number;
}

export function fitFootpath({ orders, asOf, cohortLimit, atRiskLimit }: FootpathFitInput) {
  return analyseCustomerFootpath(orders, { asOf, cohortLimit, atRiskLimit });
}

export type FitTask =
  | { model: 'sales_prediction'; input: SalesFitInput }
  | { model: 'stock_forecast'; input: StockFitInput }
  | { model: 'product_recommendation'; input: RulesFitInput }
  | { model: 'customer_footpath'; input: FootpathFitInput };

export interface FitResults {
  sales_prediction: ReturnType<typeof fitSales>;
  stock_forecast: ReturnType<typeof fitStock>;
  product_recommendation: ReturnType<typeof fitRules>;
  customer_footpath: ReturnType<typeof fitFootpath>;
}

export function fit(task: FitTask): FitResults[FitTask['model']] {
  switch (task.model) {
    case 'sales_prediction':
      return fitSales(task.input);
    case 'stock_forecast':
      return fitStock(task.input);
    case 'product_recommendation':
      return fitRules(task.input);
    case 'customer_footpath':
      return fitFootpath(task.input);
  }
}
