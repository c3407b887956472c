import { currencyDecimals, formatMoney, MoneyError, parseMoney, type Discount, type Minor } from '@till/core';

/** Money in the business currency (Intl.NumberFormat through @till/core). */
export const money = (amount: Minor, currency: string) => formatMoney(amount, currency);

/** A typed amount in minor units, or null when it is not one ("12.5" → 1250 in USD). */
export function parseAmount(text: string, currency: string): Minor | null {
  if (!text.trim()) return null;
  try {
    const amount = parseMoney(text, currency);
    return amount >= 0 ? amount : null;
  } catch (error) {
    if (error instanceof MoneyError) return null;
    throw error;
  }
}

/** An amount as the text of an input: 1250 → "12.50". */
export function amountText(amount: Minor, currency: string): string {
  const decimals = currencyDecimals(currency);
  return (amount / 10 ** decimals).toFixed(decimals);
}

/** "12.5" (percent) → 1250 basis points; null unless it is 0–100 with at most two decimals. */
export function parsePercent(text: string): number | null {
  const match = /^\s*(\d{1,3})(?:[.,](\d{0,2}))?\s*%?\s*$/.exec(text);
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0') || '0');
  return basisPoints <= 10_000 ? basisPoints : null;
}

/** 1250 → "12.5%". */
export const percentText = (basisPoints: number) =>
  `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(basisPoints / 100)}%`;

/** "10% off" / "$2.00 off". */
export function discountLabel(discount: Discount, currency: string): string {
  return discount.kind === 'percent' ? `${percentText(discount.basisPoints)} off` : `${money(discount.amount, currency)} off`;
}

export type DiscountKind = Discount['kind'];

/**
 * A discount typed at the till: a percentage or an amount of money. Blank or zero is no
 * discount (null); undefined means the text is not a valid discount.
 */
export function parseDiscount(kind: DiscountKind, text: string, currency: string): Discount | null | undefined {
  if (!text.trim()) return null;
  if (kind === 'percent') {
    const basisPoints = parsePercent(text);
    if (basisPoints === null) return undefined;
    return basisPoints === 0 ? null : { kind: 'percent', basisPoints };
  }
  const amount = parseAmount(text, currency);
  if (amount === null) return undefined;
  return amount === 0 ? null : { kind: 'amount', amount };
}

/** A discount back into its kind and text, for an input. */
export function discountText(discount: Discount | null, currency: string): { kind: DiscountKind; text: string } {
  if (!discount) return { kind: 'percent', text: '' };
  return discount.kind === 'percent'
    ? { kind: 'percent', text: String(discount.basisPoints / 100) }
    : { kind: 'amount', text: amountText(discount.amount, currency) };
}
