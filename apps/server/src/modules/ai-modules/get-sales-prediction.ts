import { MAX_HISTORY_DAYS, SALES_HISTORY_DAYS } from '@till/core';
import type { Database } from '../../db/client.ts';
import { FORECAST_DAYS } from './fit-models.ts';
import { loadAiBusiness, type AiBusiness } from './load-business.ts';
import { cachedModel } from './model-cache.ts';
import { trainSalesModel } from './train-models.ts';

export { BACKTEST_WEEKS, FORECAST_DAYS } from './fit-models.ts';

/** Days of history the model learns from: two years and a little, enough for the yearly pattern. */
const HISTORY_DAYS = Math.min(MAX_HISTORY_DAYS, 2 * 365 + 28);

/**
 * Sales prediction: daily net sales (after discounts and refunds, before tax) for the 28 days
 * from today, with 80 % and 95 % intervals, beside the rolling-origin backtest over the last
 * 8 weeks (MAPE, MASE against the seasonal-naive forecast). Learns from complete days only
 * (up to yesterday). Cached per business and day (model-cache.ts).
 */
export async function getSalesPrediction(database: Database, businessId: string, loaded?: AiBusiness) {
  const business = loaded ?? (await database.withTenant(businessId, (tx) => loadAiBusiness(tx, businessId)));
  const { value, computedAt } = await cachedModel(businessId, 'sales_prediction', business.key, () => trainSalesModel(database, businessId, business, HISTORY_DAYS));
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
