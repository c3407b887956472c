/**
 * Next-service reminders (issue 18 item 6, decision 038): a vehicle's next service is due by a date,
 * by a mileage, or by whichever comes first. The odometer is only read now and then, so today's
 * mileage is estimated from the readings over time (the average distance per day between the first
 * and the last reading, carried forward from the last one).
 */

export type ServiceDueStatus = 'none' | 'ok' | 'due_soon' | 'overdue';

export interface OdometerPoint {
  reading: number;
  /** The day it was read, YYYY-MM-DD. */
  day: string;
}

export interface ServiceDueInput {
  dueOn: string | null;
  dueMileage: number | null;
  readings: readonly OdometerPoint[];
  /** Today in the business's time zone, YYYY-MM-DD. */
  today: string;
  soonDays?: number;
  soonDistance?: number;
}

export interface ServiceDue {
  status: ServiceDueStatus;
  /** Today's mileage estimated from the readings; null without any reading. */
  estimatedMileage: number | null;
  /** The day the due mileage is expected to be reached; null without a rate. */
  mileageDueOn: string | null;
  /** The earlier of the due date and mileageDueOn. */
  dueOn: string | null;
}

export const SERVICE_DUE_SOON_DAYS = 30;
export const SERVICE_DUE_SOON_DISTANCE = 1000;
const DAY_MS = 86_400_000;

const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export function addDaysTo(day: string, days: number): string {
  return dayString(dayNumber(day) + days);
}

/** The same day of the month `months` later, clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonthsTo(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return dayString(Math.floor(Date.UTC(year, month, Math.min(d, last)) / DAY_MS));
}

/** Distance per day from the first to the last reading; null with fewer than two days apart or going backwards. */
export function dailyDistance(readings: readonly OdometerPoint[]): number | null {
  if (readings.length < 2) return null;
  const sorted = [...readings].sort((a, b) => dayNumber(a.day) - dayNumber(b.day) || a.reading - b.reading);
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const days = dayNumber(last.day) - dayNumber(first.day);
  if (days <= 0 || last.reading < first.reading) return null;
  return (last.reading - first.reading) / days;
}

export function estimateMileage(readings: readonly OdometerPoint[], today: string): number | null {
  if (readings.length === 0) return null;
  const last = [...readings].sort((a, b) => dayNumber(a.day) - dayNumber(b.day) || a.reading - b.reading).at(-1)!;
  const rate = dailyDistance(readings) ?? 0;
  const days = Math.max(0, dayNumber(today) - dayNumber(last.day));
  return Math.round(last.reading + rate * days);
}

/** Whether a vehicle's next service is overdue, due soon (within soonDays or soonDistance), or not yet. */
export function serviceDue(input: ServiceDueInput): ServiceDue {
  const soonDays = input.soonDays ?? SERVICE_DUE_SOON_DAYS;
  const soonDistance = input.soonDistance ?? SERVICE_DUE_SOON_DISTANCE;
  const estimatedMileage = estimateMileage(input.readings, input.today);
  if (input.dueOn === null && input.dueMileage === null) return { status: 'none', estimatedMileage, mileageDueOn: null, dueOn: null };
  const today = dayNumber(input.today);
  let mileageDueOn: string | null = null;
  let status: ServiceDueStatus = 'ok';
  const worse = (next: ServiceDueStatus) => {
    const rank = { none: 0, ok: 1, due_soon: 2, overdue: 3 };
    if (rank[next] > rank[status]) status = next;
  };
  if (input.dueOn !== null) {
    const left = dayNumber(input.dueOn) - today;
    worse(left < 0 ? 'overdue' : left <= soonDays ? 'due_soon' : 'ok');
  }
  if (input.dueMileage !== null && estimatedMileage !== null) {
    const left = input.dueMileage - estimatedMileage;
    worse(left <= 0 ? 'overdue' : left <= soonDistance ? 'due_soon' : 'ok');
    const rate = dailyDistance(input.readings);
    if (rate && rate > 0) {
      mileageDueOn = dayString(today + Math.max(0, Math.ceil(left / rate)));
      if (left > 0 && dayNumber(mileageDueOn) - today <= soonDays) worse('due_soon');
    }
  }
  const candidates = [input.dueOn, mileageDueOn].filter((day): day is string => day !== null).sort();
  return { status, estimatedMileage, mileageDueOn, dueOn: candidates[0] ?? null };
}
