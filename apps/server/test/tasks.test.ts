import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, tasks } from '../src/db/schema/index.ts';
import { startTestServer, type ApiBody, type TestServer } from './harness.ts';
import { addEmployee, as, pinSignIn, staffBusiness, tillOf } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function taskCount(businessId: string) {
  return (await server.database.withTenant(businessId, (tx) => tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.businessId, businessId)))).length;
}

/** What POST /api/tasks and PATCH /api/tasks/{id} take, from the routes' own schemas. */
type NewTask = ApiBody<'/api/tasks', 'post'>;
type TaskChange = ApiBody<'/api/tasks/{id}', 'patch'>;

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('tasks', () => {
  // Well-formed calls go through the typed client (client.api, issue 11): a field renamed on the
  // server fails this file's typecheck. Bad input (below) is sent untyped on purpose.
  it('an owner adds, assigns, edits and deletes tasks, each step audited; overdue is not done and due before today', async () => {
    const shop = await staffBusiness(server);
    const { client, businessId } = shop;
    const cal = await addEmployee(client, { full_name: 'Cal Cashier', role: 'cashier', pin: '2468' });
    const add = async (body: { title: string; assignee_id?: string; due_date?: string; notes?: string }) => {
      const { data, response } = await client.api.POST('/api/tasks', { body });
      expect(response.status).toBe(201);
      return data!.task;
    };
    const list = async (query: { overdue?: 'true' | 'false'; status?: 'open' | 'in_progress' | 'done'; assignee_id?: string } = {}) =>
      (await client.api.GET('/api/tasks', { params: { query } })).data!.tasks;
    const edit = async (id: string, body: TaskChange) =>
      (await client.api.PATCH('/api/tasks/{id}', { params: { path: { id } }, body })).data!.task;
    const remove = async (id: string) => (await client.api.DELETE('/api/tasks/{id}', { params: { path: { id } } })).response.status;

    const assignees = (await client.api.GET('/api/tasks/assignees')).data!.assignees;
    expect(assignees.map((person) => person.name)).toEqual(expect.arrayContaining(['Ann Lee', 'Cal Cashier']));

    const late = await add({ title: '  Clean the coffee machine ', assignee_id: cal.employee.id, due_date: dayOffset(-2), notes: 'Descale too' });
    expect(late).toMatchObject({ title: 'Clean the coffee machine', assignee: { id: cal.employee.id, name: 'Cal Cashier' }, status: 'open', overdue: true, notes: 'Descale too' });
    const later = await add({ title: 'Order receipt rolls', due_date: dayOffset(5) });
    expect(later).toMatchObject({ assignee: null, overdue: false });
    const undated = await add({ title: 'Fix the shelf' });
    expect(undated.due_date).toBeNull();

    expect((await list()).map((task) => task.title)).toEqual(['Clean the coffee machine', 'Order receipt rolls', 'Fix the shelf']);
    expect((await list({ overdue: 'true' })).map((task) => task.id)).toEqual([late.id]);
    expect(await list({ assignee_id: cal.employee.id })).toHaveLength(1);

    const done = await edit(late.id, { status: 'done' });
    expect(done).toMatchObject({ status: 'done', overdue: false });
    expect(done.completed_at).not.toBeNull();
    expect(await list({ overdue: 'true' })).toEqual([]);
    expect(await list({ status: 'done' })).toHaveLength(1);
    // Done work goes to the end of the list.
    expect((await list()).at(-1)!.id).toBe(late.id);

    const edited = await edit(later.id, { title: 'Order 20 receipt rolls', assignee_id: cal.employee.id, due_date: null });
    expect(edited).toMatchObject({ title: 'Order 20 receipt rolls', assignee: { name: 'Cal Cashier' }, due_date: null });
    expect(await remove(undated.id)).toBe(200);
    expect(await remove(undated.id)).toBe(404);

    const audits = await server.database.withTenant(businessId, (tx) => tx.select().from(auditLog).where(and(eq(auditLog.businessId, businessId), like(auditLog.action, 'task.%'))));
    expect(audits.map((row) => row.action).sort()).toEqual(['task.created', 'task.created', 'task.created', 'task.deleted', 'task.updated', 'task.updated']);
    expect(audits.find((row) => row.action === 'task.updated' && JSON.stringify(row.details).includes('Order 20'))!.details).toMatchObject({
      changes: { title: { from: 'Order receipt rolls', to: 'Order 20 receipt rolls' }, dueDate: { from: dayOffset(5), to: null } },
    });
  });

  it('staff tick off their own and unassigned tasks but cannot add, reassign, edit, delete or touch someone else’s (403, nothing changed)', async () => {
    const shop = await staffBusiness(server);
    const { client, businessId } = shop;
    const cal = await addEmployee(client, { full_name: 'Cal Cashier', role: 'cashier', pin: '2468' });
    const kim = await addEmployee(client, { full_name: 'Kim Kitchen', role: 'kitchen', pin: '1357' });
    const max = await addEmployee(client, { full_name: 'Max Manager', role: 'manager', pin: '8642' });
    const add = async (title: string, assignee_id?: string) => (await client.api.POST('/api/tasks', { body: { title, ...(assignee_id ? { assignee_id } : {}) } })).data!.task;
    const mine = await add('Count the float', cal.employee.id);
    const anyone = await add('Sweep the floor');
    const kims = await add('Clean the fryer', kim.employee.id);
    const till = await tillOf(client);
    // At the till, every call carries the signed-in employee's session (SPEC §6: a till acts only through one).
    const calHeaders = as(await pinSignIn(client, cal.employee.id, '2468'));
    const atTill = (id: string, body: TaskChange, headers = calHeaders) =>
      till.api.PATCH('/api/tasks/{id}', { params: { path: { id } }, body, headers });

    expect((await till.api.GET('/api/tasks', { headers: calHeaders })).data!.tasks).toHaveLength(3);
    expect((await atTill(mine.id, { status: 'in_progress' })).data!.task.status).toBe('in_progress');
    expect((await atTill(anyone.id, { status: 'done' })).data!.task.status).toBe('done');

    const refused = [
      await till.api.POST('/api/tasks', { body: { title: 'Sneaky' }, headers: calHeaders }),
      await atTill(mine.id, { title: 'Renamed' }),
      await atTill(mine.id, { assignee_id: null }),
      await atTill(kims.id, { status: 'done' }),
      await till.api.DELETE('/api/tasks/{id}', { params: { path: { id: mine.id } }, headers: calHeaders }),
    ];
    for (const { response, error } of refused) {
      expect(response.status).toBe(403);
      expect(error?.error.code).toBe('forbidden');
    }
    expect(await taskCount(businessId)).toBe(3);
    const kimsNow = (await client.api.GET('/api/tasks', { params: { query: { status: 'open' } } })).data!.tasks.find((task) => task.id === kims.id);
    expect(kimsNow).toMatchObject({ status: 'open', title: 'Clean the fryer' });

    // A manager hands out work like the owner.
    const maxHeaders = as(await pinSignIn(client, max.employee.id, '8642'));
    const byManager = await till.api.POST('/api/tasks', { body: { title: 'Check the fridge', assignee_id: kim.employee.id }, headers: maxHeaders });
    expect(byManager.response.status).toBe(201);
    expect((await till.api.DELETE('/api/tasks/{id}', { params: { path: { id: byManager.data!.task.id } }, headers: maxHeaders })).response.status).toBe(200);
  });

  it('bad input gets a clear 4xx and writes nothing', async () => {
    const shop = await staffBusiness(server);
    const other = await staffBusiness(server);
    const stranger = await addEmployee(other.client, { full_name: 'Other Person', role: 'cashier', pin: '2468' });
    const gone = await addEmployee(shop.client, { full_name: 'Gone Girl', role: 'cashier', pin: '1357' });
    expect((await shop.client.api.POST('/api/employees/{id}/deactivate', { params: { path: { id: gone.employee.id } } })).response.status).toBe(200);
    const cases: [string, NewTask, number][] = [
      ['a blank title', { title: '   ' }, 400],
      ['a too long title', { title: 'x'.repeat(201) }, 400],
      ['an impossible due date', { title: 'A', due_date: '2026-02-30' }, 400],
      ['a due date in year 0', { title: 'A', due_date: '0000-01-01' }, 400],
      ['a malformed assignee', { title: 'A', assignee_id: 'cal' }, 400],
      ['another business’s employee', { title: 'A', assignee_id: stranger.employee.id }, 422],
      ['an unknown employee', { title: 'A', assignee_id: randomUUID() }, 422],
      ['an employee no longer active', { title: 'A', assignee_id: gone.employee.id }, 422],
    ];
    for (const [name, body, status] of cases) {
      const res = await shop.client.api.POST('/api/tasks', { body });
      expect(res.response.status, name).toBe(status);
      expect(typeof res.error!.error.code, name).toBe('string');
    }
    // bad input: the contract requires a title and refuses unknown fields.
    const untyped: [string, Record<string, unknown>][] = [
      ['no title', {}],
      ['an unknown field', { title: 'A', priority: 'high' }],
    ];
    for (const [name, body] of untyped) {
      const res = await shop.client.raw('POST', '/api/tasks', body);
      expect(res.status, name).toBe(400);
      expect(typeof res.body.error.code, name).toBe('string');
    }
    expect(await taskCount(shop.businessId)).toBe(0);

    const task = (await shop.client.api.POST('/api/tasks', { body: { title: 'Real' } })).data!.task;
    const change = (id: string, body: TaskChange, client = shop.client) => client.api.PATCH('/api/tasks/{id}', { params: { path: { id } }, body });
    // bad input: the contract's status is one of open, in_progress, done.
    expect((await shop.client.raw('PATCH', `/api/tasks/${task.id}`, { status: 'finished' })).status).toBe(400);
    expect((await change(task.id, {})).response.status).toBe(400);
    expect((await change(task.id, { assignee_id: stranger.employee.id })).response.status).toBe(422);
    expect((await change(randomUUID(), { status: 'done' })).response.status).toBe(404);
    // bad input: the contract's overdue is true or false.
    expect((await shop.client.raw('GET', '/api/tasks?overdue=maybe')).status).toBe(400);
    // Another business sees none of it.
    expect((await other.client.api.GET('/api/tasks')).data!.tasks).toEqual([]);
    expect((await change(task.id, { status: 'done' }, other.client)).response.status).toBe(404);
    expect((await other.client.api.DELETE('/api/tasks/{id}', { params: { path: { id: task.id } } })).response.status).toBe(404);
    expect((await shop.client.api.GET('/api/tasks')).data!.tasks[0]).toMatchObject({ title: 'Real', status: 'open', assignee: null });
  });
});
