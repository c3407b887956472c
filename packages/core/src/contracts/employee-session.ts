import { z } from 'zod';
import type { EmployeeSession } from '../employee-session.ts';
import { EMPLOYEE_PERMISSION_FLAGS, EMPLOYEE_ROLES, type EmployeePermissionFlag } from '../permissions.ts';

const employeePermissionsSchema = z.object(
  Object.fromEntries(EMPLOYEE_PERMISSION_FLAGS.map((flag) => [flag, z.boolean()])) as Record<EmployeePermissionFlag, z.ZodBoolean>,
);

/**
 * SPEC §3: the employee session as a zod schema (the server's responses). The browser parses
 * what it stored with employee-session.ts's zod-free shape, held to the same answers by a test.
 */
export const employeeSessionSchema = z.object({
  employee_id: z.uuid(),
  employee_name: z.string().min(1),
  employee_role: z.enum(EMPLOYEE_ROLES),
  permissions: employeePermissionsSchema,
  login_time: z.iso.datetime({ offset: true }),
  token: z.string().min(1),
}) satisfies z.ZodType<EmployeeSession>;
