import { AppError } from '../../lib/app-error.ts';

/** The till asks to open the drawer before its first sale or refund (issue 12, cash_management). */
export const CASH_SESSION_REQUIRED = 'cash_session_required';

export const cashSessionRequired = () =>
  new AppError(409, CASH_SESSION_REQUIRED, 'Open the cash drawer on this till (count the opening float) before selling or refunding');
