import { formatMoney } from './money.ts';

/**
 * The receipt, as pure functions: `buildReceipt` turns an order (the shape of getOrderDetail)
 * into rows, `receiptTextLines` lays the rows out in fixed columns (48 on 80 mm paper). The
 * ESC/POS encoder and the emailed receipt both print these lines, so they cannot disagree.
 * The web app's printable receipt builds its rows here too, so page, printer and email agree.
 */

export const RECEIPT_COLUMNS = 48;

/** What a receipt needs of an order; getOrderDetail's answer fits it. */
export interface ReceiptSource {
  order: {
    number: number | null;
    status: string;
    currency: string;
    pricesIncludeTax: boolean;
    discountTotal: number;
    taxTotal: number;
    total: number;
    refundedTotal: number;
    note: string | null;
    createdAt: string;
    paidAt: string | null;
    employeeId?: string | null;
  };
  lines: {
    id: string;
    name: string;
    unitPrice: number;
    quantity: number;
    taxRateBasisPoints: number;
    lineDiscountAmount: number;
    orderDiscountShare: number;
    net: number;
    tax: number;
    total: number;
    note: string | null;
    /** The modifiers chosen (decision 035): printed under the line; unitPrice already includes them. */
    modifiers?: { name: string; priceDelta: number }[];
    /** The promotion the line took (decision 050); its amount is part of lineDiscountAmount. */
    promotion?: { name: string; amount: number } | null;
  }[];
  payments: {
    method: string;
    amount: number;
    tendered: number | null;
    change: number | null;
    reference: string | null;
    /** Refund payments (negative amounts) name their refund when the order view carries it. */
    refundId?: string | null;
  }[];
  change: number;
  refunds: {
    id: string;
    reason: string;
    net: number;
    tax: number;
    total: number;
    createdAt: string;
    lines: { orderLineId: string; quantity: number; net: number; tax: number; total: number }[];
  }[];
  events?: { type: string; actorName: string | null }[];
  customer: { name: string } | null;
  /** The points the sale earned and redeemed, and the balance after it (decision 066). */
  loyalty?: { earned: number; redeemed: number; balance: number } | null;
  business: { name: string; currency: string; timeZone: string } | null;
}

/** getOrderDetail's answer as the wire names it (decision 070): what the server and the receipt page pass to receiptSourceFromWire. */
export interface ReceiptSourceWire {
  order: {
    number: number | null;
    status: string;
    currency: string;
    prices_include_tax: boolean;
    discount_total: number;
    tax_total: number;
    total: number;
    refunded_total: number;
    note: string | null;
    created_at: string;
    paid_at: string | null;
    employee_id?: string | null;
  };
  lines: {
    id: string;
    name: string;
    unit_price: number;
    quantity: number;
    tax_rate_basis_points: number;
    line_discount_amount: number;
    order_discount_share: number;
    net: number;
    tax: number;
    total: number;
    note: string | null;
    modifiers?: { name: string; price_delta: number }[];
    promotion?: { name: string; amount: number } | null;
  }[];
  payments: { method: string; amount: number; tendered: number | null; change: number | null; reference: string | null; refund_id?: string | null }[];
  change: number;
  refunds: {
    id: string;
    reason: string;
    net: number;
    tax: number;
    total: number;
    created_at: string;
    lines: { order_line_id: string; quantity: number; net: number; tax: number; total: number }[];
  }[];
  events?: { type: string; actor_name: string | null }[];
  customer: { name: string } | null;
  loyalty?: { earned: number; redeemed: number; balance: number } | null;
  business: { name: string; currency: string; time_zone: string } | null;
}

