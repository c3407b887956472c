import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer } from '@/lib/api';

/**
 * The AI modules' answers (apps/server/src/modules/ai-modules; docs/api.md "AI modules"), named for
 * the components: the server's route schemas (the typed client's generated types), never copies.
 */
export type AiModules = ApiAnswer<'/api/ai/modules'>;
export type AiModuleStatus = AiModules['modules'][number];
export type ModuleKey = AiModuleStatus['key'];
export type SalesPrediction = ApiAnswer<'/api/ai/sales-prediction'>;
export type IntervalPoint = SalesPrediction['forecast'][number];
export type StockForecast = ApiAnswer<'/api/ai/stock-forecast'>;
export type StockRow = StockForecast['products'][number];
export type ProductRecommendations = ApiAnswer<'/api/ai/product-recommendation'>;
export type CustomerFootpath = ApiAnswer<'/api/ai/customer-footpath'>;
export type AiTraining = ApiAnswer<'/api/ai/training'>;
export type AiTrainingJob = NonNullable<AiTraining['job']>;
export type AiNightlyTraining = AiTraining['nightly'];
export type DraftedOrders = ApiAnswer<'/api/ai/stock-forecast/purchase-orders', 'post'>;

export const aiModulesQueryKey = ['ai-modules'] as const;
/** Models are trained at most once a day per change of data on the server; a minute here is plenty. */
const STALE = 60_000;

const options = <Answer>(key: string, load: (signal: AbortSignal) => Promise<Answer>) =>
  queryOptions({ queryKey: [...aiModulesQueryKey, key] as const, queryFn: ({ signal }) => load(signal), staleTime: STALE });

export const useAiModules = () => useQuery(options('hub', (signal) => dataOf(api.GET('/api/ai/modules', { signal }))));
export const useSalesPrediction = () => useQuery(options('sales-prediction', (signal) => dataOf(api.GET('/api/ai/sales-prediction', { signal }))));
export const useStockForecast = () => useQuery(options('stock-forecast', (signal) => dataOf(api.GET('/api/ai/stock-forecast', { signal }))));
export const useProductRecommendations = () => useQuery(options('product-recommendation', (signal) => dataOf(api.GET('/api/ai/product-recommendation', { signal }))));
export const useCustomerFootpath = () => useQuery(options('customer-footpath', (signal) => dataOf(api.GET('/api/ai/customer-footpath', { signal }))));

const isActive = (job: AiTrainingJob | null | undefined) => job?.status === 'queued' || job?.status === 'running';

/**
 * GET /api/ai/training: the newest training job, polled every second while it is queued or
 * running (training runs in the background on the server, decision 042); when it ends, the
 * modules are read again.
 */
export function useAiTraining() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['ai-training'] as const,
    queryFn: async ({ signal }) => {
      const previous = queryClient.getQueryData<AiTraining>(['ai-training']);
      const answer = await dataOf(api.GET('/api/ai/training', { signal }));
      if (isActive(previous?.job) && answer.job && !isActive(answer.job)) await queryClient.invalidateQueries({ queryKey: aiModulesQueryKey });
      return answer;
    },
    refetchInterval: (query) => (isActive(query.state.data?.job) ? 1000 : false),
  });
}

/** POST /api/ai/training: starts a training in the background, or answers with the one already running. */
export function useTrainAiModules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dataOf(api.POST('/api/ai/training', {})),
    onSuccess: async (answer) => {
      const previous = queryClient.getQueryData<AiTraining>(['ai-training']);
      if (previous) queryClient.setQueryData<AiTraining>(['ai-training'], { ...previous, job: answer.job });
      else await queryClient.invalidateQueries({ queryKey: ['ai-training'] });
    },
  });
}

/** POST /api/ai/stock-forecast/purchase-orders: drafts for the selected products, one per supplier. */
export function useDraftForecastOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productIds: string[]) => dataOf(api.POST('/api/ai/stock-forecast/purchase-orders', { body: { product_ids: productIds } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: aiModulesQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['purchase-orders'] });
    },
  });
}
