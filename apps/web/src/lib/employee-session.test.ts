import { allAdminPermissions, allEmployeePermissions, EMPLOYEE_SESSION_MAX_AGE_MS } from '@till/core';
import { describe, expect, it } from 'vitest';
import { actorKey, parseEmployeeSession, sessionExpiresAtMs } from './employee-session';

const login = new Date('2025-03-01T08:00:00.000Z');
const valid = {
  employee_id: '7b3c1f9e-2c4d-4f7a-9a51-6a0f2d1e8b44',
  employee_name: 'Bo',
  employee_role: 'cashier',
  permissions: allEmployeePermissions(false),
  login_time: login.toISOString(),
  token: 'signed-token',
};

describe('parseEmployeeSession (till.employee-session)', () => {
  it('reads a valid session', () => {
    expect(parseEmployeeSession(JSON.stringify(valid), login)?.employee_name).toBe('Bo');
  });

  it('keeps a session exactly 8 hours old and drops an older one (SPEC §4)', () => {
    const raw = JSON.stringify(valid);
    expect(parseEmployeeSession(raw, new Date(login.getTime() + EMPLOYEE_SESSION_MAX_AGE_MS))).not.toBeNull();
    expect(parseEmployeeSession(raw, new Date(login.getTime() + EMPLOYEE_SESSION_MAX_AGE_MS + 1))).toBeNull();
  });

  it('rejects missing, malformed and hand-edited values', () => {
    expect(parseEmployeeSession(null, login)).toBeNull();
    expect(parseEmployeeSession('{oops', login)).toBeNull();
    expect(parseEmployeeSession(JSON.stringify({ ...valid, employee_role: 'boss' }), login)).toBeNull();
    expect(parseEmployeeSession(JSON.stringify({ ...valid, token: '' }), login)).toBeNull();
    const { permissions: _permissions, ...withoutPermissions } = valid;
    expect(parseEmployeeSession(JSON.stringify(withoutPermissions), login)).toBeNull();
  });
});

describe('parseEmployeeSession: what this browser adds', () => {
  it('counts the 8 hours from when this device received the session, not from the server’s clock', () => {
    // The server's clock is two hours behind this till's.
    const receivedAt = login.getTime() + 2 * 60 * 60 * 1000;
    const raw = JSON.stringify({ ...valid, received_at: receivedAt });
    expect(parseEmployeeSession(raw, new Date(receivedAt + EMPLOYEE_SESSION_MAX_AGE_MS))).not.toBeNull();
    expect(parseEmployeeSession(raw, new Date(receivedAt + EMPLOYEE_SESSION_MAX_AGE_MS + 1))).toBeNull();
    expect(sessionExpiresAtMs({ login_time: valid.login_time, received_at: receivedAt })).toBe(receivedAt + EMPLOYEE_SESSION_MAX_AGE_MS);
    expect(sessionExpiresAtMs(valid)).toBe(login.getTime() + EMPLOYEE_SESSION_MAX_AGE_MS);
  });

  it('keeps admin flags the server sent, and refuses malformed ones', () => {
    const flags = allAdminPermissions(false);
    expect(parseEmployeeSession(JSON.stringify({ ...valid, admin_permissions: flags }), login)?.admin_permissions).toEqual(flags);
    expect(parseEmployeeSession(JSON.stringify({ ...valid, admin_permissions: { can_add_employees: 'yes' } }), login)).toBeNull();
  });
});

describe('actorKey', () => {
  it('separates employees and the account in query keys', () => {
    expect(actorKey(null)).toBe('account');
    expect(actorKey(valid)).toBe(`employee:${valid.employee_id}:${valid.login_time}`);
  });
});
