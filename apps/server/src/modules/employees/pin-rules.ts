import { isPinLongEnough, PIN_TOO_SHORT_MESSAGE, type EmployeeRole } from '@till/core';
import { AppError } from '../../lib/app-error.ts';

/** Checked against the role the row has after the change (a PIN set while promoting to admin must be 6 digits). */
export function assertPinLongEnough(role: EmployeeRole, pin: string): void {
  if (!isPinLongEnough(role, pin)) throw new AppError(422, 'pin_too_short', PIN_TOO_SHORT_MESSAGE);
}
