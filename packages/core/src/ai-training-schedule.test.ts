import { describe, expect, it } from 'vitest';
import { nextNightlyTrainingAt, nightlyTrainingDue, nightlyTrainingNight, nightlyTrainingWindowText } from './ai-training-schedule.ts';

describe('nightlyTrainingNight: the window is 02:00–05:00 on the business’s own clocks, named by its local day', () => {
  it.each([
    // zone, instant (UTC), local night, in the window
    ['UTC', '2026-11-27T01:59:00Z', '2026-11-27', false],
    ['UTC', '2026-11-27T02:00:00Z', '2026-11-27', true],
    ['UTC', '2026-11-27T04:59:59Z', '2026-11-27', true],
    ['UTC', '2026-11-27T05:00:00Z', '2026-11-27', false],
    // West of Greenwich: 02:30 PST is 10:30 UTC.
    ['America/Los_Angeles', '2026-11-27T10:30:00Z', '2026-11-27', true],
    ['America/Los_Angeles', '2026-11-27T13:00:00Z', '2026-11-27', false],
    ['Pacific/Pago_Pago', '2026-11-27T13:00:00Z', '2026-11-27', true], // UTC−11
    // East of Greenwich the night is already the next day while UTC is still on the 26th.
    ['Pacific/Auckland', '2026-11-26T13:00:00Z', '2026-11-27', true], // NZDT, UTC+13
    ['Pacific/Kiritimati', '2026-11-26T12:00:00Z', '2026-11-27', true], // UTC+14
    ['Asia/Kolkata', '2026-11-26T20:30:00Z', '2026-11-27', true], // UTC+5:30: 02:00
    ['Asia/Kolkata', '2026-11-26T20:29:00Z', '2026-11-27', false], // 01:59
    // New York, clocks forward 02:00 EST → 03:00 EDT: the window is 03:00–05:00 that night.
    ['America/New_York', '2026-03-08T06:59:00Z', '2026-03-08', false], // 01:59 EST
    ['America/New_York', '2026-03-08T07:00:00Z', '2026-03-08', true], // 03:00 EDT
    ['America/New_York', '2026-03-08T08:59:00Z', '2026-03-08', true], // 04:59 EDT
    ['America/New_York', '2026-03-08T09:00:00Z', '2026-03-08', false], // 05:00 EDT
    // New York, clocks back 02:00 EDT → 01:00 EST: 01:30 happens twice, both before the window.
    ['America/New_York', '2026-11-01T05:30:00Z', '2026-11-01', false], // 01:30 EDT
    ['America/New_York', '2026-11-01T06:30:00Z', '2026-11-01', false], // 01:30 EST
    ['America/New_York', '2026-11-01T07:00:00Z', '2026-11-01', true], // 02:00 EST
    // Berlin, clocks back 03:00 CEST → 02:00 CET: 02:30 happens twice, both in the same night.
    ['Europe/Berlin', '2026-10-25T00:30:00Z', '2026-10-25', true], // 02:30 CEST
    ['Europe/Berlin', '2026-10-25T01:30:00Z', '2026-10-25', true], // 02:30 CET
    ['Europe/Berlin', '2026-10-25T03:59:00Z', '2026-10-25', true], // 04:59 CET
    ['Europe/Berlin', '2026-10-25T04:00:00Z', '2026-10-25', false], // 05:00 CET
    // London, clocks forward 01:00 GMT → 02:00 BST: the window opens at the jump.
    ['Europe/London', '2026-03-29T00:59:00Z', '2026-03-29', false],
    ['Europe/London', '2026-03-29T01:00:00Z', '2026-03-29', true], // 02:00 BST
    // Auckland, clocks forward 02:00 NZST → 03:00 NZDT.
    ['Pacific/Auckland', '2026-09-26T13:59:00Z', '2026-09-27', false], // 01:59 NZST
    ['Pacific/Auckland', '2026-09-26T14:00:00Z', '2026-09-27', true], // 03:00 NZDT
  ])('%s at %s: night %s, in the window %s', (timeZone, instant, night, inWindow) => {
    expect(nightlyTrainingNight(new Date(instant), timeZone)).toEqual({ night, inWindow });
  });

  it('shows the window as wall-clock times', () => {
    expect(nightlyTrainingWindowText).toEqual({ start: '02:00', end: '05:00' });
  });
});

