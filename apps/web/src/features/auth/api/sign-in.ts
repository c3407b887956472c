import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@till/core';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { forgetCachedMe } from '@/lib/me';
import type { AuthResponse } from './types';

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

export function signIn(input: SignInInput): Promise<AuthResponse> {
  return apiClient.post<AuthResponse>('/api/auth/sign-in', input);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // Nothing cached before sign-in belongs to this account, including a signed-out /api/me.
    onSuccess: () => {
      forgetCachedMe();
      queryClient.clear();
    },
  });
}
