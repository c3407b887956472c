import { OpenAPIHono, z } from '@hono/zod-openapi';
import { ADMIN_PERMISSION_FLAGS, EMPLOYEE_PERMISSION_FLAGS, EMPLOYEE_ROLES, PIN_PATTERN, singleLine } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse, nullableRef } from '../../lib/openapi.ts';
import { PUBLIC, TILL, business, defineRoute } from '../../lib/routing.ts';
import { completeEmployeeSetup } from './complete-employee-setup.ts';
import { createEmployee } from './create-employee.ts';
import { deactivateEmployee } from './deactivate-employee.ts';
import { issueSetupCode } from './issue-setup-code.ts';
import { listEmployees } from './list-employees.ts';
import { listSignInEmployees } from './list-sign-in-employees.ts';
import { updateEmployee } from './update-employee.ts';

const flagsObject = <F extends string>(flags: readonly F[]) =>
  z.object(Object.fromEntries(flags.map((flag) => [flag, z.boolean()])) as Record<F, z.ZodBoolean>);
const flagsPatch = <F extends string>(flags: readonly F[]) =>
  z.strictObject(Object.fromEntries(flags.map((flag) => [flag, z.boolean().optional()])) as Record<F, z.ZodOptional<z.ZodBoolean>>);

const employeeSchema = z
  .object({
    id: z.uuid(),
    full_name: z.string(),
    email: z.string().nullable(),
    role: z.enum(EMPLOYEE_ROLES),
    is_active: z.boolean(),
    permissions: flagsObject(EMPLOYEE_PERMISSION_FLAGS),
    admin_permissions: flagsObject(ADMIN_PERMISSION_FLAGS).nullable(),
    has_pin: z.boolean(),
    setup_code_expires_at: z.string().nullable(),
    pin_locked_until: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('Employee');

const setupCodeSchema = z.object({ code: z.string(), expires_at: z.string() }).openapi('EmployeeSetupCode');

const pinField = z.string().regex(PIN_PATTERN, 'The PIN must be 4 to 6 digits');
const assignableRole = z.enum(['admin', 'manager', 'cashier', 'kitchen']);
const idParams = z.object({ id: z.uuid() });

const manageEmployees = { feature: 'employee_management', page: 'employees' } as const;

const listRoute = defineRoute({
  method: 'get',
  path: '/api/employees',
  access: business(manageEmployees),
  tags: ['employees'],
  summary: 'Employees of the business by name (never their PIN), a page at a time',
  request: {
    query: z.strictObject({
      limit: z.coerce.number().int().min(1).max(200).default(100),
      cursor: z.string().max(1000).optional(),
    }),
  },
  responses: {
    200: jsonResponse(z.object({ employees: z.array(employeeSchema), next_cursor: z.string().nullable() }), 'One page of employees'),
    ...errorResponses(400, 401, 403),
  },
});

const addRoute = defineRoute({
  method: 'post',
  path: '/api/employees',
  access: business({ ...manageEmployees, adminPermission: 'can_add_employees' }),
  tags: ['employees'],
  summary: 'Add an employee; without a PIN the answer carries a one-time setup code (shown once, valid 72 hours)',
  request: {
    body: jsonBody(
      z.strictObject({
        full_name: singleLine(z.string().trim().min(1).max(200)),
        email: z.email().max(254).nullable().optional(),
        role: assignableRole,
        permissions: flagsPatch(EMPLOYEE_PERMISSION_FLAGS).optional(),
        admin_permissions: flagsPatch(ADMIN_PERMISSION_FLAGS).optional(),
        pin: pinField.optional(),
      }),
    ),
  },
  responses: {
    201: jsonResponse(z.object({ employee: employeeSchema, setup_code: nullableRef(setupCodeSchema) }), 'Employee added'),
    ...errorResponses(400, 401, 403, 409, 422),
  },
});

const updateRoute = defineRoute({
  method: 'patch',
  path: '/api/employees/{id}',
  access: business({ ...manageEmployees, adminPermission: 'can_add_employees' }),
  tags: ['employees'],
  summary: 'Edit an employee: name, email, role, permission flags, admin flags or PIN',
  request: {
    params: idParams,
    body: jsonBody(
      z
        .strictObject({
          full_name: singleLine(z.string().trim().min(1).max(200)).optional(),
          email: z.email().max(254).nullable().optional(),
          role: assignableRole.optional(),
          permissions: flagsPatch(EMPLOYEE_PERMISSION_FLAGS).optional(),
          admin_permissions: flagsPatch(ADMIN_PERMISSION_FLAGS).optional(),
          pin: pinField.optional(),
        })
        .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change'),
    ),
  },
  responses: {
    200: jsonResponse(z.object({ employee: employeeSchema }), 'Employee updated'),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

const deactivateRoute = defineRoute({
  method: 'post',
  path: '/api/employees/{id}/deactivate',
  access: business({ ...manageEmployees, adminPermission: 'can_kick_employees' }),
  tags: ['employees'],
  summary: 'Deactivate an employee and end their sessions at once',
  request: { params: idParams },
  responses: {
    200: jsonResponse(z.object({ employee: employeeSchema }), 'Employee deactivated'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const setupCodeRoute = defineRoute({
  method: 'post',
  path: '/api/employees/{id}/setup-code',
  access: business({ ...manageEmployees, adminPermission: 'can_add_employees' }),
  tags: ['employees'],
  summary: 'Issue a new one-time setup code (shown once, valid 72 hours) for the employee to choose a PIN',
  request: { params: idParams },
  responses: {
    201: jsonResponse(z.object({ setup_code: setupCodeSchema }), 'New setup code'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const signInListRoute = defineRoute({
  method: 'get',
  path: '/api/employee-login/employees',
  access: TILL,
  tags: ['employee-sessions'],
  summary: 'Active employees for the name picker of the employee sign-in screen',
  responses: {
    200: jsonResponse(
      z.object({
        employees: z.array(z.object({ id: z.uuid(), full_name: z.string(), role: z.enum(EMPLOYEE_ROLES), has_pin: z.boolean() })),
      }),
      'Active employees',
    ),
    ...errorResponses(400, 401, 403),
  },
});

const setupRoute = defineRoute({
  method: 'post',
  path: '/api/employee-setup',
  access: PUBLIC,
  tags: ['employees'],
  summary: 'Choose a PIN with a one-time setup code; the code is then spent',
  request: { body: jsonBody(z.strictObject({ code: z.string().min(1).max(64), pin: pinField })) },
  responses: {
    200: jsonResponse(z.object({ ok: z.literal(true), full_name: z.string() }), 'PIN set'),
    ...errorResponses(400, 422, 429),
  },
});

export const employeesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const page = await listEmployees(c.var.services.database, {
      businessId: c.var.tenant.businessId,
      limit: query.limit,
      cursor: query.cursor,
      now: new Date(),
    });
    return c.json(page, 200);
  })
  .openapi(addRoute, async (c) => {
    const body = c.req.valid('json');
    const created = await createEmployee(
      c.var.services,
      c.var.tenant,
      {
        fullName: body.full_name,
        email: body.email ?? null,
        role: body.role,
        permissions: body.permissions,
        adminPermissions: body.admin_permissions,
        pin: body.pin,
      },
      new Date(),
    );
    return c.json(created, 201);
  })
  .openapi(updateRoute, async (c) => {
    const body = c.req.valid('json');
    const change = {
      ...(body.full_name !== undefined ? { fullName: body.full_name } : {}),
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.role !== undefined ? { role: body.role } : {}),
      ...(body.permissions !== undefined ? { permissions: body.permissions } : {}),
      ...(body.admin_permissions !== undefined ? { adminPermissions: body.admin_permissions } : {}),
      ...(body.pin !== undefined ? { pin: body.pin } : {}),
    };
    const employee = await updateEmployee(c.var.services, c.var.tenant, c.req.valid('param').id, change, new Date());
    return c.json({ employee }, 200);
  })
  .openapi(deactivateRoute, async (c) => {
    const employee = await deactivateEmployee(c.var.services, c.var.tenant, c.req.valid('param').id, new Date());
    return c.json({ employee }, 200);
  })
  .openapi(setupCodeRoute, async (c) => {
    const setupCode = await issueSetupCode(c.var.services, c.var.tenant, c.req.valid('param').id, new Date());
    return c.json({ setup_code: setupCode }, 201);
  })
  .openapi(signInListRoute, async (c) => {
    return c.json({ employees: await listSignInEmployees(c.var.services.database, c.var.till.businessId) }, 200);
  })
  .openapi(setupRoute, async (c) => {
    const body = c.req.valid('json');
    return c.json(await completeEmployeeSetup(c.var.services, { ...body, clientAddress: c.var.clientAddress }, new Date()), 200);
  });