describe('nightlyTrainingDue: once a night, only with the modules on', () => {
  const at = (instant: string) => new Date(instant);
  it.each([
    // instant, zone, modules on, last night trained, due
    ['2026-11-27T03:00:00Z', 'UTC', true, null, true],
    ['2026-11-27T03:00:00Z', 'UTC', true, '2026-11-26', true],
    ['2026-11-27T03:00:00Z', 'UTC', true, '2026-11-27', false], // already trained tonight
    ['2026-11-27T03:00:00Z', 'UTC', false, null, false], // the modules are off
    ['2026-11-27T06:00:00Z', 'UTC', true, '2026-11-26', false], // the window has closed
    ['2026-11-26T13:30:00Z', 'Pacific/Auckland', true, '2026-11-26', true], // 02:30 on the 27th there
    ['2026-11-26T13:30:00Z', 'Pacific/Auckland', true, '2026-11-27', false],
    // Berlin's repeated 02:30: the first pass trains the night, the second finds it trained.
    ['2026-10-25T00:30:00Z', 'Europe/Berlin', true, '2026-10-24', true],
    ['2026-10-25T01:30:00Z', 'Europe/Berlin', true, '2026-10-25', false],
  ])('at %s in %s (on %s, last %s): due %s', (instant, timeZone, enabled, lastNight, due) => {
    const result = nightlyTrainingDue({ now: at(instant), timeZone, enabled, lastNight });
    expect(result.due).toBe(due);
  });

  it('names the night by the local day, not the UTC one', () => {
    expect(nightlyTrainingDue({ now: at('2026-11-26T20:45:00Z'), timeZone: 'Asia/Kolkata', enabled: true, lastNight: null })).toEqual({ due: true, night: '2026-11-27' });
  });
});

describe('nextNightlyTrainingAt', () => {
  it.each([
    // now (UTC), zone, last night, next start (UTC)
    ['2026-11-27T00:00:00Z', 'UTC', '2026-11-26', '2026-11-27T02:00:00.000Z'], // tonight's window ahead
    ['2026-11-27T03:00:00Z', 'UTC', '2026-11-26', '2026-11-27T03:00:00.000Z'], // open and not trained: now
    ['2026-11-27T03:00:00Z', 'UTC', '2026-11-27', '2026-11-28T02:00:00.000Z'], // trained: tomorrow
    ['2026-11-27T06:00:00Z', 'UTC', '2026-11-26', '2026-11-28T02:00:00.000Z'], // missed: tomorrow
    ['2026-11-26T12:00:00Z', 'Pacific/Auckland', '2026-11-26', '2026-11-26T13:00:00.000Z'], // 02:00 NZDT on the 27th
    ['2026-11-27T00:00:00Z', 'Asia/Kolkata', '2026-11-27', '2026-11-27T20:30:00.000Z'], // 02:00 IST on the 28th
    ['2026-11-27T00:00:00Z', 'Pacific/Pago_Pago', null, '2026-11-27T13:00:00.000Z'], // 02:00 SST on the 27th
    // New York's 02:00 does not happen on 8 March: the window opens at 03:00 EDT.
    ['2026-03-08T05:00:00Z', 'America/New_York', '2026-03-07', '2026-03-08T07:00:00.000Z'],
    ['2026-03-07T12:00:00Z', 'America/New_York', '2026-03-07', '2026-03-08T07:00:00.000Z'],
    // 1 November: 02:00 EST, after the repeated hour.
    ['2026-10-31T12:00:00Z', 'America/New_York', '2026-10-31', '2026-11-01T07:00:00.000Z'],
    // Berlin's 02:00 happens twice on 25 October: the first one (CEST).
    ['2026-10-24T12:00:00Z', 'Europe/Berlin', '2026-10-24', '2026-10-25T00:00:00.000Z'],
  ])('at %s in %s (last %s): %s', (now, timeZone, lastNight, next) => {
    expect(nextNightlyTrainingAt({ now: new Date(now), timeZone, lastNight }).toISOString()).toBe(next);
  });
});
