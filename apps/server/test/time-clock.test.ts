import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, employeePinAttempts, employeeSessions, timeClock } from '../src/db/schema/index.ts';
import type { Database } from '../src/db/client.ts';
import { readTestEnv } from '../src/env.ts';
import type { paths } from '../../web/src/lib/api-schema.gen.ts';
import { startTestServer, type ApiBody, type TestServer } from './harness.ts';
import { addEmployee, as, pinSignIn, staffBusiness, staffOfEveryRole, type StaffBusiness, tillOf } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const HOUR = 3_600_000;

/** The shift list's filters, from the route's own schema. */
type EntriesQuery = paths['/api/time-clock/entries']['get']['parameters']['query'];

async function seedEntry(businessId: string, values: Omit<typeof timeClock.$inferInsert, 'businessId'>) {
  const [row] = await server.database.withTenant(businessId, (tx) => tx.insert(timeClock).values({ businessId, ...values }).returning());
  return row!;
}

describe('the time clock of a signed-in employee', () => {
  let shop: StaffBusiness;
  let token: string;
  let employeeId: string;
  beforeAll(async () => {
    shop = await staffBusiness(server, { businessName: 'Clock Shop' });
    ({ employee: { id: employeeId } } = await addEmployee(shop.client, { full_name: 'Tom Timer', role: 'cashier', pin: '2020' }));
    token = await pinSignIn(shop.client, employeeId, '2020');
  });
  const punches = {
    'clock-in': () => shop.client.api.POST('/api/time-clock/clock-in', { headers: as(token) }),
    'clock-out': () => shop.client.api.POST('/api/time-clock/clock-out', { headers: as(token) }),
    'start-break': () => shop.client.api.POST('/api/time-clock/start-break', { headers: as(token) }),
    'end-break': () => shop.client.api.POST('/api/time-clock/end-break', { headers: as(token) }),
  };
  const punch = (action: keyof typeof punches) => punches[action]();

  it('moves clocked out → working → on break → working → clocked out, refusing every other move with 409', async () => {
    const steps: [keyof typeof punches, number, string?][] = [
      ['end-break', 409, 'not_clocked_in'],
      ['start-break', 409, 'not_clocked_in'],
      ['clock-out', 409, 'not_clocked_in'],
      ['clock-in', 201],
      ['clock-in', 409, 'already_clocked_in'],
      ['end-break', 409, 'not_on_break'],
      ['start-break', 200],
      ['start-break', 409, 'already_on_break'],
      ['clock-in', 409, 'already_clocked_in'],
      ['end-break', 200],
      ['start-break', 409, 'break_already_taken'],
      ['clock-out', 200],
      ['clock-out', 409, 'not_clocked_in'],
      ['end-break', 409, 'not_clocked_in'],
    ];
    for (const [action, status, code] of steps) {
      const res = await punch(action);
      expect([action, res.response.status, res.error?.error.code]).toEqual([action, status, code]);
    }
    const status = await shop.client.api.GET('/api/time-clock/current', { headers: as(token) });
    expect(status.data).toEqual({ state: 'clocked_out', entry: null });
  });

  it('shows the state, and clocking out during a break ends the break there', async () => {
    await punch('clock-in');
    await punch('start-break');
    const onBreak = await shop.client.api.GET('/api/time-clock/current', { headers: as(token) });
    expect(onBreak.data!.state).toBe('on_break');
    const out = await punch('clock-out');
    expect(out.response.status).toBe(200);
    const entry = out.data!.entry;
    expect(entry.break_end_time).toBe(entry.clock_out_time);
    expect(entry.total_hours).toBe(0);
  });

  it('clock-out closes with elapsed time minus the break, overtime above 8 hours', async () => {
    const now = Date.now();
    await seedEntry(shop.businessId, {
      employeeId,
      clockInTime: new Date(now - 9 * HOUR),
      breakStartTime: new Date(now - 5 * HOUR),
      breakEndTime: new Date(now - 4.25 * HOUR),
    });
    const out = await punch('clock-out');
    expect(out.data!.entry).toMatchObject({ total_hours: 8.25, overtime_hours: 0.25 });
  });

  it('refuses two simultaneous clock-ins but one', async () => {
    const results = await Promise.all([punch('clock-in'), punch('clock-in'), punch('clock-in')]);
    expect(results.map((res) => res.response.status).sort()).toEqual([201, 409, 409]);
    await punch('clock-out');
  });

  it('needs an employee session (401) and the time_tracking feature (403)', async () => {
    const owner = await shop.client.api.POST('/api/time-clock/clock-in');
    expect(owner.response.status).toBe(401);
    expect(owner.error?.error.code).toBe('employee_session_required');
    const off = await staffBusiness(server, { businessName: 'No Clock', features: { employee_management: true } });
    const { employee } = await addEmployee(off.client, { full_name: 'Off Olly', role: 'cashier', pin: '2021' });
    const offToken = await pinSignIn(off.client, employee.id, '2021');
    const res = await off.client.api.POST('/api/time-clock/clock-in', { headers: as(offToken) });
    expect(res.response.status).toBe(403);
    expect(res.error?.error.code).toBe('feature_disabled');
  });
});

