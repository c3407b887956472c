/**
 * One entry point for running the models off the request thread.
 *
 * Training for a whole catalogue takes seconds of CPU (bench/models): run it in a
 * `worker_threads` Worker so the till's requests are not held up. Jobs and results are plain
 * data (strings, numbers, arrays, plain objects), so they cross `postMessage` as they are:
 *
 *   // worker file (server side)
 *   import { parentPort } from 'node:worker_threads';
 *   import { runInsightJob } from '@till/core';
 *   parentPort?.on('message', (job) => parentPort?.postMessage(runInsightJob(job)));
 */
import { type AssociationModel, type AssociationOptions, mineAssociationRules, type ProductKey } from './association-rules.ts';
import { backtestSales, type BacktestOptions, type SalesBacktest } from './backtest.ts';
import { analyseCustomerFootpath, type CustomerFootpath, type CustomerOrder, type FootpathOptions } from './customer-footpath.ts';
import { forecastSales, type SalesForecast, type SalesForecastOptions } from './sales-forecast.ts';
import { InsightInputError } from './dates.ts';
import type { DailySeries } from './series.ts';
import { planStockForProducts, type StockPlan, type StockPlanInput } from './stock-forecast.ts';

export type InsightJob =
  | { kind: 'sales_forecast'; series: DailySeries; options?: SalesForecastOptions }
  | { kind: 'sales_backtest'; series: DailySeries; options?: BacktestOptions }
  | { kind: 'stock_plans'; items: (StockPlanInput & { key: string })[] }
  | { kind: 'association_rules'; baskets: ProductKey[][]; options?: AssociationOptions }
  | { kind: 'customer_footpath'; orders: CustomerOrder[]; options: FootpathOptions };

export type InsightJobResult =
  | { kind: 'sales_forecast'; ok: true; result: SalesForecast; ms: number }
  | { kind: 'sales_backtest'; ok: true; result: SalesBacktest; ms: number }
  | { kind: 'stock_plans'; ok: true; result: { key: string; plan: StockPlan }[]; ms: number }
  | { kind: 'association_rules'; ok: true; result: AssociationModel; ms: number }
  | { kind: 'customer_footpath'; ok: true; result: CustomerFootpath; ms: number }
  | { kind: InsightJob['kind']; ok: false; error: { code: 'invalid_input' | 'model_failed'; message: string }; ms: number };

/** Runs one job; never throws (a bad input comes back as ok: false with a message). */
export function runInsightJob(job: InsightJob): InsightJobResult {
  const started = performance.now();
  const ms = () => Math.round((performance.now() - started) * 10) / 10;
  try {
    switch (job.kind) {
      case 'sales_forecast':
        return { kind: job.kind, ok: true, result: forecastSales(job.series, job.options), ms: ms() };
      case 'sales_backtest':
        return { kind: job.kind, ok: true, result: backtestSales(job.series, job.options), ms: ms() };
      case 'stock_plans':
        return { kind: job.kind, ok: true, result: planStockForProducts(job.items), ms: ms() };
      case 'association_rules':
        return { kind: job.kind, ok: true, result: mineAssociationRules(job.baskets, job.options), ms: ms() };
      case 'customer_footpath':
        return { kind: job.kind, ok: true, result: analyseCustomerFootpath(job.orders, job.options), ms: ms() };
      default: {
        const kind = (job as { kind?: unknown }).kind;
        return { kind: String(kind) as InsightJob['kind'], ok: false, error: { code: 'invalid_input', message: `unknown job kind "${String(kind)}"` }, ms: ms() };
      }
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = error instanceof InsightInputError ? 'invalid_input' : 'model_failed';
    return { kind: job.kind, ok: false, error: { code, message }, ms: ms() };
  }
}
