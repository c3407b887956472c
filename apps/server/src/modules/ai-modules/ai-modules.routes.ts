import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse, nullableRef } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { draftForecastOrders } from './draft-forecast-orders.ts';
import { getAiModules } from './get-ai-modules.ts';
import { getCustomerFootpath } from './get-customer-footpath.ts';
import { getOftenBoughtWith, getProductRecommendations } from './get-product-recommendations.ts';
import { getSalesPrediction } from './get-sales-prediction.ts';
import { getStockForecast } from './get-stock-forecast.ts';
import { getAiTraining, requestAiTraining } from './train-ai-modules.ts';
import {
  toAiModulesView,
  toAiTrainingView,
  toCustomerFootpathView,
  toDraftedOrdersView,
  toOftenBoughtWithView,
  toProductRecommendationsView,
  toSalesPredictionView,
  toStockForecastView,
  toTrainStartedView,
} from './ai-modules.views.ts';

// The /ai pages are login pages without a page key (SPEC §2); their figures are reports, so the
// API asks for SPEC §6 can_view_reports (page key analytics). Stock figures are inventory
// (can_manage_inventory), drafting orders is purchasing's can_make_orders, and the till's
// "often bought with" hint is for whoever may use the POS.
const reports = business({ page: 'analytics' });
const inventory = business({ employeeFeature: 'inventory' });
const order = business({ feature: 'purchase_orders', adminPermission: 'can_make_orders' });
const till = business({ employeeFeature: 'pos' });

const money = (description?: string) => z.number().int().openapi({ description: description ?? 'Minor units of the business currency' });
const int = () => z.number().int();
const day = () => z.string().openapi({ description: 'A local day of the business, YYYY-MM-DD' });
const head = { currency: z.string(), time_zone: z.string(), today: day(), computed_at: z.string().openapi({ description: 'When the model was trained (ISO 8601)' }) };
const status = z.enum(['ok', 'insufficient_history', 'no_recent_sales']);

const accuracySchema = z
  .object({
    days: int(),
    mape: z.number().nullable().openapi({ description: 'Mean absolute percentage error, %, over held-out days with sales' }),
    zero_actuals_skipped: int(),
    mase: z.number().nullable().openapi({ description: 'Mean absolute error ÷ the in-sample error of the seasonal-naive forecast' }),
    mae: z.number(),
    seasonal_naive_mae: z.number(),
    seasonal_naive_mape: z.number().nullable(),
    coverage80: z.number(),
    coverage95: z.number(),
  })
  .openapi('ForecastAccuracy');
const intervalFields = { forecast: money(), lower80: money(), upper80: money(), lower95: money(), upper95: money() };

const salesPredictionSchema = z
  .object({
    ...head,
    status,
    history: z.object({ days: int(), first_sale_date: day().nullable(), last_date: day(), enough: z.boolean(), required_days: int(), yearly_required_days: int() }),
    model: z.object({ seasonality: z.string(), trend: z.string(), yearly_harmonics: int(), closed_weekdays: z.array(int()) }).nullable(),
    totals: z.object({ next_7_days: money(), next_28_days: money() }),
    forecast: z.array(z.object({ date: day(), ...intervalFields })),
    recent: z.array(z.object({ date: day(), net_sales: money() })),
    backtest: z.object({
      status: z.enum(['ok', 'insufficient_history']),
      weeks: int(),
      horizon_days: int(),
      overall: nullableRef(accuracySchema),
      points: z.array(z.object({ date: day(), origin: day(), actual: money(), seasonal_naive: money(), scored: z.boolean(), ...intervalFields })),
    }),
  })
  .openapi('SalesPrediction');

const stockRowSchema = z.object({
  product_id: z.uuid(),
  name: z.string(),
  sku: z.string().nullable(),
  status: z.enum(['ok', 'short_history', 'no_sales']),
  demand_class: z.string(),
  expected_daily_demand: z.number(),
  on_hand: int(),
  on_order: int(),
  stockout_date: day().nullable(),
  days_of_cover: z.number().nullable(),
  stockout_before_delivery: z.boolean(),
  lead_time_days: int(),
  lead_time_assumed: z.boolean(),
  safety_stock: int(),
  reorder_point: int(),
  order_up_to: int(),
  reorder_now: z.boolean(),
  reorder_quantity: int(),
  pack_size: int(),
  product_reorder_point: int().nullable(),
  product_reorder_quantity: int().nullable(),
  supplier_id: z.uuid().nullable(),
  supplier_name: z.string().nullable(),
});
const stockForecastSchema = z
  .object({
    ...head,
    default_lead_time_days: int(),
    review_days: int(),
    service_level: z.number(),
    summary: z.object({ tracked_products: int(), with_history: int(), reorder_now: int(), running_out_before_delivery: int() }),
    products: z.array(stockRowSchema),
  })
  .openapi('StockForecast');

