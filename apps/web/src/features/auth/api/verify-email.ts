import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { OkResponse } from './types';

/** The token from the confirmation link sent at sign-up. */
export function verifyEmail(token: string): Promise<OkResponse> {
  return apiClient.post<OkResponse>('/api/auth/verify-email', { token });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
