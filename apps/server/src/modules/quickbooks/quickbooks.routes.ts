import { OpenAPIHono, z } from '@hono/zod-openapi';
import { isoDateInput, mappingFromWire, mappingToWire, QUICKBOOKS_EXPORT_FORMATS, quickbooksDaySchema, quickbooksMappingBody, quickbooksMappingSchema, type QuickbooksMapping } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse, nullableRef } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { exportQuickbooksJournal } from './export-quickbooks-journal.ts';
import { getQuickbooksDay } from './get-quickbooks-day.ts';
import { getQuickbooksMapping } from './get-quickbooks-mapping.ts';
import { listQuickbooksDays } from './list-quickbooks-days.ts';
import { QUICKBOOKS_ACCESS } from './quickbooks-rules.ts';
import { saveQuickbooksMapping } from './save-quickbooks-mapping.ts';

// SPEC §2 /quickbooks (feature quickbooks_integration) and SPEC §6 reports (can_access_reports).
const access = business(QUICKBOOKS_ACCESS);
const TAGS = ['quickbooks'];

const mappingView = z.object({
  mapping: nullableRef(quickbooksMappingSchema),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
  categories: z.array(z.string()),
  tax_rates: z.array(z.number().int()),
});

/** The wire's shape (decision 070: snake_case) of a saved mapping and who saved it when. */
function toMappingView(view: { mapping: QuickbooksMapping | null; updatedAt: string | null; updatedBy: string | null }) {
  return { mapping: view.mapping ? mappingToWire(view.mapping) : null, updated_at: view.updatedAt, updated_by: view.updatedBy };
}

const getMappingRoute = defineRoute({
  method: 'get',
  path: '/api/quickbooks/mapping',
  access,
  tags: TAGS,
  summary: 'The QuickBooks account mapping (null until saved), with the category names and tax rates a Z may show',
  responses: { 200: jsonResponse(mappingView, 'The mapping'), ...errorResponses(401, 403) },
});

const saveMappingRoute = defineRoute({
  method: 'put',
  path: '/api/quickbooks/mapping',
  access,
  tags: TAGS,
  summary: 'Save the whole account mapping: income per category (and a default), tax per rate (and a default), a clearing account per payment method, over/short, discounts, refunds (null: refunds reduce income); audited',
  request: { body: jsonBody(quickbooksMappingBody) },
  responses: {
    200: jsonResponse(z.object({ mapping: quickbooksMappingSchema, updated_at: z.string(), updated_by: z.string() }), 'Saved'),
    ...errorResponses(400, 401, 403),
  },
});

const daysRoute = defineRoute({
  method: 'get',
  path: '/api/quickbooks/days',
  access,
  tags: TAGS,
  summary: 'Closed Z reports of a range of days (business time zone; default the last 30), oldest first, each with its balanced journal entry (null until mapped) and whether, when and by whom it was exported',
  request: { query: z.strictObject({ from: isoDateInput().optional(), to: isoDateInput().optional() }) },
  responses: {
    200: jsonResponse(z.object({ from: z.string(), to: z.string(), mapped: z.boolean(), truncated: z.boolean(), days: z.array(quickbooksDaySchema) }), 'The days'),
    ...errorResponses(400, 401, 403),
  },
});

const dayRoute = defineRoute({
  method: 'get',
  path: '/api/quickbooks/days/{sessionId}',
  access,
  tags: TAGS,
  summary: "One closed Z report's journal entry and export status",
  request: { params: z.strictObject({ sessionId: z.uuid('Session ids are UUIDs') }) },
  responses: { 200: jsonResponse(quickbooksDaySchema, 'The day'), ...errorResponses(400, 401, 403, 404, 409) },
});

const exportBody = z.union([
  z.strictObject({ format: z.enum(QUICKBOOKS_EXPORT_FORMATS), session_ids: z.array(z.uuid('Session ids are UUIDs')).min(1, 'Choose at least one Z report').max(500) }),
  z.strictObject({ format: z.enum(QUICKBOOKS_EXPORT_FORMATS), from: isoDateInput(), to: isoDateInput() }),
]);

const exportRoute = defineRoute({
  method: 'post',
  path: '/api/quickbooks/exports',
  access,
  tags: TAGS,
  summary: 'One file of journal entries (csv: QuickBooks Online journal import; iif: QuickBooks Desktop) for the chosen Z reports or every Z closed from..to; marks each exported (audited)',
  description: '422 quickbooks_mapping_required before the accounts are mapped; 404 for a session id not of this business; 409 for a session still open; 422 nothing_to_export for a range without Z reports. Nothing is marked on any refusal.',
  request: { body: jsonBody(exportBody) },
  responses: {
    200: { description: 'The file', content: { 'text/csv': { schema: z.string() }, 'application/octet-stream': { schema: z.string() } } },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const quickbooksRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getMappingRoute, async (c) => {
    const view = await getQuickbooksMapping(c.var.services.database, c.var.tenant);
    return c.json({ ...toMappingView(view), categories: view.categories, tax_rates: view.taxRates }, 200);
  })
  .openapi(saveMappingRoute, async (c) => {
    const saved = await saveQuickbooksMapping(c.var.services.database, c.var.tenant, mappingFromWire(c.req.valid('json')));
    return c.json({ mapping: mappingToWire(saved.mapping), updated_at: saved.updatedAt, updated_by: saved.updatedBy }, 200);
  })
  .openapi(daysRoute, async (c) => c.json(await listQuickbooksDays(c.var.services.database, c.var.tenant, c.req.valid('query')), 200))
  .openapi(dayRoute, async (c) => c.json(await getQuickbooksDay(c.var.services.database, c.var.tenant, c.req.valid('param').sessionId), 200))
  .openapi(exportRoute, async (c) => {
    const body = c.req.valid('json');
    const request = 'session_ids' in body ? { format: body.format, sessionIds: body.session_ids } : body;
    const file = await exportQuickbooksJournal(c.var.services.database, c.var.tenant, request);
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'Cache-Control': 'no-store',
      'X-Exported-Sessions': String(file.sessionIds.length),
    });
  });
