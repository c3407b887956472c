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
  /**
   * A gift card or points payment, or a gift card sold, was refused (decision 064): nothing was
   * recorded, the sale stays in the cart; the cashier removes that payment or card and goes on.
   */
  | { kind: 'loyalty'; title: string; message: string }
  /** Any other refusal (403 permission or feature, 422 payments, 400): nothing was recorded. */
  | { kind: 'refused'; message: string };

const UNKNOWN_MESSAGE =
  'The till could not confirm this sale with the server. Nothing is lost: Retry sends the same sale again and it is never charged twice.';

export function describeCheckoutError(error: unknown): CheckoutProblem {
  if (!isApiError(error)) return { kind: 'unknown-outcome', message: UNKNOWN_MESSAGE };
  if (isOutcomeUnknown(error)) return { kind: 'unknown-outcome', message: UNKNOWN_MESSAGE };
  const serverTotal = error.details['server_total'];
  if (error.code === 'total_mismatch' && typeof serverTotal === 'number') return { kind: 'total-changed', serverTotal };
  if (error.code === 'insufficient_stock') {
    const productId = error.details['product_id'];
    return { kind: 'out-of-stock', productId: typeof productId === 'string' ? productId : null, message: error.message };
  }
  const loyalty = loyaltyProblem(error.code, error.details);
  if (loyalty) return loyalty;
  if (error.code === 'not_parked') return { kind: 'not-parked', message: error.message };
  if (error.code === 'cash_session_required') return { kind: 'drawer-closed', message: 'Open the cash drawer first: count the float, then press Pay again.' };
  return { kind: 'refused', message: error.message };
}

const count = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);

/** The server's loyalty refusals (decision 064) as the cashier acts on them. */
function loyaltyProblem(code: string, details: Record<string, unknown>): CheckoutProblem | null {
  const card = typeof details['card'] === 'string' ? ` ${details['card']}` : '';
  switch (code) {
    case 'gift_card_insufficient':
      return {
        kind: 'loyalty',
        title: `The gift card${card} does not hold that much`,
        message: 'It was spent elsewhere meanwhile. Remove the gift card payment, check the card again and take the rest another way.',
      };
    case 'gift_card_not_found':
      return { kind: 'loyalty', title: 'No gift card has that code', message: 'Remove the gift card payment and take another payment.' };
    case 'insufficient_points': {
      const points = count(details['points']);
      return {
        kind: 'loyalty',
        title: 'The customer does not have that many points',
        message: `${points === null ? 'Their points changed meanwhile' : `They have ${points} points now`}. Remove the points payment and redeem fewer, or take another payment.`,
      };
    }
    case 'invalid_points_amount':
      return { kind: 'loyalty', title: 'Points pay in whole points', message: 'Remove the points payment and redeem a whole number of points.' };
    case 'customer_required':
      return { kind: 'loyalty', title: 'Points need the customer', message: 'Attach the customer to the sale, or remove the points payment.' };
    case 'gift_card_code_taken':
      return { kind: 'loyalty', title: `A gift card${card} with that code was already sold`, message: 'Go back to the sale, remove that gift card and sell another card or a new code.' };
    case 'gift_card_not_discountable':
      return { kind: 'loyalty', title: 'A gift card cannot be sold with a sale discount', message: 'Go back to the sale and remove the sale discount or the gift card.' };
    default:
      return null;
  }
}
