import { MoneyError, parseMoney, type Minor } from './money.ts';
import { isIsoDay, zonedInstant } from './zoned-days.ts';

/**
 * Sales-history import (issue 15 item 3): the columns a file of past sales may have, one row per
 * order line, the guess of which header is which, and the strict reading of dates and amounts.
 */
export const SALES_HISTORY_FIELDS = [
  'orderId',
  'date',
  'customer',
  'product',
  'productCode',
  'category',
  'quantity',
  'lineAmount',
  'discount',
  'cost',
  'profit',
  'paymentMethod',
] as const;
export type SalesHistoryField = (typeof SALES_HISTORY_FIELDS)[number];
export const SALES_HISTORY_REQUIRED: readonly SalesHistoryField[] = ['orderId', 'date', 'product', 'quantity', 'lineAmount'];
export type SalesHistoryMapping = Partial<Record<SalesHistoryField, string>>;

/**
 * Each field's name on the wire (decision 070): the keys of a column mapping and the field of a
 * row's problem, as the sales-history routes take and give them.
 */
export const SALES_HISTORY_WIRE_FIELDS = [
  'order_id',
  'date',
  'customer',
  'product',
  'product_code',
  'category',
  'quantity',
  'line_amount',
  'discount',
  'cost',
  'profit',
  'payment_method',
] as const;
export type SalesHistoryWireField = (typeof SALES_HISTORY_WIRE_FIELDS)[number];
export const SALES_HISTORY_WIRE_NAMES: Record<SalesHistoryField, SalesHistoryWireField> = {
  orderId: 'order_id',
  date: 'date',
  customer: 'customer',
  product: 'product',
  productCode: 'product_code',
  category: 'category',
  quantity: 'quantity',
  lineAmount: 'line_amount',
  discount: 'discount',
  cost: 'cost',
  profit: 'profit',
  paymentMethod: 'payment_method',
};
export type SalesHistoryWireMapping = Partial<Record<SalesHistoryWireField, string>>;

/** A mapping as the wire spells it, and back. */
export function salesHistoryMappingToWire(mapping: SalesHistoryMapping): SalesHistoryWireMapping {
  const wire: SalesHistoryWireMapping = {};
  for (const field of SALES_HISTORY_FIELDS) if (mapping[field] !== undefined) wire[SALES_HISTORY_WIRE_NAMES[field]] = mapping[field];
  return wire;
}
export function salesHistoryMappingFromWire(wire: SalesHistoryWireMapping): SalesHistoryMapping {
  const mapping: SalesHistoryMapping = {};
  for (const field of SALES_HISTORY_FIELDS) if (wire[SALES_HISTORY_WIRE_NAMES[field]] !== undefined) mapping[field] = wire[SALES_HISTORY_WIRE_NAMES[field]];
  return mapping;
}

export const SALES_HISTORY_DATE_FORMATS = ['ymd', 'dmy', 'mdy'] as const;
export type SalesHistoryDateFormat = (typeof SALES_HISTORY_DATE_FORMATS)[number];

/** The span a file may cover (first to last sale): three years, enough for the yearly models. */
export const MAX_IMPORT_DAYS = 1096;
/** Order lines in one file. */
export const MAX_HISTORY_LINES = 100_000;
/** Bytes of CSV text in one upload. */
export const MAX_HISTORY_BYTES = 8 * 1024 * 1024;

export const SALES_HISTORY_FIELD_LABELS: Record<SalesHistoryField, string> = {
  orderId: 'Order ID',
  date: 'Date',
  customer: 'Customer',
  product: 'Product',
  productCode: 'Product code (SKU or barcode)',
  category: 'Category',
  quantity: 'Quantity',
  lineAmount: 'Line amount',
  discount: 'Discount',
  cost: 'Cost',
  profit: 'Profit',
  paymentMethod: 'Payment method',
};

