import { badRequest } from '../app-error.ts';
import { drawBarcode, type BarcodeSpec } from './barcode.ts';
import { createFormatter, type Formatter } from './format.ts';
import { cleanText, createPdf, FONT, type Pdf } from './pdf.ts';
import { mm, PAGE_SIZES, type PageFormat } from './units.ts';

// ── The declarative form every document is written in ──────────────────────────────────────

export type TextAlign = 'left' | 'center' | 'right';

/**
 * What a table column holds. `money` cells are integer minor units, `quantity` plain numbers,
 * `rate` basis points (2000 = 20%); all three are formatted in the document's locale and
 * right-aligned. `text` cells are strings, wrapped to the column.
 */
export type ColumnKind = 'text' | 'money' | 'quantity' | 'rate';

export interface TableColumn {
  header: string;
  kind?: ColumnKind;
  /** Share of the width left after the number columns take what they need (text columns; default 1). */
  weight?: number;
  align?: TextAlign;
}

/** A cell: a string or number (by its column's kind), empty (null), or text with a small grey second line. */
export type TableCell = string | number | null | { text: string; detail?: string; bold?: boolean };

export interface KeyValueRow {
  label: string;
  /** One of: text, an amount in minor units, or a date (YYYY-MM-DD or an ISO timestamp). */
  value?: string;
  amount?: number;
  date?: string;
  strong?: boolean;
}

export interface TotalsRow {
  label: string;
  amount: number;
  /** The grand total: bold, larger, with a rule above. */
  strong?: boolean;
}

export type Section =
  /** Level 1 is the document's title; 2 a section of it (a Z report's "Payments"); 3 a small caption. */
  | { kind: 'heading'; text: string; level?: 1 | 2 | 3; align?: TextAlign }
  /** A paragraph; `\n` breaks lines. */
  | { kind: 'text'; text: string; size?: 'normal' | 'small' | 'large'; align?: TextAlign; bold?: boolean; muted?: boolean }
  /** Label on the left, value on the right (amounts and dates formatted). */
  | { kind: 'key-value'; rows: KeyValueRow[] }
  /** Rows never split; a table longer than a page repeats its header row on the next. */
  | { kind: 'table'; columns: TableColumn[]; rows: TableCell[][] }
  /** Subtotal / tax / total lines: the right part of an A4 page, the full width of a receipt. */
  | { kind: 'totals'; rows: TotalsRow[] }
  /** Side by side on A4 (seller and buyer, say); one under the other on a receipt. */
  | { kind: 'columns'; columns: Section[][] }
  /** A PNG or JPEG (a logo), fitted into the box keeping its proportions. */
  | { kind: 'image'; data: Buffer | Uint8Array; width_mm: number; height_mm: number; align?: TextAlign }
  | { kind: 'barcode'; barcode: BarcodeSpec; width_mm: number; height_mm: number; align?: TextAlign; human_readable?: boolean }
  | { kind: 'rule' }
  | { kind: 'spacer'; height_mm?: number }
  | { kind: 'page-break' };

export interface SectionsInput {
  page: PageFormat;
  /** ISO 4217 code; money in sections is in its minor units. */
  currency: string;
  /** BCP 47 locale for numbers, money and dates, e.g. "de-DE". */
  locale: string;
  /** IANA zone for timestamps; default UTC. */
  time_zone?: string;
  /** The PDF's title (shown by viewers) and author (the business). */
  title: string;
  author?: string;
  sections: Section[];
  /** Printed at the foot of every A4 page, or at the end of a receipt. */
  footer?: string;
  /** "Page 1 of 2" at the foot of A4 pages; default true. */
  page_numbers?: boolean;
  /** Wording of the page numbers, for documents in another language. */
  page_label?: (page: number, pages: number) => string;
}

// ── Layout ──────────────────────────────────────────────────────────────────────────────────