describe('on shift, reports, corrections and export', () => {
  let shop: StaffBusiness;
  let staff: Awaited<ReturnType<typeof staffOfEveryRole>>;
  beforeAll(async () => {
    shop = await staffBusiness(server, { businessName: 'Report Shop', timeZone: 'America/New_York' });
    staff = await staffOfEveryRole(server, shop);
  });

  it('lists who is clocked in now and who is on a break', async () => {
    await shop.client.api.POST('/api/time-clock/clock-in', { headers: as(staff.tokens.cashier!) });
    await shop.client.api.POST('/api/time-clock/clock-in', { headers: as(staff.tokens.kitchen!) });
    await shop.client.api.POST('/api/time-clock/start-break', { headers: as(staff.tokens.kitchen!) });
    const res = await shop.client.api.GET('/api/time-clock/on-shift', { headers: as(staff.tokens.cashier!) });
    expect(res.response.status).toBe(200);
    const byName = Object.fromEntries(res.data!.on_shift.map((row) => [row.employee_name, row.on_break]));
    expect(byName).toEqual({ 'Cal Cashier': false, 'Kim Kitchen': true });
    await shop.client.api.POST('/api/time-clock/clock-out', { headers: as(staff.tokens.cashier!) });
    await shop.client.api.POST('/api/time-clock/clock-out', { headers: as(staff.tokens.kitchen!) });
    expect((await shop.client.api.GET('/api/time-clock/on-shift')).data!.on_shift).toEqual([]);
  });

  describe('a week in New York', () => {
    // 2026-03-09 23:30 in New York is 2026-03-10 03:30 UTC: it belongs to the 9th.
    const lateOn9th = new Date('2026-03-10T03:30:00Z');
    const on10th = new Date('2026-03-10T14:00:00Z');
    const on11th = new Date('2026-03-11T13:00:00Z');
    let ids: Record<string, string>;
    const entriesOf = (query: EntriesQuery, headers: Record<string, string> = {}) => shop.client.api.GET('/api/time-clock/entries', { params: { query }, headers });
    const idsOf = (entries: { id: string }[]) => entries.map((entry) => entry.id);
    beforeAll(async () => {
      const cashier = staff.ids.cashier!;
      const kitchen = staff.ids.kitchen!;
      const late = await seedEntry(shop.businessId, {
        employeeId: cashier,
        clockInTime: lateOn9th,
        clockOutTime: new Date(lateOn9th.getTime() + 4 * HOUR),
        totalHours: 4,
        overtimeHours: 0,
      });
      const a = await seedEntry(shop.businessId, {
        employeeId: cashier,
        clockInTime: on10th,
        clockOutTime: new Date(on10th.getTime() + 10 * HOUR),
        breakStartTime: new Date(on10th.getTime() + 4 * HOUR),
        breakEndTime: new Date(on10th.getTime() + 4.5 * HOUR),
        totalHours: 9.5,
        overtimeHours: 1.5,
      });
      const b = await seedEntry(shop.businessId, {
        employeeId: cashier,
        clockInTime: on11th,
        clockOutTime: new Date(on11th.getTime() + 6.25 * HOUR),
        totalHours: 6.25,
        overtimeHours: 0,
      });
      const k = await seedEntry(shop.businessId, {
        employeeId: kitchen,
        clockInTime: on11th,
        clockOutTime: new Date(on11th.getTime() + 8.33 * HOUR),
        totalHours: 8.33,
        overtimeHours: 0.33,
      });
      ids = { late: late.id, a: a.id, b: b.id, k: k.id };
    });

    it('reads the dates in the business time zone and totals hours and overtime per employee', async () => {
      const res = await entriesOf({ from: '2026-03-10', to: '2026-03-11' });
      expect(res.response.status).toBe(200);
      expect(res.data!.time_zone).toBe('America/New_York');
      expect(idsOf(res.data!.entries)).toEqual([ids.a, ids.b, ids.k]);
      expect(res.data!.totals).toEqual([
        { employee_id: staff.ids.cashier, employee_name: 'Cal Cashier', shifts: 2, open_shifts: 0, total_hours: 15.75, overtime_hours: 1.5 },
        { employee_id: staff.ids.kitchen, employee_name: 'Kim Kitchen', shifts: 1, open_shifts: 0, total_hours: 8.33, overtime_hours: 0.33 },
      ]);
      const ninth = await entriesOf({ from: '2026-03-09', to: '2026-03-09' });
      expect(idsOf(ninth.data!.entries)).toEqual([ids.late]);
      const one = await entriesOf({ from: '2026-03-01', to: '2026-03-31', employee_id: staff.ids.kitchen });
      expect(idsOf(one.data!.entries)).toEqual([ids.k]);
    });

    it('shows a cashier or kitchen employee their own hours only', async () => {
      const mine = await entriesOf({ from: '2026-03-10', to: '2026-03-11' }, as(staff.tokens.kitchen!));
      expect(mine.response.status).toBe(200);
      expect(idsOf(mine.data!.entries)).toEqual([ids.k]);
      const theirs = await entriesOf({ from: '2026-03-10', to: '2026-03-11', employee_id: staff.ids.cashier }, as(staff.tokens.kitchen!));
      expect(theirs.response.status).toBe(403);
      const manager = await entriesOf({ from: '2026-03-10', to: '2026-03-11' }, as(staff.tokens.manager!));
      expect(manager.data!.entries).toHaveLength(3);
    });

    it.each([['from=2026-03-10', 'validation_error']])('refuses ?%s with 400 %s', async (query, code) => {
      // bad input: the contract requires `to`, so a query without it stays untyped
      const res = await shop.client.raw('GET', `/api/time-clock/entries?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(code);
    });

    it.each<[string, string, EntriesQuery]>([
      ['from=2026-03-10&to=2026-3-11', 'validation_error', { from: '2026-03-10', to: '2026-3-11' }],
      ['from=2026-03-12&to=2026-03-11', 'invalid_range', { from: '2026-03-12', to: '2026-03-11' }],
      ['from=2026-01-01&to=2026-06-30', 'range_too_long', { from: '2026-01-01', to: '2026-06-30' }],
      ['from=2026-03-10&to=2026-03-11&employee_id=42', 'validation_error', { from: '2026-03-10', to: '2026-03-11', employee_id: '42' }],
    ])('refuses ?%s with 400 %s', async (_query, code, query) => {
      const res = await entriesOf(query);
      expect(res.response.status).toBe(400);
      expect(res.error?.error.code).toBe(code);
    });

    it('exports a payroll CSV with times on the business clock', async () => {
      const { data, response } = await shop.client.api.GET('/api/time-clock/export.csv', { params: { query: { from: '2026-03-09', to: '2026-03-11' } }, parseAs: 'text' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="time-clock-2026-03-09-to-2026-03-11.csv"');
      const lines = data!.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines).toEqual([
        'Employee,Date,Clock in,Clock out,Break minutes,Total hours,Overtime hours',
        'Cal Cashier,2026-03-09,2026-03-09 23:30,2026-03-10 03:30,0,4.00,0.00',
        'Cal Cashier,2026-03-10,2026-03-10 10:00,2026-03-10 20:00,30,9.50,1.50',
        'Cal Cashier,2026-03-11,2026-03-11 09:00,2026-03-11 15:15,0,6.25,0.00',
        'Kim Kitchen,2026-03-11,2026-03-11 09:00,2026-03-11 17:19,0,8.33,0.33',
        '',
      ]);
    });

    it('quotes names and defuses spreadsheet formulas in the CSV', async () => {
      const csvShop = await staffBusiness(server, { businessName: 'CSV Shop' });
      const { employee } = await addEmployee(csvShop.client, { full_name: '=HYPERLINK("x"), Jr', role: 'cashier' });
      await seedEntry(csvShop.businessId, {
        employeeId: employee.id,
        clockInTime: new Date('2026-03-10T09:00:00Z'),
        clockOutTime: new Date('2026-03-10T10:00:00Z'),
        totalHours: 1,
        overtimeHours: 0,
      });
      const res = await csvShop.client.api.GET('/api/time-clock/export.csv', { params: { query: { from: '2026-03-10', to: '2026-03-10' } }, parseAs: 'text' });
      expect(res.data!.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x""), Jr",2026-03-10,2026-03-10 09:00,2026-03-10 10:00,0,1.00,0.00`);
    });

    it('lets a manager correct a shift with a reason: totals recomputed, before and after audited', async () => {
      const res = await shop.client.api.PATCH('/api/time-clock/entries/{id}', {
        params: { path: { id: ids.b! } },
        body: { clock_out_time: new Date(on11th.getTime() + 10 * HOUR).toISOString(), break_start_time: new Date(on11th.getTime() + 3 * HOUR).toISOString(), break_end_time: new Date(on11th.getTime() + 3.5 * HOUR).toISOString(), reason: 'Forgot to clock out' },
        headers: as(staff.tokens.manager!),
      });
      expect(res.response.status).toBe(200);
      expect(res.data!.entry).toMatchObject({ total_hours: 9.5, overtime_hours: 1.5, correction_reason: 'Forgot to clock out' });
      expect(res.data!.entry.corrected_at).not.toBeNull();
      const totals = (await entriesOf({ from: '2026-03-11', to: '2026-03-11' })).data!.totals;
      expect(totals[0]).toMatchObject({ employee_name: 'Cal Cashier', total_hours: 9.5, overtime_hours: 1.5 });
      const [audit] = await server.database.withTenant(shop.businessId, (tx) =>
        tx.select().from(auditLog).where(eq(auditLog.action, 'time_clock.corrected')),
      );
      expect(audit).toMatchObject({
        actorEmployeeId: staff.ids.manager,
        details: { time_entry_id: ids.b, reason: 'Forgot to clock out', before: { total_hours: 6.25 }, after: { total_hours: 9.5 } },
      });
    });

    const unchangedK = async () => {
      const [row] = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(timeClock).where(eq(timeClock.id, ids.k!)));
      expect(row).toMatchObject({ totalHours: 8.33, correctedAt: null });
    };

    it.each<[ApiBody<'/api/time-clock/entries/{id}', 'patch'>, number, string]>([
      [{ clock_out_time: '2026-03-11T12:00:00Z', reason: 'x' }, 400, 'invalid_times'],
      [{ clock_in_time: '2099-01-01T00:00:00Z', reason: 'x' }, 400, 'invalid_times'],
      [{ break_start_time: '2026-03-11T12:00:00Z', break_end_time: '2026-03-11T11:00:00Z', reason: 'x' }, 400, 'invalid_times'],
      [{ clock_out_time: '2026-03-11T20:00:00Z', reason: '   ' }, 400, 'validation_error'],
      [{ reason: 'nothing to change' }, 400, 'validation_error'],
      [{ clock_out_time: 'yesterday', reason: 'x' }, 400, 'validation_error'],
      // A shift of a century would overflow the stored hours (it answered 500): years and length are bounded.
      [{ clock_in_time: '1900-01-01T00:00:00Z', reason: 'x' }, 400, 'invalid_times'],
      [{ clock_in_time: '0000-01-01T00:00:00Z', reason: 'x' }, 400, 'validation_error'],
      [{ clock_in_time: '0001-01-01T00:00:00Z', reason: 'x' }, 400, 'validation_error'],
    ])('refuses the correction %j with %i %s and changes nothing', async (body, status, code) => {
      const res = await shop.client.api.PATCH('/api/time-clock/entries/{id}', { params: { path: { id: ids.k! } }, body });
      expect([res.response.status, res.error?.error.code]).toEqual([status, code]);
      await unchangedK();
    });

    it.each([[{ clock_out_time: '2026-03-11T20:00:00Z' }, 400, 'validation_error']])('refuses the correction %j with %i %s and changes nothing', async (body, status, code) => {
      // bad input: the contract requires a reason, so a correction without one stays untyped
      const res = await shop.client.raw('PATCH', `/api/time-clock/entries/${ids.k}`, body);
      expect([res.status, res.body.error.code]).toEqual([status, code]);
      await unchangedK();
    });

    it('refuses a correction that overlaps another shift of the employee with 409 overlapping_entry', async () => {
      const res = await shop.client.api.PATCH('/api/time-clock/entries/{id}', { params: { path: { id: ids.b! } }, body: { clock_in_time: '2026-03-10T15:00:00Z', reason: 'x' } });
      expect([res.response.status, res.error?.error.code]).toEqual([409, 'overlapping_entry']);
      const [row] = await server.database.withTenant(shop.businessId, (tx) => tx.select().from(timeClock).where(eq(timeClock.id, ids.b!)));
      expect(row!.clockInTime).toEqual(on11th);
    });

    it('answers 400 for a malformed entry id and 404 for an unknown one', async () => {
      const correct = (id: string) => shop.client.api.PATCH('/api/time-clock/entries/{id}', { params: { path: { id } }, body: { clock_in_time: '2026-03-10T09:00:00Z', reason: 'x' } });
      expect((await correct('nope')).response.status).toBe(400);
      const missing = await correct('00000000-0000-4000-8000-000000000000');
      expect([missing.response.status, missing.error?.error.code]).toEqual([404, 'time_entry_not_found']);
    });

    // on-shift, own entries, correct, export: the owner, admins and managers manage the clock.
    const Y = true;
    const N = false;
    it.each([
      ['owner', [Y, Y, Y, Y]],
      ['ownerPin', [Y, Y, Y, Y]],
      ['adminAll', [Y, Y, Y, Y]],
      ['adminNone', [Y, Y, Y, Y]],
      ['manager', [Y, Y, Y, Y]],
      ['cashier', [Y, Y, N, N]],
      ['kitchen', [Y, Y, N, N]],
    ] as [string, boolean[]][])('%s', async (actor, allowed) => {
      const headers = staff.headersOf(actor);
      const day = { from: '2026-03-10', to: '2026-03-10' };
      const calls = [
        () => shop.client.api.GET('/api/time-clock/on-shift', { headers }),
        () => entriesOf(day, headers),
        () =>
          shop.client.api.PATCH('/api/time-clock/entries/{id}', {
            params: { path: { id: ids.late! } },
            body: { clock_out_time: new Date(lateOn9th.getTime() + 4 * HOUR).toISOString(), reason: `check by ${actor}` },
            headers,
          }),
        () => shop.client.api.GET('/api/time-clock/export.csv', { params: { query: day }, headers, parseAs: 'text' }),
      ];
      const statuses = [];
      for (const call of calls) statuses.push((await call()).response.status);
      expect(statuses.map((status) => status === 200)).toEqual(allowed);
      for (const status of statuses) expect([200, 403]).toContain(status);
    });
  });
});

