import { allocateGiftCardRefund, pointsToReturn, pointsToReverse, type PaymentMethod } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { loyaltyRepository as repo } from './loyalty.repository.ts';

/**
 * The loyalty side of a refund (decision 064), in the refund's own transaction under the order's
 * row lock: a gift card the refund takes back is cancelled by what its line refunds (refused once
 * spent below that); money that came from gift cards goes back onto them; points that paid come
 * back; points the sale earned are taken back in proportion to what is refunded, never below zero.
 */
export async function refundLoyalty(
  tx: Tx,
  businessId: string,
  refund: {
    orderId: string;
    refundId: string;
    customerId: string | null;
    orderTotal: number;
    /** refunded_total of the order after this refund. */
    refundedTotal: number;
    paidBack: { method: PaymentMethod; amount: number }[];
    lines: { orderLineId: string; total: number }[];
    createdAt: Date;
  },
): Promise<void> {
  const cardEntries = await repo.cardEntriesOfOrder(tx, businessId, refund.orderId);
  let position = 0;

  // Gift cards sold in the refunded lines: what the line refunds comes off the card.
  const soldCards = await repo.cardsSoldInLines(tx, businessId, refund.lines.map((line) => line.orderLineId));
  for (const card of soldCards) {
    const amount = refund.lines.find((line) => line.orderLineId === card.orderLineId)!.total;
    if (amount <= 0) continue;
    const balance = await repo.moveCard(tx, businessId, card.id, -amount);
    if (balance === null) {
      throw new AppError(409, 'gift_card_spent', 'That gift card has been spent; only what is left on it can be refunded', { balance: card.balance });
    }
    await repo.insertCardEntry(tx, {
      id: uuidV7(), businessId, giftCardId: card.id, kind: 'cancel', amount: -amount, balanceAfter: balance,
      orderId: refund.orderId, refundId: refund.refundId, position: position++, createdAt: refund.createdAt,
    });
  }

  // Money that came from gift cards goes back onto the cards that paid, in the order they paid.
  const toCards = refund.paidBack.filter((share) => share.method === 'gift_card').reduce((sum, share) => sum + share.amount, 0);
  if (toCards > 0) {
    const byCard = new Map<string, { giftCardId: string; paid: number; returned: number }>();
    for (const entry of cardEntries) {
      if (entry.kind !== 'redeem' && entry.kind !== 'refund') continue;
      const card = byCard.get(entry.giftCardId) ?? { giftCardId: entry.giftCardId, paid: 0, returned: 0 };
      if (entry.kind === 'redeem') card.paid -= entry.amount;
      else card.returned += entry.amount;
      byCard.set(entry.giftCardId, card);
    }
    const shares = allocateGiftCardRefund([...byCard.values()], toCards);
    if (shares.reduce((sum, share) => sum + share.amount, 0) !== toCards) {
      throw new AppError(422, 'refund_method_unavailable', 'Only what gift cards paid can go back onto them');
    }
    for (const share of shares) {
      const balance = await repo.moveCard(tx, businessId, share.giftCardId, share.amount);
      await repo.insertCardEntry(tx, {
        id: uuidV7(), businessId, giftCardId: share.giftCardId, kind: 'refund', amount: share.amount, balanceAfter: balance!,
        orderId: refund.orderId, refundId: refund.refundId, position: position++, createdAt: refund.createdAt,
      });
    }
  }

  const toPoints = refund.paidBack.filter((share) => share.method === 'points').reduce((sum, share) => sum + share.amount, 0);
  if (!refund.customerId) {
    if (toPoints > 0) throw new AppError(422, 'refund_method_unavailable', 'Points go back only to the customer who spent them');
    return;
  }
  const entries = await repo.entriesOfOrder(tx, businessId, refund.orderId);
  if (!entries.length) {
    if (toPoints > 0) throw new AppError(422, 'refund_method_unavailable', 'Only what points paid can go back as points');
    return;
  }
  const account = await repo.account(tx, businessId, refund.customerId, true);
  if (!account) return;
  const sum = (kind: string, field: 'points' | 'amount' | 'spend') =>
    entries.filter((entry) => entry.kind === kind).reduce((total, entry) => total + entry[field], 0);

  if (toPoints > 0) {
    const redeemedPoints = -sum('redeem', 'points');
    const paidAmount = sum('redeem', 'amount');
    const returnedAmount = -sum('return_redeem', 'amount');
    if (toPoints > paidAmount - returnedAmount) throw new AppError(422, 'refund_method_unavailable', 'Only what points paid can go back as points');
    const points = pointsToReturn({ redeemedPoints, paidAmount, refundAmount: returnedAmount + toPoints, alreadyReturned: 0 }) - sum('return_redeem', 'points');
    const balance = await repo.moveAccount(tx, businessId, refund.customerId, { points: Math.max(points, 0), spend: 0 });
    await repo.insertEntry(tx, {
      id: uuidV7(), businessId, customerId: refund.customerId, kind: 'return_redeem', points: Math.max(points, 0), spend: 0,
      amount: -toPoints, balanceAfter: balance, orderId: refund.orderId, refundId: refund.refundId, createdAt: refund.createdAt,
    });
  }

  const earned = sum('earn', 'points');
  const earnedSpend = sum('earn', 'spend');
  if (earned > 0 || earnedSpend > 0) {
    const take = pointsToReverse({ earned, orderTotal: refund.orderTotal, refundedTotal: refund.refundedTotal, alreadyReversed: -sum('reverse_earn', 'points') });
    const spendBack = pointsToReverse({ earned: earnedSpend, orderTotal: refund.orderTotal, refundedTotal: refund.refundedTotal, alreadyReversed: -sum('reverse_earn', 'spend') });
    if (take > 0 || spendBack > 0) {
      const current = (await repo.account(tx, businessId, refund.customerId))!.points;
      // Points already spent cannot be taken back: the balance stops at zero and the entry says what was taken.
      const taken = Math.min(take, current);
      const balance = await repo.moveAccount(tx, businessId, refund.customerId, { points: -taken, spend: -spendBack });
      await repo.insertEntry(tx, {
        id: uuidV7(), businessId, customerId: refund.customerId, kind: 'reverse_earn', points: -taken, spend: -spendBack,
        amount: 0, balanceAfter: balance, orderId: refund.orderId, refundId: refund.refundId, createdAt: refund.createdAt,
      });
    }
  }
}
