import { OpenAPIHono, z } from '@hono/zod-openapi';
import { giftCardCodeInput, GIFT_CARD_ENTRY_KINDS, LOYALTY_ENTRY_KINDS, loyaltySettingsInput, loyaltySettingsOf } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { getCustomerLoyalty } from './customer-loyalty.ts';
import { checkGiftCard, getGiftCard, listGiftCards } from './gift-cards.ts';
import { getLoyaltySettings, updateLoyaltySettings } from './loyalty-settings.ts';

/**
 * Loyalty points and gift cards (issue 20 item 6, decision 064), gated on loyalty_program.
 * Changing the rules is a setting (SPEC §6 can_change_settings); the cards' list and histories
 * are what the business owes, a report (can_view_reports); the till reads a customer's points and
 * checks a card's balance with pos access. Earning, redeeming and selling happen in checkout.
 */
const feature = 'loyalty_program' as const;
const int = () => z.number().int();
const settingsView = z.object({
  settings: z.object({
    spend_per_point: int(),
    point_value: int(),
    tiers: z.array(z.object({ name: z.string(), min_spend: int(), multiplier_basis_points: int() })),
  }),
  currency: z.string(),
});
const customerView = z.object({
  customer_id: z.string(),
  points: int(),
  points_value: int(),
  point_value: int(),
  lifetime_points: int(),
  lifetime_spend: int(),
  tier: z.object({ name: z.string(), multiplier_basis_points: int() }).nullable(),
  next_tier: z.object({ name: z.string(), spend_needed: int() }).nullable(),
  history: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(LOYALTY_ENTRY_KINDS as [string, ...string[]]),
      points: int(),
      amount: int(),
      balance_after: int(),
      order_id: z.string().nullable(),
      refund_id: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
const cardView = z.object({
  id: z.string(),
  code: z.string(),
  initial_amount: int(),
  balance: int(),
  currency: z.string(),
  order_id: z.string().nullable(),
  created_at: z.string(),
});
const cardEntryView = z.object({
  id: z.string(),
  kind: z.enum(GIFT_CARD_ENTRY_KINDS as [string, ...string[]]),
  amount: int(),
  balance_after: int(),
  order_id: z.string().nullable(),
  refund_id: z.string().nullable(),
  created_at: z.string(),
});

const getSettingsRoute = defineRoute({
  method: 'get',
  path: '/api/loyalty/settings',
  access: business({ feature }),
  tags: ['loyalty'],
  summary: 'The loyalty rules: spend per point, what a point pays, the tiers (core defaults until set)',
  responses: { 200: jsonResponse(settingsView, 'Loyalty rules'), ...errorResponses(400, 401, 403) },
});
const putSettingsRoute = defineRoute({
  method: 'put',
  path: '/api/loyalty/settings',
  access: business({ feature, page: 'settings' }),
  tags: ['loyalty'],
  summary: 'Replace the loyalty rules; tiers ascend from a lifetime spend of 0',
  request: { body: jsonBody(loyaltySettingsInput) },
  responses: { 200: jsonResponse(settingsView, 'Saved'), ...errorResponses(400, 401, 403) },
});
const customerRoute = defineRoute({
  method: 'get',
  path: '/api/loyalty/customers/{id}',
  access: business({ feature }),
  tags: ['loyalty'],
  summary: "A customer's points, tier, lifetime spend and latest 50 history entries",
  request: { params: z.object({ id: z.uuid() }) },
  responses: { 200: jsonResponse(customerView, 'Points'), ...errorResponses(400, 401, 403, 404) },
});
const listCardsRoute = defineRoute({
  method: 'get',
  path: '/api/gift-cards',
  access: business({ feature, page: 'reports' }),
  tags: ['loyalty'],
  summary: 'The latest 200 gift cards sold, with their balances and what is still owed on them',
  responses: { 200: jsonResponse(z.object({ gift_cards: z.array(cardView), outstanding: int() }), 'Gift cards'), ...errorResponses(400, 401, 403) },
});
const cardRoute = defineRoute({
  method: 'get',
  path: '/api/gift-cards/{id}',
  access: business({ feature, page: 'reports' }),
  tags: ['loyalty'],
  summary: "One gift card and its balance history (issued, redeemed, refunded, cancelled)",
  request: { params: z.object({ id: z.uuid() }) },
  responses: { 200: jsonResponse(z.object({ gift_card: cardView, history: z.array(cardEntryView) }), 'Gift card'), ...errorResponses(400, 401, 403, 404) },
});
const checkCardRoute = defineRoute({
  method: 'post',
  path: '/api/pos/gift-cards/check',
  access: business({ feature, employeeFeature: 'pos' }),
  tags: ['loyalty', 'pos'],
  summary: "A gift card's balance by its code (the till, before paying with it); the code goes in the body, not the address",
  request: { body: jsonBody(z.strictObject({ code: giftCardCodeInput })) },
  responses: {
    200: jsonResponse(z.object({ code: z.string(), balance: int(), currency: z.string() }), 'Balance'),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const loyaltyRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getSettingsRoute, async (c) => c.json(await getLoyaltySettings(c.var.services.database, c.var.tenant.businessId), 200))
  .openapi(putSettingsRoute, async (c) => c.json(await updateLoyaltySettings(c.var.services.database, c.var.tenant, loyaltySettingsOf(c.req.valid('json'))), 200))
  .openapi(customerRoute, async (c) => c.json(await getCustomerLoyalty(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id), 200))
  .openapi(listCardsRoute, async (c) => c.json(await listGiftCards(c.var.services.database, c.var.tenant.businessId), 200))
  .openapi(cardRoute, async (c) => c.json(await getGiftCard(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id), 200))
  .openapi(checkCardRoute, async (c) => c.json(await checkGiftCard(c.var.services.database, c.var.tenant.businessId, c.req.valid('json').code), 200));
