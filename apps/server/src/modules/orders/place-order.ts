import { createHash } from 'node:crypto';
import { maskGiftCardCode, type PlaceOrderInput, type PlaceOrderWithLotsInput, type PricedLine } from '@till/core';
import type { orderLines } from '../../db/schema/index.ts';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation, pgErrorField, sqlState } from '../../lib/pg-errors.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { publishChange } from '../../realtime/publish.ts';
import { cashSessionRequired } from '../cash-sessions/cash-session-errors.ts';
import { claimPartPayment, completePartPayment, releasePartPayment } from '../dining/pay-part.ts';
import { claimTicketPayment, completeTicketPayment, releaseTicketPayment } from '../kitchen/pay-ticket.ts';
import { namedLotKey, planSaleBatches } from '../batches/sale-batches.ts';
import { sellInvoice } from './sell-invoice.ts';
import { ordersRepository } from './orders.repository.ts';
import { saleRepository, type SaleRows } from './sale.repository.ts';
import { promotionsForSale } from '../promotions/promotions.ts';
import { giftCardPricingLines, giftCardsToSell, planSaleLoyalty } from '../loyalty/loyalty-for-sale.ts';
import { priceSale, requireSaleAccess, saleModifiers } from './price-sale.ts';
import { toOrderLineRows } from './order-line-rows.ts';
import { toOrderView, type OrderView } from './order-view.ts';

/** Same body, same hash: the idempotency key may be retried only with the request it first came with. */
function requestHash(input: PlaceOrderInput): string {
  const { idempotencyKey: _key, ...rest } = input;
  return createHash('sha256').update(JSON.stringify(rest)).digest('base64url');
}


/**
 * Issue 12: on a register with cash_management on, every sale belongs to exactly one drawer
 * session, so the till asks to open the drawer (count the float) before its first sale; without
 * cash management a sale joins a session only if one happens to be open.
 */
function cashSessionRule(tenant: TenantContext): SaleRows['cashSession'] {
  if (!tenant.registerId) return 'none';
  return tenant.features.cash_management ? 'required' : 'attach';
}

const keyReused = () => new AppError(409, 'idempotency_key_reused', 'This idempotency key was already used for a different sale');

/** The sale an idempotency key first made, or null; a different body under the same key is a 409. */
async function replay(tx: Tx, tenant: TenantContext, input: PlaceOrderInput, hash: string): Promise<OrderView | null> {
  const existing = await ordersRepository.findOrderByIdempotencyKey(tx, tenant.businessId, input.idempotencyKey);
  if (!existing) return null;
  if (existing.requestHash !== hash) throw keyReused();
  return toOrderView(existing, await ordersRepository.findLines(tx, existing.id), await ordersRepository.findPayments(tx, existing.id));
}

/**
 * One sale: one statement reads what pricing needs, the cart is repriced here (packages/core)
 * and a total the till got wrong is refused, then one statement, hence one transaction, writes
 * the order, lines, payments, stock movements and history (decision 007). A retry with the same
 * idempotency key returns the first result. Prices are those read by the first statement; stock
 * is checked again under its row locks in the second.
 */
export async function placeOrder(
  database: Database,
  tenant: TenantContext,
  input: PlaceOrderWithLotsInput,
): Promise<{ replayed: boolean; view: OrderView }> {
  requireAccess(tenant, { feature: 'pos_system', employeeFeature: 'pos' });
  // An issued invoice paid at the till (decision 038); any other sale needs a line.
  if (input.invoiceId) return sellInvoice(database, tenant, { ...input, invoiceId: input.invoiceId });
  if (input.lines.length === 0 && !input.giftCards?.length) throw new AppError(400, 'validation_error', 'The cart is empty');
  const ticketId = input.kitchenTicketId;
  const partId = input.kitchenBillPartId;
  if (!ticketId) {
    if (partId) throw new AppError(400, 'kitchen_ticket_required', 'A bill part is paid with its kitchen_ticket_id');
    return sell(database, tenant, input);
  }
  // Paying a kitchen ticket (decision 026), or one part of its split bill (decision 036): the
  // ticket or part is taken for this key, then linked to the sale.
  const key = input.idempotencyKey;
  if (partId) await claimPartPayment(database, tenant, ticketId, partId, key, new Date());
  else await claimTicketPayment(database, tenant, ticketId, key, new Date());
  let result;
  try {
    result = await sell(database, tenant, input);
  } catch (error) {
    if (partId) await releasePartPayment(database, tenant, partId, key);
    else await releaseTicketPayment(database, tenant, ticketId, key);
    throw error;
  }
  if (partId) await completePartPayment(database, tenant, ticketId, partId, key, result.view.order.id, new Date());
  else await completeTicketPayment(database, tenant, ticketId, key, result.view.order.id);
  return result;
}