const productRef = z.object({ product_id: z.uuid(), name: z.string() });
const recommendationsSchema = z
  .object({
    ...head,
    status: z.enum(['ok', 'insufficient_history']),
    baskets: int(),
    multi_item_baskets: int(),
    required_multi_item_baskets: int(),
    min_rule_count: int(),
    total_rules: int(),
    rules: z.array(z.object({ antecedent: z.array(productRef), consequent: productRef, count: int(), support: z.number(), confidence: z.number(), lift: z.number() })),
  })
  .openapi('ProductRecommendations');

const oftenBoughtWithSchema = z
  .object({
    suggestions: z.array(z.object({ product_id: z.uuid(), name: z.string(), price: money(), tax_rate_basis_points: int().openapi({ description: 'The product’s tax rate (0 without one), as the till adds it' }), confidence: z.number(), lift: z.number(), because: z.array(productRef) })),
  })
  .openapi('OftenBoughtWith');

const footpathSchema = z
  .object({
    ...head,
    status: z.enum(['ok', 'insufficient_history']),
    required_customers: int(),
    summary: z.object({
      customers: int(),
      visits: int(),
      revenue: money(),
      repeat_customers: int(),
      repeat_rate: z.number(),
      median_days_to_second_visit: z.number().nullable(),
    }),
    cohorts: z.array(z.object({ cohort: z.string(), customers: int(), retained: z.array(int()), rates: z.array(z.number()) })),
    visit_gaps: z.object({
      count: int(),
      median: z.number().nullable(),
      p25: z.number().nullable(),
      p75: z.number().nullable(),
      mean: z.number().nullable(),
      buckets: z.array(z.object({ label: z.string(), min_days: int(), max_days: int().nullable(), count: int() })),
    }),
    segments: z.array(z.object({ segment: z.string(), label: z.string(), customers: int(), revenue: money(), share: z.number() })),
    at_risk: z.array(
      z.object({
        customer_id: z.uuid(),
        name: z.string(),
        last_visit: day(),
        days_since_last_visit: int(),
        expected_interval_days: z.number(),
        overdue_days: z.number(),
        visits: int(),
        monetary: money(),
      }),
    ),
  })
  .openapi('CustomerFootpath');

const hubSchema = z
  .object({
    today: day(),
    time_zone: z.string(),
    modules: z.array(
      z.object({
        key: z.enum(['sales_prediction', 'stock_forecast', 'product_recommendation', 'customer_footpath']),
        path: z.string(),
        title: z.string(),
        enough_history: z.boolean(),
        need: z.string().nullable().openapi({ description: 'What is missing, in words, when there is not enough history' }),
        summary: z.string().nullable(),
        computed_at: z.string(),
        accuracy: z.object({ mape: z.number().nullable(), mase: z.number().nullable(), held_out_days: int() }).nullable(),
      }),
    ),
  })
  .openapi('AiModules');

const trainingJobSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    trigger: z.enum(['request', 'nightly']).openapi({ description: "'request' (someone asked) or 'nightly' (the nightly schedule)" }),
    night: day().nullable().openapi({ description: 'A nightly training’s local night (the day its window falls on); null for a request' }),
    requested_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    attempts: int().openapi({ description: 'Claims so far: more than 1 when a stopped process’s run was taken over' }),
    error: z.string().nullable(),
  })
  .openapi('AiTrainingJob');
const nightlySchema = z
  .object({
    on: z.boolean().openapi({ description: 'Whether the business is trained every night (its AI modules are on: reporting_analytics)' }),
    time_zone: z.string(),
    window_start: z.string().openapi({ description: 'The nightly window on the business’s clocks, "02:00" …' }),
    window_end: z.string().openapi({ description: '… to "05:00"' }),
    last: nullableRef(trainingJobSchema),
    next_at: z.string().nullable().openapi({ description: 'When the next nightly training is to start (null while off)' }),
  })
  .openapi('AiNightlyTraining');
const trainingSchema = z.object({ job: nullableRef(trainingJobSchema), nightly: nightlySchema }).openapi('AiTraining');
const trainStartedSchema = z
  .object({ created: z.boolean().openapi({ description: 'false when the answer is the job already queued or running' }), job: trainingJobSchema })
  .openapi('AiTrainingStarted');

const draftedSchema = z.object({
  purchase_orders: z.array(z.object({ id: z.uuid(), number: int(), label: z.string(), supplier_id: z.uuid(), supplier_name: z.string(), line_count: int() })),
});

