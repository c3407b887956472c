import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api, dataOf } from '@/lib/api';

export const requestPasswordResetInput = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address')
    .pipe(z.email('Enter a valid email address')),
  redirectTo: z.string().optional(),
});

export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetInput>;

/** Always answers ok, whether or not the account exists, so it cannot be used to probe emails. */
export function requestPasswordReset(input: RequestPasswordResetInput) {
  const { redirectTo, ...rest } = input;
  return dataOf(api.POST('/api/auth/request-password-reset', { body: { ...rest, ...(redirectTo !== undefined ? { redirect_to: redirectTo } : {}) } }));
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
