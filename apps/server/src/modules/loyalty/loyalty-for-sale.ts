import {
  earnEligibleSpend,
  maskGiftCardCode,
  normalizeGiftCardCode,
  pointsEarned,
  pointsForAmount,
  type PaymentMethod,
} from '@till/core';
import type { Database } from '../../db/client.ts';
import type { giftCardEntries, giftCards } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { settingsOrDefault } from './loyalty-settings.ts';
import { loyaltyRepository as repo } from './loyalty.repository.ts';

const invalidCode = () => new AppError(422, 'invalid_gift_card_code', 'That is not a gift card code: 16 digits, the last a check digit');

/** The gift cards a sale sells, checked before pricing: valid, distinct codes; no order discount shared onto them. */
export function giftCardsToSell(
  tenant: TenantContext,
  input: { giftCards?: { code: string; amount: number }[] | undefined; orderDiscount?: unknown },
): { code: string; amount: number }[] {
  const sold = input.giftCards ?? [];
  if (!sold.length) return [];
  requireAccess(tenant, { feature: 'loyalty_program' });
  if (input.orderDiscount) {
    throw new AppError(422, 'gift_card_not_discountable', 'A sale that sells a gift card cannot take an order discount');
  }
  const codes = sold.map((card) => normalizeGiftCardCode(card.code));
  if (codes.some((code) => code === null)) throw invalidCode();
  if (new Set(codes).size !== codes.length) throw new AppError(422, 'validation_error', 'Each gift card sold needs its own code');
  return sold.map((card, index) => ({ code: codes[index]!, amount: card.amount }));
}

/** Untaxed, undiscounted cart lines for the cards sold (priced after the products, as the till does). */
export const giftCardPricingLines = (sold: { amount: number }[]) =>
  sold.map((card) => ({ unitPrice: card.amount, modifierDelta: 0, quantity: 1, taxRateBasisPoints: 0, discount: null, promotionDiscount: 0 }));

export interface SaleLoyaltyRows {
  giftCards: (typeof giftCards.$inferInsert)[];
  giftCardEntries: (typeof giftCardEntries.$inferInsert)[];
  giftCardRedemptions: { gift_card_id: string; entry_id: string; amount: number; position: number }[];
  loyalty: {
    customerId: string;
    redeemPoints: number;
    redeemAmount: number;
    redeemEntryId: string;
    earnPoints: number;
    spend: number;
    earnEntryId: string;
  } | null;
  /** What each payment row's reference becomes (a card's masked code), in payment order. */
  references: (string | null)[];
}

/**
 * The loyalty part of a priced sale (decision 064), read in one fenced transaction: the cards the
 * payments spend (each must exist and hold what it pays), the points a points payment takes (a
 * whole number of points the customer has), the cards sold (codes still free) and the points the
 * sale earns. Balances are taken again, under row locks, by till_write_sale: this read only
 * answers a cashier's mistake early with a clear error.
 */