interface Style {
  size: number;
  small: number;
  large: number;
  headings: Record<1 | 2 | 3, number>;
  lineGap: number;
  gap: number;
  padX: number;
  padY: number;
  text: string;
  muted: string;
  rule: string;
  hairline: string;
  margins: { top: number; bottom: number; side: number };
  /** Room kept at the foot of each page for the footer and page number. */
  foot: number;
}

const STYLES: Record<PageFormat, Style> = {
  a4: {
    size: 9.5,
    small: 8,
    large: 11,
    headings: { 1: 20, 2: 12, 3: 10 },
    lineGap: 1,
    gap: 10,
    padX: 4,
    padY: 3,
    text: '#111111',
    muted: '#555555',
    rule: '#333333',
    hairline: '#d4d4d4',
    margins: { top: mm(15), bottom: mm(12), side: mm(18) },
    foot: mm(10),
  },
  // Thermal printers print black or nothing: no greys on a receipt.
  'receipt-80mm': {
    size: 8.5,
    small: 7.5,
    large: 10,
    headings: { 1: 13, 2: 9.5, 3: 8.5 },
    lineGap: 1,
    gap: 7,
    padX: 1.5,
    padY: 1.5,
    text: '#000000',
    muted: '#000000',
    rule: '#000000',
    hairline: '#000000',
    margins: { top: mm(4), bottom: mm(6), side: mm(4) },
    foot: 0,
  },
};

/** PDF viewers refuse pages taller than 200 inches; a longer receipt continues on a second page. */
const MAX_PAGE_HEIGHT = 14_400;

interface Ctx {
  pdf: Pdf;
  doc: PDFKit.PDFDocument;
  page: PageFormat;
  style: Style;
  format: Formatter;
  /** Measuring only (a receipt's first pass): nothing is drawn. */
  dry: boolean;
}

interface TextStyle {
  font?: string;
  size?: number;
  color?: string;
  align?: TextAlign;
}

function textHeight(ctx: Ctx, text: string, width: number, style: TextStyle = {}): number {
  if (!text) return 0;
  ctx.doc.font(style.font ?? FONT.regular).fontSize(style.size ?? ctx.style.size);
  return ctx.doc.heightOfString(text, { width, lineGap: ctx.style.lineGap });
}

function textWidth(ctx: Ctx, text: string, style: TextStyle = {}): number {
  ctx.doc.font(style.font ?? FONT.regular).fontSize(style.size ?? ctx.style.size);
  return ctx.doc.widthOfString(text);
}

function drawText(ctx: Ctx, text: string, x: number, y: number, width: number, style: TextStyle = {}): void {
  if (ctx.dry || !text) return;
  ctx.doc
    .font(style.font ?? FONT.regular)
    .fontSize(style.size ?? ctx.style.size)
    .fillColor(style.color ?? ctx.style.text)
    .text(text, x, y, { width, align: style.align ?? 'left', lineGap: ctx.style.lineGap, height: 1e6 });
}

function hline(ctx: Ctx, x: number, y: number, width: number, color: string, weight = 0.5): void {
  if (ctx.dry) return;
  ctx.doc.save().moveTo(x, y).lineTo(x + width, y).lineWidth(weight).strokeColor(color).stroke().restore();
}

const alignedX = (x: number, width: number, inner: number, align: TextAlign = 'left') =>
  align === 'center' ? x + (width - inner) / 2 : align === 'right' ? x + width - inner : x;

// Each section kind: how tall it is at a width, and how it draws. Tables also split (below).

function headingStyle(ctx: Ctx, level: 1 | 2 | 3): TextStyle {
  return { font: FONT.bold, size: ctx.style.headings[level], color: level === 3 ? ctx.style.muted : ctx.style.text };
}

function paragraphStyle(ctx: Ctx, section: Extract<Section, { kind: 'text' }>): TextStyle {
  const size = section.size === 'small' ? ctx.style.small : section.size === 'large' ? ctx.style.large : ctx.style.size;
  return { font: section.bold ? FONT.bold : FONT.regular, size, color: section.muted ? ctx.style.muted : ctx.style.text, align: section.align ?? 'left' };
}