/** The wire's order detail in the receipt's own (camelCase) names, field by field. */
export function receiptSourceFromWire(detail: ReceiptSourceWire): ReceiptSource {
  const { order } = detail;
  return {
    order: {
      number: order.number,
      status: order.status,
      currency: order.currency,
      pricesIncludeTax: order.prices_include_tax,
      discountTotal: order.discount_total,
      taxTotal: order.tax_total,
      total: order.total,
      refundedTotal: order.refunded_total,
      note: order.note,
      createdAt: order.created_at,
      paidAt: order.paid_at,
      employeeId: order.employee_id,
    },
    lines: detail.lines.map((line) => ({
      id: line.id,
      name: line.name,
      unitPrice: line.unit_price,
      quantity: line.quantity,
      taxRateBasisPoints: line.tax_rate_basis_points,
      lineDiscountAmount: line.line_discount_amount,
      orderDiscountShare: line.order_discount_share,
      net: line.net,
      tax: line.tax,
      total: line.total,
      note: line.note,
      modifiers: line.modifiers?.map((modifier) => ({ name: modifier.name, priceDelta: modifier.price_delta })),
      promotion: line.promotion,
    })),
    payments: detail.payments.map((payment) => ({
      method: payment.method,
      amount: payment.amount,
      tendered: payment.tendered,
      change: payment.change,
      reference: payment.reference,
      refundId: payment.refund_id,
    })),
    change: detail.change,
    refunds: detail.refunds.map((refund) => ({
      id: refund.id,
      reason: refund.reason,
      net: refund.net,
      tax: refund.tax,
      total: refund.total,
      createdAt: refund.created_at,
      lines: refund.lines.map((line) => ({ orderLineId: line.order_line_id, quantity: line.quantity, net: line.net, tax: line.tax, total: line.total })),
    })),
    events: detail.events?.map((event) => ({ type: event.type, actorName: event.actor_name })),
    customer: detail.customer,
    loyalty: detail.loyalty,
    business: detail.business ? { name: detail.business.name, currency: detail.business.currency, timeZone: detail.business.time_zone } : null,
  };
}

/**
 * One row of a receipt. `amount` rows put a label on the left and an amount on the right;
 * `strong` rows are printed bold (the total); `title` is the business name.
 */
export type ReceiptRow =
  | { kind: 'title'; text: string }
  | { kind: 'center'; text: string; strong?: boolean }
  | { kind: 'amount'; label: string; amount: string; indent?: boolean; strong?: boolean }
  | { kind: 'text'; text: string; indent?: boolean }
  | { kind: 'rule' }
  | { kind: 'blank' };

export interface Receipt {
  kind: 'sale' | 'refund';
  /** "Receipt #12" or "Refund for receipt #12": the heading, and the email subject's start. */
  heading: string;
  /** The order total, or the refund total (positive), in minor units. */
  total: number;
  currency: string;
  rows: ReceiptRow[];
}

export class ReceiptError extends Error {}

const METHOD_LABELS: Record<string, string> = { cash: 'Cash', card: 'Card', other: 'Other', gift_card: 'Gift card', points: 'Points' };
const methodLabel = (method: string) => METHOD_LABELS[method] ?? method.charAt(0).toUpperCase() + method.slice(1);

/** Intl puts no-break spaces in some currencies ("CHF 5.00"); a printer and a text email want plain ones. */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f\u2007]/g, ' ');

export function receiptMoney(amount: number, currency: string): string {
  return plainSpaces(formatMoney(amount, currency));
}

