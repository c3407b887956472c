/**
 * One event as an RFC 5545 calendar file (an appointment's .ics download, decision 032): times in
 * UTC ("Z" form, so no VTIMEZONE is needed), TEXT values escaped (§3.3.11), lines folded at 75
 * octets without splitting a UTF-8 character (§3.1) and ended with CRLF.
 */
export interface CalendarEvent {
  uid: string;
  start: Date;
  end: Date;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
  summary: string;
  description?: string | undefined;
  location?: string | undefined;
  status?: 'CONFIRMED' | 'CANCELLED' | 'TENTATIVE' | undefined;
  /** Raised each time the appointment changes, so calendars replace the old copy. */
  sequence?: number | undefined;
}

/** 2026-11-27T09:00:00.000Z → 20261127T090000Z */
export function icsDateTime(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** TEXT escaping: backslash, semicolon, comma, and new lines as \n; other control characters dropped. */
export function icsText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '')
  );
}

const encoder = new TextEncoder();

/** Folds one content line into lines of at most 75 octets, continuation lines starting with a space. */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function calendarFile(event: CalendarEvent, productId = '-//Till//Appointments//EN'): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${icsText(event.uid)}`,
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${icsText(event.location)}`] : []),
    ...(event.status ? [`STATUS:${event.status}`] : []),
    ...(event.sequence !== undefined ? [`SEQUENCE:${event.sequence}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}