/** Header names other systems use (lower case, spaces and punctuation removed), best first. */
const SYNONYMS: Record<SalesHistoryField, string[]> = {
  orderId: ['orderid', 'order', 'ordernumber', 'orderno', 'ordernr', 'invoice', 'invoiceno', 'invoicenumber', 'receipt', 'receiptnumber', 'receiptno', 'transactionid', 'transaction', 'saleid', 'ticket', 'name', 'bon', 'belegnummer'],
  date: ['date', 'orderdate', 'saledate', 'createdat', 'paidat', 'invoicedate', 'datetime', 'timestamp', 'time', 'day', 'datum', 'processedat'],
  customer: ['customer', 'customername', 'client', 'clientname', 'buyer', 'customerid', 'email', 'customeremail', 'kunde', 'billingname'],
  product: ['product', 'productname', 'item', 'itemname', 'description', 'lineitemname', 'article', 'artikel', 'title', 'stockcode'],
  productCode: ['sku', 'productcode', 'itemcode', 'code', 'barcode', 'ean', 'upc', 'lineitemsku', 'articlenumber', 'plu', 'variantsku'],
  category: ['category', 'productcategory', 'itemcategory', 'department', 'group', 'productgroup', 'type', 'producttype', 'kategorie'],
  quantity: ['quantity', 'qty', 'units', 'count', 'lineitemquantity', 'itemsold', 'itemssold', 'menge', 'amountsold'],
  lineAmount: ['lineamount', 'linetotal', 'amount', 'total', 'netsales', 'sales', 'revenue', 'price', 'lineitemprice', 'grosssales', 'subtotal', 'linenet', 'netamount', 'totalprice', 'betrag', 'umsatz'],
  discount: ['discount', 'discounts', 'discountamount', 'linediscount', 'lineitemdiscount', 'rabatt'],
  cost: ['cost', 'costofgoods', 'cogs', 'linecost', 'totalcost', 'costprice', 'unitcost'],
  profit: ['profit', 'grossprofit', 'margin', 'lineprofit'],
  paymentMethod: ['paymentmethod', 'payment', 'paymenttype', 'tender', 'tendertype', 'paidby', 'method', 'zahlungsart'],
};

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Which header is which field: exact synonyms first, then a header that contains one. Each header is used once. */
export function guessSalesHistoryMapping(headers: readonly string[]): SalesHistoryMapping {
  const mapping: SalesHistoryMapping = {};
  const used = new Set<string>();
  const keys = headers.map(normalise);
  for (const pass of ['exact', 'contains'] as const) {
    for (const field of SALES_HISTORY_FIELDS) {
      if (mapping[field]) continue;
      for (const synonym of SYNONYMS[field]) {
        const index = keys.findIndex((key, i) => !used.has(headers[i]!) && (pass === 'exact' ? key === synonym : synonym.length >= 4 && key.includes(synonym)));
        if (index >= 0) {
          mapping[field] = headers[index]!;
          used.add(headers[index]!);
          break;
        }
      }
    }
  }
  return mapping;
}

/** The required fields a mapping leaves out, and headers it names that the file does not have. */
export function salesHistoryMappingProblems(mapping: SalesHistoryMapping, headers: readonly string[]): string[] {
  const problems: string[] = [];
  for (const field of SALES_HISTORY_REQUIRED) if (!mapping[field]) problems.push(`Choose the column for ${SALES_HISTORY_FIELD_LABELS[field]}`);
  for (const field of SALES_HISTORY_FIELDS) {
    const header = mapping[field];
    if (header && !headers.includes(header)) problems.push(`The file has no column "${header}" (${SALES_HISTORY_FIELD_LABELS[field]})`);
  }
  if (mapping.cost && mapping.profit) problems.push('Choose either a cost or a profit column, not both');
  return problems;
}

