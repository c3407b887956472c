import { saveFile } from './save-file';

/**
 * CSV for spreadsheet programs (RFC 4180: commas, CRLF, quotes doubled). A text cell that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe;
 * numbers stay numbers.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'yes' : 'no';
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(cellText).join(',')).join('\r\n') + '\r\n';
}

/** Hands a CSV text to the browser as a file download (with a BOM, so Excel reads UTF-8). */
export function downloadCsv(fileName: string, csv: string): void {
  saveFile(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
