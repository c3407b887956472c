import { createHash } from 'node:crypto';
import { evaluateApiAccess, MoneyError, priceCart, type PlaceOrderInput } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { businessRepository } from '../business/business.repository.ts';
import { checkoutRepository as repo } from './checkout.repository.ts';
import { toOrderLineRows } from './order-line-rows.ts';
import { toOrderView, type OrderView } from './order-view.ts';

/** Same body, same hash: the idempotency key may be retried only with the request it first came with. */
function requestHash(input: PlaceOrderInput): string {
  const { idempotencyKey: _key, ...rest } = input;
  return createHash('sha256').update(JSON.stringify(rest)).digest('base64url');
}

function requirePermission(tenant: TenantContext, requirement: Parameters<typeof evaluateApiAccess>[1]) {
  const decision = evaluateApiAccess(tenant.actor, requirement, tenant.features);
  if (!decision.allowed) throw new AppError(403, decision.code, decision.message);
}

const hasDiscount = (discount: PlaceOrderInput['orderDiscount']) =>
  Boolean(discount && (discount.kind === 'amount' ? discount.amount > 0 : discount.basisPoints > 0));

async function replay(tx: Tx, tenant: TenantContext, input: PlaceOrderInput, hash: string): Promise<OrderView | null> {
  const existing = await repo.findOrderByIdempotencyKey(tx, tenant.businessId, input.idempotencyKey);
  if (!existing) return null;
  if (existing.requestHash !== hash) {
    throw new AppError(409, 'idempotency_key_reused', 'This idempotency key was already used for a different sale');
  }
  return toOrderView(existing, await repo.findOrderLines(tx, existing.id), await repo.findPayments(tx, existing.id));
}

/**
 * One sale in one transaction: order, lines, payments, stock movements and history. The server
 * reprices the cart (SPEC-free rule in packages/core) and refuses a total the till got wrong;
 * a retry with the same idempotency key returns the first result.
 */
export async function placeOrder(
  database: Database,
  tenant: TenantContext,
  input: PlaceOrderInput,
): Promise<{ replayed: boolean; view: OrderView }> {
  if (input.lines.some((line) => hasDiscount(line.discount)) || hasDiscount(input.orderDiscount)) {
    requirePermission(tenant, { employeeFeature: 'discounts' });
  }
  if (input.payments.length > 1) requirePermission(tenant, { feature: 'multiple_payments' });
  if (input.customerId) requirePermission(tenant, { feature: 'customer_management' });
  const hash = requestHash(input);

  try {
    return await database.withTenant(tenant.businessId, (tx) => placeInTransaction(tx, tenant, input, hash));
  } catch (error) {
    // Two tills sent the same key at once: the unique index let one in; answer the other from it.
    if (isUniqueViolation(error)) {
      const view = await database.withTenant(tenant.businessId, (tx) => replay(tx, tenant, input, hash));
      if (view) return { replayed: true, view };
    }
    throw error;
  }
}

