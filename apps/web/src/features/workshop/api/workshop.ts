import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer, type ApiBody } from '@/lib/api';
import { uploadWithProgress } from '@/lib/upload';

/** The workshop's calls (decision 030), all through the typed client. */
export const workshopQueryKey = ['workshop'] as const;

export type Board = ApiAnswer<'/api/workshop/repair-orders'>;
export type RepairOrder = ApiAnswer<'/api/workshop/repair-orders/{id}'>['repair_order'];
export type Vehicle = ApiAnswer<'/api/workshop/vehicles'>['vehicles'][number];
export type VehicleDetail = ApiAnswer<'/api/workshop/vehicles/{id}'>;
export type PublicEstimate = ApiAnswer<'/api/public/repair-approvals/{token}'>;
export type LineBody = ApiBody<'/api/workshop/repair-orders/{id}/jobs/{jobId}/lines'>;
export type RepairOrderStatus = RepairOrder['status'];

export function useBoard() {
  return useQuery({
    queryKey: [...workshopQueryKey, 'board'],
    queryFn: ({ signal }) => dataOf(api.GET('/api/workshop/repair-orders', { signal })),
  });
}

export function useRepairOrder(id: string | null) {
  return useQuery({
    queryKey: [...workshopQueryKey, 'repair-order', id],
    queryFn: ({ signal }) => dataOf(api.GET('/api/workshop/repair-orders/{id}', { params: { path: { id: id! } }, signal })).then((answer) => answer.repair_order),
    enabled: Boolean(id),
  });
}

export function useVehicles(q: string) {
  return useQuery({
    queryKey: [...workshopQueryKey, 'vehicles', q],
    queryFn: ({ signal }) => dataOf(api.GET('/api/workshop/vehicles', { params: { query: q ? { q } : {} }, signal })).then((answer) => answer.vehicles),
  });
}

export function useVehicle(id: string | null) {
  return useQuery({
    queryKey: [...workshopQueryKey, 'vehicle', id],
    queryFn: ({ signal }) => dataOf(api.GET('/api/workshop/vehicles/{id}', { params: { path: { id: id! } }, signal })),
    enabled: Boolean(id),
  });
}

export function useWorkshopSettings() {
  return useQuery({ queryKey: [...workshopQueryKey, 'settings'], queryFn: ({ signal }) => dataOf(api.GET('/api/workshop/settings', { signal })) });
}

/** Customers to own a vehicle (GET /api/customers, customer_management). */
export function useCustomerChoices(q: string) {
  return useQuery({
    queryKey: [...workshopQueryKey, 'customers', q],
    queryFn: ({ signal }) => dataOf(api.GET('/api/customers', { params: { query: { q: q || undefined, limit: 20 } }, signal })).then((answer) => answer.customers),
    retry: false,
  });
}

/** Employees who can be assigned to a job (needs the employees page; hidden when refused). */
export function useTechnicians() {
  return useQuery({
    queryKey: [...workshopQueryKey, 'technicians'],
    queryFn: ({ signal }) => dataOf(api.GET('/api/employees', { params: { query: { limit: 200 } }, signal })).then((answer) => answer.employees.filter((employee) => employee.is_active)),
    retry: false,
  });
}

function useWorkshopMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: workshopQueryKey }) });
}

export const useCreateCustomer = () =>
  useWorkshopMutation((body: ApiBody<'/api/customers'>) => dataOf(api.POST('/api/customers', { body })).then((answer) => answer.customer));
export const useCreateVehicle = () =>
  useWorkshopMutation((body: ApiBody<'/api/workshop/vehicles'>) => dataOf(api.POST('/api/workshop/vehicles', { body })).then((answer) => answer.vehicle));
export const useCreateRepairOrder = () =>
  useWorkshopMutation((body: ApiBody<'/api/workshop/repair-orders'>) => dataOf(api.POST('/api/workshop/repair-orders', { body })).then((answer) => answer.repair_order));

