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

export const promotionRule = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('percent_off'), basisPoints: z.number().int().min(1, 'Take off more than 0 %').max(10_000, 'Take off at most 100 %') }),
  z.strictObject({ kind: z.literal('amount_off'), amount: z.number().int().min(1, 'Take off more than 0').max(MAX_PROMOTION_AMOUNT) }),
  z.strictObject({ kind: z.literal('buy_x_get_y'), buyQuantity: units(1), freeQuantity: units(1) }),
  z.strictObject({ kind: z.literal('bundle_price'), quantity: units(2), price: z.number().int().min(0).max(MAX_PROMOTION_AMOUNT) }),
]);

export const promotionInput = z
  .strictObject({
    name: singleLine(z.string().trim().min(1, 'Name the promotion').max(100)),
    active: z.boolean().default(true),
    productId: z.uuid().nullable().default(null),
    categoryId: z.uuid().nullable().default(null),
    rule: promotionRule,
    startsOn: isoDateInput().nullable().default(null),
    endsOn: isoDateInput().nullable().default(null),
    daysOfWeek: z
      .array(z.number().int().min(0).max(6))
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'Name each day once')
      .default([]),
    startTime: time.nullable().default(null),
    endTime: time.nullable().default(null),
  })
  .refine((input) => (input.productId === null) !== (input.categoryId === null), { message: 'Choose a product or a category', path: ['productId'] })
  .refine((input) => (input.startTime === null) === (input.endTime === null), { message: 'Give both the start and the end time', path: ['endTime'] })
  .refine((input) => input.startTime === null || input.startTime !== input.endTime, { message: 'The end time must differ from the start time', path: ['endTime'] })
  .refine((input) => input.startsOn === null || input.endsOn === null || input.endsOn >= input.startsOn, {
    message: 'The end date cannot be before the start date',
    path: ['endsOn'],
  });
export type PromotionInput = z.input<typeof promotionInput>;

export const promotionView = z.object({
  id: z.uuid(),
  name: z.string(),
  active: z.boolean(),
  productId: z.uuid().nullable(),
  categoryId: z.uuid().nullable(),
  rule: promotionRule,
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  daysOfWeek: z.array(z.number().int()),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  createdAt: z.string(),
});
export type PromotionView = z.infer<typeof promotionView>;
