const number = new Intl.NumberFormat();
const signed = new Intl.NumberFormat(undefined, { signDisplay: 'exceptZero' });

export const formatUnits = (value: number) => number.format(value);
export const formatSigned = (value: number) => signed.format(value);

/** A moment in the business's time zone. */
export function formatMoment(iso: string, timeZone: string | undefined) {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
}

/** Today as YYYY-MM-DD in the business's time zone. */
export function localToday(timeZone: string | undefined, offsetDays = 0) {
  const at = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(at);
}

export const selectClass = 'h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm';
