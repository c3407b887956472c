import { z } from '@hono/zod-openapi';
import { isoDateInput, multiLine, singleLine } from '@till/core';

/** Blank optional fields mean "none" (a form sends what its inputs hold). */
export const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim());

const optionalText = (max: number) => multiLine(z.string().max(max)).nullable().optional();
const optionalLine = (max: number) => singleLine(z.string().max(max)).nullable().optional();

export const supplierName = singleLine(z.string().trim().min(1, 'Enter the supplier’s name').max(200));
export const minorAmount = z.number().int('must be whole minor units (1250 for 12.50)').min(0, 'must not be negative').max(1_000_000_000_000);
export const units = z.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000);
export const packSize = z.number().int('must be a whole number').min(1, 'must be at least 1').max(10_000);
export const stockLevel = z.number().int('must be a whole number').min(0, 'must not be negative').max(1_000_000_000);

export const supplierFields = {
  contactName: optionalLine(200),
  email: z
    .union([z.literal(''), z.email('Enter a valid email address').max(254)])
    .nullable()
    .optional(),
  phone: optionalLine(40),
  address: optionalText(1000),
  taxNumber: optionalLine(60),
  paymentTermsDays: z.number().int().min(0, 'must not be negative').max(365).optional(),
  leadTimeDays: z.number().int().min(0, 'must not be negative').max(365).nullable().optional(),
  currencyNote: optionalLine(200),
  notes: optionalText(2000),
};

export const expectedDate = isoDateInput().nullable().optional();
export const orderNotes = optionalText(2000);

export const orderLineInput = z.strictObject({
  productId: z.uuid(),
  /** Packs of packSize; with a pack size of 1, units. */
  quantity: units,
  packSize: packSize.optional(),
  /** Per unit; defaults to the supplier's last cost, else the product's cost. */
  unitCost: minorAmount.optional(),
  taxRateBp: z.number().int().min(0).max(10_000).optional(),
});
export type OrderLineInput = z.infer<typeof orderLineInput>;
