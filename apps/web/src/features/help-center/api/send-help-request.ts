import { useMutation } from '@tanstack/react-query';
import { api, dataOf, type ApiBody } from '@/lib/api';

export type HelpRequestPayload = ApiBody<'/api/help-center/contact'>;

/** POST /api/help-center/contact: e-mailed to the platform's super admins through the outbox. */
export function useSendHelpRequest() {
  return useMutation({
    mutationFn: async (payload: HelpRequestPayload) => (await dataOf(api.POST('/api/help-center/contact', { body: payload }))).request,
  });
}