/** 1000 basis points → "10%", 825 → "8.25%". */
export function taxRateLabel(basisPoints: number): string {
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(basisPoints / 100)}%`;
}

/** "2025-03-09 14:05" in the business's time zone (UTC when the zone is unknown). */
export function receiptDateTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(date);
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = format(timeZone);
  } catch {
    parts = format('UTC');
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

function taxByRate(entries: { rate: number; tax: number }[]) {
  const byRate = new Map<number, number>();
  for (const entry of entries) {
    if (entry.rate > 0) byRate.set(entry.rate, (byRate.get(entry.rate) ?? 0) + entry.tax);
  }
  return [...byRate].sort(([a], [b]) => a - b);
}

function header(source: ReceiptSource, heading: string, at: string, extra: ReceiptRow[] = []): ReceiptRow[] {
  const business = source.business;
  return [
    { kind: 'title', text: business?.name ?? 'Receipt' },
    ...extra,
    { kind: 'center', text: heading },
    { kind: 'center', text: receiptDateTime(at, business?.timeZone ?? 'UTC') },
    { kind: 'rule' },
  ];
}

function footer(source: ReceiptSource, servedBy: boolean): ReceiptRow[] {
  const rows: ReceiptRow[] = [];
  if (source.customer) rows.push({ kind: 'text', text: `Customer: ${source.customer.name}` });
  // Decision 066: what the sale did to the customer's points (the sale receipt only).
  if (servedBy && source.customer && source.loyalty) {
    const points = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'point' : 'points'}`;
    if (source.loyalty.redeemed > 0) rows.push({ kind: 'text', text: `Points redeemed: ${points(source.loyalty.redeemed)}` });
    rows.push({ kind: 'text', text: `Points earned: ${points(source.loyalty.earned)}` }, { kind: 'text', text: `Points balance: ${points(source.loyalty.balance)}` });
  }
  if (servedBy && source.order.employeeId) {
    const paid = source.events?.find((event) => event.type === 'paid' && event.actorName);
    if (paid?.actorName) rows.push({ kind: 'text', text: `Served by: ${paid.actorName}` });
  }
  rows.push({ kind: 'blank' }, { kind: 'center', text: 'Thank you!' });
  return rows;
}

const orderLabel = (number: number | null) => (number === null ? 'Order' : `Receipt #${number}`);

/** The sale receipt, or with `refundId` the receipt of that refund. */
export function buildReceipt(source: ReceiptSource, options: { refundId?: string | null | undefined } = {}): Receipt {
  return options.refundId ? buildRefundReceipt(source, options.refundId) : buildSaleReceipt(source);
}

function buildSaleReceipt(source: ReceiptSource): Receipt {
  const { order } = source;
  const currency = order.currency;
  const money = (amount: number) => receiptMoney(amount, currency);
  const heading = orderLabel(order.number);
  const status: ReceiptRow[] = order.status === 'voided' ? [{ kind: 'center', text: 'VOIDED', strong: true }] : order.status === 'parked' ? [{ kind: 'center', text: 'NOT PAID', strong: true }] : [];
  const rows = header(source, heading, order.paidAt ?? order.createdAt, status);

  let itemsTotal = 0;
  for (const line of source.lines) {
    const gross = line.unitPrice * line.quantity;
    itemsTotal += gross;
    rows.push({ kind: 'amount', label: `${line.quantity} x ${line.name}`, amount: money(gross) });
    for (const modifier of line.modifiers ?? []) {
      const delta = modifier.priceDelta === 0 ? '' : ` (${modifier.priceDelta > 0 ? '+' : '-'}${money(Math.abs(modifier.priceDelta))})`;
      rows.push({ kind: 'text', text: `+ ${modifier.name}${delta}`, indent: true });
    }
    if (line.quantity !== 1) rows.push({ kind: 'text', text: `@ ${money(line.unitPrice)} each`, indent: true });
    const promotion = line.promotion && line.promotion.amount > 0 ? line.promotion : null;
    if (promotion) rows.push({ kind: 'amount', label: promotion.name, amount: money(-promotion.amount), indent: true });
    const discount = line.lineDiscountAmount - (promotion?.amount ?? 0);
    if (discount > 0) rows.push({ kind: 'amount', label: 'Discount', amount: money(-discount), indent: true });
    if (line.note) rows.push({ kind: 'text', text: line.note, indent: true });
  }
  rows.push({ kind: 'rule' });

  // Subtotal − discounts (+ tax when prices exclude it) = total, line by line as printed.
  rows.push({ kind: 'amount', label: 'Subtotal', amount: money(itemsTotal) });
  if (order.discountTotal > 0) rows.push({ kind: 'amount', label: 'Discounts', amount: money(-order.discountTotal) });
  const rates = taxByRate(source.lines.map((line) => ({ rate: line.taxRateBasisPoints, tax: line.tax })));
  if (!order.pricesIncludeTax) {
    for (const [rate, tax] of rates) rows.push({ kind: 'amount', label: `Tax ${taxRateLabel(rate)}`, amount: money(tax) });
  }
  rows.push({ kind: 'amount', label: 'TOTAL', amount: money(order.total), strong: true });
  if (order.pricesIncludeTax) {
    for (const [rate, tax] of rates) rows.push({ kind: 'amount', label: `Incl. tax ${taxRateLabel(rate)}`, amount: money(tax) });
  }

  const sales = source.payments.filter((payment) => payment.amount > 0);
  if (sales.length) {
    rows.push({ kind: 'rule' });
    for (const payment of sales) {
      const handed = payment.method === 'cash' ? (payment.tendered ?? payment.amount) : payment.amount;
      rows.push({ kind: 'amount', label: payment.method === 'cash' ? 'Cash tendered' : methodLabel(payment.method), amount: money(handed) });
      if (payment.reference) rows.push({ kind: 'text', text: `Ref: ${payment.reference}`, indent: true });
    }
    if (sales.some((payment) => payment.method === 'cash') || source.change > 0) {
      rows.push({ kind: 'amount', label: 'Change', amount: money(source.change) });
    }
  }
  if (order.refundedTotal > 0) rows.push({ kind: 'amount', label: 'Refunded', amount: money(-order.refundedTotal) });
  if (order.note) rows.push({ kind: 'text', text: `Note: ${order.note}` });
  rows.push({ kind: 'rule' }, ...footer(source, true));
  return { kind: 'sale', heading, total: order.total, currency, rows };
}

