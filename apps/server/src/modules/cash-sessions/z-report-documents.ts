import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import {
  CASH_MOVEMENT_LABELS,
  zReportCashRows,
  denominationLabel,
  zReportHeaderRows,
  PAYMENT_METHOD_LABELS,
  RECEIPT_COLUMNS,
  receiptMoney,
  cashReportTitle,
  zReportSummaryRows,
  taxRateLabel,
  zReportTextLines,
  type CashReport,
} from '@till/core';

export { zReportPlainText } from '@till/core';
import { renderSectionsPdf, type Section } from '../../lib/documents/index.ts';
import { protectFormula, toCsv } from '../products/csv.ts';
import { minorToDecimalText } from '../products/money-text.ts';

/** ESC/POS bytes for an 80 mm printer: the report, then a cut. */
export function encodeZReportEscPos(report: CashReport): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: RECEIPT_COLUMNS, feedBeforeCut: 4, errors: 'relaxed' });
  encoder.initialize().codepage('auto');
  for (const line of zReportTextLines(report)) {
    if (line.style === 'title') encoder.bold(true).size(1, 2).line(line.text).size(1, 1).bold(false);
    else if (line.style === 'strong') encoder.bold(true).line(line.text).bold(false);
    else encoder.line(line.text);
  }
  return encoder.cut().encode();
}

/** ESC/POS "kick the drawer" pulse (pin 2), sent when a cash sale completes or on a no-sale. */
export function encodeDrawerKick(): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: RECEIPT_COLUMNS });
  return encoder.initialize().pulse().encode();
}

/** The report as a spreadsheet: section, label, amount (decimal), count. */
export function zReportCsv(report: CashReport): string {
  const d = (amount: number) => minorToDecimalText(amount, report.currency);
  const rows: string[][] = [['section', 'item', 'amount', 'count', 'expected', 'counted', 'difference']];
  const add = (section: string, item: string, amount: number | null, count: number | null = null, extra: (number | null)[] = []) =>
    rows.push([section, protectFormula(item), amount === null ? '' : d(amount), count === null ? '' : String(count), ...extra.map((x) => (x === null ? '' : d(x)))]);
  rows.push(['report', protectFormula(cashReportTitle(report)), '', report.number === null ? '' : String(report.number), '', '', '']);
  rows.push(['report', protectFormula(`register: ${report.register.name}`), '', '', '', '', '']);
  rows.push(['report', `opened ${report.openedAt}`, '', '', '', '', '']);
  rows.push(['report', `closed ${report.closedAt ?? ''}`, '', '', '', '', '']);
  const s = report.sales;
  add('sales', 'gross sales', s.grossSales);
  add('sales', 'discounts', s.discounts);
  add('sales', 'refunds', s.refunds, s.refundCount);
  add('sales', 'net sales', s.netSales, s.transactions);
  add('sales', 'tax', s.tax);
  add('sales', 'net sales excluding tax', s.netSalesExcludingTax);
  add('sales', 'average sale', s.averageSale);
  add('sales', 'items sold', null, s.itemsSold);
  add('sales', 'voids', s.voids.amount, s.voids.count);
  for (const row of report.taxByRate) add('tax', `${taxRateLabel(row.basisPoints)} tax on ${d(row.net)}`, row.tax);
  for (const row of report.byCategory) add('category', row.name, row.amount, row.quantity);
  for (const row of report.byEmployee) add('employee', row.name, row.amount, row.transactions);
  for (const row of report.byMethod) add('payment', row.method, row.sales - row.refunds, null, [row.expected, row.counted, row.difference]);
  const c = report.cash;
  add('cash', 'opening float', c.openingFloat);
  add('cash', 'cash sales', c.cashSales);
  add('cash', 'cash refunds', c.cashRefunds);
  add('cash', 'pay-ins', c.payIns);
  add('cash', 'pay-outs', c.payOuts);
  add('cash', 'drops', c.drops);
  add('cash', 'expected', c.expected, null, [c.expected, c.counted, c.difference]);
  for (const movement of report.movements) add('drawer', `${movement.kind}: ${movement.reason} (${movement.employeeName})`, movement.amount);
  if (c.denominations) for (const [face, count] of Object.entries(c.denominations)) add('count', denominationLabel(Number(face), report.currency), Number(face) * count, count);
  return toCsv(rows);
}

