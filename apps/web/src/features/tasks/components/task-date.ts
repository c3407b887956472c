/** "2 Nov 2026" for a calendar day. */
export function formatDueDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year!, month! - 1, date!));
}
