import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INDUSTRIES, MESSAGES } from '@till/core';
import { z } from 'zod';
import { api, dataOf } from '@/lib/api';
import { forgetCachedMe } from '@/lib/me';

export const signUpInput = z
  .object({
    email: z.string().trim().optional(),
    phone: z.string().trim().optional(),
    password: z.string(),
    businessName: z.string().trim(),
    fullName: z.string().trim(),
    industry: z.enum(INDUSTRIES),
    currency: z.string().regex(/^[A-Z]{3}$/, 'Choose a currency'),
    timeZone: z.string().min(1, 'Choose a time zone'),
    startEmpty: z.boolean().optional(),
  })
  .refine((input) => Boolean(input.email || input.phone) && input.password.length > 0, {
    message: MESSAGES.missingCredentials,
  });

export type SignUpInput = z.infer<typeof signUpInput>;

/** Creates the account, its profile and business, and signs in (the session cookie is set). */
export function signUp(input: SignUpInput) {
  const { businessName, fullName, timeZone, startEmpty, ...rest } = input;
  const body = { ...rest, business_name: businessName, full_name: fullName, time_zone: timeZone, ...(startEmpty !== undefined ? { start_empty: startEmpty } : {}) };
  return dataOf(api.POST('/api/auth/sign-up', { body }));
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => {
      forgetCachedMe();
      queryClient.clear();
    },
  });
}
