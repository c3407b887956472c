import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer, type ApiBody } from '@/lib/api';

export type Plan = ApiAnswer<'/api/plans'>['plans'][number];
export type AdminPlan = ApiAnswer<'/api/super-admin/plans'>['plans'][number];
export type PlanInput = ApiBody<'/api/super-admin/plans'>;
export type BusinessPlan = ApiAnswer<'/api/super-admin/businesses'>['businesses'][number];
export type Subscription = ApiAnswer<'/api/subscription'>;

export const plansQueryKey = ['plans'] as const;

/** GET /api/plans: the plans on offer (public). */
export function usePublicPlans() {
  return useQuery({
    queryKey: [...plansQueryKey, 'public'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/plans', { signal })),
    select: (answer) => answer.plans,
  });
}

/** GET /api/subscription: the business's plan and usage (settings card). */
export function useSubscription(enabled: boolean) {
  return useQuery({
    queryKey: [...plansQueryKey, 'subscription'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/subscription', { signal })),
    enabled,
    retry: false,
  });
}

export function useAdminPlans() {
  return useQuery({
    queryKey: [...plansQueryKey, 'admin'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/super-admin/plans', { signal })),
    select: (answer) => answer.plans,
  });
}

export function useBusinessPlans() {
  return useQuery({
    queryKey: [...plansQueryKey, 'businesses'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/super-admin/businesses', { signal })),
    select: (answer) => answer.businesses,
  });
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; plan: PlanInput }) =>
      input.id
        ? dataOf(api.PUT('/api/super-admin/plans/{id}', { params: { path: { id: input.id } }, body: input.plan }))
        : dataOf(api.POST('/api/super-admin/plans', { body: input.plan })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansQueryKey }),
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => dataOf(api.DELETE('/api/super-admin/plans/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansQueryKey }),
  });
}

export function useAssignPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { businessId: string; planId: string }) =>
      dataOf(api.PUT('/api/super-admin/businesses/{id}/plan', { params: { path: { id: input.businessId } }, body: { plan_id: input.planId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansQueryKey }),
  });
}