export async function planSaleLoyalty(
  database: Database,
  tenant: TenantContext,
  sale: {
    orderId: string;
    customerId: string | null;
    total: number;
    currency: string;
    createdAt: Date;
    payments: { method: PaymentMethod; amount: number; giftCardCode?: string | undefined }[];
    sold: { code: string; amount: number; orderLineId: string }[];
  },
): Promise<SaleLoyaltyRows | null> {
  const spendsCards = sale.payments.some((payment) => payment.method === 'gift_card');
  const spendsPoints = sale.payments.some((payment) => payment.method === 'points');
  if (!tenant.features.loyalty_program) {
    if (spendsCards || spendsPoints) requireAccess(tenant, { feature: 'loyalty_program' });
    return null;
  }
  for (const payment of sale.payments) {
    if (payment.giftCardCode !== undefined && payment.method !== 'gift_card') {
      throw new AppError(400, 'validation_error', 'Only a gift_card payment names a gift card');
    }
  }
  if (!sale.customerId && !spendsCards && !sale.sold.length) {
    if (spendsPoints) throw new AppError(422, 'customer_required', 'Points pay only with the customer attached to the sale');
    return null;
  }
  if (spendsPoints && !sale.customerId) throw new AppError(422, 'customer_required', 'Points pay only with the customer attached to the sale');

  const businessId = tenant.businessId;
  const paymentCodes = sale.payments.map((payment) => {
    if (payment.method !== 'gift_card') return null;
    if (!payment.giftCardCode) throw new AppError(400, 'validation_error', 'A gift_card payment needs giftCardCode');
    const code = normalizeGiftCardCode(payment.giftCardCode);
    if (!code) throw invalidCode();
    return code;
  });

  return database.withTenant(businessId, async (tx) => {
    const settings = settingsOrDefault((await repo.settings(tx, businessId))?.loyalty);
    const codes = [...new Set([...paymentCodes.filter((code): code is string => code !== null), ...sale.sold.map((card) => card.code)])];
    const cards = new Map((await repo.cardsByCodes(tx, businessId, codes)).map((card) => [card.code, card]));

    const taken = sale.sold.filter((card) => cards.has(card.code));
    if (taken.length) throw new AppError(409, 'gift_card_code_taken', 'A gift card with that code was already sold', { card: maskGiftCardCode(taken[0]!.code) });

    // Cards that pay: each must exist and hold what this sale takes from it.
    const spend = new Map<string, number>();
    paymentCodes.forEach((code, index) => {
      if (code) spend.set(code, (spend.get(code) ?? 0) + sale.payments[index]!.amount);
    });
    const giftCardRedemptions: SaleLoyaltyRows['giftCardRedemptions'] = [];
    let position = 0;
    for (const [code, amount] of spend) {
      const card = cards.get(code);
      if (!card) throw new AppError(422, 'gift_card_not_found', 'No gift card has that code');
      if (card.balance < amount) {
        throw new AppError(409, 'gift_card_insufficient', 'The gift card does not hold that much', { balance: card.balance, card: maskGiftCardCode(code) });
      }
      if (amount > 0) giftCardRedemptions.push({ gift_card_id: card.id, entry_id: uuidV7(), amount, position: position++ });
    }

    let loyalty: SaleLoyaltyRows['loyalty'] = null;
    if (sale.customerId) {
      const paidWithPoints = sale.payments.filter((payment) => payment.method === 'points').reduce((sum, payment) => sum + payment.amount, 0);
      const redeemPoints = paidWithPoints > 0 ? pointsForAmount(settings, paidWithPoints) : 0;
      if (redeemPoints === null) {
        throw new AppError(422, 'invalid_points_amount', `Points pay in steps of ${settings.pointValue} minor units`, { point_value: settings.pointValue });
      }
      const account = await repo.account(tx, businessId, sale.customerId);
      if (redeemPoints > (account?.points ?? 0)) {
        throw new AppError(409, 'insufficient_points', 'The customer does not have that many points', { points: account?.points ?? 0 });
      }
      const giftCardsSold = sale.sold.reduce((sum, card) => sum + card.amount, 0);
      const eligible = earnEligibleSpend({ total: sale.total, giftCardsSold, paidWithPoints });
      loyalty = {
        customerId: sale.customerId,
        redeemPoints,
        redeemAmount: paidWithPoints,
        redeemEntryId: uuidV7(),
        earnPoints: pointsEarned(settings, eligible, account?.lifetimeSpend ?? 0),
        spend: eligible,
        earnEntryId: uuidV7(),
      };
    }

    const issued = sale.sold.map((card) => ({
      id: uuidV7(),
      businessId,
      code: card.code,
      initialAmount: card.amount,
      balance: card.amount,
      currency: sale.currency,
      orderId: sale.orderId,
      orderLineId: card.orderLineId,
      createdAt: sale.createdAt,
    }));
    return {
      giftCards: issued,
      giftCardEntries: issued.map((card, index) => ({
        id: uuidV7(),
        businessId,
        giftCardId: card.id,
        kind: 'issue' as const,
        amount: card.initialAmount,
        balanceAfter: card.initialAmount,
        orderId: sale.orderId,
        refundId: null,
        position: index,
        createdAt: sale.createdAt,
      })),
      giftCardRedemptions,
      loyalty,
      references: paymentCodes.map((code) => (code ? maskGiftCardCode(code) : null)),
    };
  });
}
