import { z } from '@hono/zod-openapi';
import { MAX_HISTORY_BYTES, SALES_HISTORY_DATE_FORMATS, SALES_HISTORY_WIRE_FIELDS, type SalesHistoryDateFormat, type SalesHistoryMapping } from '@till/core';

const header = z.string().min(1).max(200);
export const salesHistoryMapping = z
  .strictObject(Object.fromEntries(SALES_HISTORY_WIRE_FIELDS.map((field) => [field, header.optional()])) as Record<(typeof SALES_HISTORY_WIRE_FIELDS)[number], z.ZodOptional<typeof header>>)
  .openapi('SalesHistoryMapping', { description: 'Which header of the file holds each field; order_id, date, product, quantity and line_amount are required' });

const csvText = z.string().max(MAX_HISTORY_BYTES).openapi({ description: 'The CSV text: a header row, then one row per order line (at most 8 MB)' });

export const previewInput = z
  .strictObject({
    csv: csvText,
    mapping: salesHistoryMapping.optional().openapi({ description: 'Left out: guessed from the headers' }),
    date_format: z.enum(SALES_HISTORY_DATE_FORMATS).optional().openapi({ description: 'Left out: guessed from the dates' }),
  })
  .openapi('SalesHistoryPreviewInput');

export const importInput = z
  .strictObject({
    idempotency_key: z.uuid(),
    csv: csvText,
    mapping: salesHistoryMapping,
    date_format: z.enum(SALES_HISTORY_DATE_FORMATS),
    file_name: z.string().max(200).optional(),
  })
  .openapi('SalesHistoryImportInput');

const counts = z.object({ matched: z.number().int(), created: z.number().int() });
const rowError = z.object({ row: z.number().int(), field: z.enum(SALES_HISTORY_WIRE_FIELDS).nullable(), message: z.string() }).openapi('SalesHistoryRowError');

const summary = {
  orders: z.number().int(),
  lines: z.number().int(),
  from: z.string().nullable().openapi({ description: 'First local day of a sale in the file' }),
  to: z.string().nullable(),
  net_sales: z.number().int().openapi({ description: 'Sum of the line amounts, minor units' }),
  discounts: z.number().int(),
  products: counts,
  customers: counts,
  categories: counts,
};

export const previewResult = z
  .object({
    headers: z.array(z.string()),
    mapping: salesHistoryMapping,
    date_format: z.enum(SALES_HISTORY_DATE_FORMATS),
    mapping_problems: z.array(z.string()),
    sample: z.array(z.array(z.string())).openapi({ description: 'The first five rows as written' }),
    row_count: z.number().int(),
    check: z
      .object({ ...summary, errors: z.array(rowError), total_errors: z.number().int() })
      .nullable()
      .openapi({ description: 'Null until every required field has a column' }),
  })
  .openapi('SalesHistoryPreview');

export const importResult = z.object({ import_id: z.uuid(), ...summary }).openapi('SalesHistoryImport');

/** What the use-cases take and give, in TypeScript's casing; the routes and sales-history-views.ts map the wire's. */
export interface PreviewInput {
  csv: string;
  mapping?: SalesHistoryMapping | undefined;
  dateFormat?: SalesHistoryDateFormat | undefined;
}

export interface ImportInput {
  idempotencyKey: string;
  csv: string;
  mapping: SalesHistoryMapping;
  dateFormat: SalesHistoryDateFormat;
  fileName?: string | undefined;
}

interface Counts {
  matched: number;
  created: number;
}

/**
 * An import's counts; stored with the import in this casing as its JSON result (the answer to a
 * retry; a type, so it is a record), mapped to the wire's on the way out.
 */
export type ImportSummary = {
  importId: string;
  orders: number;
  lines: number;
  from: string | null;
  to: string | null;
  netSales: number;
  discounts: number;
  products: Counts;
  customers: Counts;
  categories: Counts;
};
