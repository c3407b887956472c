import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { withoutEmployeeSession } from '@/lib/api-client';
import { api, dataOf } from '@/lib/api';

/** /employee-setup: the one-time code from the manager, and the new PIN typed twice. */
export const employeeSetupForm = z
  .object({
    code: z.string().trim().min(1, 'Enter the setup code you were given').max(64, 'That is longer than a setup code'),
    pin: z.string().regex(/^\d{4,6}$/, 'Choose a PIN of 4 to 6 digits'),
    pinAgain: z.string(),
  })
  .refine((form) => form.pin === form.pinAgain, { message: 'The two PINs are not the same', path: ['pinAgain'] });
export type EmployeeSetupForm = z.infer<typeof employeeSetupForm>;

export function completeEmployeeSetup(input: { code: string; pin: string }) {
  return dataOf(api.POST('/api/employee-setup', { body: input, headers: withoutEmployeeSession }));
}

export function useCompleteEmployeeSetup() {
  return useMutation({ mutationFn: completeEmployeeSetup });
}
