import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { addEmployee, as, pinSignIn, staffBusiness } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /api/me with an employee session (SPEC §3 fields)', () => {
  it('reports the live session, and null once the shift has ended', async () => {
    const shop = await staffBusiness(server);
    const { employee } = await addEmployee(shop.client, { full_name: 'Cam Cashier', role: 'cashier', pin: '4321' });
    const token = await pinSignIn(shop.client, employee.id, '4321');
    const me = await shop.client.request('GET', '/api/me', undefined, as(token));
    expect(me.status).toBe(200);
    expect(me.body.employee_session).toMatchObject({ employee_id: employee.id, employee_name: 'Cam Cashier', employee_role: 'cashier' });
    expect(Object.keys(me.body.employee_session.permissions)).toHaveLength(6);
    expect(Date.parse(me.body.employee_session.login_time)).not.toBeNaN();
    // SPEC §6: a cashier holds no admin flags; an admin row carries its stored ones
    expect(Object.values(me.body.employee_session.admin_permissions)).toEqual(Array(9).fill(false));
    const { employee: admin } = await addEmployee(shop.client, {
      full_name: 'Ada Admin',
      role: 'admin',
      pin: '567800',
      admin_permissions: { can_change_settings: true },
    });
    const adminToken = await pinSignIn(shop.client, admin.id, '567800');
    const adminMe = await shop.client.request('GET', '/api/me', undefined, as(adminToken));
    expect(adminMe.body.employee_session.admin_permissions).toMatchObject({ can_change_settings: true, can_add_employees: false });

    expect((await shop.client.request('POST', '/api/employee-sessions/end-shift', undefined, as(token))).status).toBe(200);
    const after = await shop.client.request('GET', '/api/me', undefined, as(token));
    expect(after.status).toBe(200);
    expect(after.body.employee_session).toBeNull();
    expect((await shop.client.get('/api/me')).body.employee_session).toBeNull();
  });
});
