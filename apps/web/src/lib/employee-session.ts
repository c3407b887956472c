import {
  ADMIN_PERMISSION_FLAGS,
  EMPLOYEE_SESSION_MAX_AGE_MS,
  employeeSessionShape,
  isEmployeeSessionExpired,
  shape as s,
  type AdminPermissions,
  type EmployeeSession,
} from '@till/core';
import { useSyncExternalStore } from 'react';
import { browserStorage, type KeyValueStorage } from '@/lib/profile-cache';

/**
 * SPEC §3, §4: the employee session held in the browser (employee_id, employee_name,
 * employee_role, permissions, login_time, plus the server's token). Storage can be edited by
 * hand, so what is read is parsed; an unreadable or over-8-hours-old session is discarded.
 */

export const EMPLOYEE_SESSION_KEY = 'till.employee-session';

// Parsed without zod: the till's code never carries it (decision 058).
const adminPermissionsShape = s.object(
  Object.fromEntries(ADMIN_PERMISSION_FLAGS.map((flag) => [flag, s.boolean()])) as Record<keyof AdminPermissions, s.Shape<boolean>>,
);

/**
 * What this browser keeps besides SPEC §3's fields:
 * - received_at: this device's clock when the sign-in answer arrived. The 8 hours are counted
 *   from it, so a till whose clock is off from the server's does not drop (or keep) sessions
 *   early or late; the server checks its own 8 hours as well.
 * - admin_permissions: an admin's stored flags when the server sends them (SPEC §6 page access).
 */
export type StoredEmployeeSession = EmployeeSession & { received_at?: number; admin_permissions?: AdminPermissions | null };
const storedEmployeeSessionShape: s.Shape<StoredEmployeeSession> = (value) => {
  const session = employeeSessionShape(value);
  if (session === s.INVALID) return s.INVALID;
  const extra = s.object({ received_at: s.optional(s.int({ min: 0 })), admin_permissions: s.optional(s.nullable(adminPermissionsShape)) })(value);
  return extra === s.INVALID ? s.INVALID : { ...session, ...extra };
};

/** When the session started, on this device's clock. */
export function sessionStartMs(session: Pick<StoredEmployeeSession, 'login_time' | 'received_at'>): number {
  return session.received_at ?? Date.parse(session.login_time);
}

/** The instant (this device's clock) after which SPEC §4 discards the session. */
export function sessionExpiresAtMs(session: Pick<StoredEmployeeSession, 'login_time' | 'received_at'>): number {
  return sessionStartMs(session) + EMPLOYEE_SESSION_MAX_AGE_MS;
}

export function isStoredSessionExpired(session: Pick<StoredEmployeeSession, 'login_time' | 'received_at'>, now: Date): boolean {
  const start = sessionStartMs(session);
  if (Number.isNaN(start)) return true;
  return isEmployeeSessionExpired({ login_time: new Date(start).toISOString() }, now);
}

/** The stored session when it is valid and not expired at `now`; otherwise null. */
export function parseEmployeeSession(raw: string | null, now: Date): StoredEmployeeSession | null {
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = s.parseShape(storedEmployeeSessionShape, json);
  if (!parsed || isStoredSessionExpired(parsed, now)) return null;
  return parsed;
}

const listeners = new Set<() => void>();
// useSyncExternalStore needs the same object back while nothing changed.
let snapshot: { raw: string | null; session: StoredEmployeeSession | null } = { raw: null, session: null };

function readRaw(storage: KeyValueStorage | null): string | null {
  try {
    return storage?.getItem(EMPLOYEE_SESSION_KEY) ?? null;
  } catch {
    return null;
  }
}

export function readEmployeeSession(): StoredEmployeeSession | null {
  const storage = browserStorage();
  const raw = readRaw(storage);
  if (raw === snapshot.raw) return snapshot.session;
  const session = parseEmployeeSession(raw, new Date());
  // A stored value that is not a usable session only confuses the next reader.
  if (raw !== null && !session) {
    try {
      storage?.removeItem(EMPLOYEE_SESSION_KEY);
    } catch {
      // Unavailable storage has nothing to clean.
    }
    snapshot = { raw: null, session: null };
    return null;
  }
  snapshot = { raw, session };
  return session;
}

function notify() {
  for (const listener of listeners) listener();
}

/** Every sign-in replaces the stored session and its token (SPEC §4). */
export function writeEmployeeSession(session: StoredEmployeeSession): void {
  const valid = s.parseShape(storedEmployeeSessionShape, session);
  if (!valid) throw new Error('Not a valid employee session');
  browserStorage()?.setItem(EMPLOYEE_SESSION_KEY, JSON.stringify(valid));
  notify();
}

/** SPEC §4 "Plain logout only clears the local session." */
export function clearEmployeeSession(): void {
  try {
    browserStorage()?.removeItem(EMPLOYEE_SESSION_KEY);
  } catch {
    // Unavailable storage holds no session.
  }
  notify();
}

/** Clears the stored session only if it still carries `token`, so a late answer never ends a newer sign-in. */
export function clearEmployeeSessionIfToken(token: string): void {
  if (readEmployeeSession()?.token === token) clearEmployeeSession();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signing an employee in or out changes this tab's actor too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === EMPLOYEE_SESSION_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useEmployeeSession(): StoredEmployeeSession | null {
  return useSyncExternalStore(subscribe, readEmployeeSession, () => null);
}

/**
 * Who the server sees acting, for query keys: data loaded for one employee (their own hours,
 * say) must never be shown to the next one or to the owner from the cache.
 */
export function actorKey(session: Pick<EmployeeSession, 'employee_id' | 'login_time'> | null): string {
  return session ? `employee:${session.employee_id}:${session.login_time}` : 'account';
}
