import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { okApi, startTestServer, type TestServer } from './harness.ts';
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
    const me = await shop.client.api.GET('/api/me', { headers: as(token) });
    expect(me.response.status).toBe(200);
    const session = me.data!.employee_session!;
    expect(session).toMatchObject({ employee_id: employee.id, employee_name: 'Cam Cashier', employee_role: 'cashier' });
    expect(Object.keys(session.permissions)).toHaveLength(6);
    expect(Date.parse(session.login_time)).not.toBeNaN();
    // SPEC §6: a cashier holds no admin flags; an admin row carries its stored ones
    expect(Object.values(session.admin_permissions)).toEqual(Array(9).fill(false));
    const { employee: admin } = await addEmployee(shop.client, {
      full_name: 'Ada Admin',
      role: 'admin',
      pin: '567800',
      admin_permissions: { can_change_settings: true },
    });
    const adminToken = await pinSignIn(shop.client, admin.id, '567800');
    const adminMe = await okApi(await shop.client.api.GET('/api/me', { headers: as(adminToken) }), 200);
    expect(adminMe.employee_session!.admin_permissions).toMatchObject({ can_change_settings: true, can_add_employees: false });

    expect((await shop.client.api.POST('/api/employee-sessions/end-shift', { headers: as(token) })).response.status).toBe(200);
    const after = await shop.client.api.GET('/api/me', { headers: as(token) });
    expect(after.response.status).toBe(200);
    expect(after.data!.employee_session).toBeNull();
    expect((await okApi(await shop.client.api.GET('/api/me'), 200)).employee_session).toBeNull();
  });
});
