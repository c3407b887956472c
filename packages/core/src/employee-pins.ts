import type { EmployeeRole } from './permissions.ts';

/** SPEC: a PIN is 4 to 6 digits. */
export const PIN_PATTERN = /^\d{4,6}$/;

/**
 * PINs are not unique within a business (the employee picks their name before the PIN pad), so
 * a PIN proves one person only by its own strength. The rows that can do everything, the owner's
 * and admins', take the longest PIN SPEC allows: 10^6 guesses instead of 10^4.
 */
export function minimumPinLength(role: EmployeeRole): 4 | 6 {
  return role === 'business_owner' || role === 'admin' ? 6 : 4;
}

export const PIN_TOO_SHORT_MESSAGE = 'The owner and admins use a 6-digit PIN';

/** Whether a PIN of the right shape is long enough for this role. */
export function isPinLongEnough(role: EmployeeRole, pin: string): boolean {
  return pin.length >= minimumPinLength(role);
}
