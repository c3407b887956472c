import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import type { OkResponse } from './types';

export const resetPasswordInput = z.object({
  token: z.string().min(1),
  newPassword: z.string().min(1, 'Enter a new password'),
});

export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export function resetPassword(input: ResetPasswordInput): Promise<OkResponse> {
  return apiClient.post<OkResponse>('/api/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
