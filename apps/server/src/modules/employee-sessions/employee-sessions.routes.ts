import { OpenAPIHono, z } from '@hono/zod-openapi';
import { PIN_PATTERN } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse, nullableRef } from '../../lib/openapi.ts';
import { TILL, business, defineRoute } from '../../lib/routing.ts';
import { timeEntrySchema } from '../time-clock/time-entry-schema.ts';
import { employeeSessionSchema } from './employee-session-schema.ts';
import { endShift } from './end-shift.ts';
import { getCurrentEmployeeSession } from './get-current-employee-session.ts';
import { signInEmployee } from './sign-in-employee.ts';
import { signOutEmployee } from './sign-out-employee.ts';

const signInRoute = defineRoute({
  method: 'post',
  path: '/api/employee-sessions',
  access: TILL,
  tags: ['employee-sessions'],
  summary:
    'PIN sign-in on a paired till: a new session token (send it as x-employee-session from that till) and the SPEC §3 session fields. ' +
    '5 wrong PINs in a row lock the employee on that till for 5 minutes; 30 wrong attempts an hour per till and 100 per business, ' +
    'past which the right PIN also needs the owner password (owner_password). ' +
    'The business owner, while the platform bans their account, is refused once the PIN is right (400 user_banned), and their open sessions stop; the staff go on',
  request: {
    body: jsonBody(
      z.strictObject({
        employee_id: z.uuid(),
        pin: z.string().regex(PIN_PATTERN, 'The PIN must be 4 to 6 digits'),
        // The step-up past a till's or the business's hourly cap (429 with step_up: owner_password).
        owner_password: z.string().min(1).max(128).optional(),
      }),
    ),
  },
  responses: {
    201: jsonResponse(z.object({ token: z.string(), session: employeeSessionSchema }), 'Signed in'),
    ...errorResponses(400, 401, 403, 429),
  },
});

const currentRoute = defineRoute({
  method: 'get',
  path: '/api/employee-sessions/current',
  access: business(),
  tags: ['employee-sessions'],
  summary: 'The employee session the request carries (x-employee-session)',
  responses: { 200: jsonResponse(z.object({ session: employeeSessionSchema }), 'The session'), ...errorResponses(400, 401, 403) },
});

const endShiftRoute = defineRoute({
  method: 'post',
  path: '/api/employee-sessions/end-shift',
  access: business(),
  tags: ['employee-sessions'],
  summary: "End the shift: all of the employee's sessions end and their open time-clock entry is closed with its totals",
  responses: {
    200: jsonResponse(z.object({ ended_sessions: z.number().int(), time_entry: nullableRef(timeEntrySchema) }), 'Shift ended'),
    ...errorResponses(400, 401, 403),
  },
});

const signOutRoute = defineRoute({
  method: 'post',
  path: '/api/employee-sessions/sign-out',
  access: business(),
  tags: ['employee-sessions'],
  summary: 'End only this employee session (hand the till over); the shift stays open',
  responses: { 200: jsonResponse(z.object({ ok: z.literal(true) }), 'Signed out'), ...errorResponses(400, 401, 403) },
});

export const employeeSessionsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(signInRoute, async (c) => {
    const body = c.req.valid('json');
    const result = await signInEmployee(
      c.var.services,
      {
        businessId: c.var.till.businessId,
        registerId: c.var.till.registerId,
        ownerUserId: c.var.till.ownerUserId,
        employeeId: body.employee_id,
        pin: body.pin,
        ownerPassword: body.owner_password,
        clientAddress: c.var.clientAddress,
        userAgent: c.req.header('user-agent') ?? null,
      },
      new Date(),
    );
    return c.json(result, 201);
  })
  .openapi(currentRoute, async (c) => {
    return c.json({ session: await getCurrentEmployeeSession(c.var.services.database, c.var.tenant, new Date()) }, 200);
  })
  .openapi(endShiftRoute, async (c) => {
    return c.json(await endShift(c.var.services.database, c.var.tenant, new Date()), 200);
  })
  .openapi(signOutRoute, async (c) => {
    return c.json(await signOutEmployee(c.var.services.database, c.var.tenant, new Date()), 200);
  });
