import type { z } from '@hono/zod-openapi';
import { SALES_HISTORY_WIRE_NAMES, salesHistoryMappingFromWire, salesHistoryMappingToWire } from '@till/core';
import type { HistoryRowError } from './plan-sales-history.ts';
import type { previewSalesHistory } from './preview-sales-history.ts';
import type { ImportInput, importInput, ImportSummary, PreviewInput, previewInput } from './sales-history-schemas.ts';

/**
 * The sales-history routes' bodies and answers on the wire (snake_case, decision 070), and the
 * use-cases' TypeScript casing: a mapping's keys and a row problem's field are the wire's names.
 */

type Preview = Awaited<ReturnType<typeof previewSalesHistory>>;

export function previewInputFrom(body: z.infer<typeof previewInput>): PreviewInput {
  return { csv: body.csv, mapping: body.mapping && salesHistoryMappingFromWire(body.mapping), dateFormat: body.date_format };
}

/** In the order the request hash has always read them (csv, mapping, date format), so a retry still matches its first import. */
export function importInputFrom(body: z.infer<typeof importInput>): ImportInput {
  return {
    idempotencyKey: body.idempotency_key,
    csv: body.csv,
    mapping: salesHistoryMappingFromWire(body.mapping),
    dateFormat: body.date_format,
    fileName: body.file_name,
  };
}

export const toRowErrorView = (error: HistoryRowError) => ({ row: error.row, field: error.field && SALES_HISTORY_WIRE_NAMES[error.field], message: error.message });

function summaryView(summary: Omit<ImportSummary, 'importId'>) {
  return {
    orders: summary.orders,
    lines: summary.lines,
    from: summary.from,
    to: summary.to,
    net_sales: summary.netSales,
    discounts: summary.discounts,
    products: { matched: summary.products.matched, created: summary.products.created },
    customers: { matched: summary.customers.matched, created: summary.customers.created },
    categories: { matched: summary.categories.matched, created: summary.categories.created },
  };
}

/** An import's answer; a retry's comes from the result stored with the first import. */
export function toImportView(result: ImportSummary) {
  return { import_id: result.importId, ...summaryView(result) };
}

export function toPreviewView(preview: Preview) {
  return {
    headers: preview.headers,
    mapping: salesHistoryMappingToWire(preview.mapping),
    date_format: preview.dateFormat,
    mapping_problems: preview.mappingProblems,
    sample: preview.sample,
    row_count: preview.rowCount,
    check: preview.check && { ...summaryView(preview.check), errors: preview.check.errors.map(toRowErrorView), total_errors: preview.check.totalErrors },
  };
}
