import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The AI modules' answers (apps/server/src/modules/ai-modules; docs/api.md "AI modules"). */

export type ModuleKey = 'sales_prediction' | 'stock_forecast' | 'product_recommendation' | 'customer_footpath';

export interface AiModuleStatus {
  key: ModuleKey;
  path: string;
  title: string;
  enoughHistory: boolean;
  need: string | null;
  summary: string | null;
  computedAt: string;
  accuracy: { mape: number | null; mase: number | null; heldOutDays: number } | null;
}

export interface AiModules {
  today: string;
  timeZone: string;
  modules: AiModuleStatus[];
}

interface Head {
  currency: string;
  timeZone: string;
  today: string;
  computedAt: string;
}

export interface IntervalPoint {
  date: string;
  forecast: number;
  lower80: number;
  upper80: number;
  lower95: number;
  upper95: number;
}

export interface Accuracy {
  days: number;
  mape: number | null;
  zeroActualsSkipped: number;
  mase: number | null;
  mae: number;
  seasonalNaiveMae: number;
  seasonalNaiveMape: number | null;
  coverage80: number;
  coverage95: number;
}

export interface SalesPrediction extends Head {
  status: 'ok' | 'insufficient_history' | 'no_recent_sales';
  history: { days: number; firstSaleDate: string | null; lastDate: string; enough: boolean; requiredDays: number; yearlyRequiredDays: number };
  model: { seasonality: string; trend: string; yearlyHarmonics: number; closedWeekdays: number[] } | null;
  totals: { next7Days: number; next28Days: number };
  forecast: IntervalPoint[];
  recent: { date: string; netSales: number }[];
  backtest: {
    status: 'ok' | 'insufficient_history';
    weeks: number;
    horizonDays: number;
    overall: Accuracy | null;
    points: (IntervalPoint & { origin: string; actual: number; seasonalNaive: number; scored: boolean })[];
  };
}

export interface StockRow {
  productId: string;
  name: string;
  sku: string | null;
  status: 'ok' | 'short_history' | 'no_sales';
  demandClass: string;
  expectedDailyDemand: number;
  onHand: number;
  onOrder: number;
  stockoutDate: string | null;
  daysOfCover: number | null;
  stockoutBeforeDelivery: boolean;
  leadTimeDays: number;
  leadTimeAssumed: boolean;
  safetyStock: number;
  reorderPoint: number;
  orderUpTo: number;
  reorderNow: boolean;
  reorderQuantity: number;
  packSize: number;
  productReorderPoint: number | null;
  productReorderQuantity: number | null;
  supplierId: string | null;
  supplierName: string | null;
}

export interface StockForecast extends Head {
  defaultLeadTimeDays: number;
  reviewDays: number;
  serviceLevel: number;
  summary: { trackedProducts: number; withHistory: number; reorderNow: number; runningOutBeforeDelivery: number };
  products: StockRow[];
}

export interface ProductRef {
  productId: string;
  name: string;
}

export interface ProductRecommendations extends Head {
  status: 'ok' | 'insufficient_history';
  baskets: number;
  multiItemBaskets: number;
  requiredMultiItemBaskets: number;
  minRuleCount: number;
  totalRules: number;
  rules: { antecedent: ProductRef[]; consequent: ProductRef; count: number; support: number; confidence: number; lift: number }[];
}

export interface CustomerFootpath extends Head {
  status: 'ok' | 'insufficient_history';
  requiredCustomers: number;
  summary: { customers: number; visits: number; revenue: number; repeatCustomers: number; repeatRate: number; medianDaysToSecondVisit: number | null };
  cohorts: { cohort: string; customers: number; retained: number[]; rates: number[] }[];
  visitGaps: {
    count: number;
    median: number | null;
    p25: number | null;
    p75: number | null;
    mean: number | null;
    buckets: { label: string; minDays: number; maxDays: number | null; count: number }[];
  };
  segments: { segment: string; label: string; customers: number; revenue: number; share: number }[];
  atRisk: {
    customerId: string;
    name: string;
    lastVisit: string;
    daysSinceLastVisit: number;
    expectedIntervalDays: number;
    overdueDays: number;
    visits: number;
    monetary: number;
  }[];
}

export const aiModulesQueryKey = ['ai-modules'] as const;
/** Models are trained at most once a day per change of data on the server; a minute here is plenty. */
const STALE = 60_000;

const get = <T>(path: string, key: string) =>
  queryOptions({
    queryKey: [...aiModulesQueryKey, key] as const,
    queryFn: ({ signal }) => apiClient.get<T>(path, { signal }),
    staleTime: STALE,
  });

export const useAiModules = () => useQuery(get<AiModules>('/api/ai/modules', 'hub'));
export const useSalesPrediction = () => useQuery(get<SalesPrediction>('/api/ai/sales-prediction', 'sales-prediction'));
export const useStockForecast = () => useQuery(get<StockForecast>('/api/ai/stock-forecast', 'stock-forecast'));
export const useProductRecommendations = () => useQuery(get<ProductRecommendations>('/api/ai/product-recommendation', 'product-recommendation'));
export const useCustomerFootpath = () => useQuery(get<CustomerFootpath>('/api/ai/customer-footpath', 'customer-footpath'));

export interface DraftedOrders {
  purchaseOrders: { id: string; number: number; label: string; supplierId: string; supplierName: string; lineCount: number }[];
}

/** POST /api/ai/stock-forecast/purchase-orders: drafts for the selected products, one per supplier. */
export function useDraftForecastOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productIds: string[]) => apiClient.post<DraftedOrders>('/api/ai/stock-forecast/purchase-orders', { productIds }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: aiModulesQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['purchase-orders'] });
    },
  });
}
