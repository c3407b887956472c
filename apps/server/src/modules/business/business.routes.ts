import { pairedRegisterSchema } from '../registers/register-view.ts';
import { clearRegisterCookie } from '../../lib/till-cookie.ts';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { FEATURE_NAMES, INDUSTRIES, singleLine } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse, nullableRef } from '../../lib/openapi.ts';
import { ACCOUNT, PUBLIC, business, defineRoute } from '../../lib/routing.ts';
import { businessSettingsPatch, getBusinessSettings, updateBusinessSettings } from './business-settings.ts';
import { accountsRepository } from '../auth/accounts.repository.ts';
import { assignBusinessOwner } from './assign-business-owner.ts';
import { ensureBusinessSettings } from './ensure-business-settings.ts';
import { getMe, partialMe } from './get-me.ts';
import { requireOwnBusiness } from './require-own-business.ts';
import { EMPLOYEE_SESSION_HEADER } from '../../lib/tenant.ts';
import { employeeSessionSchema } from '../employee-sessions/employee-session-schema.ts';

const settingsSchema = z
  .object({
    user_id: z.uuid(),
    business_name: z.string(),
    authentication_enabled: z.boolean(),
    has_business_owner: z.boolean(),
    enabled_features: z.object(Object.fromEntries(FEATURE_NAMES.map((name) => [name, z.boolean()]))),
    prices_include_tax: z.boolean(),
    allow_negative_stock: z.boolean(),
  })
  .openapi('BusinessSettings');

const meSchema = z
  .object({
    user: z.object({ id: z.uuid(), email: z.string().nullable(), name: z.string(), phone_number: z.string().nullable() }).nullable(),
    profile: z
      .object({ user_id: z.uuid(), business_name: z.string().nullable(), full_name: z.string().nullable(), industry: z.enum(INDUSTRIES) })
      .nullable(),
    business: z.object({ id: z.uuid(), name: z.string(), currency: z.string(), time_zone: z.string() }).nullable(),
    settings: nullableRef(settingsSchema),
    employee_session: nullableRef(employeeSessionSchema),
    is_super_admin: z.boolean(),
    is_business_owner: z.boolean(),
    till: nullableRef(pairedRegisterSchema),
    second_step: z.enum(['challenge', 'enroll']).nullable(),
  })
  .openapi('Me');

const meRoute = defineRoute({
  method: 'get',
  path: '/api/me',
  access: PUBLIC,
  tags: ['business'],
  summary:
    'The signed-in account, its profile, business, settings, employee session and super-admin flag (nulls when signed out); ' +
    'on a paired till: no account, the till, and the employee signed in on it',
  responses: { 200: jsonResponse(meSchema, 'Who is signed in') },
});

const ensureSettingsRoute = defineRoute({
  method: 'post',
  path: '/api/business-settings',
  access: ACCOUNT,
  tags: ['business'],
  summary: 'Create the default business settings when there are none (SPEC §4); idempotent',
  responses: { 200: jsonResponse(z.object({ settings: settingsSchema }), 'The settings'), ...errorResponses(400, 403) },
});

const assignOwnerRoute = defineRoute({
  method: 'post',
  path: '/api/business/owner',
  access: ACCOUNT,
  tags: ['business'],
  summary: 'Assign the business owner: an employee with role business_owner and all six permission flags',
  request: {
    body: jsonBody(
      z.strictObject({
        full_name: singleLine(z.string().trim().min(1).max(200)),
        email: z.email().max(254).optional(),
        // The owner's PIN for the tills: 6 digits (core minimumPinLength), asked at setup (issue 10 item 4).
        pin: z.string().regex(/^\d{6}$/, "The owner's PIN must be 6 digits").optional(),
      }),
    ),
  },
  responses: { 201: jsonResponse(z.object({ settings: settingsSchema }), 'Owner assigned'), ...errorResponses(400, 403, 409) },
});

const fullSettingsSchema = z
  .object({
    business_name: z.string(),
    industry: z.enum(INDUSTRIES),
    authentication_enabled: z.boolean(),
    has_business_owner: z.boolean(),
    currency: z.string(),
    time_zone: z.string(),
    enabled_features: z.object(Object.fromEntries(FEATURE_NAMES.map((name) => [name, z.boolean()]))),
    prices_include_tax: z.boolean(),
    allow_negative_stock: z.boolean(),
    cash_variance_threshold: z.number().int(),
    cashiers_close_own_session: z.boolean(),
  })
  .openapi('FullBusinessSettings');

const getSettingsRoute = defineRoute({
  method: 'get',
  path: '/api/business-settings',
  access: business({ page: 'settings' }),
  tags: ['business'],
  summary: 'The settings page: name, industry, authentication, currency, time zone and the 25 feature switches',
  responses: { 200: jsonResponse(z.object({ settings: fullSettingsSchema }), 'Settings'), ...errorResponses(400, 403) },
});

const patchSettingsRoute = defineRoute({
  method: 'patch',
  path: '/api/business-settings',
  access: business({ page: 'settings' }),
  tags: ['business'],
  summary: 'Change any of the settings (SPEC §6: needs can_change_settings)',
  request: { body: jsonBody(businessSettingsPatch) },
  responses: { 200: jsonResponse(z.object({ settings: fullSettingsSchema }), 'Changed'), ...errorResponses(400, 403) },
});

export const businessRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getSettingsRoute, async (c) => {
    return c.json({ settings: await getBusinessSettings(c.var.services.database, c.var.tenant) }, 200);
  })
  .openapi(patchSettingsRoute, async (c) => {
    const settings = await updateBusinessSettings(c.var.services.database, c.var.tenant, c.req.valid('json'));
    // Feature switches apply to the next request, in this process and (once the barrier is passed) in every other.
    c.var.services.businessContexts.forgetBusiness(c.var.tenant.businessId);
    await c.var.services.realtime.barrier();
    return c.json({ settings }, 200);
  })
  .openapi(meRoute, async (c) => {
    const { services } = c.var;
    const token = c.req.header(EMPLOYEE_SESSION_HEADER);
    const credential = c.var.registerCredential;
    const till = credential ? await services.registers.resolve(credential) : null;
    // An unpaired till's old credential is dropped: the browser is a plain signed-out one again.
    if (credential && !till) clearRegisterCookie(c);
    const partial = c.var.partialAccount;
    if (partial && !credential) return c.json(partialMe(partial) as never, 200);
    return c.json((await getMe(services, accountsRepository(services.database.db), c.var.account, token, till)) as never, 200);
  })
  .openapi(ensureSettingsRoute, async (c) => {
    const owned = await requireOwnBusiness(c.var.services.database.db, c.var.account!);
    return c.json({ settings: await ensureBusinessSettings(c.var.services.database, owned) }, 200);
  })
  .openapi(assignOwnerRoute, async (c) => {
    const owned = await requireOwnBusiness(c.var.services.database.db, c.var.account!);
    const body = c.req.valid('json');
    const settings = await assignBusinessOwner(c.var.services.database, {
      ...owned,
      fullName: body.full_name,
      email: body.email ?? null,
      pin: body.pin,
    });
    return c.json({ settings }, 201);
  });
