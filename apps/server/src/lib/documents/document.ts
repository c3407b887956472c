import { createFormatter } from './format.ts';
import { renderSectionsPdf, type Section, type TableCell, type TableColumn, type TotalsRow } from './sections.ts';
import type { PageFormat } from './units.ts';

/**
 * A business document with lines: invoice, credit note, purchase order, a receipt on A4.
 * The caller computes every amount (core's pricing rules); this only lays them out.
 */
export interface DocumentInput {
  page: PageFormat;
  /** ISO 4217; every amount below is an integer count of its minor unit. */
  currency: string;
  /** BCP 47, e.g. "en-GB", "de-DE", "hi-IN": numbers, money and dates follow it. */
  locale: string;
  /** IANA zone for timestamps in `dates`; default UTC. */
  time_zone?: string;
  business: {
    name: string;
    /** Lines of the postal address (or one string with line breaks). */
    address?: string | string[];
    tax_number?: string;
    email?: string;
    phone?: string;
    /** PNG or JPEG bytes; drawn at most 60 × 18 mm (A4) or 45 × 16 mm (receipt). */
    logo?: Buffer | Uint8Array;
  };
  /** "Invoice", "Credit note", "Purchase order". */
  title: string;
  /** "INV-2025-0042". */
  number?: string;
  /** Issue date, due date, delivery date…: YYYY-MM-DD (a calendar date) or an ISO timestamp. */
  dates?: { label: string; date: string }[];
  /** Bill to, ship to, supplier, deliver to: a label, a name and address lines. */
  parties?: { label: string; name: string; lines?: string[] }[];
  lines: DocumentLine[];
  /** One row per tax rate; shown as a small table under the totals. */
  tax_summary?: { rate_bp: number; net: number; tax: number }[];
  /** Subtotal, discounts, tax, total, paid, amount due: printed in this order; mark the total `strong`. */
  totals: TotalsRow[];
  /** How to pay: bank details, reference; `qr` prints a QR code beside them (an EPC payment string, a URL). */
  payment?: { lines: string[]; qr?: string };
  notes?: string;
  /** Added to the foot of every page after the business's name, address and tax number. */
  footer?: string;
  /** Sections printed after the lines and totals, before payment and notes (delivery terms, say). */
  extra_sections?: Section[];
  /** The document's fixed words, for documents in another language. */
  labels?: Partial<DocumentLabels>;
}

export interface DocumentLine {
  description: string;
  /** A second, smaller line: SKU, period, note. */
  detail?: string;
  quantity: number;
  /** "kg", "h", "pcs": printed after the quantity. */
  unit?: string;
  unit_price: number;
  /** Basis points: 2000 = 20%. Omit (or null) on every line to hide the tax column. */
  tax_rate_bp?: number | null;
  total: number;
}

export interface DocumentLabels {
  number: string;
  description: string;
  quantity: string;
  unitPrice: string;
  tax: string;
  amount: string;
  taxSummary: string;
  rate: string;
  net: string;
  gross: string;
  payment: string;
  notes: string;
  taxNumber: string;
  page: (page: number, pages: number) => string;
}

export const ENGLISH_LABELS: DocumentLabels = {
  number: 'Number',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  tax: 'Tax',
  amount: 'Amount',
  taxSummary: 'Tax summary',
  rate: 'Rate',
  net: 'Net',
  gross: 'Gross',
  payment: 'Payment',
  notes: 'Notes',
  taxNumber: 'Tax number',
  page: (page, pages) => `Page ${page} of ${pages}`,
};

const addressLines = (address: string | string[] | undefined) => (Array.isArray(address) ? address : address ? address.split('\n') : []).filter((line) => line.trim());

