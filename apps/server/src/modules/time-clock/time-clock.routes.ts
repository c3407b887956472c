import { OpenAPIHono, z } from '@hono/zod-openapi';
import { EMPLOYEE_ROLES, isoDateInput, isoInstantInput } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse, nullableRef } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { clockIn } from './clock-in.ts';
import { clockOut } from './clock-out.ts';
import { correctTimeEntry } from './correct-time-entry.ts';
import { endBreak } from './end-break.ts';
import { exportTimeEntries } from './export-time-entries.ts';
import { getClockStatus } from './get-clock-status.ts';
import { listOnShift } from './list-on-shift.ts';
import { listTimeEntries } from './list-time-entries.ts';
import { startBreak } from './start-break.ts';
import { timeEntrySchema } from './time-entry-schema.ts';

const timeTracking = business({ feature: 'time_tracking' });
const entryResponse = jsonResponse(z.object({ entry: timeEntrySchema }), 'The shift');

const punchSummary = (summary: string) => `${summary} (the employee of the x-employee-session token); 409 when the shift's state does not allow it`;

const punch = (path: string, summary: string) =>
  defineRoute({
    method: 'post',
    path,
    access: timeTracking,
    tags: ['time-clock'],
    summary: punchSummary(summary),
    responses: { 200: entryResponse, ...errorResponses(400, 401, 403, 409) },
  });

const clockInRoute = defineRoute({
  method: 'post',
  path: '/api/time-clock/clock-in',
  access: timeTracking,
  tags: ['time-clock'],
  summary: punchSummary('Clock in'),
  responses: { 201: entryResponse, ...errorResponses(400, 401, 403, 409) },
});
const startBreakRoute = punch('/api/time-clock/start-break', 'Start the break (one per shift)');
const endBreakRoute = punch('/api/time-clock/end-break', 'End the break');
const clockOutRoute = punch('/api/time-clock/clock-out', 'Clock out: the shift closes with total and overtime hours');

const statusRoute = defineRoute({
  method: 'get',
  path: '/api/time-clock/current',
  access: timeTracking,
  tags: ['time-clock'],
  summary: "The signed-in employee's clock: clocked_out, working or on_break, with the open shift",
  responses: {
    200: jsonResponse(z.object({ state: z.enum(['clocked_out', 'working', 'on_break']), entry: nullableRef(timeEntrySchema) }), 'Clock state'),
    ...errorResponses(400, 401, 403),
  },
});

const onShiftRoute = defineRoute({
  method: 'get',
  path: '/api/time-clock/on-shift',
  access: timeTracking,
  tags: ['time-clock'],
  summary: 'Who is clocked in now, and who of them is on a break',
  responses: {
    200: jsonResponse(
      z.object({
        on_shift: z.array(
          z.object({
            employee_id: z.uuid(),
            employee_name: z.string(),
            role: z.enum(EMPLOYEE_ROLES),
            entry_id: z.uuid(),
            clock_in_time: z.string(),
            on_break: z.boolean(),
            break_start_time: z.string().nullable(),
          }),
        ),
      }),
      'Employees on shift',
    ),
    ...errorResponses(400, 401, 403),
  },
});

const rangeQuery = z.strictObject({
  from: isoDateInput(),
  to: isoDateInput(),
  employee_id: z.uuid().optional(),
});

const entriesRoute = defineRoute({
  method: 'get',
  path: '/api/time-clock/entries',
  access: timeTracking,
  tags: ['time-clock'],
  summary:
    'Shifts begun between from and to (dates in the business time zone, both included, at most 92 days) with hours per employee; ' +
    'employees other than the owner, admins and managers see their own only',
  request: { query: rangeQuery },
  responses: {
    200: jsonResponse(
      z.object({
        from: z.string(),
        to: z.string(),
        time_zone: z.string(),
        entries: z.array(timeEntrySchema),
        totals: z.array(
          z.object({
            employee_id: z.uuid(),
            employee_name: z.string(),
            shifts: z.number().int(),
            open_shifts: z.number().int(),
            total_hours: z.number(),
            overtime_hours: z.number(),
          }),
        ),
      }),
      'Entries and totals',
    ),
    ...errorResponses(400, 401, 403),
  },
});

const instant = isoInstantInput().transform((value) => new Date(value));

const correctRoute = defineRoute({
  method: 'patch',
  path: '/api/time-clock/entries/{id}',
  access: timeTracking,
  tags: ['time-clock'],
  summary: 'Correct the times of a shift with a reason (owner, admin or manager); totals are recomputed and audited',
  request: {
    params: z.object({ id: z.uuid() }),
    body: jsonBody(
      z
        .strictObject({
          clock_in_time: instant.optional(),
          clock_out_time: instant.optional(),
          break_start_time: instant.nullable().optional(),
          break_end_time: instant.nullable().optional(),
          reason: z.string().trim().min(1, 'Say why the times change').max(500),
        })
        .refine((body) => Object.keys(body).length > 1, 'Send at least one time to correct'),
    ),
  },
  responses: { 200: entryResponse, ...errorResponses(400, 401, 403, 404, 409) },
});

const exportRoute = defineRoute({
  method: 'get',
  path: '/api/time-clock/export.csv',
  access: timeTracking,
  tags: ['time-clock'],
  summary: 'Payroll CSV of the shifts begun between from and to (owner, admin or manager)',
  request: { query: rangeQuery },
  responses: {
    200: { description: 'CSV: employee, date, clock in, clock out, break minutes, total hours, overtime hours', content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses(400, 401, 403),
  },
});

export const timeClockRoutes = new OpenAPIHono<AppEnv>()
  .openapi(clockInRoute, async (c) => c.json({ entry: await clockIn(c.var.services.database, c.var.tenant, new Date()) }, 201))
  .openapi(startBreakRoute, async (c) => c.json({ entry: await startBreak(c.var.services.database, c.var.tenant, new Date()) }, 200))
  .openapi(endBreakRoute, async (c) => c.json({ entry: await endBreak(c.var.services.database, c.var.tenant, new Date()) }, 200))
  .openapi(clockOutRoute, async (c) => c.json({ entry: await clockOut(c.var.services.database, c.var.tenant, new Date()) }, 200))
  .openapi(statusRoute, async (c) => c.json(await getClockStatus(c.var.services.database, c.var.tenant), 200))
  .openapi(onShiftRoute, async (c) => c.json({ on_shift: await listOnShift(c.var.services.database, c.var.tenant.businessId) }, 200))
  .openapi(entriesRoute, async (c) => {
    const { employee_id: employeeId, ...range } = c.req.valid('query');
    return c.json(await listTimeEntries(c.var.services.database, c.var.tenant, { ...range, employeeId }), 200);
  })
  .openapi(correctRoute, async (c) => {
    const body = c.req.valid('json');
    const times = {
      clockInTime: body.clock_in_time,
      clockOutTime: body.clock_out_time,
      breakStartTime: body.break_start_time,
      breakEndTime: body.break_end_time,
    };
    const entry = await correctTimeEntry(c.var.services.database, c.var.tenant, c.req.valid('param').id, { ...times, reason: body.reason }, new Date());
    return c.json({ entry }, 200);
  })
  .openapi(exportRoute, async (c) => {
    const { employee_id: employeeId, ...query } = c.req.valid('query');
    const csv = await exportTimeEntries(c.var.services.database, c.var.tenant, { ...query, employeeId });
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="time-clock-${query.from}-to-${query.to}.csv"`,
    });
  });
