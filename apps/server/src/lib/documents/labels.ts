import { badRequest } from '../app-error.ts';
import { drawBarcode, type BarcodeSpec } from './barcode.ts';
import { createFormatter } from './format.ts';
import { cleanText, createPdf, FONT, type Pdf } from './pdf.ts';
import { mm } from './units.ts';

/**
 * Label stock, in millimetres. `shelf-38x25` is one 38 × 25 mm label a page, as thermal label
 * printers (Zebra, Brother, Dymo drivers) take them. `a4-3x8` is an A4 sheet of 24 labels of
 * 70 × 37 mm, 3 across and 8 down, no gaps, the columns flush with the sheet's sides and 0.5 mm
 * top and bottom (the Avery 3474 / Herma 4453 layout).
 */
export const LABEL_TEMPLATES = {
  'shelf-38x25': {
    page: { width: 38, height: 25 },
    label: { width: 38, height: 25 },
    columns: 1,
    rows: 1,
    margin: { top: 0, left: 0 },
    gap: { x: 0, y: 0 },
    padding: { x: 1.5, y: 1.2 },
    sizes: { name: 7, price: 13, unit: 5.5, barcodeWidth: 35, barcodeMaxHeight: 11 },
  },
  'a4-3x8': {
    page: { width: 210, height: 297 },
    label: { width: 70, height: 37 },
    columns: 3,
    rows: 8,
    margin: { top: 0.5, left: 0 },
    gap: { x: 0, y: 0 },
    // Laser printers leave about 4 mm unprinted at the sheet's edges.
    padding: { x: 4, y: 3 },
    sizes: { name: 10, price: 20, unit: 7, barcodeWidth: 31, barcodeMaxHeight: 17 },
  },
} as const;

export type LabelTemplate = keyof typeof LABEL_TEMPLATES;

export interface LabelInput {
  name: string;
  /** Integer minor units of `currency`. */
  price: number;
  /** The comparison price as the caller words it: "€2.50 / kg", "£1.10 per 100 g". */
  unit_price_text?: string;
  barcode?: BarcodeSpec;
  /** Copies of this label, one after another (default 1). */
  copies?: number;
}

export interface LabelsInput {
  template: LabelTemplate;
  labels: LabelInput[];
  currency: string;
  locale: string;
  /** Positions left blank at the start of the first sheet (a partly used A4 sheet). */
  skip?: number;
  /** Thin grey outlines around each label, for proofs on plain paper. */
  outline?: boolean;
}

/** At most this many labels in one PDF. */
export const MAX_LABELS = 10_000;

/** Where each label sits: page index and top-left corner in points. */
export function labelPositions(template: LabelTemplate, count: number, skip = 0): { page: number; x: number; y: number }[] {
  const t = LABEL_TEMPLATES[template];
  const perPage = t.columns * t.rows;
  const positions: { page: number; x: number; y: number }[] = [];
  for (let index = skip; index < skip + count; index += 1) {
    const slot = index % perPage;
    const column = slot % t.columns;
    const row = Math.floor(slot / t.columns);
    positions.push({
      page: Math.floor(index / perPage),
      x: mm(t.margin.left + column * (t.label.width + t.gap.x)),
      y: mm(t.margin.top + row * (t.label.height + t.gap.y)),
    });
  }
  return positions;
}

/** The largest size (at most `max`) at which one line of text fits `width`. */
function fittedSize(pdf: Pdf, text: string, font: string, max: number, width: number): number {
  pdf.doc.font(font).fontSize(max);
  const natural = pdf.doc.widthOfString(text);
  return natural <= width ? max : Math.max(4, (max * width) / natural);
}