function keyValueText(ctx: Ctx, row: KeyValueRow): string {
  if (row.amount !== undefined) return ctx.format.money(row.amount);
  if (row.date !== undefined) return ctx.format.date(row.date);
  return cleanText(row.value ?? '');
}

/** Label and value on one line when they fit, else the value's room is what its text needs (max 60%). */
function keyValueRow(ctx: Ctx, row: KeyValueRow, width: number) {
  const style: TextStyle = { font: row.strong ? FONT.bold : FONT.regular, size: row.strong ? ctx.style.large : ctx.style.size };
  const value = keyValueText(ctx, row);
  const valueWidth = Math.min(width * 0.6, textWidth(ctx, value, style) + 1);
  const labelWidth = Math.max(width - valueWidth - ctx.style.padX * 2, width * 0.4);
  const label = cleanText(row.label);
  const height = Math.max(textHeight(ctx, label, labelWidth, { ...style, font: FONT.regular }), textHeight(ctx, value, width - labelWidth - ctx.style.padX, style));
  return { style, value, label, labelWidth, height };
}

function totalsWidth(ctx: Ctx, width: number): number {
  return ctx.page === 'a4' ? Math.min(width, Math.max(mm(75), width * 0.45)) : width;
}

function totalsRowHeight(ctx: Ctx, row: TotalsRow): number {
  const size = row.strong ? ctx.style.large + 1 : ctx.style.size;
  return textHeight(ctx, 'Ag', 1000, { font: FONT.bold, size }) + (row.strong ? ctx.style.padY * 2 + 2 : ctx.style.padY);
}

function imageBox(ctx: Ctx, section: Extract<Section, { kind: 'image' }>) {
  let image: { width: number; height: number };
  try {
    // pdfkit caches opened images by their bytes, so measuring and drawing decode once.
    const open = (ctx.doc as unknown as { openImage(data: Buffer): { width: number; height: number } }).openImage;
    image = open.call(ctx.doc, Buffer.from(section.data));
  } catch {
    throw badRequest('invalid_image', 'The image is not a PNG or JPEG file');
  }
  const scale = Math.min(mm(section.width_mm) / image.width, mm(section.height_mm) / image.height);
  return { width: image.width * scale, height: image.height * scale };
}

function measure(ctx: Ctx, section: Section, width: number): number {
  switch (section.kind) {
    case 'heading':
      return textHeight(ctx, cleanText(section.text), width, headingStyle(ctx, section.level ?? 1));
    case 'text':
      return textHeight(ctx, cleanText(section.text), width, paragraphStyle(ctx, section));
    case 'key-value':
      return section.rows.reduce((sum, row) => sum + keyValueRow(ctx, row, width).height + ctx.style.padY, 0);
    case 'totals':
      return section.rows.reduce((sum, row) => sum + totalsRowHeight(ctx, row), 0);
    case 'table': {
      const table = tableLayout(ctx, section, width);
      return table.headerHeight + table.rowHeights.reduce((sum, height) => sum + height, 0);
    }
    case 'columns':
      return columnsLayout(ctx, section, width).height;
    case 'image':
      return imageBox(ctx, section).height;
    case 'barcode':
      return mm(section.height_mm);
    case 'rule':
      return 1;
    case 'spacer':
      return mm(section.height_mm ?? 4);
    case 'page-break':
      return 0;
  }
}

