import { addDays } from './insight/dates.ts';
import { dayInZone, minuteOfDayInZone, zonedInstant } from './zoned-days.ts';

/**
 * The AI modules' nightly training (issue 15, decision 061): each business whose AI modules are on
 * (reporting_analytics) gets one training a local night, between 02:00 and 05:00 on its own clocks,
 * when the till is closed in most shops. A night is named by the local day its window falls on
 * (the morning's date), and the server claims a training by (business, 'nightly', that day), so
 * a night is trained once however many app processes look, and a window that happens twice when
 * the clocks go back (02:00–03:00 in Europe) is still one night. On a night the clocks go forward
 * across the window (02:00→03:00 in North America) the window is what is left of it, 03:00–05:00.
 */
export const NIGHTLY_TRAINING_WINDOW = {
  /** Minutes past local midnight: the window opens at 02:00 … */
  startMinute: 2 * 60,
  /** … and closes at 05:00 (exclusive). */
  endMinute: 5 * 60,
} as const;

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The window as the page shows it: "02:00" and "05:00". */
export const nightlyTrainingWindowText = { start: hhmm(NIGHTLY_TRAINING_WINDOW.startMinute), end: hhmm(NIGHTLY_TRAINING_WINDOW.endMinute) };

/** Whether `now` is inside the business's training window, and which local night that is. */
export function nightlyTrainingNight(now: Date, timeZone: string): { night: string; inWindow: boolean } {
  const minute = minuteOfDayInZone(now, timeZone);
  return { night: dayInZone(now, timeZone), inWindow: minute >= NIGHTLY_TRAINING_WINDOW.startMinute && minute < NIGHTLY_TRAINING_WINDOW.endMinute };
}

/**
 * Whether a nightly training is due now: the modules are on, it is the business's window, and
 * the night has no nightly training yet (`lastNight`: the latest night trained or claimed).
 */
export function nightlyTrainingDue(input: { now: Date; timeZone: string; enabled: boolean; lastNight: string | null }): { due: boolean; night: string } {
  const { night, inWindow } = nightlyTrainingNight(input.now, input.timeZone);
  return { due: input.enabled && inWindow && (input.lastNight === null || input.lastNight < night), night };
}

/**
 * When the next nightly training is to start: tonight's window opening if it is still ahead,
 * `now` while the window is open and tonight is not trained yet, else tomorrow night's opening.
 * A window opening the clocks skip (02:00 on a 02:00→03:00 night) is the first minute after the jump.
 */
export function nextNightlyTrainingAt(input: { now: Date; timeZone: string; lastNight: string | null }): Date {
  const { now, timeZone, lastNight } = input;
  const today = dayInZone(now, timeZone);
  const minute = minuteOfDayInZone(now, timeZone);
  const trained = lastNight !== null && lastNight >= today;
  if (!trained && minute < NIGHTLY_TRAINING_WINDOW.startMinute) {
    const opens = zonedInstant(today, NIGHTLY_TRAINING_WINDOW.startMinute, timeZone);
    // On a night the clocks go back past the opening, it may already have passed once.
    return opens.getTime() > now.getTime() ? opens : now;
  }
  if (!trained && minute < NIGHTLY_TRAINING_WINDOW.endMinute) return now;
  return zonedInstant(addDays(today, 1), NIGHTLY_TRAINING_WINDOW.startMinute, timeZone);
}
