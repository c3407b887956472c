/**
 * Opening and closing checklists (issue 20 item 8, decision 056): a list of things staff tick off
 * each day a store opens or closes. A checklist recurs on chosen weekdays (ISO: 1 Monday … 7
 * Sunday), in one store or in every store; its ticks belong to a store and a local day.
 */
export const CHECKLIST_KINDS = ['opening', 'closing', 'other'] as const;
export type ChecklistKind = (typeof CHECKLIST_KINDS)[number];
export const CHECKLIST_KIND_LABELS: Record<ChecklistKind, string> = { opening: 'Opening', closing: 'Closing', other: 'Daily' };

export const CHECKLIST_NAME_MAX = 120;
export const CHECKLIST_ITEM_MAX = 200;
export const CHECKLIST_ITEMS_MAX = 50;
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type IsoWeekday = (typeof ISO_WEEKDAYS)[number];
export const WEEKDAY_SHORT_LABELS: Record<IsoWeekday, string> = { 1: 'Mon', 2: 'Tue', 3: 'Wed', 4: 'Thu', 5: 'Fri', 6: 'Sat', 7: 'Sun' };

/** The ISO weekday (1 Monday … 7 Sunday) of a calendar day written YYYY-MM-DD. */
export function isoWeekdayOf(day: string): IsoWeekday {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return (weekday === 0 ? 7 : weekday) as IsoWeekday;
}

/** Whether a checklist is due in a store on a day: its weekday is chosen, and it is for that store or for every store. */
export function checklistDueOn(checklist: { weekdays: readonly number[]; storeId: string | null }, storeId: string, day: string): boolean {
  return (checklist.storeId === null || checklist.storeId === storeId) && checklist.weekdays.includes(isoWeekdayOf(day));
}

/** Sorted, without repeats: the weekdays a checklist recurs on, as stored. */
export function normalizeWeekdays(weekdays: readonly number[]): IsoWeekday[] {
  return [...new Set(weekdays)].filter((day): day is IsoWeekday => (ISO_WEEKDAYS as readonly number[]).includes(day)).sort((a, b) => a - b);
}

/**
 * When a checklist's items are edited, an item whose text is unchanged keeps its id (so today's
 * tick on it stays); the rest are new. Returns, in the new order, the kept id or null per text.
 */
export function matchChecklistItems(existing: readonly { id: string; text: string }[], texts: readonly string[]): (string | null)[] {
  const free = new Map<string, string[]>();
  for (const item of existing) free.set(item.text, [...(free.get(item.text) ?? []), item.id]);
  return texts.map((text) => free.get(text)?.shift() ?? null);
}

/** "3 of 5 done", as a list and the till show it. */
export function checklistProgress(items: readonly { done: boolean }[]): { done: number; total: number; complete: boolean } {
  const done = items.filter((item) => item.done).length;
  return { done, total: items.length, complete: items.length > 0 && done === items.length };
}

/**
 * When today's checklist of a kind counts as late, in minutes after the store's midnight
 * (decision 065): an opening list not done by 11:00, a daily list not done by 17:00. A closing
 * list is done at the end of the day, so it is never late on its own day.
 */
export const CHECKLIST_LATE_AFTER_MINUTES: Record<ChecklistKind, number | null> = { opening: 11 * 60, other: 17 * 60, closing: null };

/** Whether today's checklist is overdue at `minutes` past the store's midnight: not complete and past its kind's hour. */
export function checklistOverdue(kind: ChecklistKind, complete: boolean, minutes: number): boolean {
  const lateAfter = CHECKLIST_LATE_AFTER_MINUTES[kind];
  return !complete && lateAfter !== null && minutes >= lateAfter;
}
