import { useMutation } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';

/** The token from the confirmation link sent at sign-up. */
export function verifyEmail(token: string) {
  return dataOf(api.POST('/api/auth/verify-email', { body: { token } }));
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
