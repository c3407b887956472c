import { isApiError } from '@/lib/api-client';
import { isOutcomeUnknown } from './checkout-attempt';

/** What went wrong with a checkout, as the till acts on it. */
export type CheckoutProblem =
  /** No answer, or the server failed: the sale may or may not be recorded. Retry with the same key. */
  | { kind: 'unknown-outcome'; message: string }
  /** 422 total_mismatch: the server priced the cart differently (a price changed since the tiles loaded). */
  | { kind: 'total-changed'; serverTotal: number }
  /** 409 insufficient_stock: not enough of one product. */
  | { kind: 'out-of-stock'; productId: string | null; message: string }
  /** 409 cash_session_required: this till's drawer is not open; nothing was recorded (issue 12). */
  | { kind: 'drawer-closed'; message: string }
  /** 409 not_parked: the parked sale was completed or voided elsewhere. */
  | { kind: 'not-parked'; message: string }
  /** Any other refusal (403 permission or feature, 422 payments, 400): nothing was recorded. */
  | { kind: 'refused'; message: string };

const UNKNOWN_MESSAGE =
  'The till could not confirm this sale with the server. Nothing is lost: Retry sends the same sale again and it is never charged twice.';

export function describeCheckoutError(error: unknown): CheckoutProblem {
  if (!isApiError(error)) return { kind: 'unknown-outcome', message: UNKNOWN_MESSAGE };
  if (isOutcomeUnknown(error)) return { kind: 'unknown-outcome', message: UNKNOWN_MESSAGE };
  const serverTotal = error.details['serverTotal'];
  if (error.code === 'total_mismatch' && typeof serverTotal === 'number') return { kind: 'total-changed', serverTotal };
  if (error.code === 'insufficient_stock') {
    const productId = error.details['productId'];
    return { kind: 'out-of-stock', productId: typeof productId === 'string' ? productId : null, message: error.message };
  }
  if (error.code === 'not_parked') return { kind: 'not-parked', message: error.message };
  if (error.code === 'cash_session_required') return { kind: 'drawer-closed', message: 'Open the cash drawer first: count the float, then press Pay again.' };
  return { kind: 'refused', message: error.message };
}