function draw(ctx: Ctx, section: Section, x: number, y: number, width: number): void {
  switch (section.kind) {
    case 'heading':
      drawText(ctx, cleanText(section.text), x, y, width, { ...headingStyle(ctx, section.level ?? 1), align: section.align ?? 'left' });
      return;
    case 'text':
      drawText(ctx, cleanText(section.text), x, y, width, paragraphStyle(ctx, section));
      return;
    case 'key-value': {
      let top = y;
      for (const row of section.rows) {
        const layout = keyValueRow(ctx, row, width);
        drawText(ctx, layout.label, x, top, layout.labelWidth, { size: layout.style.size, color: ctx.style.muted });
        drawText(ctx, layout.value, x + layout.labelWidth + ctx.style.padX, top, width - layout.labelWidth - ctx.style.padX, { ...layout.style, align: 'right' });
        top += layout.height + ctx.style.padY;
      }
      return;
    }
    case 'totals': {
      const boxWidth = totalsWidth(ctx, width);
      const left = x + width - boxWidth;
      let top = y;
      for (const row of section.rows) {
        const size = row.strong ? ctx.style.large + 1 : ctx.style.size;
        if (row.strong) {
          hline(ctx, left, top + 1, boxWidth, ctx.style.rule, 0.8);
          top += ctx.style.padY + 2;
        }
        const style: TextStyle = { font: row.strong ? FONT.bold : FONT.regular, size };
        const amount = ctx.format.money(row.amount);
        const amountWidth = textWidth(ctx, amount, style) + 1;
        drawText(ctx, cleanText(row.label), left, top, boxWidth - amountWidth - ctx.style.padX, { ...style, color: row.strong ? ctx.style.text : ctx.style.muted });
        drawText(ctx, amount, left + boxWidth - amountWidth, top, amountWidth, { ...style, align: 'right' });
        top += totalsRowHeight(ctx, row) - (row.strong ? ctx.style.padY + 2 : 0);
      }
      return;
    }
    case 'table': {
      const table = tableLayout(ctx, section, width);
      drawTableHeader(ctx, table, x, y);
      let top = y + table.headerHeight;
      table.rows.forEach((_, index) => {
        drawTableRow(ctx, table, index, x, top);
        top += table.rowHeights[index] ?? 0;
      });
      return;
    }
    case 'columns': {
      const layout = columnsLayout(ctx, section, width);
      layout.columns.forEach((column, index) => {
        let top = y;
        column.forEach((child, childIndex) => {
          if (childIndex > 0) top += spaceBefore(ctx, child, column[childIndex - 1]);
          draw(ctx, child, (layout.stacked ? x : x + index * (layout.width + layout.gap)), top + (layout.stacked ? layout.offsets[index]! : 0), layout.width);
          top += measure(ctx, child, layout.width);
        });
      });
      return;
    }
    case 'image': {
      const box = imageBox(ctx, section);
      if (!ctx.dry) ctx.doc.image(Buffer.from(section.data), alignedX(x, width, box.width, section.align), y, { width: box.width, height: box.height });
      return;
    }
    case 'barcode': {
      const boxWidth = Math.min(width, mm(section.width_mm));
      if (ctx.dry) return;
      drawBarcode(ctx.pdf, section.barcode, {
        x: alignedX(x, width, boxWidth, section.align),
        y,
        width: boxWidth,
        height: mm(section.height_mm),
        humanReadable: section.human_readable !== false,
      });
      return;
    }
    case 'rule':
      hline(ctx, x, y + 0.5, width, ctx.style.rule, 0.6);
      return;
    case 'spacer':
    case 'page-break':
      return;
  }
}

// ── Columns ───────────────────────────────────────────────────────────────────────────────

function columnsLayout(ctx: Ctx, section: Extract<Section, { kind: 'columns' }>, width: number) {
  const count = Math.max(1, section.columns.length);
  const stacked = ctx.page !== 'a4';
  const gap = stacked ? ctx.style.gap : mm(8);
  const columnWidth = stacked ? width : (width - gap * (count - 1)) / count;
  const heights = section.columns.map((column) =>
    column.reduce((sum, child, index) => sum + (index > 0 ? spaceBefore(ctx, child, column[index - 1]) : 0) + measure(ctx, child, columnWidth), 0),
  );
  const offsets: number[] = [];
  let running = 0;
  for (const height of heights) {
    offsets.push(running);
    running += height + gap;
  }
  const height = stacked ? Math.max(0, running - gap) : Math.max(0, ...heights);
  return { columns: section.columns, width: columnWidth, gap, stacked, offsets, height };
}