async function sell(database: Database, tenant: TenantContext, input: PlaceOrderWithLotsInput): Promise<{ replayed: boolean; view: OrderView }> {
  requireSaleAccess(tenant, input);
  if (input.payments.length > 1) requireAccess(tenant, { feature: 'multiple_payments' });
  if (input.customerId) requireAccess(tenant, { feature: 'customer_management' });
  // Decision 064: gift cards sold are untaxed lines after the products; codes are checked first.
  const sold = giftCardsToSell(tenant, input);
  const hash = requestHash(input);
  const replayFirstSale = async (cause?: unknown) => {
    const view = await database.withTenant(tenant.businessId, (tx) => replay(tx, tenant, input, hash));
    if (!view) throw cause ?? new Error('the idempotency key has no sale');
    return { replayed: true, view };
  };

  // Round trip 1: what pricing needs (decision 007: a sale is two statements).
  const productIds = [...new Set(input.lines.map((line) => line.productId))];
  const context = await saleRepository.loadSaleContext(database.db, tenant.businessId, {
    productIds,
    idempotencyKey: input.idempotencyKey,
    customerId: input.customerId ?? null,
  });
  if (context.existing) {
    if (context.existing.requestHash !== hash) throw keyReused();
    return replayFirstSale();
  }
  const settings = context.settings;
  if (!settings) throw new AppError(409, 'business_not_set_up', 'Finish the business set-up before selling');
  if (!context.customerExists) throw new AppError(422, 'customer_not_found', 'That customer does not exist');
  const catalogue = new Map(context.products.map((product) => [product.id, product]));
  const missing = productIds.filter((id) => !catalogue.has(id));
  if (missing.length) throw new AppError(422, 'product_unavailable', 'A product in the cart is not for sale', { product_ids: missing });

  const overrides = input.lines.filter((line) => line.unitPrice !== undefined && line.unitPrice !== catalogue.get(line.productId)!.price);
  if (overrides.length) requireAccess(tenant, { adminPermission: 'can_change_prices' });

  // Decision 035: the chosen options are checked and priced here, from the catalogue just read.
  const modifiers = saleModifiers(input, catalogue);

  // Decision 050: promotions are priced here as the till priced them; a till that disagrees (a
  // promotion started or ended meanwhile) gets total_mismatch with the server's total.
  const now = new Date();
  const promotions = tenant.features.promotions_pricing
    ? await promotionsForSale(
        database,
        tenant.businessId,
        input.lines.map((line, index) => ({
          productId: line.productId,
          unitPrice: (line.unitPrice ?? catalogue.get(line.productId)!.price) + modifiers[index]!.delta,
          quantity: line.quantity,
        })),
        now,
      )
    : input.lines.map(() => null);

  const pricesIncludeTax = settings.pricesIncludeTax;
  const priced = priceSale({ cart: input, catalogue, modifiers, pricesIncludeTax, promotions, extraLines: giftCardPricingLines(sold) });
  if (priced.total !== input.expectedTotal) {
    throw new AppError(422, 'total_mismatch', 'The total does not match the prices on the server; refresh and try again', {
      server_total: priced.total,
    });
  }

  const paid = input.payments.reduce((sum, payment) => sum + payment.amount, 0);
  if (paid !== priced.total) {
    throw new AppError(422, 'payment_mismatch', 'The payments must add up to the total', { total: priced.total, paid });
  }
  for (const payment of input.payments) {
    if (payment.tendered !== undefined && payment.method !== 'cash') {
      throw new AppError(400, 'validation_error', 'Only cash payments take a tendered amount');
    }
    if (payment.method === 'cash' && payment.tendered !== undefined && payment.tendered < payment.amount) {
      throw new AppError(422, 'insufficient_tender', 'The cash handed over is less than the amount due');
    }
  }

  const takeByProduct = new Map<string, number>();
  for (const line of input.lines) {
    if (catalogue.get(line.productId)!.trackStock) {
      takeByProduct.set(line.productId, (takeByProduct.get(line.productId) ?? 0) + line.quantity);
    }
  }
  // Decision 048: batch-tracked products are taken from their lots in the till's store, FEFO.
  const { plan: lots, named } =
    takeByProduct.size > 0 || input.lines.some((line) => line.lotNumber)
      ? await planSaleBatches(database, tenant, input.lines, new Map(context.products.map((product) => [product.id, product.name])))
      : { plan: new Map<string, { batchId: string | null; quantity: number }[]>(), named: new Map<string, string>() };
  const businessId = tenant.businessId;
  const employeeId = tenant.employeeSession?.employeeId ?? null;
  // Time-ordered ids: the sale tables' key indexes grow at their right edge.
  const orderId = input.parkedOrderId ?? uuidV7();
  const order = {
    id: orderId,
    businessId,
    number: null,
    status: 'paid' as const,
    customerId: input.customerId ?? null,
    employeeId,
    actorUserId: tenant.userId,
    // The paired till it was rung up on (none on the owner's own browser); the database fills in
    // the store from it, or the default store (trigger orders_store).
    storeId: null,
    registerId: tenant.registerId,
    // Set by till_write_sale under the session's share lock (issue 12).
    cashSessionId: null,
    currency: settings.currency,
    pricesIncludeTax,
    orderDiscount: input.orderDiscount ?? null,
    subtotal: priced.subtotal,
    discountTotal: priced.discountTotal,
    taxTotal: priced.taxTotal,
    total: priced.total,
    paidTotal: priced.total,
    refundedTotal: 0,
    note: input.note ?? null,
    idempotencyKey: input.idempotencyKey,
    requestHash: hash,
    createdAt: now,
    paidAt: now,
  };
  // Decision 069: a line that named its lot keeps it, as a parked sale's line does.
  const lineLots = input.lines.map((line) => (line.lotNumber ? (named.get(namedLotKey(line.productId, line.lotNumber)) ?? null) : null));
  const lines = toOrderLineRows({ businessId, orderId, lines: input.lines, catalogue, priced, modifiers, promotions, lots: lineLots });
  const giftCardLines = sold.map((card, index) => giftCardLineRow({ businessId, orderId, position: lines.length + index, code: card.code, priced: priced.lines[lines.length + index]! }));
  lines.push(...giftCardLines);
  // Decision 064: the cards and points that pay, the cards sold and the points earned.
  const loyaltyRows = await planSaleLoyalty(database, tenant, {
    orderId,
    customerId: input.customerId ?? null,
    total: priced.total,
    currency: settings.currency,
    createdAt: now,
    payments: input.payments,
    sold: sold.map((card, index) => ({ ...card, orderLineId: giftCardLines[index]!.id })),
  });
  const orderPayments = input.payments.map((payment, index) => ({
    id: uuidV7(),
    businessId,
    orderId,
    method: payment.method,
    amount: payment.amount,
    tendered: payment.method === 'cash' ? (payment.tendered ?? payment.amount) : null,
    change: payment.method === 'cash' ? (payment.tendered ?? payment.amount) - payment.amount : null,
    reference: loyaltyRows?.references[index] ?? payment.reference ?? null,
    refundId: null,
    createdAt: now,
    cashSessionId: null as string | null,
  }));
  const actor = { actorUserId: tenant.userId, actorEmployeeId: employeeId };
  // Discounts and price overrides are sensitive actions (ARCHITECTURE "Data rules").
  const audits = [
    ...(priced.discountTotal > 0 ? [{ action: 'order.discount', details: { discount_total: priced.discountTotal } }] : []),
    ...(overrides.length
      ? [{ action: 'order.price_override', details: { overrides: overrides.map((line) => ({ product_id: line.productId, unit_price: line.unitPrice })) } }]
      : []),
  ];
  const sale: SaleRows = {
    order,
    paysParkedOrder: Boolean(input.parkedOrderId),
    allowNegativeStock: settings.allowNegativeStock,
    lines,
    payments: orderPayments,
    stockMovements: [...takeByProduct].flatMap(([productId, quantity]) =>
      (lots.get(productId) ?? [{ batchId: null, quantity }]).map((take) => ({
        id: uuidV7(),
        businessId,
        productId,
        quantityDelta: -take.quantity,
        reason: 'sale' as const,
        orderId,
        batchId: take.batchId,
        ...actor,
        createdAt: now,
      })),
    ),
    events: [
      {
        id: uuidV7(),
        businessId,
        orderId,
        type: 'paid',
        ...actor,
        actorName: tenant.employeeSession?.employeeName ?? 'Business owner',
        details: { total: priced.total, methods: input.payments.map((payment) => payment.method) },
        createdAt: now,
      },
    ],
    audits: audits.map((audit) => ({
      id: uuidV7(),
      businessId,
      ...actor,
      action: audit.action,
      details: { order_id: orderId, ...audit.details },
      createdAt: now,
    })),
    stockTakes: [...takeByProduct].map(([productId, quantity]) => ({ productId, quantity })),
    cashSession: cashSessionRule(tenant),
    giftCards: loyaltyRows?.giftCards ?? [],
    giftCardEntries: loyaltyRows?.giftCardEntries ?? [],
    giftCardRedemptions: loyaltyRows?.giftCardRedemptions ?? [],
    loyalty: loyaltyRows?.loyalty ?? null,
  };

  // Round trip 2: the whole sale in one statement.
  let written;
  try {
    written = await saleRepository.writeSale(database.db, businessId, sale);
  } catch (error) {
    const state = sqlState(error);
    if (state === 'TL001') {
      const productId = pgErrorField(error, 'detail');
      const name = (productId && catalogue.get(productId)?.name) ?? 'a product';
      throw new AppError(409, 'insufficient_stock', `Not enough ${name} in stock`, { product_id: productId });
    }
    // A lot of the sale moved to another store meanwhile (decision 048).
    if (state === 'TL005') throw new AppError(409, 'insufficient_stock', 'The lots changed while selling; try again');
    if (state === 'TL002') throw new AppError(409, 'not_parked', 'That sale is not parked any more');
    if (state === 'TL003') throw cashSessionRequired();
    // A card or the customer's points were spent by another till meanwhile (decision 064).
    if (state === 'TL006') throw new AppError(409, 'gift_card_insufficient', 'The gift card does not hold that much any more');
    if (state === 'TL007') throw new AppError(409, 'insufficient_points', 'The customer does not have that many points any more');
    if (isUniqueViolation(error) && pgErrorField(error, 'constraint') === 'gift_cards_business_code') {
      throw new AppError(409, 'gift_card_code_taken', 'A gift card with that code was already sold');
    }
    // Two tills sent the same key at once: the unique index let one in; answer the other from it.
    if (isUniqueViolation(error)) return replayFirstSale(error);
    throw error;
  }
  // Committed: tell postgres_changes subscribers (kitchen displays) without waiting for it.
  void publishChange(database, businessId, 'orders', input.parkedOrderId ? 'UPDATE' : 'INSERT', orderId);
  return {
    replayed: false,
    view: toOrderView(
      { ...order, number: written.number, createdAt: written.createdAt, cashSessionId: written.cashSessionId },
      lines.map((line, index) => ({ ...line, lotNumber: line.batchId ? (input.lines[index]?.lotNumber ?? null) : null })),
      orderPayments.map((payment) => ({ ...payment, cashSessionId: written.cashSessionId })),
    ),
  };
}


/** A gift card sold (decision 064): an untaxed line without a product, named by the card's masked code. */
function giftCardLineRow(input: { businessId: string; orderId: string; position: number; code: string; priced: PricedLine }): (typeof orderLines.$inferSelect) {
  return {
    id: uuidV7(),
    businessId: input.businessId,
    orderId: input.orderId,
    position: input.position,
    productId: null,
    name: `Gift card ${maskGiftCardCode(input.code)}`,
    sku: null,
    unitPrice: input.priced.gross,
    catalogueUnitPrice: null,
    quantity: 1,
    taxRateBasisPoints: 0,
    lineDiscount: null,
    gross: input.priced.gross,
    lineDiscountAmount: input.priced.lineDiscount,
    orderDiscountShare: input.priced.orderDiscountShare,
    net: input.priced.net,
    tax: input.priced.tax,
    total: input.priced.total,
    note: null,
    refundedQuantity: 0,
    cashSessionId: null,
    unitCost: null,
    modifiers: null,
    promotion: null,
    batchId: null,
  };
}