function buildRefundReceipt(source: ReceiptSource, refundId: string): Receipt {
  const refund = source.refunds.find((entry) => entry.id === refundId);
  if (!refund) throw new ReceiptError('The order has no refund with this id');
  const { order } = source;
  const currency = order.currency;
  const money = (amount: number) => receiptMoney(amount, currency);
  const heading = order.number === null ? 'Refund' : `Refund for receipt #${order.number}`;
  const rows = header(source, heading, refund.createdAt, [{ kind: 'center', text: 'REFUND', strong: true }]);

  const linesById = new Map(source.lines.map((line) => [line.id, line]));
  const taxed: { rate: number; tax: number }[] = [];
  for (const refunded of refund.lines) {
    const line = linesById.get(refunded.orderLineId);
    taxed.push({ rate: line?.taxRateBasisPoints ?? 0, tax: refunded.tax });
    // What a customer gets back for a line is its share of what they paid, discounts included.
    const shown = order.pricesIncludeTax ? refunded.total : refunded.net;
    rows.push({ kind: 'amount', label: `${refunded.quantity} x ${line?.name ?? 'Item'}`, amount: money(-shown) });
  }
  rows.push({ kind: 'rule' });

  const rates = taxByRate(taxed);
  if (!order.pricesIncludeTax) {
    rows.push({ kind: 'amount', label: 'Subtotal', amount: money(-refund.net) });
    for (const [rate, tax] of rates) rows.push({ kind: 'amount', label: `Tax ${taxRateLabel(rate)}`, amount: money(-tax) });
  }
  rows.push({ kind: 'amount', label: 'REFUND TOTAL', amount: money(-refund.total), strong: true });
  if (order.pricesIncludeTax) {
    for (const [rate, tax] of rates) rows.push({ kind: 'amount', label: `Incl. tax ${taxRateLabel(rate)}`, amount: money(-tax) });
  }

  const refundPayments = refundPaymentsOf(source, refund.id);
  if (refundPayments.length) {
    rows.push({ kind: 'rule' });
    for (const payment of refundPayments) {
      rows.push({ kind: 'amount', label: `Refunded to ${methodLabel(payment.method).toLowerCase()}`, amount: money(payment.amount) });
      if (payment.reference) rows.push({ kind: 'text', text: `Ref: ${payment.reference}`, indent: true });
    }
  }
  rows.push({ kind: 'rule' }, { kind: 'text', text: `Reason: ${refund.reason}` }, ...footer(source, false));
  return { kind: 'refund', heading, total: refund.total, currency, rows };
}

