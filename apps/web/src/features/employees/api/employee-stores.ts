import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';

/** The stores an employee works in (decision 044): empty means every store. */
export function useEmployeeStores(employeeId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['stores', 'employee', employeeId],
    queryFn: async ({ signal }) => {
      const [assigned, stores] = await Promise.all([
        dataOf(api.GET('/api/employees/{id}/stores', { params: { path: { id: employeeId } }, signal })),
        dataOf(api.GET('/api/stores', { signal })),
      ]);
      return { storeIds: assigned.store_ids, stores: stores.stores.filter((store) => store.is_active) };
    },
    enabled,
  });
}

export function useAssignEmployeeStores(employeeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storeIds: string[]) => dataOf(api.PUT('/api/employees/{id}/stores', { params: { path: { id: employeeId } }, body: { store_ids: storeIds } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', 'employee', employeeId] }),
  });
}