/** Every change to one repair order answers the whole order. */
export function useRepairOrderActions(id: string) {
  const path = { id };
  return {
    markPoint: useWorkshopMutation(({ pointId, ...body }: { pointId: string } & ApiBody<'/api/workshop/repair-orders/{id}/inspection/{pointId}', 'patch'>) =>
      dataOf(api.PATCH('/api/workshop/repair-orders/{id}/inspection/{pointId}', { params: { path: { id, pointId } }, body })),
    ),
    /** POST …/inspection/{pointId}/photos (multipart, field "file"): adds one photo (at most 6 a point). */
    attachPhoto: useWorkshopMutation(({ pointId, file }: { pointId: string; file: File }) => {
      const body = new FormData();
      body.set('file', file);
      return uploadWithProgress<ApiAnswer<'/api/workshop/repair-orders/{id}/inspection/{pointId}/photos', 'post'>>(
        `/api/workshop/repair-orders/${encodeURIComponent(id)}/inspection/${encodeURIComponent(pointId)}/photos`,
        { body },
      );
    }),
    removePhoto: useWorkshopMutation(({ pointId, photoId }: { pointId: string; photoId: string }) =>
      dataOf(api.DELETE('/api/workshop/repair-orders/{id}/inspection/{pointId}/photos/{photoId}', { params: { path: { id, pointId, photoId } } })),
    ),
    addJob: useWorkshopMutation((body: ApiBody<'/api/workshop/repair-orders/{id}/jobs'>) => dataOf(api.POST('/api/workshop/repair-orders/{id}/jobs', { params: { path }, body }))),
    updateJob: useWorkshopMutation(({ jobId, ...body }: { jobId: string } & ApiBody<'/api/workshop/repair-orders/{id}/jobs/{jobId}', 'patch'>) =>
      dataOf(api.PATCH('/api/workshop/repair-orders/{id}/jobs/{jobId}', { params: { path: { id, jobId } }, body })),
    ),
    removeJob: useWorkshopMutation((jobId: string) => dataOf(api.DELETE('/api/workshop/repair-orders/{id}/jobs/{jobId}', { params: { path: { id, jobId } } }))),
    addLine: useWorkshopMutation(({ jobId, body }: { jobId: string; body: LineBody }) =>
      dataOf(api.POST('/api/workshop/repair-orders/{id}/jobs/{jobId}/lines', { params: { path: { id, jobId } }, body })),
    ),
    removeLine: useWorkshopMutation((lineId: string) => dataOf(api.DELETE('/api/workshop/repair-orders/{id}/lines/{lineId}', { params: { path: { id, lineId } } }))),
    move: useWorkshopMutation((status: RepairOrderStatus) => dataOf(api.POST('/api/workshop/repair-orders/{id}/status', { params: { path }, body: { status } }))),
    startClock: useWorkshopMutation((jobId: string) => dataOf(api.POST('/api/workshop/repair-orders/{id}/jobs/{jobId}/clock/start', { params: { path: { id, jobId } } }))),
    stopClock: useWorkshopMutation((jobId: string) => dataOf(api.POST('/api/workshop/repair-orders/{id}/jobs/{jobId}/clock/stop', { params: { path: { id, jobId } } }))),
    invoice: useWorkshopMutation(() => dataOf(api.POST('/api/workshop/repair-orders/{id}/invoice', { params: { path }, body: { payment_terms: 'due_on_receipt' } }))),
    send: useWorkshopMutation(() => dataOf(api.POST('/api/workshop/repair-orders/{id}/send-for-approval', { params: { path } }))),
  };
}

export function usePublicEstimate(token: string) {
  return useQuery({
    queryKey: ['repair-approval', token],
    queryFn: ({ signal }) => dataOf(api.GET('/api/public/repair-approvals/{token}', { params: { path: { token } }, signal })),
    retry: false,
  });
}

export function useAnswerEstimate(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/api/public/repair-approvals/{token}'>) => dataOf(api.POST('/api/public/repair-approvals/{token}', { params: { path: { token } }, body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['repair-approval', token] }),
  });
}

/** Catalogue products to use as parts (GET /api/products; needs inventory access, hidden when refused). */
export function useCatalogueParts(q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...workshopQueryKey, 'parts', q],
    queryFn: ({ signal }) => dataOf(api.GET('/api/products', { params: { query: { q: q || undefined, limit: 20 } }, signal })).then((answer) => answer.products),
    enabled,
    retry: false,
  });
}

export type ServiceDue = ApiAnswer<'/api/workshop/service-due'>;
export type NextServiceBody = ApiBody<'/api/workshop/vehicles/{id}/next-service', 'put'>;

/** Vehicles whose next service is overdue or due soon (decision 038). */
export function useServiceDue() {
  return useQuery({
    queryKey: [...workshopQueryKey, 'service-due'],
    queryFn: ({ signal }) => dataOf(api.GET('/api/workshop/service-due', { signal })),
  });
}

export const useSetNextService = (id: string) =>
  useWorkshopMutation((body: NextServiceBody) => dataOf(api.PUT('/api/workshop/vehicles/{id}/next-service', { params: { path: { id } }, body })).then((answer) => answer.vehicle));
