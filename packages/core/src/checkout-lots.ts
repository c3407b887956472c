import { z } from 'zod';
import { lotNumberInput } from './batches.ts';
import { checkoutLineInput, parkOrderInput, placeOrderInput } from './checkout-contract.ts';

/**
 * The checkout body with the cashier's lot override on a line (API only): a batch-tracked
 * product's lot to sell from instead of first-expiry-first-out. Kept out of the till's own
 * contract, so the till's bundle (at its budget) does not carry it.
 */
export const checkoutLineWithLotInput = checkoutLineInput.extend({ lot_number: lotNumberInput.optional() });
export const placeOrderWithLotsInput = placeOrderInput.extend({ lines: z.array(checkoutLineWithLotInput).max(500) });
/** The checkout body as sent (snake_case); checkout.ts's PlaceOrderWithLotsInput is the same, camelCase. */
export type PlaceOrderWire = z.infer<typeof placeOrderWithLotsInput>;

/** Parking with the same lines (decision 069): the chosen lot is kept on the parked sale and given back when it is resumed. */
export const parkOrderWithLotsInput = parkOrderInput.extend({ lines: z.array(checkoutLineWithLotInput).min(1).max(500) });
export type ParkOrderWire = z.infer<typeof parkOrderWithLotsInput>;
