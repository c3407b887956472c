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

/** The supplier fields a create or edit takes, as the wire names them (decision 070). */
export const supplierFields = {
  contact_name: optionalLine(200),
  email: z
    .union([z.literal(''), z.email('Enter a valid email address').max(254)])
    .nullable()
    .optional(),
  phone: optionalLine(40),
  address: optionalText(1000),
  tax_number: optionalLine(60),
  payment_terms_days: z.number().int().min(0, 'must not be negative').max(365).optional(),
  lead_time_days: z.number().int().min(0, 'must not be negative').max(365).nullable().optional(),
  currency_note: optionalLine(200),
  notes: optionalText(2000),
};

export const expectedDate = isoDateInput().nullable().optional();
export const orderNotes = optionalText(2000);

export const orderLineInput = z.strictObject({
  product_id: z.uuid(),
  /** Packs of pack_size; with a pack size of 1, units. */
  quantity: units,
  pack_size: packSize.optional(),
  /** Per unit; defaults to the supplier's last cost, else the product's cost. */
  unit_cost: minorAmount.optional(),
  tax_rate_bp: z.number().int().min(0).max(10_000).optional(),
});
export type OrderLineWire = z.infer<typeof orderLineInput>;

export interface OrderLineInput {
  productId: string;
  /** Packs of packSize; with a pack size of 1, units. */
  quantity: number;
  packSize?: number | undefined;
  /** Per unit; defaults to the supplier's last cost, else the product's cost. */
  unitCost?: number | undefined;
  taxRateBp?: number | undefined;
}

export const orderLineFromWire = (line: OrderLineWire): OrderLineInput => ({
  productId: line.product_id,
  quantity: line.quantity,
  packSize: line.pack_size,
  unitCost: line.unit_cost,
  taxRateBp: line.tax_rate_bp,
});

type SupplierFieldsWire = { [K in keyof typeof supplierFields]?: z.infer<(typeof supplierFields)[K]> };

/** The supplier fields sent, in TypeScript's names (a field left out stays undefined). */
export const supplierFieldsFromWire = (body: SupplierFieldsWire) => ({
  contactName: body.contact_name,
  email: body.email,
  phone: body.phone,
  address: body.address,
  taxNumber: body.tax_number,
  paymentTermsDays: body.payment_terms_days,
  leadTimeDays: body.lead_time_days,
  currencyNote: body.currency_note,
  notes: body.notes,
});
