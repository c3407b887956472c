import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer, type ApiBody } from '@/lib/api';

export type Connections = ApiAnswer<'/api/integrations'>['connections'];
export type WebhookEndpoint = ApiAnswer<'/api/integrations/webhooks'>['endpoints'][number];
export type WebhookDelivery = ApiAnswer<'/api/integrations/webhooks/{id}/deliveries'>['deliveries'][number];
export type NewWebhookEndpoint = ApiBody<'/api/integrations/webhooks'>;
export type WebhookEndpointChange = ApiBody<'/api/integrations/webhooks/{id}', 'patch'>;

export const integrationsQueryKey = ['integrations'] as const;

export function useConnections() {
  return useQuery({
    queryKey: [...integrationsQueryKey, 'connections'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/integrations', { signal })),
    select: (answer) => answer.connections,
  });
}

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: [...integrationsQueryKey, 'endpoints'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/integrations/webhooks', { signal })),
    select: (answer) => answer.endpoints,
  });
}

export function useWebhookDeliveries(endpointId: string, open: boolean) {
  return useQuery({
    queryKey: [...integrationsQueryKey, 'deliveries', endpointId] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/integrations/webhooks/{id}/deliveries', { params: { path: { id: endpointId } }, signal })),
    select: (answer) => answer.deliveries,
    enabled: open,
    // Pending deliveries change on their own (the delivery job): the open log follows them.
    refetchInterval: open ? 15_000 : false,
  });
}

function useIntegrationsMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsQueryKey }) });
}

export const useCreateWebhookEndpoint = () => useIntegrationsMutation((body: NewWebhookEndpoint) => dataOf(api.POST('/api/integrations/webhooks', { body })));

export const useUpdateWebhookEndpoint = () =>
  useIntegrationsMutation((input: { id: string; body: WebhookEndpointChange }) =>
    dataOf(api.PATCH('/api/integrations/webhooks/{id}', { params: { path: { id: input.id } }, body: input.body })),
  );

export const useDeleteWebhookEndpoint = () =>
  useIntegrationsMutation((id: string) => dataOf(api.DELETE('/api/integrations/webhooks/{id}', { params: { path: { id } } })));

export const useSendWebhookTest = () =>
  useIntegrationsMutation((id: string) => dataOf(api.POST('/api/integrations/webhooks/{id}/test', { params: { path: { id } } })));

export const useRedeliverWebhook = () =>
  useIntegrationsMutation((id: string) => dataOf(api.POST('/api/integrations/webhook-deliveries/{id}/redeliver', { params: { path: { id } } })));

/** The endpoint's whole secret (audited on the server). */
export const revealWebhookSecret = async (id: string) => (await dataOf(api.GET('/api/integrations/webhooks/{id}/secret', { params: { path: { id } } }))).secret;
