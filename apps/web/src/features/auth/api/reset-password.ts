import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api, dataOf } from '@/lib/api';
import { publishAuthEvent } from '@/lib/auth-events';

export const resetPasswordInput = z.object({
  token: z.string().min(1),
  newPassword: z.string().min(1, 'Enter a new password'),
});

export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export function resetPassword(input: ResetPasswordInput) {
  return dataOf(api.POST('/api/auth/reset-password', { body: { token: input.token, new_password: input.newPassword } }));
}

export function useResetPassword() {
  // The reset ends every session of the account: the other tabs re-ask who is signed in.
  return useMutation({ mutationFn: resetPassword, onSuccess: () => publishAuthEvent('PASSWORD_RECOVERY') });
}
