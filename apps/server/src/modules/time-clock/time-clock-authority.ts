import type { Actor } from '@till/core';
import { forbidden } from '../../lib/app-error.ts';

/** Everyone's hours, corrections and the payroll export are for the owner, admins and managers. */
export function managesTimeClock(actor: Actor): boolean {
  return actor.kind === 'owner' || actor.role === 'business_owner' || actor.role === 'admin' || actor.role === 'manager';
}

export function assertManagesTimeClock(actor: Actor): void {
  if (!managesTimeClock(actor)) throw forbidden('forbidden', 'Only the owner, an admin or a manager can do this');
}
