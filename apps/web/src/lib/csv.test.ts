import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes what needs quoting and keeps numbers as numbers', () => {
    expect(toCsv(['Name', 'Net'], [['Mug, blue', 1200], ['Say "hi"', -50], [null, 0]])).toBe('Name,Net\r\n"Mug, blue",1200\r\n"Say ""hi""",-50\r\n,0\r\n');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(toCsv(['Name'], [['=HYPERLINK("x")'], ['+1'], ['-2'], ['@a'], ['plain']])).toBe('Name\r\n"\'=HYPERLINK(""x"")"\r\n\'+1\r\n\'-2\r\n\'@a\r\nplain\r\n');
  });
});
