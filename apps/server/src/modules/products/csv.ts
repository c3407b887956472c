/**
 * RFC 4180 CSV, small enough to read: quoted fields may hold the delimiter, quotes ("") and
 * line breaks; records end with CRLF, LF or CR. A byte-order mark is ignored. Spreadsheet
 * programs in much of Europe write ';' instead of ','; the delimiter is taken from the header.
 */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    /** 1-based record number where the problem is. */
    readonly record: number,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

export type CsvDelimiter = ',' | ';' | '\t';

/** The delimiter of the header line: the most frequent of , ; and tab outside quotes (comma on a tie). */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let inQuotes = false;
  for (const character of text) {
    if (character === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (character === '\n' || character === '\r')) break;
    else if (!inQuotes && character in counts) counts[character as CsvDelimiter] += 1;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t';
  return ',';
}

export function parseCsv(input: string, delimiter: CsvDelimiter = ','): string[][] {
  return [...csvRecords(input, delimiter)];
}

/** The records one at a time, so that a caller can let other work run between them. */
export function* csvRecords(input: string, delimiter: CsvDelimiter = ','): Generator<string[], void, undefined> {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  let count = 0;
  let record: string[] = [];
  let field = '';
  // 'start': nothing read in this field yet; 'plain': unquoted text; 'quoted': inside quotes; 'closed': after the closing quote.
  let state: 'start' | 'plain' | 'quoted' | 'closed' = 'start';
  let quoteOpenedAt = 0;

  const endField = () => {
    record.push(field);
    field = '';
    state = 'start';
  };
  const endRecord = () => {
    endField();
    const done = record;
    record = [];
    count += 1;
    return done;
  };

  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (state === 'quoted') {
      if (character === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else {
          state = 'closed';
        }
      } else {
        field += character;
      }
      continue;
    }
    if (character === delimiter) {
      endField();
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index += 1;
      yield endRecord();
    } else if (state === 'closed') {
      throw new CsvSyntaxError(`Text after a closing quote; put the whole field in quotes and write a quote inside it as ""`, count + 1);
    } else if (character === '"' && state === 'start') {
      state = 'quoted';
      quoteOpenedAt = count + 1;
    } else {
      // A quote inside an unquoted field is taken as it is, as spreadsheet programs do.
      field += character;
      state = 'plain';
    }
  }
  if (state === 'quoted') throw new CsvSyntaxError('A quoted field is never closed', quoteOpenedAt);
  // A last record without a line break at the end of the file.
  if (state !== 'start' || record.length > 0) yield endRecord();
}

function csvCell(value: string, delimiter: CsvDelimiter): string {
  return value.includes(delimiter) || /["\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(rows: string[][], delimiter: CsvDelimiter = ','): string {
  return rows.map((row) => row.map((value) => csvCell(value, delimiter)).join(delimiter)).join('\r\n') + '\r\n';
}

/**
 * A text cell a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) gets an
 * apostrophe in front on export; on import the apostrophe is taken off again.
 */
export function protectFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function unprotectFormula(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}