/**
 * The money paid back for one refund. Payments name their refund when the view carries
 * `refundId`; without it, an order with a single refund owns every negative payment, and with
 * several refunds the receipt cannot tell which was which and lists none.
 */
function refundPaymentsOf(source: ReceiptSource, refundId: string) {
  const negative = source.payments.filter((payment) => payment.amount < 0);
  if (negative.some((payment) => payment.refundId !== undefined)) return negative.filter((payment) => payment.refundId === refundId);
  return source.refunds.length === 1 ? negative : [];
}

// ── Fixed-column text ────────────────────────────────────────────────────────────────────────

/** Characters as a printer counts them (code points, not UTF-16 units). */
const chars = (text: string) => Array.from(plainSpaces(text));
const width = (text: string) => chars(text).length;

/** Breaks text into pieces of at most `max` characters, at spaces where it can. */
export function wrapText(text: string, max: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const word of plainSpaces(text).split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (width(rest) > max) {
      if (current) {
        pieces.push(current);
        current = '';
      }
      pieces.push(chars(rest).slice(0, max).join(''));
      rest = chars(rest).slice(max).join('');
    }
    if (!rest) continue;
    if (!current) current = rest;
    else if (width(current) + 1 + width(rest) <= max) current += ` ${rest}`;
    else {
      pieces.push(current);
      current = rest;
    }
  }
  if (current || pieces.length === 0) pieces.push(current);
  return pieces;
}

const center = (text: string, columns: number) => {
  const pad = Math.max(0, Math.floor((columns - width(text)) / 2));
  return ' '.repeat(pad) + text;
};

export interface ReceiptTextLine {
  text: string;
  /** Printed bold (and the title double height) on a receipt printer; plain in an email. */
  style?: 'title' | 'strong';
}

const INDENT = '  ';

/** Lays the rows out in `columns` characters: amounts right-aligned, long labels wrapped. */
export function receiptTextLines(receipt: Receipt, columns = RECEIPT_COLUMNS): ReceiptTextLine[] {
  const out: ReceiptTextLine[] = [];
  for (const row of receipt.rows) {
    switch (row.kind) {
      case 'title':
        for (const piece of wrapText(row.text, columns)) out.push({ text: center(piece, columns), style: 'title' });
        break;
      case 'center':
        for (const piece of wrapText(row.text, columns)) out.push(row.strong ? { text: center(piece, columns), style: 'strong' } : { text: center(piece, columns) });
        break;
      case 'text': {
        const indent = row.indent ? INDENT : '';
        for (const piece of wrapText(row.text, columns - indent.length)) out.push({ text: indent + piece });
        break;
      }
      case 'amount': {
        const indent = row.indent ? INDENT : '';
        const amount = plainSpaces(row.amount);
        // The amount keeps its place on the first line; the label wraps in the room left of it.
        const room = Math.max(1, columns - indent.length - width(amount) - 1);
        const [first = '', ...rest] = wrapText(row.label, room);
        const line = indent + first;
        const text = line + ' '.repeat(Math.max(1, columns - width(line) - width(amount))) + amount;
        out.push(row.strong ? { text, style: 'strong' } : { text });
        for (const piece of rest) out.push({ text: indent + INDENT + piece });
        break;
      }
      case 'rule':
        out.push({ text: '-'.repeat(columns) });
        break;
      case 'blank':
        out.push({ text: '' });
        break;
    }
  }
  return out;
}

/** The receipt as plain text (an email body): the same lines the printer prints. */
export function receiptPlainText(receipt: Receipt, columns = RECEIPT_COLUMNS): string {
  return receiptTextLines(receipt, columns)
    .map((line) => line.text.trimEnd())
    .join('\n');
}
