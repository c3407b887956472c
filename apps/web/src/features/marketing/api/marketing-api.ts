import { rulesToWire, type SegmentRules } from '@till/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer, type ApiBody } from '@/lib/api';

/** The marketing API's answers, named for the components: the server's route schemas, never copies. */
export type Segment = ApiAnswer<'/api/marketing/segments'>['segments'][number];
export type Campaign = ApiAnswer<'/api/marketing/campaigns'>['campaigns'][number];
export type SegmentPreview = ApiAnswer<'/api/marketing/segments/preview', 'post'>;
export type CampaignPayload = ApiBody<'/api/marketing/campaigns'>;

export const marketingKey = ['marketing'] as const;

export function useSegments() {
  return useQuery({
    queryKey: [...marketingKey, 'segments'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/marketing/segments', { signal })),
    select: (answer) => answer.segments,
  });
}

/** POST /api/marketing/segments/preview: who the rules pick out now (writes nothing). */
export function useSegmentPreview(rules: SegmentRules | null) {
  return useQuery({
    queryKey: [...marketingKey, 'preview', rules] as const,
    queryFn: ({ signal }) => dataOf(api.POST('/api/marketing/segments/preview', { body: { rules: rulesToWire(rules!) }, signal })),
    enabled: rules !== null,
    placeholderData: keepPreviousData,
  });
}

export function useCampaigns() {
  return useQuery({
    queryKey: [...marketingKey, 'campaigns'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/marketing/campaigns', { signal })),
  });
}

function useMarketingMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: marketingKey }) });
}

export const useCreateSegment = () =>
  useMarketingMutation(
    async (input: { name: string; rules: SegmentRules }) =>
      (await dataOf(api.POST('/api/marketing/segments', { body: { name: input.name, rules: rulesToWire(input.rules) } }))).segment,
  );

export const useDeleteSegment = () => useMarketingMutation((id: string) => dataOf(api.DELETE('/api/marketing/segments/{id}', { params: { path: { id } } })));

export const useCreateCampaign = () => useMarketingMutation(async (body: CampaignPayload) => (await dataOf(api.POST('/api/marketing/campaigns', { body }))).campaign);

/** Sends once: the caller keeps the key for retries of the same send. */
export const useSendCampaign = () =>
  useMarketingMutation(async (input: { id: string; idempotencyKey: string }) =>
    (await dataOf(api.POST('/api/marketing/campaigns/{id}/send', { params: { path: { id: input.id } }, body: { idempotency_key: input.idempotencyKey } }))).campaign,
  );

/** The public unsubscribe link (no sign-in). */
export const useUnsubscribe = () =>
  useMutation({ mutationFn: (token: string) => dataOf(api.POST('/api/public/marketing/unsubscribe/{token}', { params: { path: { token } } })) });
