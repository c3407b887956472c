import { EMPLOYEE_PERMISSION_FLAGS, EMPLOYEE_ROLES, type EmployeePermissionFlag, type EmployeeRole } from './permissions.ts';
import * as s from './shape.ts';

/** SPEC §4, §9: a session is discarded once older than this. */
export const EMPLOYEE_SESSION_MAX_AGE_MS = 8 * 60 * 60 * 1000;
/** SPEC §4, §9: a session ends after this long without activity. */
export const EMPLOYEE_INACTIVITY_TIMEOUT_MS = 5 * 60 * 1000;
/** SPEC §4: the browser events that count as activity and reset the inactivity timer. */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'click'] as const;
export type ActivityEvent = (typeof ACTIVITY_EVENTS)[number];

const employeePermissionsShape = s.object(
  Object.fromEntries(EMPLOYEE_PERMISSION_FLAGS.map((flag) => [flag, s.boolean()])) as Record<EmployeePermissionFlag, s.Shape<boolean>>,
);

/**
 * SPEC §3: the employee session held in the browser. Storage can be edited by hand or left
 * over from an older release, so it is parsed rather than trusted: with this zod-free shape on
 * the till (decision 058); contracts/employee-session.ts has the same rules as a zod schema.
 */
export const employeeSessionShape = s.object({
  employee_id: s.uuid(),
  employee_name: s.string({ min: 1 }),
  employee_role: s.oneOf(EMPLOYEE_ROLES),
  permissions: employeePermissionsShape,
  login_time: s.isoDateTimeWithOffset(),
  token: s.string({ min: 1 }),
});
export interface EmployeeSession {
  employee_id: string;
  employee_name: string;
  employee_role: EmployeeRole;
  permissions: Record<EmployeePermissionFlag, boolean>;
  login_time: string;
  token: string;
}

/** SPEC §4: "more than 8 hours old", so a session exactly 8 hours old is still valid. */
export function isEmployeeSessionExpired(session: Pick<EmployeeSession, 'login_time'>, now: Date): boolean {
  const loginMs = Date.parse(session.login_time);
  // An unreadable login time cannot prove the session is young enough to keep.
  if (Number.isNaN(loginMs)) return true;
  return now.getTime() - loginMs > EMPLOYEE_SESSION_MAX_AGE_MS;
}

/** SPEC §4: the session ends once 5 minutes have passed since the last activity. */
export function isInactive(lastActivityMs: number, nowMs: number): boolean {
  return nowMs - lastActivityMs >= EMPLOYEE_INACTIVITY_TIMEOUT_MS;
}

/** The header an employee session's token travels in, from the web app to the API (decision 005). */
export const EMPLOYEE_SESSION_HEADER = 'x-employee-session';

