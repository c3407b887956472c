import { describe, expect, it } from 'vitest';
import { calendarFile, foldIcsLine, icsDateTime, icsText } from './icalendar.ts';

describe('icalendar', () => {
  it.each([
    ['plain', 'Brake check', 'Brake check'],
    ['comma, semicolon, backslash', 'Oil; filter, and C:\\tmp', 'Oil\\; filter\\, and C:\\\\tmp'],
    ['new lines of every kind', 'a\r\nb\nc\rd', 'a\\nb\\nc\\nd'],
    ['control characters dropped', 'a\u0000b\u0007c', 'abc'],
  ])('escapes TEXT: %s', (_name, input, output) => expect(icsText(input)).toBe(output));

  it('writes UTC date-times', () => {
    expect(icsDateTime(new Date('2026-11-27T09:05:00.000Z'))).toBe('20261127T090500Z');
  });

  it('folds at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldIcsLine('SHORT:x')).toBe('SHORT:x');
  });

  it('a whole file: CRLF lines, one event, UTC times', () => {
    const text = calendarFile({
      uid: 'abc@till',
      start: new Date('2026-11-27T10:00:00Z'),
      end: new Date('2026-11-27T11:00:00Z'),
      stamp: new Date('2026-11-26T16:00:00Z'),
      summary: 'Brake check, Ann',
      description: 'Bring the keys\nThanks',
      status: 'CONFIRMED',
      sequence: 2,
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').slice(0, -1)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Till//Appointments//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:abc@till',
      'DTSTAMP:20261126T160000Z',
      'DTSTART:20261127T100000Z',
      'DTEND:20261127T110000Z',
      'SUMMARY:Brake check\\, Ann',
      'DESCRIPTION:Bring the keys\\nThanks',
      'STATUS:CONFIRMED',
      'SEQUENCE:2',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
  });
});
