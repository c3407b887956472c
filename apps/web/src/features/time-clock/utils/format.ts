/** How the time clock reads on screen: hours to two decimals as payroll counts them, times on the business's clock. */

const hoursFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 9 → "9.00 h" (in the reader's number format). */
export function formatHours(hours: number | null): string {
  return hours === null ? '—' : `${hoursFormat.format(hours)} h`;
}

/** A running duration: "0 min", "45 min", "3 h 05 min". */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

export interface ZonedFormatters {
  time: (iso: string) => string;
  date: (iso: string) => string;
  /** Two calendar dates as one range, e.g. "Mar 3 – 9, 2025". */
  dayRange: (from: string, to: string) => string;
}

export function zonedFormatters(timeZone: string): ZonedFormatters {
  const time = new Intl.DateTimeFormat(undefined, { timeZone, hour: '2-digit', minute: '2-digit' });
  const date = new Intl.DateTimeFormat(undefined, { timeZone, weekday: 'short', day: 'numeric', month: 'short' });
  // A calendar date has no zone: read it at noon UTC so no offset can move it to another day.
  const range = new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
  const noon = (value: string) => new Date(`${value}T12:00:00Z`);
  return {
    time: (iso) => time.format(new Date(iso)),
    date: (iso) => date.format(new Date(iso)),
    dayRange: (from, to) => range.formatRange(noon(from), noon(to)),
  };
}

/** Minutes of break inside a shift (a break still running counts up to `now`). */
export function breakMinutes(entry: { break_start_time: string | null; break_end_time: string | null; clock_out_time: string | null }, now: number): number | null {
  if (!entry.break_start_time) return null;
  const start = Date.parse(entry.break_start_time);
  const end = entry.break_end_time ? Date.parse(entry.break_end_time) : entry.clock_out_time ? Date.parse(entry.clock_out_time) : now;
  return Math.max(0, Math.round((end - start) / 60_000));
}

/** Time worked so far in an open shift: since clock-in, less the break (a running break up to now). */
export function workedMs(entry: { clock_in_time: string; break_start_time: string | null; break_end_time: string | null; clock_out_time: string | null }, now: number): number {
  const end = entry.clock_out_time ? Date.parse(entry.clock_out_time) : now;
  const pause = breakMinutes(entry, end);
  return Math.max(0, end - Date.parse(entry.clock_in_time) - (pause ?? 0) * 60_000);
}