// ── Tables ──────────────────────────────────────────────────────────────────────────────────

interface TableLayout {
  columns: (TableColumn & { width: number; align: TextAlign })[];
  headers: string[];
  rows: { text: string; detail: string; bold: boolean }[][];
  headerHeight: number;
  rowHeights: number[];
}

function cellText(ctx: Ctx, column: TableColumn, cell: TableCell): { text: string; detail: string; bold: boolean } {
  if (cell === null || cell === undefined) return { text: '', detail: '', bold: false };
  if (typeof cell === 'object') return { text: cleanText(cell.text), detail: cleanText(cell.detail ?? ''), bold: cell.bold ?? false };
  if (typeof cell === 'string') return { text: cleanText(cell), detail: '', bold: false };
  switch (column.kind ?? 'text') {
    case 'money':
      return { text: ctx.format.money(cell), detail: '', bold: false };
    case 'quantity':
      return { text: ctx.format.quantity(cell), detail: '', bold: false };
    case 'rate':
      return { text: ctx.format.rate(cell), detail: '', bold: false };
    case 'text':
      return { text: String(cell), detail: '', bold: false };
  }
}

const tableCache = new WeakMap<object, Map<number, TableLayout>>();

function tableLayout(ctx: Ctx, section: Extract<Section, { kind: 'table' }>, width: number): TableLayout {
  const cached = tableCache.get(section)?.get(width);
  if (cached) return cached;
  const { padX, padY, small } = ctx.style;
  const headers = section.columns.map((column) => cleanText(column.header));
  const rows = section.rows.map((row) => section.columns.map((column, index) => cellText(ctx, column, row[index] ?? null)));
  const isNumber = (column: TableColumn) => (column.kind ?? 'text') !== 'text';

  // Number columns get the width of their widest cell; text columns share what is left.
  const natural = section.columns.map((column, index) => {
    if (!isNumber(column)) return 0;
    let widest = textWidth(ctx, headers[index] ?? '', { font: FONT.bold, size: small });
    for (const row of rows) {
      const cell = row[index]!;
      widest = Math.max(widest, textWidth(ctx, cell.text, { font: cell.bold ? FONT.bold : FONT.regular }));
    }
    return widest + padX * 2 + 1;
  });
  const fixed = natural.reduce((sum, value) => sum + value, 0);
  const textColumns = section.columns.filter((column) => !isNumber(column));
  const minText = textColumns.length ? width * 0.3 : 0;
  // Too wide: number columns shrink (their text wraps). All numbers on a receipt: they fill the roll.
  const shrink = fixed > width - minText ? (width - minText) / fixed : !textColumns.length && ctx.page !== 'a4' ? width / fixed : 1;
  const left = width - fixed * shrink;
  const weights = textColumns.reduce((sum, column) => sum + (column.weight ?? 1), 0) || 1;
  const columns = section.columns.map((column, index) => ({
    ...column,
    align: column.align ?? (isNumber(column) ? 'right' : 'left'),
    width: isNumber(column) ? natural[index]! * shrink : (left * (column.weight ?? 1)) / weights,
  }));

  const inner = (index: number) => Math.max(1, columns[index]!.width - padX * 2);
  const headerHeight = Math.max(...headers.map((header, index) => textHeight(ctx, header, inner(index), { font: FONT.bold, size: small }))) + padY * 2 + 1;
  const rowHeights = rows.map(
    (row) =>
      Math.max(
        ...row.map(
          (cell, index) =>
            textHeight(ctx, cell.text || ' ', inner(index), { font: cell.bold ? FONT.bold : FONT.regular }) +
            (cell.detail ? textHeight(ctx, cell.detail, inner(index), { size: small }) : 0),
        ),
      ) +
      padY * 2,
  );
  const layout: TableLayout = { columns, headers, rows, headerHeight, rowHeights };
  if (!tableCache.has(section)) tableCache.set(section, new Map());
  tableCache.get(section)!.set(width, layout);
  return layout;
}