/** The sections of a document; `renderDocumentPdf` prints them, and a caller may add its own. */
export function documentSections(input: DocumentInput): Section[] {
  const labels = { ...ENGLISH_LABELS, ...input.labels };
  const receipt = input.page === 'receipt-80mm';
  const format = createFormatter({ currency: input.currency, locale: input.locale, timeZone: input.time_zone ?? 'UTC' });
  const { business } = input;
  const address = addressLines(business.address);
  const contact = [business.phone, business.email].filter(Boolean).join(' · ');

  const seller: Section[] = [];
  if (business.logo) seller.push({ kind: 'image', data: business.logo, width_mm: receipt ? 45 : 60, height_mm: receipt ? 16 : 18, align: receipt ? 'center' : 'left' });
  seller.push({ kind: 'heading', text: business.name, level: 2, align: receipt ? 'center' : 'left' });
  const sellerLines = [...address, contact, business.tax_number ? `${labels.taxNumber}: ${business.tax_number}` : ''].filter(Boolean);
  if (sellerLines.length) seller.push({ kind: 'text', text: sellerLines.join('\n'), size: 'small', muted: true, align: receipt ? 'center' : 'left' });

  const meta: Section[] = [{ kind: 'heading', text: input.title, level: 1, align: receipt ? 'center' : 'right' }];
  const metaRows = [...(input.number ? [{ label: labels.number, value: input.number }] : []), ...(input.dates ?? []).map((entry) => ({ label: entry.label, date: entry.date }))];
  if (metaRows.length) meta.push({ kind: 'key-value', rows: metaRows });

  const sections: Section[] = receipt ? [...seller, ...meta] : [{ kind: 'columns', columns: [seller, meta] }];

  if (input.parties?.length) {
    sections.push({
      kind: 'columns',
      columns: input.parties.map((party) => [
        { kind: 'heading', text: party.label, level: 3 },
        { kind: 'text', text: [party.name, ...(party.lines ?? [])].join('\n') },
      ]),
    });
  }

  const showTax = input.lines.some((line) => line.tax_rate_bp !== undefined && line.tax_rate_bp !== null);
  const quantityText = (line: DocumentLine) => (line.unit ? `${format.quantity(line.quantity)} ${line.unit}` : format.quantity(line.quantity));
  if (receipt) {
    // 72 mm is too narrow for five columns: quantity, price and rate go under the description.
    const columns: TableColumn[] = [
      { header: labels.description, weight: 1 },
      { header: labels.amount, kind: 'money' },
    ];
    const rows: TableCell[][] = input.lines.map((line) => {
      const each = `${quantityText(line)} × ${format.money(line.unit_price)}${showTax && line.tax_rate_bp != null ? ` · ${format.rate(line.tax_rate_bp)}` : ''}`;
      return [{ text: line.description, detail: [each, line.detail].filter(Boolean).join('\n') }, line.total];
    });
    sections.push({ kind: 'table', columns, rows });
  } else {
    const columns: TableColumn[] = [
      { header: labels.description, weight: 1 },
      { header: labels.quantity, kind: 'quantity' },
      { header: labels.unitPrice, kind: 'money' },
      ...(showTax ? [{ header: labels.tax, kind: 'rate' as const }] : []),
      { header: labels.amount, kind: 'money' },
    ];
    const rows: TableCell[][] = input.lines.map((line) => [
      line.detail ? { text: line.description, detail: line.detail } : line.description,
      line.unit ? quantityText(line) : line.quantity,
      line.unit_price,
      ...(showTax ? [line.tax_rate_bp ?? null] : []),
      line.total,
    ]);
    sections.push({ kind: 'table', columns, rows });
  }

  sections.push({ kind: 'totals', rows: input.totals });

  if (input.tax_summary?.length) {
    sections.push(
      { kind: 'heading', text: labels.taxSummary, level: 3 },
      {
        kind: 'table',
        columns: [
          { header: labels.rate, kind: 'rate' },
          { header: labels.net, kind: 'money' },
          { header: labels.tax, kind: 'money' },
          ...(receipt ? [] : [{ header: labels.gross, kind: 'money' as const }]),
        ],
        rows: input.tax_summary.map((row) => [row.rate_bp, row.net, row.tax, ...(receipt ? [] : [row.net + row.tax])]),
      },
    );
  }

  if (input.extra_sections) sections.push(...input.extra_sections);

  if (input.payment) {
    const text: Section[] = [
      { kind: 'heading', text: labels.payment, level: 3 },
      { kind: 'text', text: input.payment.lines.join('\n') },
    ];
    if (input.payment.qr) {
      const qr: Section = { kind: 'barcode', barcode: { kind: 'qr', value: input.payment.qr }, width_mm: 24, height_mm: 24, align: receipt ? 'center' : 'right' };
      sections.push(...(receipt ? [...text, qr] : [{ kind: 'columns', columns: [text, [qr]] } as Section]));
    } else {
      sections.push(...text);
    }
  }

  if (input.notes) sections.push({ kind: 'heading', text: labels.notes, level: 3 }, { kind: 'text', text: input.notes });
  return sections;
}

/** The footer line: the business's identity, then the caller's text. */
export function documentFooter(input: DocumentInput): string {
  const labels = { ...ENGLISH_LABELS, ...input.labels };
  const identity = [input.business.name, addressLines(input.business.address).join(', '), input.business.tax_number ? `${labels.taxNumber}: ${input.business.tax_number}` : '']
    .filter(Boolean)
    .join(' · ');
  return [identity, input.footer].filter(Boolean).join('\n');
}

/** An invoice, credit note, purchase order or receipt as a PDF (A4 pages or one 80 mm receipt). */
export function renderDocumentPdf(input: DocumentInput): Promise<Buffer> {
  const labels = { ...ENGLISH_LABELS, ...input.labels };
  return renderSectionsPdf({
    page: input.page,
    currency: input.currency,
    locale: input.locale,
    ...(input.time_zone ? { time_zone: input.time_zone } : {}),
    title: input.number ? `${input.title} ${input.number}` : input.title,
    author: input.business.name,
    sections: documentSections(input),
    // A receipt already shows the business at its top; it ends with the caller's footer only.
    ...(input.page === 'a4' ? { footer: documentFooter(input) } : input.footer ? { footer: input.footer } : {}),
    page_label: labels.page,
  });
}
