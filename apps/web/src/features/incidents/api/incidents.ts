import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IncidentSeverity, IncidentStatus, IncidentType } from '@till/core';
import { api, dataOf, fileOf, type ApiAnswer, type ApiBody, type ApiQuery } from '@/lib/api';
import { saveFile } from '@/lib/save-file';
import { uploadWithProgress } from '@/lib/upload';

export type Incident = ApiAnswer<'/api/incidents'>['incidents'][number];
export type NewIncident = ApiBody<'/api/incidents'>;
export type IncidentOwner = ApiAnswer<'/api/incidents/owners'>['owners'][number];

export interface IncidentFilters {
  status?: IncidentStatus | undefined;
  type?: IncidentType | undefined;
  severity?: IncidentSeverity | undefined;
}

export const incidentsQueryKey = ['incidents'] as const;

/** The filters as the list's and the export's query (a filter not set is left out of the URL). */
const queryOf = (filters: IncidentFilters): ApiQuery<'/api/incidents/export.csv'> => ({ status: filters.status, type: filters.type, severity: filters.severity });

export function useIncidents(filters: IncidentFilters) {
  return useQuery({
    queryKey: [...incidentsQueryKey, 'list', filters] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/incidents', { params: { query: queryOf(filters) }, signal })),
    select: (answer) => answer.incidents,
  });
}

export function useIncidentOwners() {
  return useQuery({
    queryKey: [...incidentsQueryKey, 'owners'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/incidents/owners', { signal })),
    select: (answer) => answer.owners,
  });
}

function useIncidentMutation<Input>(run: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: incidentsQueryKey }) });
}

export const useCreateIncident = () => useIncidentMutation((body: NewIncident) => dataOf(api.POST('/api/incidents', { body })));

export const useUpdateIncident = () =>
  useIncidentMutation((input: { id: string; body: ApiBody<'/api/incidents/{id}', 'patch'> }) => dataOf(api.PATCH('/api/incidents/{id}', { params: { path: { id: input.id } }, body: input.body })));

export const useAddIncidentAction = () =>
  useIncidentMutation((input: { id: string; description: string; ownerId: string | null }) =>
    dataOf(api.POST('/api/incidents/{id}/actions', { params: { path: { id: input.id } }, body: { description: input.description, owner_id: input.ownerId } })),
  );

export const useSetIncidentActionDone = () =>
  useIncidentMutation((input: { id: string; actionId: string; done: boolean }) =>
    dataOf(api.PATCH('/api/incidents/{id}/actions/{actionId}', { params: { path: { id: input.id, actionId: input.actionId } }, body: { done: input.done } })),
  );

/** POST /api/incidents/{id}/photos (multipart, field "file"): adds one photo (at most ten an incident). */
export const useAttachIncidentPhoto = () =>
  useIncidentMutation((input: { id: string; file: File }) => {
    const body = new FormData();
    body.set('file', input.file);
    return uploadWithProgress<ApiAnswer<'/api/incidents/{id}/photos', 'post'>>(`/api/incidents/${encodeURIComponent(input.id)}/photos`, { body });
  });

export const useRemoveIncidentPhoto = () =>
  useIncidentMutation((input: { id: string; photoId: string }) =>
    dataOf(api.DELETE('/api/incidents/{id}/photos/{photoId}', { params: { path: { id: input.id, photoId: input.photoId } } })),
  );

/** GET /api/incidents/export.csv with the list's filters, saved as a file by the browser. */
export async function exportIncidents(filters: IncidentFilters): Promise<string> {
  const { blob, fileName } = await fileOf(api.GET('/api/incidents/export.csv', { params: { query: queryOf(filters) }, parseAs: 'blob' }));
  const name = fileName ?? 'incidents.csv';
  saveFile(blob, name);
  return name;
}
