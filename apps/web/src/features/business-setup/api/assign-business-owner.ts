import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { api, dataOf } from '@/lib/api';
import { meQueryKey, refreshSettings } from '@/lib/me';

export const assignBusinessOwnerInput = z.object({
  fullName: z.string().trim().min(1, "Enter the owner's full name"),
  email: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), z.email('Enter a valid email address')]))
    .transform((email) => email || undefined)
    .optional(),
  // The owner signs in on the tills with it, like everyone else (issue 10 item 4); owners need 6 digits.
  pin: z.string().regex(/^\d{6}$/, 'Choose a PIN of 6 digits'),
});

export type AssignBusinessOwnerInput = z.output<typeof assignBusinessOwnerInput>;

/** SPEC §4: creates the business_owner employee with every employee permission. */
export function assignBusinessOwner(input: AssignBusinessOwnerInput) {
  const { fullName, ...rest } = input;
  return dataOf(api.POST('/api/business/owner', { body: { ...rest, full_name: fullName } }));
}

export function useAssignBusinessOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignBusinessOwner,
    onSuccess: ({ settings }) => refreshSettings(queryClient, settings),
    onError: async (error) => {
      // Someone else assigned the owner meanwhile: the cached settings are out of date.
      if (isApiError(error) && error.code === 'owner_exists') {
        await queryClient.invalidateQueries({ queryKey: meQueryKey });
      }
    },
  });
}
