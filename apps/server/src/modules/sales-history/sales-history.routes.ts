import { OpenAPIHono } from '@hono/zod-openapi';
import { MAX_HISTORY_BYTES } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { uploadBodyLimit } from '../../lib/uploads.ts';
import { importSalesHistory } from './import-sales-history.ts';
import { previewSalesHistory } from './preview-sales-history.ts';
import { importInput, importResult, previewInput, previewResult } from './sales-history-schemas.ts';
import { importInputFrom, previewInputFrom, toImportView, toPreviewView } from './sales-history-views.ts';

/** The sales-history paths; app.ts lets them past its 1 MB body limit, and their own 8 MB limit applies. */
export const SALES_HISTORY_PATH = /^\/api\/sales-history\/(preview|import)$/;

const historyBodyLimit = uploadBodyLimit(
  // The CSV travels inside JSON: quotes and line breaks are escaped, so allow for that.
  Math.ceil(MAX_HISTORY_BYTES * 1.25),
  'payload_too_large',
  `The file is larger than ${MAX_HISTORY_BYTES / 1024 / 1024} MB; split it by date and import the parts one after another`,
);

// SPEC §2 /analytics (reporting_analytics). Importing writes sales, so beyond SPEC §6 page
// analytics (can_view_reports, checked in the use-case) it needs page settings (can_change_settings).
const historyAccess = business({ feature: 'reporting_analytics', page: 'settings' });

const previewRoute = defineRoute({
  method: 'post',
  path: '/api/sales-history/preview',
  access: historyAccess,
  tags: ['analytics'],
  summary: 'Read a file of past sales: its headers, the guessed column mapping, its first rows, and what an import would do (every bad row listed); writes nothing',
  middleware: [historyBodyLimit],
  request: { body: jsonBody(previewInput) },
  responses: { 200: jsonResponse(previewResult, 'The preview'), ...errorResponses(400, 401, 403, 413) },
});

const importRoute = defineRoute({
  method: 'post',
  path: '/api/sales-history/import',
  access: historyAccess,
  tags: ['analytics'],
  summary: 'Import a file of past sales as paid orders marked imported; all rows or none',
  description:
    'One row per order line. Any bad row: 400 import_rejected with rows [{ row, field, message }] (header = row 1) and nothing written. ' +
    'More than 100,000 lines: 400 too_many_rows; a span over 1,096 days: 400 range_too_long; over 8 MB: 413. ' +
    'Imported orders take no order number, move no stock and count in reports on the day of their date. A retry with the same idempotency_key answers 200 with the first result; another file with that key is 409.',
  middleware: [historyBodyLimit],
  request: { body: jsonBody(importInput) },
  responses: {
    201: jsonResponse(importResult, 'Imported'),
    200: jsonResponse(importResult, 'Imported before with this idempotency key'),
    ...errorResponses(400, 401, 403, 409, 413),
  },
});

export const salesHistoryRoutes = new OpenAPIHono<AppEnv>()
  .openapi(previewRoute, async (c) =>
    c.json(toPreviewView(await previewSalesHistory(c.var.services.database, c.var.tenant, previewInputFrom(c.req.valid('json')))), 200),
  )
  .openapi(importRoute, async (c) => {
    const { replayed, result } = await importSalesHistory(c.var.services.database, c.var.tenant, importInputFrom(c.req.valid('json')));
    return replayed ? c.json(toImportView(result), 200) : c.json(toImportView(result), 201);
  });
