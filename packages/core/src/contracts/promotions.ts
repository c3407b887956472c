import { z } from 'zod';
import { isoDateInput } from '../date-input.ts';
import { singleLine } from '../plain-text.ts';

/**
 * Promotions' request and response shapes (decision 050); their pricing is promotions.ts, which
 * the till loads without these schemas.
 */
/** The largest amount a promotion names, in minor units (10 000 000.00). */
export const MAX_PROMOTION_AMOUNT = 1_000_000_000;
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 17:30');
const units = (min: number) => z.number().int().min(min).max(100);

/** A rule as the wire names it (decision 070): core's `PromotionRule` in snake_case. */
export const promotionRuleBody = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('percent_off'), basis_points: z.number().int().min(1, 'Take off more than 0 %').max(10_000, 'Take off at most 100 %') }),
  z.strictObject({ kind: z.literal('amount_off'), amount: z.number().int().min(1, 'Take off more than 0').max(MAX_PROMOTION_AMOUNT) }),
  z.strictObject({ kind: z.literal('buy_x_get_y'), buy_quantity: units(1), free_quantity: units(1) }),
  z.strictObject({ kind: z.literal('bundle_price'), quantity: units(2), price: z.number().int().min(0).max(MAX_PROMOTION_AMOUNT) }),
]);

/** A promotion as the back office sends it (POST and PUT /api/promotions, snake_case on the wire). */
export const promotionInput = z
  .strictObject({
    name: singleLine(z.string().trim().min(1, 'Name the promotion').max(100)),
    active: z.boolean().default(true),
    product_id: z.uuid().nullable().default(null),
    category_id: z.uuid().nullable().default(null),
    rule: promotionRuleBody,
    starts_on: isoDateInput().nullable().default(null),
    ends_on: isoDateInput().nullable().default(null),
    days_of_week: z
      .array(z.number().int().min(0).max(6))
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'Name each day once')
      .default([]),
    start_time: time.nullable().default(null),
    end_time: time.nullable().default(null),
  })
  .refine((input) => (input.product_id === null) !== (input.category_id === null), { message: 'Choose a product or a category', path: ['product_id'] })
  .refine((input) => (input.start_time === null) === (input.end_time === null), { message: 'Give both the start and the end time', path: ['end_time'] })
  .refine((input) => input.start_time === null || input.start_time !== input.end_time, { message: 'The end time must differ from the start time', path: ['end_time'] })
  .refine((input) => input.starts_on === null || input.ends_on === null || input.ends_on >= input.starts_on, {
    message: 'The end date cannot be before the start date',
    path: ['ends_on'],
  });
export type PromotionInput = z.input<typeof promotionInput>;

/** A promotion as GET/POST/PUT /api/promotions answer it (snake_case, decision 070). */
export const promotionRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  active: z.boolean(),
  product_id: z.uuid().nullable(),
  category_id: z.uuid().nullable(),
  rule: promotionRuleBody,
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  days_of_week: z.array(z.number().int()),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  created_at: z.string(),
});
export type PromotionRecord = z.infer<typeof promotionRecord>;
