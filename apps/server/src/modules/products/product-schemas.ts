import { modifierGroupView, singleLine, STOCK_MOVEMENT_REASONS } from '@till/core';
import { z } from '@hono/zod-openapi';

/** The API's product shape (see product-view.ts). */
export const productSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    sku: z.string().nullable(),
    barcode: z.string().nullable(),
    price: z.number().int().openapi({ description: 'Minor units of the business currency (1250 = 12.50 USD)' }),
    cost: z.number().int().nullable(),
    tax_rate_id: z.uuid().nullable().openapi({ description: "The product's own rate; null: the business default applies" }),
    tax_rate: z
      .object({ id: z.uuid(), name: z.string(), basis_points: z.number().int(), inherited: z.boolean() })
      .nullable()
      .openapi({ description: 'The rate a sale uses: its own, else the default (inherited), else none' }),
    category_id: z.uuid().nullable(),
    category: z.object({ id: z.uuid(), name: z.string(), color: z.string().nullable(), is_active: z.boolean() }).nullable(),
    track_stock: z.boolean(),
    stock_quantity: z.number().int(),
    low_stock_threshold: z.number().int().nullable(),
    low_stock: z.boolean(),
    is_active: z.boolean(),
    image_url: z.string().nullable().openapi({ description: 'A signed URL valid for at most an hour' }),
    modifier_groups: z.array(modifierGroupView).openapi({ description: 'Modifier groups with their options and price deltas (minor units)' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Product');

export const stockMovementSchema = z
  .object({
    id: z.uuid(),
    quantity_delta: z.number().int(),
    reason: z.enum(STOCK_MOVEMENT_REASONS),
    note: z.string().nullable(),
    order_id: z.uuid().nullable(),
    actor_name: z.string().nullable(),
    actor_employee_id: z.uuid().nullable(),
    balance_after: z.number().int(),
    created_at: z.string(),
  })
  .openapi('StockMovement');

const name = singleLine(z.string().trim().min(1, 'Name the product').max(200));
// eslint-disable-next-line no-control-regex
const sku = z.string().trim().min(1).max(64).regex(/^[^\x00-\x1F\x7F]+$/, 'must not hold control characters');
const barcode = z.string().trim().min(1).max(64).regex(/^[\x21-\x7E]+$/, 'must be letters, digits and symbols without spaces');
/** Integer minor units, never a float (1250 = 12.50 in a 2-decimal currency). */
const minor = z.number().int('must be whole minor units (1250 for 12.50)').min(0).max(1_000_000_000_000);
const count = z.number().int().min(0).max(1_000_000_000);

export const createProductInput = z
  .strictObject({
    name,
    sku: sku.nullable().optional(),
    barcode: barcode.nullable().optional(),
    price: minor,
    cost: minor.nullable().optional(),
    tax_rate_id: z.uuid().nullable().optional(),
    category_id: z.uuid().nullable().optional(),
    track_stock: z.boolean().optional(),
    initial_stock: count.optional(),
    low_stock_threshold: count.nullable().optional(),
  })
  .refine((body) => !body.initial_stock || body.track_stock === true, { message: 'needs track_stock true', path: ['initial_stock'] });

export const updateProductInput = z
  .strictObject({
    name: name.optional(),
    sku: sku.nullable().optional(),
    barcode: barcode.nullable().optional(),
    price: minor.optional(),
    cost: minor.nullable().optional(),
    tax_rate_id: z.uuid().nullable().optional(),
    category_id: z.uuid().nullable().optional(),
    track_stock: z.boolean().optional(),
    low_stock_threshold: count.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');

export const stockAdjustmentInput = z.strictObject({
  delta: z
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((delta) => delta !== 0, 'must not be zero'),
  reason: z.string().trim().min(1, 'Say why the stock changes').max(200),
  expected_quantity: z.number().int().optional(),
});

export const importInput = z.strictObject({
  csv: z.string().min(1, 'The file is empty'),
  /** The store whose stock the stock column sets (decision 059); else the till's or the employee's store, else the main store. */
  store_id: z.uuid().optional(),
});
export const importQuery = z.strictObject({ store_id: z.uuid().optional() });

export const statusQuery = z.enum(['active', 'archived', 'all']).default('active');
/** The export's stock column counts one store, as the import does (decision 069). */
export const exportQuery = z.strictObject({ status: statusQuery, store_id: z.uuid().optional() });
export const cursorQuery = z.string().max(1000).optional();
export const limitQuery = (fallback: number) => z.coerce.number().int().min(1).max(200).default(fallback);
export const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');
