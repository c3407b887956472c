import { AppError } from '../../lib/app-error.ts';

/** The till asks to open the drawer before the first cash sale or cash refund (issue 12). */
export const CASH_SESSION_REQUIRED = 'cash_session_required';

export const cashSessionRequired = () =>
  new AppError(409, CASH_SESSION_REQUIRED, 'Open the cash drawer on this till (count the opening float) before taking or giving back cash');