function drawLabel(pdf: Pdf, template: LabelTemplate, label: LabelInput, price: string, x: number, y: number, outline: boolean): void {
  const t = LABEL_TEMPLATES[template];
  const { doc } = pdf;
  const width = mm(t.label.width - t.padding.x * 2);
  const height = mm(t.label.height - t.padding.y * 2);
  const left = x + mm(t.padding.x);
  const top = y + mm(t.padding.y);
  const bottom = top + height;
  const gap = mm(0.6);

  if (outline) {
    doc.save().rect(x, y, mm(t.label.width), mm(t.label.height)).lineWidth(0.3).strokeColor('#bbbbbb').stroke().restore();
  }

  // Name: bold, at most two lines, cut with an ellipsis.
  const name = cleanText(label.name).replace(/\s+/g, ' ').trim();
  doc.font(FONT.bold).fontSize(t.sizes.name).fillColor('#000000');
  const lineHeight = doc.currentLineHeight(true);
  const nameHeight = Math.min(doc.heightOfString(name, { width }), lineHeight * 2);
  doc.text(name, left, top, { width, height: lineHeight * 2, ellipsis: true, lineGap: 0 });

  const unit = label.unit_price_text ? cleanText(label.unit_price_text) : '';
  if (template === 'shelf-38x25') {
    // Name, then price with the unit price beside it, then the barcode across the bottom.
    const priceSize = fittedSize(pdf, price, FONT.bold, t.sizes.price, unit ? width * 0.6 : width);
    doc.font(FONT.bold).fontSize(priceSize);
    const priceTop = top + nameHeight + gap;
    const priceHeight = doc.currentLineHeight();
    doc.text(price, left, priceTop, { lineBreak: false });
    if (unit) {
      const unitSize = fittedSize(pdf, unit, FONT.regular, t.sizes.unit, width * 0.4 - gap);
      doc.font(FONT.regular).fontSize(unitSize).text(unit, left, priceTop + priceHeight * 0.78, { width, align: 'right', lineBreak: false, baseline: 'alphabetic' });
    }
    if (label.barcode) {
      const barcodeTop = priceTop + priceHeight + gap;
      const barcodeHeight = Math.min(mm(t.sizes.barcodeMaxHeight), bottom - barcodeTop);
      const barcodeWidth = Math.min(width, mm(t.sizes.barcodeWidth));
      drawBarcode(pdf, label.barcode, { x: left + (width - barcodeWidth) / 2, y: bottom - barcodeHeight, width: barcodeWidth, height: barcodeHeight });
    }
    return;
  }

  // A4 sheet: name on top; price and unit price bottom left; barcode bottom right.
  const barcodeWidth = label.barcode ? mm(t.sizes.barcodeWidth) : 0;
  const priceWidth = width - barcodeWidth - (label.barcode ? mm(2) : 0);
  const unitSize = unit ? fittedSize(pdf, unit, FONT.regular, t.sizes.unit, priceWidth) : 0;
  doc.font(FONT.regular).fontSize(unitSize || t.sizes.unit);
  const unitHeight = unit ? doc.currentLineHeight() : 0;
  const priceSize = fittedSize(pdf, price, FONT.bold, t.sizes.price, priceWidth);
  doc.font(FONT.bold).fontSize(priceSize);
  const priceBaseline = bottom - unitHeight - (unit ? mm(1.2) : 0);
  doc.text(price, left, priceBaseline, { lineBreak: false, baseline: 'alphabetic' });
  if (unit) doc.font(FONT.regular).fontSize(unitSize).text(unit, left, bottom - unitHeight, { width: priceWidth, lineBreak: false });
  if (label.barcode) {
    const barcodeTop = Math.max(top + nameHeight + gap, bottom - mm(t.sizes.barcodeMaxHeight));
    drawBarcode(pdf, label.barcode, { x: left + width - barcodeWidth, y: barcodeTop, width: barcodeWidth, height: bottom - barcodeTop });
  }
}

/**
 * Price labels as a PDF at exact physical sizes (print at 100%, "actual size"). Throws 400
 * `invalid_barcode` / `barcode_too_small` (see drawBarcode) and `too_many_labels`.
 */
export async function renderLabelsPdf(input: LabelsInput): Promise<Buffer> {
  const t = LABEL_TEMPLATES[input.template];
  const format = createFormatter({ currency: input.currency, locale: input.locale, timeZone: 'UTC' });
  const expanded: LabelInput[] = [];
  for (const label of input.labels) {
    const copies = label.copies ?? 1;
    if (!Number.isInteger(copies) || copies < 0) throw badRequest('invalid_copies', 'Copies must be a whole number, zero or more');
    if (expanded.length + copies > MAX_LABELS) throw badRequest('too_many_labels', `At most ${MAX_LABELS} labels can be printed at once`);
    for (let copy = 0; copy < copies; copy += 1) expanded.push(label);
  }
  const perPage = t.columns * t.rows;
  const skip = input.skip ?? 0;
  if (!Number.isInteger(skip) || skip < 0 || skip >= perPage) throw badRequest('invalid_skip', `Skip between 0 and ${perPage - 1} labels`);

  const pdf = createPdf({ title: `Price labels (${expanded.length})` });
  const positions = labelPositions(input.template, expanded.length, skip);
  const prices = new Map<number, string>();
  let page = -1;
  expanded.forEach((label, index) => {
    const position = positions[index]!;
    while (page < position.page) {
      pdf.doc.addPage({ size: [mm(t.page.width), mm(t.page.height)], margin: 0 });
      page += 1;
    }
    let price = prices.get(label.price);
    if (price === undefined) {
      price = format.money(label.price);
      prices.set(label.price, price);
    }
    drawLabel(pdf, input.template, label, price, position.x, position.y, input.outline ?? false);
  });
  // An empty request still makes a valid PDF: one blank page.
  if (page < 0) pdf.doc.addPage({ size: [mm(t.page.width), mm(t.page.height)], margin: 0 });
  return pdf.finish();
}
