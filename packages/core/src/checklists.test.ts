import { describe, expect, it } from 'vitest';
import { checklistDueOn, checklistOverdue, checklistProgress, isoWeekdayOf, matchChecklistItems, normalizeWeekdays } from './checklists.ts';

describe('isoWeekdayOf', () => {
  it.each([
    ['2026-11-23', 1],
    ['2026-11-27', 5],
    ['2026-11-29', 7],
    ['2024-02-29', 4],
    ['2027-01-01', 5],
    ['2026-03-29', 7], // the day Europe's clocks go forward: the calendar day is what counts
  ])('%s is weekday %i', (day, weekday) => {
    expect(isoWeekdayOf(day)).toBe(weekday);
  });
});

describe('checklistDueOn', () => {
  const store = 'store-a';
  it.each([
    [{ weekdays: [1, 2, 3, 4, 5, 6, 7], storeId: null }, '2026-11-29', true],
    [{ weekdays: [1, 2, 3, 4, 5], storeId: null }, '2026-11-29', false],
    [{ weekdays: [1, 2, 3, 4, 5], storeId: null }, '2026-11-27', true],
    [{ weekdays: [6, 7], storeId: store }, '2026-11-28', true],
    [{ weekdays: [6, 7], storeId: 'store-b' }, '2026-11-28', false],
    [{ weekdays: [], storeId: null }, '2026-11-28', false],
  ])('%j on %s: %s', (checklist, day, due) => {
    expect(checklistDueOn(checklist, store, day)).toBe(due);
  });
});

describe('normalizeWeekdays', () => {
  it.each([
    [[7, 1, 1, 3], [1, 3, 7]],
    [[0, 8, 2], [2]],
    [[], []],
  ])('%j → %j', (given, stored) => {
    expect(normalizeWeekdays(given)).toEqual(stored);
  });
});

describe('matchChecklistItems', () => {
  const existing = [
    { id: 'a', text: 'Count the float' },
    { id: 'b', text: 'Unlock the door' },
    { id: 'c', text: 'Wipe the counter' },
    { id: 'd', text: 'Wipe the counter' },
  ];
  it.each([
    [['Unlock the door', 'Count the float'], ['b', 'a']],
    [['Count the float', 'Switch on the lights'], ['a', null]],
    [['Wipe the counter', 'Wipe the counter', 'Wipe the counter'], ['c', 'd', null]],
    [[], []],
  ])('%j keeps %j', (texts, ids) => {
    expect(matchChecklistItems(existing, texts)).toEqual(ids);
  });
});

describe('checklistProgress', () => {
  it.each([
    [[], { done: 0, total: 0, complete: false }],
    [[{ done: true }, { done: false }], { done: 1, total: 2, complete: false }],
    [[{ done: true }, { done: true }], { done: 2, total: 2, complete: true }],
  ])('%j → %j', (items, progress) => {
    expect(checklistProgress(items)).toEqual(progress);
  });
});

describe('checklistOverdue', () => {
  it.each([
    ['opening, not done, 10:59', 'opening', false, 10 * 60 + 59, false],
    ['opening, not done, 11:00', 'opening', false, 11 * 60, true],
    ['opening, done, 15:00', 'opening', true, 15 * 60, false],
    ['daily, not done, 16:59', 'other', false, 16 * 60 + 59, false],
    ['daily, not done, 17:00', 'other', false, 17 * 60, true],
    ['closing, not done, 23:59', 'closing', false, 23 * 60 + 59, false],
  ] as const)('%s', (_label, kind, complete, minutes, expected) => {
    expect(checklistOverdue(kind, complete, minutes)).toBe(expected);
  });
});
