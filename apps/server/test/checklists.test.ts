import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklistOverdue, isoWeekdayOf, wallClock } from '@till/core';
import { auditLog, checklistItems, checklists } from '../src/db/schema/index.ts';
import { todayIn } from '../src/modules/tasks/task-view.ts';
import { startTestServer, type ApiBody, type ApiClient, type TestServer } from './harness.ts';
import { addEmployee, as, pinSignIn, staffBusiness, tillOf } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** What POST and PUT /api/checklists take, from the routes' own schema. */
type Checklist = ApiBody<'/api/checklists', 'post'>;

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const opening = (extra: Partial<Checklist> = {}): Checklist => ({
  name: 'Opening',
  kind: 'opening',
  store_id: null,
  weekdays: EVERY_DAY,
  items: ['Unlock the door', 'Count the float', 'Switch on the coffee machine'],
  ...extra,
});
/** The same, with anything in it: the bad input the typed client would not compile (sent with client.raw). */
const openingRaw = (extra: Record<string, unknown>) => ({ ...opening(), ...extra });

async function shop() {
  const s = await staffBusiness(server, { features: { employee_management: true, multi_store: true }, timeZone: 'Europe/Berlin' });
  const cal = await addEmployee(s.client, { full_name: 'Cal Cashier', role: 'cashier', pin: '2468' });
  return { ...s, cal: cal.employee.id };
}

async function createdChecklist(client: ApiClient, body = opening()) {
  const { data, error, response } = await client.api.POST('/api/checklists', { body });
  expect(response.status, JSON.stringify(error)).toBe(201);
  return data!.checklist;
}

const tickOf = (client: ApiClient, id: string, itemId: string, body: { done: boolean; store_id?: string }, headers: Record<string, string> = {}) =>
  client.api.PUT('/api/checklists/{id}/items/{itemId}/tick', { params: { path: { id, itemId } }, body, headers });
const todayOf = (client: ApiClient, query: { store_id?: string } = {}, headers: Record<string, string> = {}) =>
  client.api.GET('/api/checklists/today', { params: { query }, headers });

const rows = (businessId: string) => server.database.withTenant(businessId, (tx) => tx.select({ id: checklists.id }).from(checklists).where(eq(checklists.businessId, businessId)));