const DATE_TIME = /^(\d{1,4})[-./](\d{1,2})[-./](\d{1,4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

export type ParsedHistoryDate = { ok: true; instant: Date; day: string } | { ok: false; message: string };

/**
 * A sale's date, strictly: YYYY-MM-DD (ymd) or DD/MM/YYYY (dmy) or MM/DD/YYYY (mdy), with an
 * optional time HH:MM[:SS] and an optional offset (Z, +02:00). Without an offset the time is the
 * business's wall clock in `timeZone`; without a time it is noon there (the day is what counts).
 * A day that does not exist (31 April) or a time past 23:59:59 is refused, never rolled over.
 */
export function parseHistoryDate(text: string, format: SalesHistoryDateFormat, timeZone: string): ParsedHistoryDate {
  const value = text.trim();
  const match = DATE_TIME.exec(value);
  const expected = format === 'ymd' ? 'YYYY-MM-DD' : format === 'dmy' ? 'DD/MM/YYYY' : 'MM/DD/YYYY';
  if (!match) return { ok: false, message: `"${value}" is not a date (expected ${expected}, optionally with a time HH:MM)` };
  const [, a, b, c, hh, mm, ss, offset] = match;
  const [year, month, dayOfMonth] = format === 'ymd' ? [a!, b!, c!] : format === 'dmy' ? [c!, b!, a!] : [c!, a!, b!];
  if (year.length !== 4) return { ok: false, message: `"${value}" is not a date (expected ${expected})` };
  const day = `${year}-${month.padStart(2, '0')}-${dayOfMonth.padStart(2, '0')}`;
  if (!isIsoDay(day)) return { ok: false, message: `"${value}" is not a day of the calendar (expected ${expected})` };
  const hours = hh === undefined ? 12 : Number(hh);
  const minutes = mm === undefined ? 0 : Number(mm);
  const seconds = ss === undefined ? 0 : Number(ss);
  if (hours > 23 || minutes > 59 || seconds > 59) return { ok: false, message: `"${value}" has a time that does not exist` };
  if (offset) {
    const sign = offset.toUpperCase() === 'Z' ? 0 : offset.startsWith('-') ? -1 : 1;
    const digits = offset.replace(/[^0-9]/g, '');
    const offsetMinutes = sign === 0 ? 0 : sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
    const utc = Date.parse(`${day}T00:00:00Z`) + ((hours * 60 + minutes - offsetMinutes) * 60 + seconds) * 1000;
    return { ok: true, instant: new Date(utc), day };
  }
  const instant = new Date(zonedInstant(day, hours * 60 + minutes, timeZone).getTime() + seconds * 1000);
  return { ok: true, instant, day };
}

export type ParsedHistoryAmount = { ok: true; amount: Minor } | { ok: false; message: string };

/**
 * An amount in the business's currency: "12.50", "12,50", "-3.00", with an optional currency
 * symbol or code around it ("$12.50", "12.50 EUR"). Thousands separators, more decimals than the
 * currency has, and anything else are refused rather than guessed.
 */
export function parseHistoryAmount(text: string, currency: string): ParsedHistoryAmount {
  const stripped = text
    .trim()
    .replace(new RegExp(`^${currency}\\s*|\\s*${currency}$`, 'i'), '')
    .replace(/^(-?)\s*[$€£¥₹]\s*/, '$1')
    .replace(/\s*[$€£¥₹]$/, '');
  try {
    return { ok: true, amount: parseMoney(stripped, currency) };
  } catch (error) {
    if (error instanceof MoneyError) return { ok: false, message: `"${text.trim()}" is not an amount in ${currency} (${error.message})` };
    throw error;
  }
}

/** A payment method text from another system, as the till's methods; anything else is "other". */
export function historyPaymentMethod(text: string): 'cash' | 'card' | 'other' {
  const key = normalise(text);
  if (/^(cash|bar|bargeld|efectivo|especes)$/.test(key)) return 'cash';
  if (key === 'ec' || /(card|visa|mastercard|amex|debit|credit|girocard|maestro|contactless|applepay|googlepay|karte)/.test(key)) return 'card';
  return 'other';
}
