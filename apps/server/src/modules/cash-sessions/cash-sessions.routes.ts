import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  cashMovementFromWire,
  cashMovementInput,
  cashReportTitle,
  cashReportToWire,
  cashReportWireSchema,
  cashSessionSummarySchema,
  closeCashSessionFromWire,
  closeCashSessionInput,
  isoInstantInput,
  openCashSessionFromWire,
  openCashSessionInput,
  type CashSessionSummary,
} from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse, nullableRef } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { closeCashSession } from './close-cash-session.ts';
import { getCashReport } from './get-cash-report.ts';
import { getCurrentCashSession, type CurrentCashSession } from './get-current-cash-session.ts';
import { listCashSessions, type SessionSummaryRow } from './list-cash-sessions.ts';
import { openCashSession } from './open-cash-session.ts';
import { recordCashMovement } from './record-cash-movement.ts';
import { encodeDrawerKick, encodeZReportEscPos, renderZReportPdf, zReportCsv } from './z-report-documents.ts';

const TAGS = ['cash-sessions'];
const idParam = z.strictObject({ id: z.uuid('Session ids are UUIDs') });
const drawer = business({ feature: 'cash_management', employeeFeature: 'pos' });
const sessionSchema = z.object({
  id: z.uuid(),
  register_id: z.uuid(),
  status: z.enum(['open', 'closed']),
  opening_float: z.number().int(),
  opened_at: z.string(),
  opened_by: z.string(),
});

// The wire's shapes (decision 070: snake_case); the use-cases and stored Z reports stay camelCase.
const toSessionView = (row: { id: string; registerId: string; status: 'open' | 'closed'; openingFloat: number; openedAt: Date; openedByName: string }) => ({
  id: row.id,
  register_id: row.registerId,
  status: row.status,
  opening_float: row.openingFloat,
  opened_at: row.openedAt.toISOString(),
  opened_by: row.openedByName,
});

const toCurrentDrawerView = (drawer: CurrentCashSession) => ({
  register: drawer.register,
  session: drawer.session
    ? {
        id: drawer.session.id,
        opened_at: drawer.session.openedAt,
        opened_by: drawer.session.openedBy,
        opening_float: drawer.session.openingFloat,
        opened_by_employee_id: drawer.session.openedByEmployeeId,
      }
    : null,
  report: drawer.report ? cashReportToWire(drawer.report) : null,
  currency: drawer.currency,
  variance_threshold: drawer.varianceThreshold,
  cashiers_close_own_session: drawer.cashiersCloseOwnSession,
});

const toSummaryView = (row: SessionSummaryRow): CashSessionSummary => ({
  id: row.id,
  status: row.status,
  number: row.number,
  register_id: row.registerId,
  register_name: row.registerName,
  opened_at: row.openedAt,
  closed_at: row.closedAt,
  opened_by: row.openedBy,
  closed_by: row.closedBy,
  opening_float: row.openingFloat,
  net_sales: row.netSales,
  expected_cash: row.expectedCash,
  counted_cash: row.countedCash,
  cash_difference: row.cashDifference,
  currency: row.currency,
});

const currentRoute = defineRoute({
  method: 'get',
  path: '/api/cash-sessions/current',
  access: drawer,
  tags: TAGS,
  summary: "This till's drawer (or, from the back office, a named register's): the open session, if any, with its X report",
  request: { query: z.strictObject({ register_id: z.uuid().optional() }) },
  responses: {
    200: jsonResponse(
      z.object({
        register: z.object({ id: z.uuid(), name: z.string() }),
        session: z
          .object({ id: z.uuid(), opened_at: z.string(), opened_by: z.string(), opening_float: z.number().int(), opened_by_employee_id: z.uuid().nullable() })
          .nullable(),
        report: nullableRef(cashReportWireSchema),
        currency: z.string(),
        variance_threshold: z.number().int(),
        cashiers_close_own_session: z.boolean(),
      }),
      'The drawer',
    ),
    ...errorResponses(400, 401, 403, 422),
  },
});

const openRoute = defineRoute({
  method: 'post',
  path: '/api/cash-sessions',
  access: drawer,
  tags: TAGS,
  summary: 'Open the drawer with a counted float (one open session per register); a retry with the same idempotency_key returns the session',
  request: { body: jsonBody(openCashSessionInput) },
  responses: {
    200: jsonResponse(sessionSchema, 'A retry: the session the key opened'),
    201: jsonResponse(sessionSchema, 'Opened'),
    ...errorResponses(400, 401, 403, 409, 422),
  },
});