describe('opening and closing checklists (issue 20 item 8, decision 056)', () => {
  it('a manager sets up the opening list; a cashier on the till ticks it off; the day shows who did what; editing keeps ticks of unchanged items', async () => {
    const s = await shop();
    const list = await createdChecklist(s.client);
    expect(list.items.map((item) => item.text)).toEqual(['Unlock the door', 'Count the float', 'Switch on the coffee machine']);

    const till = await tillOf(s.client);
    const token = await pinSignIn(s.client, s.cal, '2468');
    const today = await todayOf(till, {}, as(token));
    expect(today.response.status).toBe(200);
    expect(today.data!.day).toBe(todayIn('Europe/Berlin', new Date()));
    expect(today.data!.store.name).toBe('Main store');
    expect(today.data!.checklists).toEqual([expect.objectContaining({ name: 'Opening', kind: 'opening', progress: { done: 0, total: 3, complete: false } })]);

    const tick = (itemId: string, done: boolean) => tickOf(till, list.id, itemId, { done }, as(token));
    const first = await tick(list.items[0]!.id, true);
    expect(first.response.status).toBe(200);
    expect(first.data!.checklists[0]!.items[0]).toMatchObject({ done: true, done_by: 'Cal Cashier', done_at: expect.any(String) });
    // Ticking again keeps the first tick.
    const again = await tick(list.items[0]!.id, true);
    expect(again.data!.checklists[0]!.items[0]!.done_at).toBe(first.data!.checklists[0]!.items[0]!.done_at);
    await tick(list.items[1]!.id, true);
    const cleared = await tick(list.items[1]!.id, false);
    expect(cleared.data!.checklists[0]!.progress).toEqual({ done: 1, total: 3, complete: false });

    // The owner's view of the same store and day shows the cashier's tick.
    expect((await todayOf(s.client)).data!.checklists[0]!.items[0]).toMatchObject({ done: true, done_by: 'Cal Cashier' });

    // Reworded: "Unlock the door" stays ticked; the new item starts unticked.
    const edited = await s.client.api.PUT('/api/checklists/{id}', { params: { path: { id: list.id } }, body: opening({ items: ['Unlock the door', 'Wipe the counter'] }) });
    expect(edited.response.status).toBe(200);
    expect(edited.data!.checklist.items[0]!.id).toBe(list.items[0]!.id);
    const after = (await todayOf(s.client)).data!.checklists[0]!;
    expect(after.items.map((item) => [item.text, item.done])).toEqual([
      ['Unlock the door', true],
      ['Wipe the counter', false],
    ]);

    const audit = await server.database.withTenant(s.businessId, (tx) => tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.businessId, s.businessId)));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['checklist.created', 'checklist.updated']));
    expect((await s.client.api.DELETE('/api/checklists/{id}', { params: { path: { id: list.id } } })).response.status).toBe(200);
    expect((await todayOf(s.client)).data!.checklists).toEqual([]);
  });

  it('only the owner, admins and managers change checklists; a cashier gets 403 and nothing changes', async () => {
    const s = await shop();
    const list = await createdChecklist(s.client);
    const till = await tillOf(s.client);
    const token = await pinSignIn(s.client, s.cal, '2468');
    expect((await till.api.POST('/api/checklists', { body: opening({ name: 'Mine' }), headers: as(token) })).response.status).toBe(403);
    expect((await till.api.PUT('/api/checklists/{id}', { params: { path: { id: list.id } }, body: opening({ name: 'Renamed' }), headers: as(token) })).response.status).toBe(403);
    expect((await till.api.DELETE('/api/checklists/{id}', { params: { path: { id: list.id } }, headers: as(token) })).response.status).toBe(403);
    expect((await s.client.api.GET('/api/checklists')).data!.checklists.map((row) => row.name)).toEqual(['Opening']);
    // A manager may.
    const mia = await addEmployee(s.client, { full_name: 'Mia Manager', role: 'manager', pin: '1357' });
    const managerToken = await pinSignIn(s.client, mia.employee.id, '1357');
    expect((await till.api.POST('/api/checklists', { body: opening({ name: 'Closing', kind: 'closing' }), headers: as(managerToken) })).response.status).toBe(201);
  });

  it('each store has its own day (its time zone) and its own ticks; a checklist for one store is not due in another', async () => {
    const s = await shop();
    const east = (await s.client.api.POST('/api/stores', { body: { name: 'Kiritimati', time_zone: 'Pacific/Kiritimati' } })).data!.store.id;
    const west = (await s.client.api.POST('/api/stores', { body: { name: 'Pago Pago', time_zone: 'Pacific/Pago_Pago' } })).data!.store.id;
    const everywhere = await createdChecklist(s.client);
    const eastOnly = await createdChecklist(s.client, opening({ name: 'Beach kiosk', kind: 'other', store_id: east, items: ['Put out the umbrellas'] }));

    const eastDay = (await todayOf(s.client, { store_id: east })).data!;
    const westDay = (await todayOf(s.client, { store_id: west })).data!;
    // UTC+14 and UTC-11 are always on different calendar days.
    expect(eastDay.day).not.toBe(westDay.day);
    expect(eastDay.checklists.map((row) => row.name)).toEqual(['Opening', 'Beach kiosk']);
    expect(westDay.checklists.map((row) => row.name)).toEqual(['Opening']);

    await tickOf(s.client, everywhere.id, everywhere.items[0]!.id, { done: true, store_id: east });
    expect((await todayOf(s.client, { store_id: east })).data!.checklists[0]!.progress.done).toBe(1);
    expect((await todayOf(s.client, { store_id: west })).data!.checklists[0]!.progress.done).toBe(0);

    const notDue = await tickOf(s.client, eastOnly.id, eastOnly.items[0]!.id, { done: true, store_id: west });
    expect(notDue.response.status).toBe(409);
    expect(notDue.error?.error.code).toBe('checklist_not_due');
  });

  it('is not due on a weekday it does not recur on', async () => {
    const s = await shop();
    const todayWeekday = isoWeekdayOf(todayIn('Europe/Berlin', new Date()));
    const other = await createdChecklist(s.client, opening({ name: 'Deep clean', kind: 'closing', weekdays: EVERY_DAY.filter((day) => day !== todayWeekday) }));
    expect((await todayOf(s.client)).data!.checklists).toEqual([]);
    const res = await tickOf(s.client, other.id, other.items[0]!.id, { done: true });
    expect(res.response.status).toBe(409);
  });

  it('refuses bad input, other businesses’ stores and checklists, and writes nothing', async () => {
    const s = await shop();
    const other = await shop();
    const theirStore = (await other.client.api.POST('/api/stores', { body: { name: 'Elsewhere' } })).data!.store.id;
    for (const bad of [
      opening({ name: '   ' }),
      opening({ weekdays: [] }),
      opening({ weekdays: [0] }),
      opening({ weekdays: [8] }),
      opening({ weekdays: [1, 1] }),
      opening({ weekdays: [1.5] }),
      opening({ items: [] }),
      opening({ items: [''] }),
      opening({ items: ['x'.repeat(201)] }),
      opening({ items: Array.from({ length: 51 }, (_, index) => `Item ${index}`) }),
      opening({ store_id: 'not-a-store' }),
    ]) {
      const res = await s.client.api.POST('/api/checklists', { body: bad });
      expect(res.response.status, JSON.stringify(bad)).toBe(400);
      expect(res.error!.error.code).toBeTypeOf('string');
    }
    // bad input: the contract's kinds are opening, closing and other, and it refuses unknown fields.
    for (const bad of [openingRaw({ kind: 'midday' }), openingRaw({ extra: true })]) {
      const res = await s.client.raw('POST', '/api/checklists', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBeTypeOf('string');
    }
    const foreignStore = await s.client.api.POST('/api/checklists', { body: opening({ store_id: theirStore }) });
    expect(foreignStore.response.status).toBe(422);
    expect(foreignStore.error?.error.code).toBe('store_not_found');
    expect(await rows(s.businessId)).toEqual([]);
    const items = await server.database.withTenant(s.businessId, (tx) => tx.select().from(checklistItems).where(eq(checklistItems.businessId, s.businessId)));
    expect(items).toEqual([]);

    const theirs = await createdChecklist(other.client);
    expect((await s.client.api.PUT('/api/checklists/{id}', { params: { path: { id: theirs.id } }, body: opening() })).response.status).toBe(404);
    expect((await s.client.api.DELETE('/api/checklists/{id}', { params: { path: { id: theirs.id } } })).response.status).toBe(404);
    expect((await tickOf(s.client, theirs.id, theirs.items[0]!.id, { done: true })).response.status).toBe(404);
    expect((await todayOf(s.client, { store_id: theirStore })).response.status).toBe(422);
    expect((await todayOf(other.client)).data!.checklists[0]!.progress.done).toBe(0);
    const mine = await createdChecklist(s.client);
    expect((await tickOf(s.client, mine.id, theirs.items[0]!.id, { done: true })).error?.error.code).toBe('checklist_item_not_found');
    // bad input: the contract's done is a boolean.
    expect((await s.client.raw('PUT', `/api/checklists/${mine.id}/items/${mine.items[0]!.id}/tick`, { done: 'yes' })).status).toBe(400);
  });

  it('flags a list overdue past its hour in the store’s time zone while not complete; a closing list never on its day (decision 065)', async () => {
    const s = await shop();
    const open = await createdChecklist(s.client);
    await createdChecklist(s.client, opening({ name: 'Close up', kind: 'closing' }));
    await createdChecklist(s.client, opening({ name: 'Tidy', kind: 'other', items: ['Wipe the counter'] }));
    const minutesNow = () => wallClock('Europe/Berlin', new Date()).minutes;
    const before = minutesNow();
    const today = (await todayOf(s.client)).data!.checklists;
    const after = minutesNow();
    for (const list of today) {
      // The hour could turn between the two readings; the rule is table-tested in core.
      const expected = checklistOverdue(list.kind, false, before);
      if (expected === checklistOverdue(list.kind, false, after)) expect(list.overdue, list.name).toBe(expected);
    }
    expect(today.find((list) => list.kind === 'closing')!.overdue).toBe(false);
    for (const item of open.items) expect((await tickOf(s.client, open.id, item.id, { done: true })).response.status).toBe(200);
    const done = (await todayOf(s.client)).data!.checklists;
    expect(done.find((list) => list.name === 'Opening')).toMatchObject({ overdue: false, progress: { complete: true } });
  });
});
