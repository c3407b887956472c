import { useQueryClient } from '@tanstack/react-query';
import { ACTIVITY_EVENTS, EMPLOYEE_INACTIVITY_TIMEOUT_MS } from '@till/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentEmployeeSession } from '@/features/employee-sessions/api/get-current-employee-session';
import { forgetActorQueries } from '@/lib/actor-queries';
import {
  clearEmployeeSessionIfToken,
  isStoredSessionExpired,
  readEmployeeSession,
  sessionExpiresAtMs,
  useEmployeeSession,
  writeEmployeeSession,
} from '@/lib/employee-session';
import { ACTIVITY_SHARE_INTERVAL_MS, createInactivityTimer } from '@/lib/inactivity';
import { browserStorage } from '@/lib/profile-cache';
import { useCurrentAppRoute } from './route-handle';

/** The latest activity any tab of this browser saw, so an idle tab does not end a session in use in another. */
const SHARED_ACTIVITY_KEY = 'till.employee-activity';

function readSharedActivity(): number | null {
  try {
    const value = Number(browserStorage()?.getItem(SHARED_ACTIVITY_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function writeSharedActivity(at: number): void {
  try {
    browserStorage()?.setItem(SHARED_ACTIVITY_KEY, String(at));
  } catch {
    // Without storage each tab keeps its own count.
  }
}

/**
 * SPEC §4 in the browser, for every page: the session ends after 5 minutes without mouse,
 * key, scroll, touch or click, and once it is more than 8 hours old. When it ends, by either
 * or because the server said so, a page that needs a signed-in person goes to the till's PIN pad
 * (/pos-terminal): a till holds no account to carry on with.
 */
export function EmployeeSessionWatch() {
  const session = useEmployeeSession();
  const token = session?.token ?? null;
  const navigate = useNavigate();
  const route = useCurrentAppRoute();
  const queryClient = useQueryClient();

  const routeKind = useRef(route?.kind);
  routeKind.current = route?.kind;

  // Inactivity.
  useEffect(() => {
    if (!token) return;
    let sharedAt = 0;
    const timer = createInactivityTimer({
      now: () => Date.now(),
      setTimer: (callback, delay) => window.setTimeout(callback, delay),
      clearTimer: (handle) => window.clearTimeout(handle as number),
      timeoutMs: EMPLOYEE_INACTIVITY_TIMEOUT_MS,
      sharedLastActivity: readSharedActivity,
      onInactive: () => {
        forgetActorQueries(queryClient);
        clearEmployeeSessionIfToken(token);
      },
    });
    const onActivity = () => {
      const current = readEmployeeSession();
      // A device woken after more than 8 hours: the first touch ends the session rather than using it.
      if (current && isStoredSessionExpired(current, new Date())) {
        clearEmployeeSessionIfToken(token);
        return;
      }
      timer.activity();
      const now = Date.now();
      if (now - sharedAt >= ACTIVITY_SHARE_INTERVAL_MS) {
        sharedAt = now;
        writeSharedActivity(now);
      }
    };
    timer.start();
    writeSharedActivity(Date.now());
    const options = { capture: true, passive: true } as const;
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, options);
    return () => {
      timer.stop();
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, options);
    };
  }, [token, queryClient]);

  // The 8-hour lifetime.
  const expiresAt = session ? sessionExpiresAtMs(session) : null;
  useEffect(() => {
    if (!token || expiresAt === null) return;
    const id = window.setTimeout(
      () => {
        forgetActorQueries(queryClient);
        clearEmployeeSessionIfToken(token);
      },
      Math.max(0, expiresAt - Date.now()) + 1,
    );
    return () => window.clearTimeout(id);
  }, [token, expiresAt, queryClient]);

  // Leaving the pages that need a person once the session is gone.
  const previousToken = useRef(token);
  useEffect(() => {
    const ended = previousToken.current !== null && token === null;
    previousToken.current = token;
    const kind = routeKind.current;
    if (ended && (kind === 'login' || kind === 'super-admin' || kind === 'employee-pos')) {
      // Back to this device's PIN pad (a till), never to an account's pages.
      void navigate('/pos-terminal', { replace: true });
    }
  }, [token, navigate]);

  // SPEC §3's fields carry no admin flags: an admin's come from the server when it sends them.
  const current = useCurrentEmployeeSession(session, { enabled: session?.employee_role === 'admin' });
  useEffect(() => {
    const stored = readEmployeeSession();
    const fresh = current.data;
    if (!stored || !fresh || stored.employee_id !== fresh.employee_id) return;
    const next = {
      ...stored,
      employee_name: fresh.employee_name,
      employee_role: fresh.employee_role,
      permissions: fresh.permissions,
      ...(fresh.admin_permissions !== undefined ? { admin_permissions: fresh.admin_permissions } : {}),
    };
    if (JSON.stringify(next) !== JSON.stringify(stored)) writeEmployeeSession(next);
  }, [current.data]);

  return null;
}