const movementRoute = defineRoute({
  method: 'post',
  path: '/api/cash-sessions/{id}/movements',
  access: drawer,
  tags: TAGS,
  summary: 'A pay-in, pay-out, drop to the safe, or no-sale opening of the drawer, with a reason (audited)',
  request: { params: idParam, body: jsonBody(cashMovementInput) },
  responses: {
    200: jsonResponse(z.object({ id: z.uuid(), kind: z.string(), amount: z.number().int() }), 'A retry: the first entry'),
    201: jsonResponse(z.object({ id: z.uuid(), kind: z.string(), amount: z.number().int() }), 'Recorded'),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

const closeRoute = defineRoute({
  method: 'post',
  path: '/api/cash-sessions/{id}/close',
  access: business({ feature: 'cash_management' }),
  tags: TAGS,
  summary: 'Close the session into its Z report: counted cash (total or by denomination), confirmed card/other totals; over the threshold a manager approves with a PIN and a note',
  description: 'SPEC §6: can_access_reports, or a cashier closing the session they opened when the business allows it. A retry with the same idempotency_key returns the Z; closing a closed session otherwise is 409 already_closed.',
  request: { params: idParam, body: jsonBody(closeCashSessionInput) },
  responses: {
    200: jsonResponse(cashReportWireSchema, 'A retry: the Z report'),
    201: jsonResponse(cashReportWireSchema, 'Closed: the Z report'),
    ...errorResponses(400, 401, 403, 404, 409, 422, 429),
  },
});

const listRoute = defineRoute({
  method: 'get',
  path: '/api/cash-sessions',
  access: business({ feature: 'cash_management', page: 'reports' }),
  tags: TAGS,
  summary: 'Drawer sessions and Z reports, newest first; filters: register, dates, employee, variance, status',
  request: {
    query: z.strictObject({
      register_id: z.uuid().optional(),
      employee_id: z.uuid().optional(),
      from: isoInstantInput().optional(),
      to: isoInstantInput().optional(),
      variance: z.enum(['over', 'short', 'balanced']).optional(),
      status: z.enum(['open', 'closed']).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(50),
      cursor: z.string().max(200).optional(),
    }),
  },
  responses: {
    200: jsonResponse(
      z.object({ sessions: z.array(cashSessionSummarySchema), registers: z.array(z.object({ id: z.uuid(), name: z.string() })), next_cursor: z.string().nullable() }),
      'A page of sessions',
    ),
    ...errorResponses(400, 401, 403),
  },
});

const reportRoute = defineRoute({
  method: 'get',
  path: '/api/cash-sessions/{id}/report',
  access: business({ feature: 'cash_management' }),
  tags: TAGS,
  summary: "A session's report: the X report of an open session (as of now) or the frozen Z of a closed one",
  request: { params: idParam },
  responses: { 200: jsonResponse(cashReportWireSchema, 'The report'), ...errorResponses(400, 401, 403, 404) },
});

const documentRoute = defineRoute({
  method: 'get',
  path: '/api/cash-sessions/{id}/report/{format}',
  access: business({ feature: 'cash_management' }),
  tags: TAGS,
  summary: 'The report as a file: pdf (A4, or ?page=receipt-80mm), csv, or escpos (80 mm printer bytes)',
  request: {
    params: z.strictObject({ id: z.uuid('Session ids are UUIDs'), format: z.enum(['pdf', 'csv', 'escpos']) }),
    query: z.strictObject({ page: z.enum(['a4', 'receipt-80mm']).default('a4') }),
  },
  responses: {
    200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

const drawerKickRoute = defineRoute({
  method: 'get',
  path: '/api/cash-drawer/kick.escpos',
  access: drawer,
  tags: TAGS,
  summary: 'The ESC/POS drawer-kick pulse alone (a no-sale opening is recorded first as a movement)',
  responses: {
    200: { description: 'ESC/POS bytes', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses(401, 403),
  },
});

const fileName = (title: string, extension: string) => `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.${extension}`;

export const cashSessionsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(currentRoute, async (c) =>
    c.json(toCurrentDrawerView(await getCurrentCashSession(c.var.services.database, c.var.tenant, c.req.valid('query').register_id)), 200),
  )
  .openapi(openRoute, async (c) => {
    const result = await openCashSession(c.var.services.database, c.var.tenant, openCashSessionFromWire(c.req.valid('json')));
    return result.replayed ? c.json(toSessionView(result.session), 200) : c.json(toSessionView(result.session), 201);
  })
  .openapi(movementRoute, async (c) => {
    const result = await recordCashMovement(c.var.services.database, c.var.tenant, c.req.valid('param').id, cashMovementFromWire(c.req.valid('json')));
    const view = { id: result.movement.id, kind: result.movement.kind, amount: result.movement.amount };
    return result.replayed ? c.json(view, 200) : c.json(view, 201);
  })
  .openapi(closeRoute, async (c) => {
    const result = await closeCashSession(c.var.services, c.var.tenant, c.req.valid('param').id, closeCashSessionFromWire(c.req.valid('json')));
    const report = cashReportToWire(result.report);
    return result.replayed ? c.json(report, 200) : c.json(report, 201);
  })
  .openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const page = await listCashSessions(c.var.services.database, c.var.tenant, {
      registerId: query.register_id,
      employeeId: query.employee_id,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      variance: query.variance,
      status: query.status,
      limit: query.limit,
      cursor: query.cursor,
    });
    return c.json({ sessions: page.sessions.map(toSummaryView), registers: page.registers, next_cursor: page.nextCursor }, 200);
  })
  .openapi(reportRoute, async (c) => c.json(cashReportToWire(await getCashReport(c.var.services.database, c.var.tenant, c.req.valid('param').id)), 200))
  .openapi(documentRoute, async (c) => {
    const { id, format } = c.req.valid('param');
    const report = await getCashReport(c.var.services.database, c.var.tenant, id);
    const title = `${cashReportTitle(report)} ${report.register.name}`;
    const headers = (type: string, extension: string) => ({
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${fileName(title, extension)}"`,
      'Cache-Control': 'no-store',
    });
    if (format === 'csv') return c.body(zReportCsv(report), 200, headers('text/csv; charset=utf-8', 'csv'));
    if (format === 'escpos') return c.body(encodeZReportEscPos(report) as Uint8Array<ArrayBuffer>, 200, headers('application/octet-stream', 'bin'));
    const pdf = await renderZReportPdf(report, c.req.valid('query').page);
    return c.body(new Uint8Array(pdf) as Uint8Array<ArrayBuffer>, 200, headers('application/pdf', 'pdf'));
  })
  .openapi(drawerKickRoute, (c) =>
    c.body(encodeDrawerKick() as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': 'attachment; filename="drawer-kick.bin"',
      'Cache-Control': 'no-store',
    }),
  );
