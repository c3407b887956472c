import { createHash } from 'node:crypto';
import type { PlaceOrderInput } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation, sqlState } from '../../lib/pg-errors.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { publishChange } from '../../realtime/publish.ts';
import { cashSessionRequired } from '../cash-sessions/cash-session-errors.ts';
import { claimInvoiceAtTill, completeInvoiceAtTill, releaseInvoiceAtTill, type InvoiceCharge } from '../invoices/pay-invoice-at-till.ts';
import { ordersRepository } from './orders.repository.ts';
import { saleRepository, type SaleRows } from './sale.repository.ts';
import { toOrderView, type OrderView } from './order-view.ts';

/** As any till sale (issue 12): on a register with cash management the drawer must be open. */
function cashSessionRule(tenant: TenantContext): SaleRows['cashSession'] {
  if (!tenant.registerId) return 'none';
  return tenant.features.cash_management ? 'required' : 'attach';
}

const keyReused = () => new AppError(409, 'idempotency_key_reused', 'This idempotency key was already used for a different sale');

/** The checkout fields an invoice's sale does not take: it is the invoice, as issued. */
function refuseCartFields(input: PlaceOrderInput): void {
  if (input.lines.length > 0 || input.orderDiscount || input.parkedOrderId || input.kitchenTicketId || input.customerId || input.giftCards?.length) {
    throw new AppError(400, 'validation_error', 'An invoice is paid on its own: send no lines, discount, customer, parked sale, kitchen ticket or gift card with invoice_id');
  }
  // Decision 064: gift cards and points pay till sales, not invoices.
  if (input.payments.some((payment) => payment.method === 'gift_card' || payment.method === 'points' || payment.giftCardCode !== undefined)) {
    throw new AppError(400, 'validation_error', 'An invoice is paid in cash, by card or another way, not with a gift card or points');
  }
}

/**
 * Paying an issued invoice at the till (decision 038): the idempotent checkout, with the invoice
 * taken for the key first, a sale of no catalogue lines for exactly what is owed (its tax the
 * invoice's share, so tax reports see it), then the payment recorded on the invoice, linked to
 * the sale. A refused sale gives the invoice back.
 */
export async function sellInvoice(database: Database, tenant: TenantContext, input: PlaceOrderInput & { invoiceId: string }): Promise<{ replayed: boolean; view: OrderView }> {
  refuseCartFields(input);
  if (input.payments.length > 1) requireAccess(tenant, { feature: 'multiple_payments' });
  const now = new Date();
  const charge = await claimInvoiceAtTill(database, tenant, input.invoiceId, input.idempotencyKey, input.expectedTotal, now);
  let result;
  try {
    result = await writeInvoiceSale(database, tenant, input, charge, now);
  } catch (error) {
    await releaseInvoiceAtTill(database, tenant, input.invoiceId, input.idempotencyKey);
    throw error;
  }
  const order = result.view.order;
  await completeInvoiceAtTill(
    database,
    tenant,
    input.invoiceId,
    input.idempotencyKey,
    { orderId: order.id, orderNumber: order.number, amount: order.total, methods: input.payments.map((payment) => payment.method) },
    now,
  );
  return result;
}