async function placeInTransaction(tx: Tx, tenant: TenantContext, input: PlaceOrderInput, hash: string) {
  const previous = await replay(tx, tenant, input, hash);
  if (previous) return { replayed: true, view: previous };

  const settings = await repo.findSalesSettings(tx, tenant.businessId);
  if (!settings) throw new AppError(409, 'business_not_set_up', 'Finish the business set-up before selling');
  if (input.customerId && !(await repo.customerExists(tx, tenant.businessId, input.customerId))) {
    throw new AppError(422, 'customer_not_found', 'That customer does not exist');
  }

  const productIds = [...new Set(input.lines.map((line) => line.productId))];
  const catalogue = new Map((await repo.findSellableProducts(tx, tenant.businessId, productIds)).map((p) => [p.id, p]));
  const missing = productIds.filter((id) => !catalogue.has(id));
  if (missing.length) throw new AppError(422, 'product_unavailable', 'A product in the cart is not for sale', { productIds: missing });

  const overrides = input.lines.filter((line) => line.unitPrice !== undefined && line.unitPrice !== catalogue.get(line.productId)!.price);
  if (overrides.length) requirePermission(tenant, { adminPermission: 'can_change_prices' });

  const pricesIncludeTax = settings.pricesIncludeTax ?? false;
  let priced;
  try {
    priced = priceCart({
      pricesIncludeTax,
      orderDiscount: input.orderDiscount ?? null,
      lines: input.lines.map((line) => {
        const product = catalogue.get(line.productId)!;
        return {
          unitPrice: line.unitPrice ?? product.price,
          quantity: line.quantity,
          taxRateBasisPoints: product.taxRateBasisPoints,
          discount: line.discount ?? null,
        };
      }),
    });
  } catch (error) {
    if (error instanceof MoneyError) throw new AppError(400, 'invalid_cart', error.message);
    throw error;
  }
  if (priced.total !== input.expectedTotal) {
    throw new AppError(422, 'total_mismatch', 'The total does not match the prices on the server; refresh and try again', {
      serverTotal: priced.total,
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
  const now = new Date();
  const employeeId = tenant.employeeSession?.employeeId ?? null;
  const orderValues = {
    businessId: tenant.businessId,
    status: 'paid' as const,
    customerId: input.customerId ?? null,
    employeeId,
    actorUserId: tenant.userId,
    currency: settings.currency,
    pricesIncludeTax,
    orderDiscount: input.orderDiscount ?? null,
    subtotal: priced.subtotal,
    discountTotal: priced.discountTotal,
    taxTotal: priced.taxTotal,
    total: priced.total,
    paidTotal: priced.total,
    note: input.note ?? null,
    idempotencyKey: input.idempotencyKey,
    requestHash: hash,
    paidAt: now,
  };
  let order;
  if (input.parkedOrderId) {
    const parked = await repo.findParkedOrder(tx, tenant.businessId, input.parkedOrderId);
    if (!parked || parked.status !== 'parked') throw new AppError(409, 'not_parked', 'That sale is not parked any more');
    order = await repo.updateOrder(tx, tenant.businessId, parked.id, orderValues);
  } else {
    order = await repo.insertOrder(tx, { ...orderValues, createdAt: now });
  }

  const writtenLines = await repo.replaceOrderLines(
    tx,
    order.id,
    toOrderLineRows({ businessId: tenant.businessId, orderId: order.id, lines: input.lines, catalogue, priced }),
    Boolean(input.parkedOrderId),
  );
  const writtenPayments = await repo.insertPayments(
    tx,
    input.payments.map((payment) => ({
      businessId: tenant.businessId,
      orderId: order.id,
      method: payment.method,
      amount: payment.amount,
      tendered: payment.method === 'cash' ? (payment.tendered ?? payment.amount) : null,
      change: payment.method === 'cash' ? (payment.tendered ?? payment.amount) - payment.amount : null,
      reference: payment.reference ?? null,
    })),
  );
  await repo.insertStockMovements(
    tx,
    [...takeByProduct].map(([productId, quantity]) => ({
      businessId: tenant.businessId,
      productId,
      quantityDelta: -quantity,
      reason: 'sale' as const,
      orderId: order.id,
      actorUserId: tenant.userId,
      actorEmployeeId: employeeId,
    })),
  );
  const actorName = tenant.employeeSession?.employeeName ?? 'Business owner';
  await repo.insertOrderEvent(tx, {
    businessId: tenant.businessId,
    orderId: order.id,
    type: 'paid',
    actorUserId: tenant.userId,
    actorEmployeeId: employeeId,
    actorName,
    details: { total: priced.total, methods: input.payments.map((payment) => payment.method) },
  });
  // Discounts and price overrides are sensitive actions (ARCHITECTURE "Data rules").
  const audits = [
    ...(priced.discountTotal > 0 ? [{ action: 'order.discount', details: { discount_total: priced.discountTotal } }] : []),
    ...(overrides.length
      ? [{ action: 'order.price_override', details: { overrides: overrides.map((line) => ({ product_id: line.productId, unit_price: line.unitPrice })) } }]
      : []),
  ];
  for (const audit of audits) {
    await businessRepository.insertAudit(tx, {
      businessId: tenant.businessId,
      actorUserId: tenant.userId,
      actorEmployeeId: employeeId,
      action: audit.action,
      details: { order_id: order.id, ...audit.details },
    });
  }
  // The shared locks come last, so they are held for as short a time as possible: tracked
  // products in id order (concurrent sales never deadlock), then the order number.
  for (const productId of [...takeByProduct.keys()].sort()) {
    const ok = await repo.takeStock(tx, tenant.businessId, productId, takeByProduct.get(productId)!, settings.allowNegativeStock ?? false);
    if (!ok) {
      throw new AppError(409, 'insufficient_stock', `Not enough ${catalogue.get(productId)!.name} in stock`, { productId });
    }
  }
  const number = await repo.assignOrderNumber(tx, tenant.businessId, order.id);
  return { replayed: false, view: toOrderView({ ...order, number }, writtenLines, writtenPayments) };
}
