import { conflict } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';

export const categoryNameTaken = (name: string) =>
  conflict('category_name_taken', `There is already a category named "${name}" (archived ones count too)`);

/** A race past the check still meets the unique index: the same 409. */
export async function withCategoryNameCheck<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error)) throw categoryNameTaken(name);
    throw error;
  }
}
