import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiBody } from '@/lib/api';
import { publishAuthEvent } from '@/lib/auth-events';
import { forgetCachedMe } from '@/lib/me';

/** SPEC §7 otp: an e-mail with a code and a sign-in link, or a text message with a code (decision 062). */
export function useSendSignInCode() {
  return useMutation({
    mutationFn: (recipient: { email?: string; phone?: string }) => dataOf(api.POST('/api/auth/otp', { body: recipient })),
  });
}

export type VerifyCodeInput = ApiBody<'/api/auth/verify', 'post'>;

/** SPEC §7 verify: a code or a magic link signs in, like a password (a second factor may still be owed). */
export function useVerifySignInCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyCodeInput) => dataOf(api.POST('/api/auth/verify', { body })),
    onSuccess: (response) => {
      forgetCachedMe();
      queryClient.clear();
      if (!response.second_step) publishAuthEvent('SIGNED_IN');
    },
  });
}
