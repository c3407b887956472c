import { CASH_MOVEMENT_LABELS } from './cash-sessions.ts';
import type { CashReport } from './contracts/cash-sessions.ts';
import { PAYMENT_METHOD_LABELS } from './order-labels.ts';
import { stripControlCharacters } from './plain-text.ts';
import { RECEIPT_COLUMNS, receiptDateTime, receiptMoney, taxRateLabel } from './receipt-layout.ts';

/**
 * The X / Z report as lines of text: one layout for the 80 mm printout (browser print and
 * ESC/POS) and the e-mail to the owner, as receipt-layout.ts is for receipts.
 */
/** "Z report 12" or "X report". */
export const cashReportTitle = (report: CashReport) => (report.kind === 'Z' ? `Z report ${report.number}` : 'X report (not closed)');

const signed = (amount: number, currency: string) => (amount > 0 ? `+${receiptMoney(amount, currency)}` : receiptMoney(amount, currency));

function overShort(difference: number | null, currency: string): string {
  if (difference === null) return '—';
  if (difference === 0) return 'balanced';
  return `${signed(difference, currency)} ${difference > 0 ? 'over' : 'short'}`;
}

/** Label and amount rows of the report, in order: one list read by the receipt, the e-mail and the PDF. */
export function zReportSummaryRows(report: CashReport): { label: string; value: string; strong?: boolean }[] {
  const m = (amount: number) => receiptMoney(amount + 0, report.currency);
  const s = report.sales;
  return [
    { label: 'Gross sales', value: m(s.grossSales) },
    { label: 'Discounts', value: m(-s.discounts) },
    { label: `Refunds (${s.refundCount})`, value: m(-s.refunds) },
    { label: 'Net sales', value: m(s.netSales), strong: true },
    { label: 'of which tax', value: m(s.tax) },
    { label: 'Net sales excl. tax', value: m(s.netSalesExcludingTax) },
    { label: 'Transactions', value: String(s.transactions) },
    { label: 'Average sale', value: m(s.averageSale) },
    { label: 'Items sold', value: String(s.itemsSold) },
    { label: `Voids (${s.voids.count})`, value: m(s.voids.amount) },
  ];
}

export function zReportCashRows(report: CashReport): { label: string; value: string; strong?: boolean }[] {
  const m = (amount: number) => receiptMoney(amount + 0, report.currency);
  const c = report.cash;
  return [
    { label: 'Opening float', value: m(c.openingFloat) },
    { label: 'Cash sales', value: m(c.cashSales) },
    { label: 'Cash refunds', value: m(-c.cashRefunds) },
    { label: 'Pay-ins', value: m(c.payIns) },
    { label: 'Pay-outs', value: m(-c.payOuts) },
    { label: 'Drops to safe', value: m(-c.drops) },
    { label: 'Expected cash', value: m(c.expected), strong: true },
    { label: 'Counted cash', value: c.counted === null ? '—' : m(c.counted) },
    { label: 'Over / short', value: overShort(c.difference, report.currency), strong: true },
  ];
}

export function zReportHeaderRows(report: CashReport): { label: string; value: string }[] {
  const at = (iso: string | null) => (iso ? receiptDateTime(iso, report.timeZone) : '—');
  return [
    { label: 'Register', value: report.register.name + (report.storeName ? ` (${report.storeName})` : '') },
    { label: 'Opened', value: `${at(report.openedAt)} by ${report.openedBy}` },
    { label: report.kind === 'Z' ? 'Closed' : 'As of', value: report.kind === 'Z' ? `${at(report.closedAt)} by ${report.closedBy ?? ''}` : at(report.generatedAt) },
  ];
}

function padLine(left: string, right: string, columns: number): string {
  const room = columns - right.length - 1;
  const text = left.length > room ? left.slice(0, Math.max(0, room)) : left;
  return `${text}${' '.repeat(Math.max(1, columns - text.length - right.length))}${right}`;
}

/** The report as lines of plain text (the 80 mm printout and the e-mail), `columns` wide. */
export function zReportTextLines(report: CashReport, columns = RECEIPT_COLUMNS): { text: string; style: 'title' | 'strong' | 'normal' }[] {
  const lines: { text: string; style: 'title' | 'strong' | 'normal' }[] = [];
  const add = (text: string, style: 'title' | 'strong' | 'normal' = 'normal') => lines.push({ text: stripControlCharacters(text), style });
  const rule = () => add('-'.repeat(columns));
  const pair = (label: string, value: string, strong?: boolean) => add(padLine(label, value, columns), strong ? 'strong' : 'normal');
  const m = (amount: number) => receiptMoney(amount + 0, report.currency);
  add(report.businessName, 'strong');
  add(cashReportTitle(report), 'title');
  for (const row of zReportHeaderRows(report)) add(`${row.label}: ${row.value}`);
  rule();
  for (const row of zReportSummaryRows(report)) pair(row.label, row.value, row.strong);
  rule();
  add('Tax by rate', 'strong');
  for (const row of report.taxByRate) pair(`${taxRateLabel(row.basisPoints)} on ${m(row.net)}`, m(row.tax));
  rule();
  add('Payments', 'strong');
  for (const row of report.byMethod) {
    pair(PAYMENT_METHOD_LABELS[row.method], m(row.sales - row.refunds));
    if (row.counted !== null) pair(`  expected ${m(row.expected)} counted`, `${m(row.counted)} ${overShort(row.difference, report.currency)}`);
  }
  rule();
  add('Cash drawer', 'strong');
  for (const row of zReportCashRows(report)) pair(row.label, row.value, row.strong);
  if (report.noSaleCount) pair('No-sale openings', String(report.noSaleCount));
  if (report.movements.length) {
    rule();
    add('Drawer entries', 'strong');
    for (const movement of report.movements) {
      if (movement.kind === 'no_sale') continue;
      pair(`${CASH_MOVEMENT_LABELS[movement.kind]}: ${movement.reason}`, m(movement.kind === 'pay_in' ? movement.amount : -movement.amount));
    }
  }
  if (report.byCategory.length) {
    rule();
    add('Sales by category', 'strong');
    for (const row of report.byCategory) pair(`${row.name} (${row.quantity})`, m(row.amount));
  }
  if (report.byEmployee.length) {
    rule();
    add('Sales by employee', 'strong');
    for (const row of report.byEmployee) pair(`${row.name} (${row.transactions})`, m(row.amount));
  }
  if (report.approval) {
    rule();
    add(`Difference approved by ${report.approval.approvedBy}`);
    add(`Note: ${report.approval.note}`);
  } else if (report.closingNote) {
    rule();
    add(`Note: ${report.closingNote}`);
  }
  return lines;
}

export function zReportPlainText(report: CashReport): string {
  return `${zReportTextLines(report).map((line) => line.text).join('\n')}\n`;
}