const hubRoute = defineRoute({
  method: 'get',
  path: '/api/ai/modules',
  access: reports,
  tags: ['ai-modules'],
  summary: 'Each AI module with whether it has enough history (and what it needs), when it was last computed and its accuracy',
  responses: { 200: jsonResponse(hubSchema, 'The modules'), ...errorResponses(401, 403) },
});
const trainRoute = defineRoute({
  method: 'post',
  path: '/api/ai/training',
  access: reports,
  tags: ['ai-modules'],
  summary: 'Trains every AI module in the background: answers at once with the job (the one already queued or running, if any)',
  responses: { 202: jsonResponse(trainStartedSchema, 'The training job'), ...errorResponses(401, 403) },
});
const trainingRoute = defineRoute({
  method: 'get',
  path: '/api/ai/training',
  access: reports,
  tags: ['ai-modules'],
  summary: 'The newest training job of the business (queued, running, done or failed, with its times), or null, and the nightly schedule with its last and next run',
  responses: { 200: jsonResponse(trainingSchema, 'The newest job'), ...errorResponses(401, 403) },
});
const salesRoute = defineRoute({
  method: 'get',
  path: '/api/ai/sales-prediction',
  access: reports,
  tags: ['ai-modules'],
  summary: 'Daily net sales for the next 28 days with 80 % and 95 % intervals, and the rolling-origin backtest (MAPE, MASE) of the last 8 weeks',
  responses: { 200: jsonResponse(salesPredictionSchema, 'The forecast and its backtest'), ...errorResponses(401, 403) },
});
const stockRoute = defineRoute({
  method: 'get',
  path: '/api/ai/stock-forecast',
  access: inventory,
  tags: ['ai-modules'],
  summary: 'Per tracked product: expected daily demand, run-out date and the quantity to reorder given the supplier’s lead time',
  responses: { 200: jsonResponse(stockForecastSchema, 'The stock forecast'), ...errorResponses(401, 403) },
});
const draftRoute = defineRoute({
  method: 'post',
  path: '/api/ai/stock-forecast/purchase-orders',
  access: order,
  tags: ['ai-modules'],
  summary: 'Draft purchase orders (one per supplier) for the selected products at the forecast’s reorder quantities; all or none',
  request: { body: jsonBody(z.strictObject({ product_ids: z.array(z.uuid()).min(1, 'Select at least one product').max(500) })) },
  responses: { 201: jsonResponse(draftedSchema, 'The drafts made'), ...errorResponses(400, 401, 403, 409, 422) },
});
const rulesRoute = defineRoute({
  method: 'get',
  path: '/api/ai/product-recommendation',
  access: reports,
  tags: ['ai-modules'],
  summary: 'Products bought together: association rules with support, confidence and lift over the last year’s sales',
  responses: { 200: jsonResponse(recommendationsSchema, 'The rules'), ...errorResponses(401, 403) },
});
const oftenRoute = defineRoute({
  method: 'get',
  path: '/api/ai/often-bought-with',
  access: till,
  tags: ['ai-modules'],
  summary: 'For the till: the products a cart’s contents are most often bought with (not already in the cart)',
  request: {
    query: z.strictObject({
      product_ids: z
        .string()
        .max(37 * 100)
        .transform((value) => value.split(',').filter((id) => id !== ''))
        .pipe(z.array(z.uuid()).min(1, 'Name at least one product').max(100))
        .openapi({ description: 'The cart’s product ids, comma-separated', type: 'string' }),
      limit: z.coerce.number().int().min(1).max(10).default(3),
    }),
  },
  responses: { 200: jsonResponse(oftenBoughtWithSchema, 'The hints'), ...errorResponses(400, 401, 403) },
});
const footpathRoute = defineRoute({
  method: 'get',
  path: '/api/ai/customer-footpath',
  access: reports,
  tags: ['ai-modules'],
  summary: 'Cohort retention by month of first purchase, time between visits, RFM segments and customers at risk of not returning',
  responses: { 200: jsonResponse(footpathSchema, 'The footpath'), ...errorResponses(401, 403) },
});

export const aiModulesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(hubRoute, async (c) => c.json(toAiModulesView(await getAiModules(c.var.services.database, c.var.tenant.businessId)), 200))
  .openapi(trainRoute, async (c) => c.json(toTrainStartedView(await requestAiTraining(c.var.services.database, c.var.tenant.businessId)), 202))
  .openapi(trainingRoute, async (c) =>
    c.json(toAiTrainingView(await getAiTraining(c.var.services.database, c.var.tenant.businessId, c.var.tenant.features.reporting_analytics)), 200),
  )
  .openapi(salesRoute, async (c) => c.json(toSalesPredictionView(await getSalesPrediction(c.var.services.database, c.var.tenant.businessId)), 200))
  .openapi(stockRoute, async (c) => c.json(toStockForecastView(await getStockForecast(c.var.services.database, c.var.tenant.businessId)), 200))
  .openapi(draftRoute, async (c) =>
    c.json(toDraftedOrdersView(await draftForecastOrders(c.var.services.database, c.var.tenant, c.req.valid('json').product_ids)), 201),
  )
  .openapi(rulesRoute, async (c) => c.json(toProductRecommendationsView(await getProductRecommendations(c.var.services.database, c.var.tenant.businessId)), 200))
  .openapi(oftenRoute, async (c) => {
    const query = c.req.valid('query');
    return c.json(toOftenBoughtWithView(await getOftenBoughtWith(c.var.services.database, c.var.tenant.businessId, query.product_ids, query.limit)), 200);
  })
  .openapi(footpathRoute, async (c) => c.json(toCustomerFootpathView(await getCustomerFootpath(c.var.services.database, c.var.tenant.businessId)), 200));
