import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation, pgErrorField } from '../../lib/pg-errors.ts';

export const pinTaken = () => new AppError(409, 'pin_taken', 'Another employee of this business already uses this PIN. Choose another.');

/**
 * Two employees saving the same PIN at the same moment both pass the check; the unique index
 * refuses the second, which is then told the same as if the check had caught it.
 */
export async function mapPinRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error) && pgErrorField(error, 'constraint') === 'employees_business_pin_lookup_unique') throw pinTaken();
    throw error;
  }
}
