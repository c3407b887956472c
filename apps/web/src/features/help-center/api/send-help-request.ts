import type { HelpTopic } from '@till/core';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export interface HelpRequestPayload {
  topic: HelpTopic;
  subject: string;
  message: string;
}

/** POST /api/help-center/contact: e-mailed to the platform's super admins through the outbox. */
export function useSendHelpRequest() {
  return useMutation({
    mutationFn: async (payload: HelpRequestPayload) => (await apiClient.post<{ request: { id: string; sentAt: string } }>('/api/help-center/contact', payload)).request,
  });
}
