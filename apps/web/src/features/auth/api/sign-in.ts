import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@till/core';
import { z } from 'zod';
import { api, dataOf } from '@/lib/api';
import { publishAuthEvent } from '@/lib/auth-events';
import { forgetCachedMe } from '@/lib/me';

/** SPEC §5: an email or a phone number, plus a password. */
export const signInInput = z
  .object({
    email: z.string().trim().optional(),
    phone: z.string().trim().optional(),
    password: z.string(),
  })
  .refine((input) => Boolean(input.email || input.phone) && input.password.length > 0, {
    message: MESSAGES.missingCredentials,
  });

export type SignInInput = z.infer<typeof signInInput>;

export function signIn(input: SignInInput) {
  return dataOf(api.POST('/api/auth/sign-in', { body: input }));
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // Nothing cached before sign-in belongs to this account, including a signed-out /api/me.
    onSuccess: (response) => {
      forgetCachedMe();
      queryClient.clear();
      // With a second step still owed, the other tabs hear of it once that is done.
      if (!response.second_step) publishAuthEvent('SIGNED_IN');
    },
  });
}
