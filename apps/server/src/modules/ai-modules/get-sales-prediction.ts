import { addDays, backtestSales, forecastSales, MAX_HISTORY_DAYS, SALES_HISTORY_DAYS, toDailySeries, type DailySeries } from '@till/core';
import type { Database } from '../../db/client.ts';
import { aiModulesRepository as repo } from './ai-modules.repository.ts';
import { loadAiBusiness, type AiBusiness } from './load-business.ts';
import { cachedModel } from './model-cache.ts';

/** Days of history the model learns from: two years and a little, enough for the yearly pattern. */
const HISTORY_DAYS = Math.min(MAX_HISTORY_DAYS, 2 * 365 + 28);
/** Held-out weeks of the rolling-origin backtest, each forecast 7 days ahead from its origin. */
export const BACKTEST_WEEKS = 8;
export const FORECAST_DAYS = 28;
/** Days of actual sales shown before the forecast. */
const RECENT_DAYS = 56;

/**
 * Sales prediction: daily net sales (after discounts and refunds, before tax) for the 28 days
 * from today, with 80 % and 95 % intervals, beside the rolling-origin backtest over the last
 * 8 weeks (MAPE, MASE against the seasonal-naive forecast). Learns from complete days only
 * (up to yesterday). Cached per business and day (model-cache.ts).
 */
export async function getSalesPrediction(database: Database, businessId: string, loaded?: AiBusiness) {
  const business = loaded ?? (await database.withTenant(businessId, (tx) => loadAiBusiness(tx, businessId)));
  const { value, computedAt } = await cachedModel(businessId, 'sales_prediction', business.key, async () => {
    const from = addDays(business.yesterday, -(HISTORY_DAYS - 1));
    const points = await database.withTenant(businessId, (tx) => repo.dailyNetSales(tx, businessId, business.timeZone, from, business.yesterday));
    const firstSale = points.find((point) => point.value > 0)?.date ?? null;
    const series: DailySeries = firstSale
      ? toDailySeries(points.filter((point) => point.date >= firstSale), { start: firstSale, end: business.yesterday })
      : { start: business.yesterday, values: [0] };
    const forecast = forecastSales(series, { horizonDays: FORECAST_DAYS });
    const backtest = backtestSales(series, { weeks: BACKTEST_WEEKS, horizonDays: 7 });
    const recentStart = addDays(business.yesterday, -(RECENT_DAYS - 1));
    const byDay = new Map(points.map((point) => [point.date, point.value]));
    const recent = Array.from({ length: RECENT_DAYS }, (_, index) => addDays(recentStart, index))
      .filter((day) => firstSale !== null && day >= firstSale)
      .map((day) => ({ date: day, netSales: byDay.get(day) ?? 0 }));
    return { forecast, backtest, recent };
  });
  const { forecast, backtest, recent } = value;
  const sum = (days: number) => forecast.points.slice(0, days).reduce((total, point) => total + point.forecast, 0);
  return {
    currency: business.currency,
    timeZone: business.timeZone,
    today: business.today,
    computedAt,
    status: forecast.status,
    history: {
      days: forecast.history.days,
      firstSaleDate: forecast.history.firstSaleDate,
      lastDate: forecast.history.lastDate,
      enough: forecast.history.enough,
      requiredDays: SALES_HISTORY_DAYS.weekly,
      yearlyRequiredDays: SALES_HISTORY_DAYS.yearly,
    },
    model: forecast.model && {
      seasonality: forecast.model.seasonality,
      trend: forecast.model.trend,
      yearlyHarmonics: forecast.model.yearlyHarmonics,
      closedWeekdays: forecast.model.closedWeekdays,
    },
    totals: { next7Days: sum(7), next28Days: sum(FORECAST_DAYS) },
    forecast: forecast.points,
    recent,
    backtest: {
      status: backtest.status,
      weeks: backtest.weeks,
      horizonDays: backtest.horizonDays,
      overall: backtest.overall,
      points: backtest.points,
    },
  };
}