async function writeInvoiceSale(database: Database, tenant: TenantContext, input: PlaceOrderInput, charge: InvoiceCharge, now: Date) {
  const { idempotencyKey: _key, ...rest } = input;
  const hash = createHash('sha256').update(JSON.stringify(rest)).digest('base64url');
  const replay = async (cause?: unknown) => {
    const view = await database.withTenant(tenant.businessId, async (tx) => {
      const existing = await ordersRepository.findOrderByIdempotencyKey(tx, tenant.businessId, input.idempotencyKey);
      if (!existing) return null;
      if (existing.requestHash !== hash) throw keyReused();
      return toOrderView(existing, await ordersRepository.findLines(tx, existing.id), await ordersRepository.findPayments(tx, existing.id));
    });
    if (!view) throw cause ?? new Error('the idempotency key has no sale');
    return { replayed: true, view };
  };
  const context = await saleRepository.loadSaleContext(database.db, tenant.businessId, { productIds: [], idempotencyKey: input.idempotencyKey, customerId: null });
  if (context.existing) {
    if (context.existing.requestHash !== hash) throw keyReused();
    return replay();
  }
  if (!context.settings) throw new AppError(409, 'business_not_set_up', 'Finish the business set-up before selling');
  const paid = input.payments.reduce((sum, payment) => sum + payment.amount, 0);
  if (paid !== charge.amount) throw new AppError(422, 'payment_mismatch', 'The payments must add up to the total', { total: charge.amount, paid });
  for (const payment of input.payments) {
    if (payment.tendered !== undefined && payment.method !== 'cash') throw new AppError(400, 'validation_error', 'Only cash payments take a tendered amount');
    if (payment.method === 'cash' && payment.tendered !== undefined && payment.tendered < payment.amount) {
      throw new AppError(422, 'insufficient_tender', 'The cash handed over is less than the amount due');
    }
  }
  const businessId = tenant.businessId;
  const employeeId = tenant.employeeSession?.employeeId ?? null;
  const actor = { actorUserId: tenant.userId, actorEmployeeId: employeeId };
  const orderId = uuidV7();
  const order = {
    id: orderId,
    businessId,
    number: null,
    status: 'paid' as const,
    customerId: charge.customerId,
    employeeId,
    actorUserId: tenant.userId,
    storeId: null,
    registerId: tenant.registerId,
    cashSessionId: null,
    currency: context.settings.currency,
    // The invoice's amounts are final: the sale's net and tax are its share, tax on top.
    pricesIncludeTax: false,
    orderDiscount: null,
    subtotal: charge.amount - charge.tax,
    discountTotal: 0,
    taxTotal: charge.tax,
    total: charge.amount,
    paidTotal: charge.amount,
    refundedTotal: 0,
    note: input.note ?? `Payment of ${charge.label}`,
    idempotencyKey: input.idempotencyKey,
    requestHash: hash,
    createdAt: now,
    paidAt: now,
  };
  const payments = input.payments.map((payment) => ({
    id: uuidV7(),
    businessId,
    orderId,
    method: payment.method,
    amount: payment.amount,
    tendered: payment.method === 'cash' ? (payment.tendered ?? payment.amount) : null,
    change: payment.method === 'cash' ? (payment.tendered ?? payment.amount) - payment.amount : null,
    reference: payment.reference ?? null,
    refundId: null,
    createdAt: now,
    cashSessionId: null as string | null,
  }));
  const sale: SaleRows = {
    order,
    paysParkedOrder: false,
    allowNegativeStock: context.settings.allowNegativeStock,
    lines: [],
    payments,
    stockMovements: [],
    events: [
      {
        id: uuidV7(),
        businessId,
        orderId,
        type: 'paid',
        ...actor,
        actorName: tenant.employeeSession?.employeeName ?? 'Business owner',
        details: { total: charge.amount, methods: input.payments.map((payment) => payment.method), invoice_id: charge.invoiceId },
        createdAt: now,
      },
    ],
    audits: [],
    stockTakes: [],
    cashSession: cashSessionRule(tenant),
    giftCards: [],
    giftCardEntries: [],
    giftCardRedemptions: [],
    loyalty: null,
  };
  let written;
  try {
    written = await saleRepository.writeSale(database.db, businessId, sale);
  } catch (error) {
    if (sqlState(error) === 'TL003') throw cashSessionRequired();
    if (isUniqueViolation(error)) return replay(error);
    throw error;
  }
  void publishChange(database, businessId, 'orders', 'INSERT', orderId);
  return {
    replayed: false,
    view: toOrderView(
      { ...order, number: written.number, createdAt: written.createdAt, cashSessionId: written.cashSessionId },
      [],
      payments.map((payment) => ({ ...payment, cashSessionId: written.cashSessionId })),
    ),
  };
}
