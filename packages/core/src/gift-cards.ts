/**
 * Gift cards (SPEC §3 feature loyalty_program, decision 064): the code format and balance
 * arithmetic, integer minor units, no zod (the till loads this module on demand).
 *
 * A code is 16 digits, the last a Luhn check digit over the first 15, written in groups of four
 * ("6012 3456 7890 1234"). Spaces and dashes are ignored when one is typed or scanned.
 */

export const GIFT_CARD_CODE_LENGTH = 16;
/** The largest amount one card can be sold for (minor units). */
export const GIFT_CARD_MAX_AMOUNT = 100_000_000;

export type GiftCardEntryKind = 'issue' | 'redeem' | 'refund' | 'cancel';
export const GIFT_CARD_ENTRY_KINDS: readonly GiftCardEntryKind[] = ['issue', 'redeem', 'refund', 'cancel'];

/** The Luhn check digit of a string of digits. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    // Doubling starts from the rightmost payload digit (the check digit will sit to its right).
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** The code as typed or scanned, reduced to its 16 digits, or null when it is not a valid code. */
export function normalizeGiftCardCode(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || digits.length !== GIFT_CARD_CODE_LENGTH) return null;
  return luhnCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1)) ? digits : null;
}

/** "6012 3456 7890 1234". */
export function formatGiftCardCode(code: string): string {
  return code.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "•••• 1238": how a card shows on a receipt or a payment row (the code is what spends it). */
export function maskGiftCardCode(code: string): string {
  return `•••• ${code.slice(-4)}`;
}

/**
 * A new code from 15 random digits (`randomDigit` returns 0–9; crypto-backed at the till and on
 * the server). The first digit is never 0 so the code keeps its length in a spreadsheet.
 */
export function makeGiftCardCode(randomDigit: () => number): string {
  let payload = String(1 + (randomDigit() % 9));
  while (payload.length < GIFT_CARD_CODE_LENGTH - 1) payload += String(randomDigit() % 10);
  return payload + String(luhnCheckDigit(payload));
}

/** The balance after taking `amount` off, or null when the card does not hold that much. */
export function giftCardBalanceAfterRedeem(balance: number, amount: number): number | null {
  if (amount <= 0 || amount > balance) return null;
  return balance - amount;
}

/** The balance a history ends on: every entry's signed amount from nothing. */
export function giftCardBalanceOf(entries: readonly { amount: number }[]): number {
  return entries.reduce((sum, entry) => sum + entry.amount, 0);
}

/**
 * How a refund of `amount` through gift cards goes back onto the cards that paid: each card gets
 * back at most what it paid less what earlier refunds returned to it, in the order they paid.
 */
export function allocateGiftCardRefund(
  paid: readonly { giftCardId: string; paid: number; returned: number }[],
  amount: number,
): { giftCardId: string; amount: number }[] {
  const shares: { giftCardId: string; amount: number }[] = [];
  let left = amount;
  for (const card of paid) {
    if (left <= 0) break;
    const room = Math.max(0, card.paid - card.returned);
    const take = Math.min(room, left);
    if (take > 0) shares.push({ giftCardId: card.giftCardId, amount: take });
    left -= take;
  }
  return shares;
}