function drawTableHeader(ctx: Ctx, table: TableLayout, x: number, y: number): void {
  let left = x;
  table.columns.forEach((column, index) => {
    drawText(ctx, table.headers[index] ?? '', left + ctx.style.padX, y + ctx.style.padY, column.width - ctx.style.padX * 2, {
      font: FONT.bold,
      size: ctx.style.small,
      color: ctx.style.muted,
      align: column.align,
    });
    left += column.width;
  });
  hline(ctx, x, y + table.headerHeight - 0.5, left - x, ctx.style.rule, 0.8);
}

function drawTableRow(ctx: Ctx, table: TableLayout, index: number, x: number, y: number): void {
  const row = table.rows[index]!;
  let left = x;
  table.columns.forEach((column, columnIndex) => {
    const cell = row[columnIndex]!;
    const inner = column.width - ctx.style.padX * 2;
    const style: TextStyle = { font: cell.bold ? FONT.bold : FONT.regular, align: column.align };
    drawText(ctx, cell.text, left + ctx.style.padX, y + ctx.style.padY, inner, style);
    if (cell.detail) {
      const below = textHeight(ctx, cell.text || ' ', inner, style);
      drawText(ctx, cell.detail, left + ctx.style.padX, y + ctx.style.padY + below, inner, { size: ctx.style.small, color: ctx.style.muted, align: column.align });
    }
    left += column.width;
  });
  if (ctx.page === 'a4') hline(ctx, x, y + (table.rowHeights[index] ?? 0) - 0.25, left - x, ctx.style.hairline, 0.5);
}

// ── Flow: sections down the page, new pages as needed ───────────────────────────────────────

function spaceBefore(ctx: Ctx, section: Section, previous?: Section): number {
  // What follows a heading belongs to it: it sits close under it.
  if (previous?.kind === 'heading') return (previous.level ?? 1) === 1 ? ctx.style.gap * 0.5 : ctx.style.gap * 0.3;
  if (section.kind === 'heading') return (section.level ?? 1) === 1 ? ctx.style.gap : ctx.style.gap * 1.4;
  if (section.kind === 'rule' || section.kind === 'spacer' || section.kind === 'page-break') return ctx.style.gap / 2;
  return ctx.style.gap;
}

interface Area {
  x: number;
  width: number;
  top: number;
  bottom: number;
}

/** Lays the sections out from the top of the area; returns where the content ends. */
function flow(ctx: Ctx, sections: Section[], area: Area, newPage: () => void): number {
  let y = area.top;
  const atTop = () => y === area.top;
  const room = () => area.bottom - y;
  const breakPage = () => {
    newPage();
    y = area.top;
  };

  sections.forEach((section, index) => {
    if (section.kind === 'page-break') {
      if (!atTop()) breakPage();
      return;
    }
    if (!atTop()) y += spaceBefore(ctx, section, sections[index - 1]);

    if (section.kind === 'table') {
      const table = tableLayout(ctx, section, area.width);
      const first = table.rowHeights[0] ?? 0;
      if (table.headerHeight + first > room() && !atTop()) breakPage();
      drawTableHeader(ctx, table, area.x, y);
      y += table.headerHeight;
      table.rowHeights.forEach((height, rowIndex) => {
        if (height > room()) {
          breakPage();
          drawTableHeader(ctx, table, area.x, y);
          y += table.headerHeight;
        }
        drawTableRow(ctx, table, rowIndex, area.x, y);
        y += height;
      });
      return;
    }

    const height = measure(ctx, section, area.width);
    // A heading stays with the start of what follows it.
    const next = sections[index + 1];
    const keep = section.kind === 'heading' && next && next.kind !== 'page-break' ? Math.min(measure(ctx, next, area.width), 40) + spaceBefore(ctx, next, section) : 0;
    if (height + keep > room() && !atTop()) {
      breakPage();
    }
    draw(ctx, section, area.x, y, area.width);
    y += height;
  });
  return y;
}

