/** SPEC §9: hours per shift above which time counts as overtime. */
export const OVERTIME_THRESHOLD_HOURS = 8;
/** A corrected shift may span at most a week: longer is a typing mistake (and would overflow the stored hours). */
export const MAX_SHIFT_HOURS = 7 * 24;

const MS_PER_HOUR = 60 * 60 * 1000;

export interface ShiftTimes {
  clockIn: Date;
  clockOut: Date;
  breakStart?: Date | null | undefined;
  breakEnd?: Date | null | undefined;
}

export interface ShiftHours {
  total_hours: number;
  overtime_hours: number;
}

const roundToHundredths = (value: number): number => Math.round(value * 100) / 100;

function assertValidDate(name: string, value: Date): void {
  if (Number.isNaN(value.getTime())) throw new RangeError(`${name} is not a valid date`);
}

/**
 * SPEC §4 "Ending a shift": worked hours are the elapsed time minus any break, overtime is what
 * lies above the threshold. A break still running when the shift ends lasts until clock-out,
 * and only the part of a break inside the shift is deducted, so a bad break stamp can never
 * make a shift count negative or longer than it was.
 */
export function computeShiftHours(times: ShiftTimes): ShiftHours {
  const { clockIn, clockOut, breakStart, breakEnd } = times;
  assertValidDate('clockIn', clockIn);
  assertValidDate('clockOut', clockOut);
  if (breakStart) assertValidDate('breakStart', breakStart);
  if (breakEnd) assertValidDate('breakEnd', breakEnd);

  const elapsedMs = clockOut.getTime() - clockIn.getTime();
  let breakMs = 0;
  if (breakStart) {
    const from = Math.max(breakStart.getTime(), clockIn.getTime());
    const until = Math.min((breakEnd ?? clockOut).getTime(), clockOut.getTime());
    breakMs = Math.max(0, until - from);
  }

  const total_hours = roundToHundredths(Math.max(0, elapsedMs - breakMs) / MS_PER_HOUR);
  const overtime_hours = roundToHundredths(Math.max(0, total_hours - OVERTIME_THRESHOLD_HOURS));
  return { total_hours, overtime_hours };
}
