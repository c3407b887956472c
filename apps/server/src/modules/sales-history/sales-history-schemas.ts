import { z } from '@hono/zod-openapi';
import { MAX_HISTORY_BYTES, SALES_HISTORY_DATE_FORMATS, SALES_HISTORY_FIELDS } from '@till/core';

const header = z.string().min(1).max(200);
export const salesHistoryMapping = z
  .strictObject(Object.fromEntries(SALES_HISTORY_FIELDS.map((field) => [field, header.optional()])) as Record<(typeof SALES_HISTORY_FIELDS)[number], z.ZodOptional<typeof header>>)
  .openapi('SalesHistoryMapping', { description: 'Which header of the file holds each field; orderId, date, product, quantity and lineAmount are required' });

const csvText = z.string().max(MAX_HISTORY_BYTES).openapi({ description: 'The CSV text: a header row, then one row per order line (at most 8 MB)' });

export const previewInput = z
  .strictObject({
    csv: csvText,
    mapping: salesHistoryMapping.optional().openapi({ description: 'Left out: guessed from the headers' }),
    dateFormat: z.enum(SALES_HISTORY_DATE_FORMATS).optional().openapi({ description: 'Left out: guessed from the dates' }),
  })
  .openapi('SalesHistoryPreviewInput');

export const importInput = z
  .strictObject({
    idempotencyKey: z.uuid(),
    csv: csvText,
    mapping: salesHistoryMapping,
    dateFormat: z.enum(SALES_HISTORY_DATE_FORMATS),
    fileName: z.string().max(200).optional(),
  })
  .openapi('SalesHistoryImportInput');

const counts = z.object({ matched: z.number().int(), created: z.number().int() });
const rowError = z.object({ row: z.number().int(), field: z.enum(SALES_HISTORY_FIELDS).nullable(), message: z.string() }).openapi('SalesHistoryRowError');

const summary = {
  orders: z.number().int(),
  lines: z.number().int(),
  from: z.string().nullable().openapi({ description: 'First local day of a sale in the file' }),
  to: z.string().nullable(),
  netSales: z.number().int().openapi({ description: 'Sum of the line amounts, minor units' }),
  discounts: z.number().int(),
  products: counts,
  customers: counts,
  categories: counts,
};

export const previewResult = z
  .object({
    headers: z.array(z.string()),
    mapping: salesHistoryMapping,
    dateFormat: z.enum(SALES_HISTORY_DATE_FORMATS),
    mappingProblems: z.array(z.string()),
    sample: z.array(z.array(z.string())).openapi({ description: 'The first five rows as written' }),
    rowCount: z.number().int(),
    check: z
      .object({ ...summary, errors: z.array(rowError), totalErrors: z.number().int() })
      .nullable()
      .openapi({ description: 'Null until every required field has a column' }),
  })
  .openapi('SalesHistoryPreview');

export const importResult = z.object({ importId: z.uuid(), ...summary }).openapi('SalesHistoryImport');

export type PreviewInput = z.infer<typeof previewInput>;
export type ImportInput = z.infer<typeof importInput>;
export type ImportSummary = z.infer<typeof importResult>;
