import { checklistDueOn, checklistOverdue, checklistProgress, matchChecklistItems, normalizeWeekdays, wallClock, type ChecklistKind } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { checklistsRepository as repo, type ChecklistItemRow, type ChecklistRow } from './checklists.repository.ts';
import { auditActor, requireTaskManager } from './task-rules.ts';
import { todayIn } from './task-view.ts';

export interface ChecklistInput {
  name: string;
  kind: ChecklistKind;
  storeId: string | null;
  weekdays: number[];
  items: string[];
}

export const checklistNotFound = () => notFound('checklist_not_found', 'No checklist has this id');
const itemNotFound = () => notFound('checklist_item_not_found', 'This checklist has no such item');
const storeNotFound = () => new AppError(422, 'store_not_found', 'That store does not exist in this business or is closed');
const notDueToday = () => new AppError(409, 'checklist_not_due', 'This checklist is not due in this store today');

function toChecklistView(row: ChecklistRow, items: ChecklistItemRow[]) {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as ChecklistKind,
    store_id: row.storeId,
    weekdays: row.weekdays,
    items: items.filter((item) => item.checklistId === row.id).map((item) => ({ id: item.id, text: item.text })),
    updated_at: row.updatedAt.toISOString(),
  };
}
export type ChecklistView = ReturnType<typeof toChecklistView>;

async function readChecklist(tx: Tx, businessId: string, id: string): Promise<ChecklistView> {
  const row = await repo.find(tx, businessId, id);
  if (!row) throw checklistNotFound();
  return toChecklistView(row, await repo.itemsOf(tx, businessId, [id]));
}

async function checkStore(tx: Tx, businessId: string, storeId: string | null) {
  if (storeId && !(await repo.activeStore(tx, businessId, storeId))) throw storeNotFound();
}

/** Every checklist of the business with its items (anyone may read them). */
export async function listChecklists(database: Database, businessId: string): Promise<ChecklistView[]> {
  return database.withTenant(businessId, async (tx) => {
    const rows = await repo.list(tx, businessId);
    const items = await repo.itemsOf(tx, businessId, rows.map((row) => row.id));
    return rows.map((row) => toChecklistView(row, items));
  });
}

/** Adds a checklist (owner, admin or manager); audited. */
export async function createChecklist(database: Database, tenant: TenantContext, input: ChecklistInput, now: Date): Promise<ChecklistView> {
  requireTaskManager(tenant);
  const { businessId } = tenant;
  return database.withTenant(businessId, async (tx) => {
    await checkStore(tx, businessId, input.storeId);
    const row = await repo.insert(tx, { businessId, name: input.name, kind: input.kind, storeId: input.storeId, weekdays: normalizeWeekdays(input.weekdays), createdAt: now, updatedAt: now });
    await repo.replaceItems(tx, businessId, row.id, input.items.map((text) => ({ id: null, text })));
    await repo.insertAudit(tx, { businessId, ...auditActor(tenant), action: 'checklist.created', details: { checklist_id: row.id, name: row.name } });
    return readChecklist(tx, businessId, row.id);
  });
}

/** Changes a checklist; an item whose text is unchanged keeps today's tick. Owner, admin or manager; audited. */
export async function updateChecklist(database: Database, tenant: TenantContext, id: string, input: ChecklistInput, now: Date): Promise<ChecklistView> {
  requireTaskManager(tenant);
  const { businessId } = tenant;
  return database.withTenant(businessId, async (tx) => {
    if (!(await repo.find(tx, businessId, id, true))) throw checklistNotFound();
    await checkStore(tx, businessId, input.storeId);
    await repo.update(tx, businessId, id, { name: input.name, kind: input.kind, storeId: input.storeId, weekdays: normalizeWeekdays(input.weekdays), updatedAt: now });
    const kept = matchChecklistItems(await repo.itemsOf(tx, businessId, [id]), input.items);
    await repo.replaceItems(tx, businessId, id, input.items.map((text, index) => ({ id: kept[index] ?? null, text })));
    await repo.insertAudit(tx, { businessId, ...auditActor(tenant), action: 'checklist.updated', details: { checklist_id: id, name: input.name } });
    return readChecklist(tx, businessId, id);
  });
}

