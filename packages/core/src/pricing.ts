import { assertMinor, divideRounded, MoneyError, type Minor } from './money.ts';

/**
 * Cart pricing shared by the till and the server (which re-runs it and never trusts the
 * client's totals).
 *
 * Rates are basis points (2000 = 20 %). Rounding: half away from zero, per line (SPEC leaves
 * it open; this is the rule, documented in docs/decisions/004-pricing-and-rounding.md):
 * 1. line gross = (unit price + the modifiers' deltas) × quantity;
 * 2. a promotion's amount (core promotions.ts, decision 050) comes off, then the line discount (an
 *    amount, or a percentage of what is left, rounded), never below zero; both are the line's
 *    lineDiscount, the promotion's part also its promotionDiscount;
 * 3. the order discount is shared across lines in proportion to what is left, remainders going
 *    to the largest shares first, so the shares add up to the discount exactly;
 * 4. tax per line: prices tax-inclusive → net = round(amount × 10000 / (10000 + rate)),
 *    tax = amount − net; tax-exclusive → tax = round(amount × rate / 10000), total = amount + tax.
 * So every line has net + tax = total exactly, and the order adds its lines.
 */
export type Discount = { kind: 'amount'; amount: Minor } | { kind: 'percent'; basisPoints: number };

export interface CartLineInput {
  unitPrice: Minor;
  /**
   * The chosen modifiers' price changes (core `chooseModifiers`), added to the unit price before
   * anything else, so discounts and tax apply to the modified price (decision 035).
   */
  modifierDelta?: Minor;
  quantity: number;
  taxRateBasisPoints: number;
  discount?: Discount | null;
  /** What a promotion takes off the line (core `applyPromotions`); at most its gross. */
  promotionDiscount?: Minor;
}

/** A line's unit price with its modifiers. */
export function modifiedUnitPrice(line: Pick<CartLineInput, 'unitPrice' | 'modifierDelta'>): Minor {
  return assertMinor(line.unitPrice + (line.modifierDelta ?? 0), 'unit price');
}

export interface PricedLine {
  gross: Minor;
  /** The promotion's amount and the line discount. */
  lineDiscount: Minor;
  promotionDiscount: Minor;
  orderDiscountShare: Minor;
  net: Minor;
  tax: Minor;
  total: Minor;
  taxRateBasisPoints: number;
}

export interface PricedCart {
  lines: PricedLine[];
  subtotal: Minor;
  discountTotal: Minor;
  taxTotal: Minor;
  total: Minor;
  taxByRate: { taxRateBasisPoints: number; net: Minor; tax: Minor }[];
}

function discountAmount(base: Minor, discount: Discount | null | undefined): Minor {
  if (!discount) return 0;
  if (discount.kind === 'amount') {
    assertMinor(discount.amount, 'discount');
    if (discount.amount < 0) throw new MoneyError('a discount cannot be negative');
    return Math.min(discount.amount, base);
  }
  if (!Number.isInteger(discount.basisPoints) || discount.basisPoints < 0 || discount.basisPoints > 10_000) {
    throw new MoneyError('a percentage discount must be between 0 and 100 %');
  }
  return Number(divideRounded(BigInt(base) * BigInt(discount.basisPoints), 10_000n));
}

/** Splits `amount` across `weights` in proportion; the parts add up to `amount` exactly. */
export function allocateProportionally(amount: Minor, weights: Minor[]): Minor[] {
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  if (amount === 0 || totalWeight === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (BigInt(amount) * BigInt(weight)));
  const shares = exact.map((value) => Number(value / BigInt(totalWeight)));
  let remainder = amount - shares.reduce((sum, share) => sum + share, 0);
  const order = exact
    .map((value, index) => ({ index, fraction: value % BigInt(totalWeight) }))
    .sort((a, b) => (a.fraction === b.fraction ? a.index - b.index : a.fraction > b.fraction ? -1 : 1));
  for (const { index } of order) {
    if (remainder <= 0) break;
    shares[index]! += 1;
    remainder -= 1;
  }
  return shares;
}

export function priceCart(input: { lines: CartLineInput[]; orderDiscount?: Discount | null; pricesIncludeTax: boolean }): PricedCart {
  const afterLineDiscounts = input.lines.map((line) => {
    assertMinor(line.unitPrice, 'unit price');
    if (line.unitPrice < 0) throw new MoneyError('a price cannot be negative');
    if (line.modifierDelta !== undefined) assertMinor(line.modifierDelta, 'modifier delta');
    const unitPrice = modifiedUnitPrice(line);
    if (unitPrice < 0) throw new MoneyError('the modifiers take the price below zero');
    if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) throw new MoneyError('quantity must be a positive whole number');
    if (!Number.isInteger(line.taxRateBasisPoints) || line.taxRateBasisPoints < 0 || line.taxRateBasisPoints > 100_000) {
      throw new MoneyError('tax rate must be between 0 and 1000 %');
    }
    const gross = assertMinor(unitPrice * line.quantity, 'line amount');
    const promotionDiscount = Math.min(assertMinor(line.promotionDiscount ?? 0, 'promotion'), gross);
    if (promotionDiscount < 0) throw new MoneyError('a promotion cannot be negative');
    const lineDiscount = promotionDiscount + discountAmount(gross - promotionDiscount, line.discount);
    return { line, gross, lineDiscount, promotionDiscount, remaining: gross - lineDiscount };
  });
  const beforeOrderDiscount = afterLineDiscounts.reduce((sum, line) => sum + line.remaining, 0);
  const orderDiscount = discountAmount(beforeOrderDiscount, input.orderDiscount);
  const shares = allocateProportionally(orderDiscount, afterLineDiscounts.map((line) => line.remaining));

  const lines: PricedLine[] = afterLineDiscounts.map(({ line, gross, lineDiscount, promotionDiscount, remaining }, index) => {
    const orderDiscountShare = shares[index]!;
    const amount = remaining - orderDiscountShare;
    const rate = BigInt(line.taxRateBasisPoints);
    let net: number;
    let tax: number;
    if (input.pricesIncludeTax) {
      net = Number(divideRounded(BigInt(amount) * 10_000n, 10_000n + rate));
      tax = amount - net;
    } else {
      net = amount;
      tax = Number(divideRounded(BigInt(amount) * rate, 10_000n));
    }
    return { gross, lineDiscount, promotionDiscount, orderDiscountShare, net, tax, total: net + tax, taxRateBasisPoints: line.taxRateBasisPoints };
  });

  const byRate = new Map<number, { taxRateBasisPoints: number; net: Minor; tax: Minor }>();
  for (const line of lines) {
    const entry = byRate.get(line.taxRateBasisPoints) ?? { taxRateBasisPoints: line.taxRateBasisPoints, net: 0, tax: 0 };
    entry.net += line.net;
    entry.tax += line.tax;
    byRate.set(line.taxRateBasisPoints, entry);
  }
  const sum = (pick: (line: PricedLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    lines,
    subtotal: sum((line) => line.net),
    discountTotal: sum((line) => line.lineDiscount + line.orderDiscountShare),
    taxTotal: sum((line) => line.tax),
    total: assertMinor(sum((line) => line.total), 'total'),
    taxByRate: [...byRate.values()].sort((a, b) => a.taxRateBasisPoints - b.taxRateBasisPoints),
  };
}
