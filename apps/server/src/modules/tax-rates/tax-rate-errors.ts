import { conflict } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';

export const taxRateNameTaken = (name: string) => conflict('tax_rate_name_taken', `There is already a tax rate named "${name}"`);

/** Runs `work`, turning a race on the unique name into the same 409 as the check before it. */
export async function withTaxRateNameCheck<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error)) throw taxRateNameTaken(name);
    throw error;
  }
}
