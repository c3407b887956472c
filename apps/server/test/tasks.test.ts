import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, tasks } from '../src/db/schema/index.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { addEmployee, as, pinSignIn, staffBusiness, tillOf } from './staff-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function taskCount(businessId: string) {
  return (await server.database.withTenant(businessId, (tx) => tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.businessId, businessId)))).length;
}

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('tasks', () => {
  it('an owner adds, assigns, edits and deletes tasks, each step audited; overdue is not done and due before today', async () => {
    const shop = await staffBusiness(server);
    const { client, businessId } = shop;
    const cal = await addEmployee(client, { fullName: 'Cal Cashier', role: 'cashier', pin: '2468' });

    const assignees = await client.get('/api/tasks/assignees');
    expect(assignees.body.assignees.map((person: { name: string }) => person.name)).toEqual(expect.arrayContaining(['Ann Lee', 'Cal Cashier']));

    const late = await client.post('/api/tasks', { title: '  Clean the coffee machine ', assignee_id: cal.employee.id, due_date: dayOffset(-2), notes: 'Descale too' });
    expect(late.status).toBe(201);
    expect(late.body.task).toMatchObject({ title: 'Clean the coffee machine', assignee: { id: cal.employee.id, name: 'Cal Cashier' }, status: 'open', overdue: true, notes: 'Descale too' });
    const later = await client.post('/api/tasks', { title: 'Order receipt rolls', due_date: dayOffset(5) });
    expect(later.body.task).toMatchObject({ assignee: null, overdue: false });
    const undated = await client.post('/api/tasks', { title: 'Fix the shelf' });
    expect(undated.body.task.due_date).toBeNull();

    const all = await client.get('/api/tasks');
    expect(all.body.tasks.map((task: { title: string }) => task.title)).toEqual(['Clean the coffee machine', 'Order receipt rolls', 'Fix the shelf']);
    const overdue = await client.get('/api/tasks?overdue=true');
    expect(overdue.body.tasks.map((task: { id: string }) => task.id)).toEqual([late.body.task.id]);
    expect((await client.get(`/api/tasks?assignee_id=${cal.employee.id}`)).body.tasks).toHaveLength(1);

    const done = await client.request('PATCH', `/api/tasks/${late.body.task.id}`, { status: 'done' });
    expect(done.body.task).toMatchObject({ status: 'done', overdue: false });
    expect(done.body.task.completed_at).not.toBeNull();
    expect((await client.get('/api/tasks?overdue=true')).body.tasks).toEqual([]);
    expect((await client.get('/api/tasks?status=done')).body.tasks).toHaveLength(1);
    // Done work goes to the end of the list.
    expect((await client.get('/api/tasks')).body.tasks.at(-1).id).toBe(late.body.task.id);

    const edited = await client.request('PATCH', `/api/tasks/${later.body.task.id}`, { title: 'Order 20 receipt rolls', assignee_id: cal.employee.id, due_date: null });
    expect(edited.body.task).toMatchObject({ title: 'Order 20 receipt rolls', assignee: { name: 'Cal Cashier' }, due_date: null });
    expect((await client.request('DELETE', `/api/tasks/${undated.body.task.id}`)).status).toBe(200);
    expect((await client.request('DELETE', `/api/tasks/${undated.body.task.id}`)).status).toBe(404);

    const audits = await server.database.withTenant(businessId, (tx) => tx.select().from(auditLog).where(and(eq(auditLog.businessId, businessId), like(auditLog.action, 'task.%'))));
    expect(audits.map((row) => row.action).sort()).toEqual(['task.created', 'task.created', 'task.created', 'task.deleted', 'task.updated', 'task.updated']);
    expect(audits.find((row) => row.action === 'task.updated' && JSON.stringify(row.details).includes('Order 20'))!.details).toMatchObject({
      changes: { title: { from: 'Order receipt rolls', to: 'Order 20 receipt rolls' }, dueDate: { from: dayOffset(5), to: null } },
    });
  });

  it('staff tick off their own and unassigned tasks but cannot add, reassign, edit, delete or touch someone else’s (403, nothing changed)', async () => {
    const shop = await staffBusiness(server);
    const { client, businessId } = shop;
    const cal = await addEmployee(client, { fullName: 'Cal Cashier', role: 'cashier', pin: '2468' });
    const kim = await addEmployee(client, { fullName: 'Kim Kitchen', role: 'kitchen', pin: '1357' });
    const max = await addEmployee(client, { fullName: 'Max Manager', role: 'manager', pin: '8642' });
    const mine = (await client.post('/api/tasks', { title: 'Count the float', assignee_id: cal.employee.id })).body.task;
    const anyone = (await client.post('/api/tasks', { title: 'Sweep the floor' })).body.task;
    const kims = (await client.post('/api/tasks', { title: 'Clean the fryer', assignee_id: kim.employee.id })).body.task;
    const till = await tillOf(client);
    const calHeaders = as(await pinSignIn(client, cal.employee.id, '2468'));

    expect((await till.request('GET', '/api/tasks', undefined, calHeaders)).body.tasks).toHaveLength(3);
    expect((await till.request('PATCH', `/api/tasks/${mine.id}`, { status: 'in_progress' }, calHeaders)).body.task.status).toBe('in_progress');
    expect((await till.request('PATCH', `/api/tasks/${anyone.id}`, { status: 'done' }, calHeaders)).body.task.status).toBe('done');

    const refused = [
      await till.request('POST', '/api/tasks', { title: 'Sneaky' }, calHeaders),
      await till.request('PATCH', `/api/tasks/${mine.id}`, { title: 'Renamed' }, calHeaders),
      await till.request('PATCH', `/api/tasks/${mine.id}`, { assignee_id: null }, calHeaders),
      await till.request('PATCH', `/api/tasks/${kims.id}`, { status: 'done' }, calHeaders),
      await till.request('DELETE', `/api/tasks/${mine.id}`, undefined, calHeaders),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    expect(await taskCount(businessId)).toBe(3);
    const kimsNow = (await client.get('/api/tasks?status=open')).body.tasks.find((task: { id: string }) => task.id === kims.id);
    expect(kimsNow).toMatchObject({ status: 'open', title: 'Clean the fryer' });

    // A manager hands out work like the owner.
    const maxHeaders = as(await pinSignIn(client, max.employee.id, '8642'));
    const byManager = await till.request('POST', '/api/tasks', { title: 'Check the fridge', assignee_id: kim.employee.id }, maxHeaders);
    expect(byManager.status).toBe(201);
    expect((await till.request('DELETE', `/api/tasks/${byManager.body.task.id}`, undefined, maxHeaders)).status).toBe(200);
  });

  it('bad input gets a clear 4xx and writes nothing', async () => {
    const shop = await staffBusiness(server);
    const other = await staffBusiness(server);
    const stranger = await addEmployee(other.client, { fullName: 'Other Person', role: 'cashier', pin: '2468' });
    const gone = await addEmployee(shop.client, { fullName: 'Gone Girl', role: 'cashier', pin: '1357' });
    expect((await shop.client.request('POST', `/api/employees/${gone.employee.id}/deactivate`)).status).toBe(200);
    const cases: [string, Record<string, unknown>, number][] = [
      ['no title', {}, 400],
      ['a blank title', { title: '   ' }, 400],
      ['a too long title', { title: 'x'.repeat(201) }, 400],
      ['an impossible due date', { title: 'A', due_date: '2026-02-30' }, 400],
      ['a due date in year 0', { title: 'A', due_date: '0000-01-01' }, 400],
      ['a malformed assignee', { title: 'A', assignee_id: 'cal' }, 400],
      ['an unknown field', { title: 'A', priority: 'high' }, 400],
      ['another business’s employee', { title: 'A', assignee_id: stranger.employee.id }, 422],
      ['an unknown employee', { title: 'A', assignee_id: randomUUID() }, 422],
      ['an employee no longer active', { title: 'A', assignee_id: gone.employee.id }, 422],
    ];
    for (const [name, body, status] of cases) {
      const res = await shop.client.post('/api/tasks', body);
      expect(res.status, name).toBe(status);
      expect(typeof res.body.error.code, name).toBe('string');
    }
    expect(await taskCount(shop.businessId)).toBe(0);

    const task = (await shop.client.post('/api/tasks', { title: 'Real' })).body.task;
    expect((await shop.client.request('PATCH', `/api/tasks/${task.id}`, { status: 'finished' })).status).toBe(400);
    expect((await shop.client.request('PATCH', `/api/tasks/${task.id}`, {})).status).toBe(400);
    expect((await shop.client.request('PATCH', `/api/tasks/${task.id}`, { assignee_id: stranger.employee.id })).status).toBe(422);
    expect((await shop.client.request('PATCH', `/api/tasks/${randomUUID()}`, { status: 'done' })).status).toBe(404);
    expect((await shop.client.get('/api/tasks?overdue=maybe')).status).toBe(400);
    // Another business sees none of it.
    expect((await other.client.get('/api/tasks')).body.tasks).toEqual([]);
    expect((await other.client.request('PATCH', `/api/tasks/${task.id}`, { status: 'done' })).status).toBe(404);
    expect((await other.client.request('DELETE', `/api/tasks/${task.id}`)).status).toBe(404);
    expect((await shop.client.get('/api/tasks')).body.tasks[0]).toMatchObject({ title: 'Real', status: 'open', assignee: null });
  });
});