let measuringDoc: PDFKit.PDFDocument | null = null;

/** Receipts are as tall as their content: a first pass measures on a scratch page. */
function measuringPdf(): Pdf {
  if (!measuringDoc) {
    const scratch = createPdf({ title: 'measure' });
    scratch.doc.addPage({ size: [PAGE_SIZES['receipt-80mm'].width, MAX_PAGE_HEIGHT], margin: 0 });
    measuringDoc = scratch.doc;
  }
  return { doc: measuringDoc, finish: () => Promise.reject(new Error('the measuring document is never finished')) };
}

/** Renders sections to a PDF: A4 pages with a footer and page numbers, or one 80 mm receipt. */
export async function renderSectionsPdf(input: SectionsInput): Promise<Buffer> {
  const style = STYLES[input.page];
  const format = createFormatter({ currency: input.currency, locale: input.locale, timeZone: input.time_zone ?? 'UTC' });
  const size = PAGE_SIZES[input.page];
  const pdf = createPdf({ title: input.title, author: input.author, bufferPages: input.page === 'a4' });
  const ctx: Ctx = { pdf, doc: pdf.doc, page: input.page, style, format, dry: false };
  const width = size.width - style.margins.side * 2;
  const footer = input.footer ? cleanText(input.footer) : '';

  if (input.page === 'receipt-80mm') {
    const sections: Section[] = footer ? [...input.sections, { kind: 'text', text: footer, size: 'small', align: 'center' }] : input.sections;
    const scratch = measuringPdf();
    const dry: Ctx = { ...ctx, pdf: scratch, doc: scratch.doc, dry: true };
    const end = flow(dry, sections, { x: style.margins.side, width, top: style.margins.top, bottom: Number.POSITIVE_INFINITY }, () => {});
    const height = Math.min(MAX_PAGE_HEIGHT, Math.ceil(end + style.margins.bottom));
    const addPage = () => pdf.doc.addPage({ size: [size.width, height], margin: 0 });
    addPage();
    flow(ctx, sections, { x: style.margins.side, width, top: style.margins.top, bottom: height - style.margins.bottom }, addPage);
    return pdf.finish();
  }

  const pageHeight = size.height ?? 0;
  const addPage = () => pdf.doc.addPage({ size: [size.width, pageHeight], margin: 0 });
  addPage();
  flow(ctx, input.sections, { x: style.margins.side, width, top: style.margins.top, bottom: pageHeight - style.margins.bottom - style.foot }, addPage);

  // The foot of each page: the footer text on the left, "Page n of N" on the right.
  const range = pdf.doc.bufferedPageRange();
  const numbers = input.page_numbers !== false;
  const pageLabel = input.page_label ?? ((page: number, pages: number) => `Page ${page} of ${pages}`);
  for (let index = range.start; index < range.start + range.count; index += 1) {
    pdf.doc.switchToPage(index);
    const top = pageHeight - style.margins.bottom - style.foot + mm(3);
    hline(ctx, style.margins.side, top - mm(1.5), width, style.hairline, 0.5);
    const label = numbers ? pageLabel(index + 1, range.count) : '';
    const labelWidth = label ? textWidth(ctx, label, { size: style.small }) + 2 : 0;
    drawText(ctx, footer, style.margins.side, top, width - labelWidth - mm(6), { size: style.small, color: style.muted });
    if (label) drawText(ctx, label, style.margins.side + width - labelWidth, top, labelWidth, { size: style.small, color: style.muted, align: 'right' });
  }
  pdf.doc.flushPages();
  return pdf.finish();
}