/** Reads with no business filter at all, inside the tenant transaction of `businessId`. */
async function unfilteredReads(database: Database, businessId: string) {
  return database.withTenant(businessId, async (tx) => ({
    sessions: (await tx.select({ businessId: employeeSessions.businessId }).from(employeeSessions)).map((row) => row.businessId),
    attempts: (await tx.select({ businessId: employeePinAttempts.businessId }).from(employeePinAttempts)).map((row) => row.businessId),
    entries: (await tx.select({ businessId: timeClock.businessId }).from(timeClock)).map((row) => row.businessId),
  }));
}

describe(`row-level security of the new tables on ${readTestEnv().testDbKind}`, () => {
  let a: StaffBusiness;
  let b: StaffBusiness;
  beforeAll(async () => {
    a = await staffBusiness(server, { businessName: 'Tenant A' });
    b = await staffBusiness(server, { businessName: 'Tenant B' });
    for (const shop of [a, b]) {
      const { employee } = await addEmployee(shop.client, { full_name: 'Rls Person', role: 'cashier', pin: '1111' });
      const token = await pinSignIn(shop.client, employee.id, '1111');
      await shop.client.api.POST('/api/time-clock/clock-in', { headers: as(token) });
      // A wrong PIN leaves its row in employee_pin_attempts.
      await (await tillOf(shop.client)).api.POST('/api/employee-sessions', { body: { employee_id: employee.id, pin: '0000' } });
    }
  });

  it('an unfiltered query sees one tenant only', async () => {
    for (const shop of [a, b]) {
      const seen = await unfilteredReads(server.database, shop.businessId);
      expect(seen.sessions).toEqual([shop.businessId]);
      expect(seen.attempts).toEqual([shop.businessId]);
      expect(seen.entries).toEqual([shop.businessId]);
    }
  });

  it('cannot write a row into another tenant', async () => {
    await expect(
      server.database.withTenant(a.businessId, (tx) => tx.update(timeClock).set({ businessId: b.businessId }).where(sql`true`)),
    ).rejects.toThrow();
    await expect(
      server.database.withTenant(a.businessId, (tx) => tx.insert(employeePinAttempts).values({ businessId: b.businessId })),
    ).rejects.toThrow();
  });

  it('without the policy the same unfiltered query leaks, so the isolation test above would fail', async () => {
    await server.database.db.execute(sql`drop policy tenant_isolation on time_clock`);
    await server.database.db.execute(sql`create policy tenant_isolation on time_clock using (true) with check (true)`);
    try {
      const seen = await unfilteredReads(server.database, a.businessId);
      expect(seen.entries).toEqual(expect.arrayContaining([a.businessId, b.businessId]));
    } finally {
      await server.database.db.execute(sql`drop policy tenant_isolation on time_clock`);
      await server.database.db.execute(
        sql`create policy tenant_isolation on time_clock using (business_id = app_current_business_id()) with check (business_id = app_current_business_id())`,
      );
    }
  });
});
