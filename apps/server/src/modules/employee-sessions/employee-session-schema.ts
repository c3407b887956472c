import { z } from '@hono/zod-openapi';
import { ADMIN_PERMISSION_FLAGS, EMPLOYEE_PERMISSION_FLAGS, EMPLOYEE_ROLES } from '@till/core';

/** SPEC §3 employee session fields as the API returns them (also for GET /api/me). */
export const employeeSessionSchema = z
  .object({
    employee_id: z.uuid(),
    employee_name: z.string(),
    employee_role: z.enum(EMPLOYEE_ROLES),
    permissions: z.object(Object.fromEntries(EMPLOYEE_PERMISSION_FLAGS.map((flag) => [flag, z.boolean()]))),
    login_time: z.string(),
    admin_permissions: z.object(Object.fromEntries(ADMIN_PERMISSION_FLAGS.map((flag) => [flag, z.boolean()]))),
  })
  .openapi('EmployeeSession');
