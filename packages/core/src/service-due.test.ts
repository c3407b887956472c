import { describe, expect, it } from 'vitest';
import { addMonthsTo, dailyDistance, estimateMileage, serviceDue } from './service-due.ts';

describe('addMonthsTo', () => {
  it.each([
    ['2026-11-26', 12, '2027-11-26'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2026-03-31', 6, '2026-09-30'],
  ])('%s + %i months = %s', (day, months, expected) => {
    expect(addMonthsTo(day, months)).toBe(expected);
  });
});

describe('mileage estimate', () => {
  it.each([
    { name: 'no readings', readings: [], today: '2026-06-01', rate: null, estimate: null },
    { name: 'one reading carries forward', readings: [{ reading: 1000, day: '2026-01-01' }], today: '2026-06-01', rate: null, estimate: 1000 },
    {
      name: '100 a day',
      readings: [
        { reading: 1000, day: '2026-01-01' },
        { reading: 4100, day: '2026-02-01' },
      ],
      today: '2026-02-11',
      rate: 100,
      estimate: 5100,
    },
    {
      name: 'same day twice has no rate',
      readings: [
        { reading: 1000, day: '2026-01-01' },
        { reading: 1200, day: '2026-01-01' },
      ],
      today: '2026-01-05',
      rate: null,
      estimate: 1200,
    },
    {
      name: 'a reading going backwards has no rate',
      readings: [
        { reading: 5000, day: '2026-01-01' },
        { reading: 1000, day: '2026-03-01' },
      ],
      today: '2026-04-01',
      rate: null,
      estimate: 1000,
    },
  ])('$name', ({ readings, today, rate, estimate }) => {
    expect(dailyDistance(readings)).toBe(rate);
    expect(estimateMileage(readings, today)).toBe(estimate);
  });
});

const hundredADay = [
  { reading: 10_000, day: '2026-01-01' },
  { reading: 13_100, day: '2026-02-01' },
];

describe('serviceDue', () => {
  it.each([
    { name: 'nothing set', dueOn: null, dueMileage: null, readings: hundredADay, today: '2026-02-01', status: 'none', dueDay: null },
    { name: 'date far away', dueOn: '2026-12-01', dueMileage: null, readings: [], today: '2026-02-01', status: 'ok', dueDay: '2026-12-01' },
    { name: 'date within 30 days', dueOn: '2026-03-01', dueMileage: null, readings: [], today: '2026-02-01', status: 'due_soon', dueDay: '2026-03-01' },
    { name: 'date today is due soon', dueOn: '2026-02-01', dueMileage: null, readings: [], today: '2026-02-01', status: 'due_soon', dueDay: '2026-02-01' },
    { name: 'date passed', dueOn: '2026-01-31', dueMileage: null, readings: [], today: '2026-02-01', status: 'overdue', dueDay: '2026-01-31' },
    { name: 'mileage far, reached in 100 days', dueOn: null, dueMileage: 23_100, readings: hundredADay, today: '2026-02-01', status: 'ok', dueDay: '2026-05-12' },
    { name: 'mileage within 1,000', dueOn: null, dueMileage: 14_000, readings: hundredADay, today: '2026-02-01', status: 'due_soon', dueDay: '2026-02-10' },
    { name: 'mileage reached by the estimate', dueOn: null, dueMileage: 15_000, readings: hundredADay, today: '2026-03-01', status: 'overdue', dueDay: '2026-03-01' },
    { name: 'mileage expected within 30 days', dueOn: null, dueMileage: 16_000, readings: hundredADay, today: '2026-02-01', status: 'due_soon', dueDay: '2026-03-02' },
    { name: 'mileage without readings cannot be judged', dueOn: null, dueMileage: 16_000, readings: [], today: '2026-02-01', status: 'ok', dueDay: null },
    { name: 'whichever first: the mileage', dueOn: '2026-12-01', dueMileage: 14_500, readings: hundredADay, today: '2026-02-01', status: 'due_soon', dueDay: '2026-02-15' },
    { name: 'whichever first: the date', dueOn: '2026-01-15', dueMileage: 50_000, readings: hundredADay, today: '2026-02-01', status: 'overdue', dueDay: '2026-01-15' },
  ] as const)('$name', ({ dueOn, dueMileage, readings, today, status, dueDay }) => {
    const due = serviceDue({ dueOn, dueMileage, readings, today });
    expect(due.status).toBe(status);
    expect(due.dueOn).toBe(dueDay);
  });
});
