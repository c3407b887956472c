import { maskGiftCardCode, normalizeGiftCardCode, type GiftCardEntryKind } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { loyaltyRepository as repo, type GiftCardRow } from './loyalty.repository.ts';

/** A card as the wire names it (snake_case, decision 070). */
export interface GiftCardView {
  id: string;
  /** The whole code for the back office; the till's balance check answers with the masked one. */
  code: string;
  initial_amount: number;
  balance: number;
  currency: string;
  order_id: string | null;
  created_at: string;
}

export interface GiftCardEntryView {
  id: string;
  kind: GiftCardEntryKind;
  amount: number;
  balance_after: number;
  order_id: string | null;
  refund_id: string | null;
  created_at: string;
}

const toView = (card: GiftCardRow): GiftCardView => ({
  id: card.id,
  code: card.code,
  initial_amount: card.initialAmount,
  balance: card.balance,
  currency: card.currency,
  order_id: card.orderId,
  created_at: card.createdAt.toISOString(),
});

/** The latest cards sold with their balances (decision 064): what the business still owes on them. */
export async function listGiftCards(database: Database, businessId: string): Promise<{ gift_cards: GiftCardView[]; outstanding: number }> {
  return database.withTenant(businessId, async (tx) => {
    const cards = (await repo.cards(tx, businessId, 200)).map(toView);
    return { gift_cards: cards, outstanding: cards.reduce((sum, card) => sum + card.balance, 0) };
  });
}

/** One card and its balance history, oldest first. */
export async function getGiftCard(database: Database, businessId: string, id: string): Promise<{ gift_card: GiftCardView; history: GiftCardEntryView[] }> {
  return database.withTenant(businessId, async (tx) => {
    const card = await repo.cardById(tx, businessId, id);
    if (!card) throw new AppError(404, 'gift_card_not_found', 'No gift card has that id');
    const history = (await repo.cardEntries(tx, businessId, id)).map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      amount: entry.amount,
      balance_after: entry.balanceAfter,
      order_id: entry.orderId,
      refund_id: entry.refundId,
      created_at: entry.createdAt.toISOString(),
    }));
    return { gift_card: toView(card), history };
  });
}

/** The till's balance check by code: the masked code and what is left on it. */
export async function checkGiftCard(database: Database, businessId: string, input: string): Promise<{ code: string; balance: number; currency: string }> {
  const code = normalizeGiftCardCode(input);
  if (!code) throw new AppError(422, 'invalid_gift_card_code', 'That is not a gift card code: 16 digits, the last a check digit');
  return database.withTenant(businessId, async (tx) => {
    const [card] = await repo.cardsByCodes(tx, businessId, [code]);
    if (!card) throw new AppError(404, 'gift_card_not_found', 'No gift card has that code');
    return { code: maskGiftCardCode(code), balance: card.balance, currency: card.currency };
  });
}