/** Deletes a checklist with its items and ticks. Owner, admin or manager; audited. */
export async function deleteChecklist(database: Database, tenant: TenantContext, id: string): Promise<void> {
  requireTaskManager(tenant);
  const { businessId } = tenant;
  await database.withTenant(businessId, async (tx) => {
    const row = await repo.find(tx, businessId, id, true);
    if (!row) throw checklistNotFound();
    await repo.delete(tx, businessId, id);
    await repo.insertAudit(tx, { businessId, ...auditActor(tenant), action: 'checklist.deleted', details: { checklist_id: id, name: row.name } });
  });
}

/** The store a day's checklists are for: the one asked for, else the till's, else the default store. */
async function storeFor(tx: Tx, tenant: TenantContext, storeId: string | undefined) {
  const store = storeId ? await repo.activeStore(tx, tenant.businessId, storeId) : await repo.storeOfRegisterOrDefault(tx, tenant.businessId, tenant.registerId);
  if (!store) throw storeNotFound();
  const timeZone = store.timeZone ?? (await repo.businessTimeZone(tx, tenant.businessId));
  return { id: store.id, name: store.name, timeZone };
}

async function readToday(tx: Tx, tenant: TenantContext, store: { id: string; name: string; timeZone: string }, now: Date) {
  const { businessId } = tenant;
  const day = todayIn(store.timeZone, now);
  const { minutes } = wallClock(store.timeZone, now);
  const due = (await repo.list(tx, businessId)).filter((row) => checklistDueOn(row, store.id, day));
  const items = await repo.itemsOf(tx, businessId, due.map((row) => row.id));
  const ticks = new Map((await repo.ticksOn(tx, businessId, store.id, day, items.map((item) => item.id))).map((tick) => [tick.itemId, tick]));
  return {
    day,
    store: { id: store.id, name: store.name },
    checklists: due.map((row) => {
      const lines = items
        .filter((item) => item.checklistId === row.id)
        .map((item) => {
          const tick = ticks.get(item.id);
          return { id: item.id, text: item.text, done: Boolean(tick), done_at: tick?.doneAt.toISOString() ?? null, done_by: tick ? (tick.employeeName ?? 'Owner') : null };
        });
      const progress = checklistProgress(lines);
      return { id: row.id, name: row.name, kind: row.kind as ChecklistKind, items: lines, progress, overdue: checklistOverdue(row.kind as ChecklistKind, progress.complete, minutes) };
    }),
  };
}
export type TodayChecklists = Awaited<ReturnType<typeof readToday>>;

/** Today's checklists in a store (its own time zone), with what is ticked and by whom. Anyone of the business. */
export async function getTodayChecklists(database: Database, tenant: TenantContext, storeId: string | undefined, now: Date): Promise<TodayChecklists> {
  return database.withTenant(tenant.businessId, async (tx) => readToday(tx, tenant, await storeFor(tx, tenant, storeId), now));
}

/**
 * Ticks an item off (or clears it) for today in a store. Anyone of the business, from the owner's
 * browser or a till's employee session; the checklist must be due there today. Ticking twice keeps
 * the first tick.
 */
export async function tickChecklistItem(
  database: Database,
  tenant: TenantContext,
  input: { checklistId: string; itemId: string; storeId?: string | undefined; done: boolean },
  now: Date,
): Promise<TodayChecklists> {
  const { businessId } = tenant;
  return database.withTenant(businessId, async (tx) => {
    const checklist = await repo.find(tx, businessId, input.checklistId);
    if (!checklist) throw checklistNotFound();
    if (!(await repo.itemsOf(tx, businessId, [checklist.id])).some((item) => item.id === input.itemId)) throw itemNotFound();
    const store = await storeFor(tx, tenant, input.storeId);
    const day = todayIn(store.timeZone, now);
    if (!checklistDueOn(checklist, store.id, day)) throw notDueToday();
    if (input.done) {
      await repo.tick(tx, { businessId, itemId: input.itemId, storeId: store.id, day, doneByUserId: tenant.userId, doneByEmployeeId: tenant.employeeSession?.employeeId ?? null, doneAt: now });
    } else {
      await repo.untick(tx, businessId, input.itemId, store.id, day);
    }
    return readToday(tx, tenant, store, now);
  });
}