/** A4 or 80 mm PDF (pdfkit through the documents library). */
export function renderZReportPdf(report: CashReport, page: 'a4' | 'receipt-80mm'): Promise<Buffer> {
  const m = (amount: number) => receiptMoney(amount, report.currency);
  const kv = (rows: { label: string; value: string; strong?: boolean }[]): Section => ({
    kind: 'key-value',
    rows: rows.map((row) => ({ label: row.label, value: row.value, ...(row.strong ? { strong: true } : {}) })),
  });
  const sections: Section[] = [
    { kind: 'heading', text: cashReportTitle(report), level: 1 },
    { kind: 'text', text: report.businessName, bold: true },
    kv(zReportHeaderRows(report)),
    { kind: 'heading', text: 'Sales', level: 2 },
    kv(zReportSummaryRows(report)),
    { kind: 'heading', text: 'Payments', level: 2 },
    {
      kind: 'table',
      columns: [{ header: 'Method' }, { header: 'Taken', kind: 'money' }, { header: 'Refunded', kind: 'money' }, { header: 'Expected', kind: 'money' }, { header: 'Counted', kind: 'money' }, { header: 'Over/short', kind: 'money' }],
      rows: report.byMethod.map((row) => [PAYMENT_METHOD_LABELS[row.method], row.sales, row.refunds, row.expected, row.counted, row.difference]),
    },
    { kind: 'heading', text: 'Cash drawer', level: 2 },
    kv(zReportCashRows(report)),
    { kind: 'heading', text: 'Tax by rate', level: 2 },
    {
      kind: 'table',
      columns: [{ header: 'Rate' }, { header: 'Net', kind: 'money' }, { header: 'Tax', kind: 'money' }],
      rows: report.taxByRate.map((row) => [taxRateLabel(row.basisPoints), row.net, row.tax]),
    },
  ];
  if (report.byCategory.length) {
    sections.push(
      { kind: 'heading', text: 'Sales by category', level: 2 },
      { kind: 'table', columns: [{ header: 'Category' }, { header: 'Items', kind: 'quantity' }, { header: 'Sales', kind: 'money' }], rows: report.byCategory.map((row) => [row.name, row.quantity, row.amount]) },
    );
  }
  if (report.byEmployee.length) {
    sections.push(
      { kind: 'heading', text: 'Sales by employee', level: 2 },
      { kind: 'table', columns: [{ header: 'Employee' }, { header: 'Sales', kind: 'quantity' }, { header: 'Amount', kind: 'money' }], rows: report.byEmployee.map((row) => [row.name, row.transactions, row.amount]) },
    );
  }
  if (report.movements.length) {
    sections.push(
      { kind: 'heading', text: 'Drawer entries', level: 2 },
      {
        kind: 'table',
        columns: [{ header: 'Entry' }, { header: 'Reason', weight: 2 }, { header: 'By' }, { header: 'Amount', kind: 'money' }],
        rows: report.movements.map((movement) => [CASH_MOVEMENT_LABELS[movement.kind], movement.reason, movement.employeeName, movement.amount]),
      },
    );
  }
  if (report.approval) sections.push({ kind: 'text', text: `Difference approved by ${report.approval.approvedBy}. Note: ${report.approval.note}` });
  else if (report.closingNote) sections.push({ kind: 'text', text: `Note: ${report.closingNote}` });
  return renderSectionsPdf({
    page,
    currency: report.currency,
    locale: 'en-US',
    time_zone: report.timeZone,
    title: `${cashReportTitle(report)} — ${report.register.name}`,
    author: report.businessName,
    sections,
    footer: `${report.businessName} · ${cashReportTitle(report)} · ${m(report.sales.netSales)} net sales`,
  });
}
