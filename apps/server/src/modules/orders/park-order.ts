import { cartHasDiscount, MoneyError, priceCart, type ParkOrderWithLotsInput } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { namedLotsOfParkedLines } from '../batches/sale-batches.ts';
import { checkoutRepository } from '../checkout/checkout.repository.ts';
import { lineModifiers } from '../checkout/line-modifiers.ts';
import { toOrderLineRows } from '../checkout/order-line-rows.ts';
import { publishChangeAfterCommit } from '../../realtime/publish.ts';
import { ordersRepository } from './orders.repository.ts';

/**
 * Parks a cart to resume later (a customer steps away, a tab stays open): an order in status
 * parked, priced with today's prices, without a number (numbers go to paid orders only) and
 * without touching stock until it is paid. A line's chosen lot is kept (decision 069).
 */
export async function parkOrder(database: Database, tenant: TenantContext, input: ParkOrderWithLotsInput) {
  requireAccess(tenant, { feature: 'pos_system', employeeFeature: 'pos' });
  // The same rule as paying (core cartHasDiscount): a 0 % discount needs no permission either way.
  if (cartHasDiscount(input)) requireAccess(tenant, { employeeFeature: 'discounts' });
  return database.withTenant(tenant.businessId, async (tx) => {
    const settings = await checkoutRepository.findSalesSettings(tx, tenant.businessId);
    if (!settings) throw new AppError(409, 'business_not_set_up', 'Finish the business set-up before selling');
    // The foreign key alone would accept another business's customer (key checks ignore row-level security).
    if (input.customerId && !(await ordersRepository.customerExists(tx, tenant.businessId, input.customerId))) {
      throw new AppError(422, 'customer_not_found', 'That customer does not exist');
    }
    const ids = [...new Set(input.lines.map((line) => line.productId))];
    const catalogue = new Map((await checkoutRepository.findSellableProducts(tx, tenant.businessId, ids)).map((p) => [p.id, p]));
    const missing = ids.filter((id) => !catalogue.has(id));
    if (missing.length) throw new AppError(422, 'product_unavailable', 'A product in the cart is not for sale', { productIds: missing });
    // Decision 035: the same modifier rule as paying, priced from the catalogue just read.
    const modifiers = input.lines.map((line) => {
      const product = catalogue.get(line.productId)!;
      return lineModifiers(product, line.modifierOptionIds, product.price);
    });
    // Decision 069: the lot a line names is kept, so the resumed sale sells from it again.
    const lots = await namedLotsOfParkedLines(tx, tenant, input.lines, new Map([...catalogue.values()].map((product) => [product.id, product.name])));
    let priced;
    try {
      priced = priceCart({
        pricesIncludeTax: settings.pricesIncludeTax ?? false,
        orderDiscount: input.orderDiscount ?? null,
        lines: input.lines.map((line, index) => ({
          unitPrice: catalogue.get(line.productId)!.price,
          modifierDelta: modifiers[index]!.delta,
          quantity: line.quantity,
          taxRateBasisPoints: catalogue.get(line.productId)!.taxRateBasisPoints,
          discount: line.discount ?? null,
        })),
      });
    } catch (error) {
      if (error instanceof MoneyError) throw new AppError(400, 'invalid_cart', error.message);
      throw error;
    }
    const employeeId = tenant.employeeSession?.employeeId ?? null;
    const order = await checkoutRepository.insertOrder(tx, {
      businessId: tenant.businessId,
      status: 'parked',
      customerId: input.customerId ?? null,
      employeeId,
      actorUserId: tenant.userId,
      // The till it was parked on (store from the register, trigger orders_store).
      registerId: tenant.registerId,
      currency: settings.currency,
      pricesIncludeTax: settings.pricesIncludeTax ?? false,
      orderDiscount: input.orderDiscount ?? null,
      subtotal: priced.subtotal,
      discountTotal: priced.discountTotal,
      taxTotal: priced.taxTotal,
      total: priced.total,
      note: input.note ?? null,
    });
    await checkoutRepository.replaceOrderLines(
      tx,
      order.id,
      // A parked sale keeps catalogue prices: overrides are applied when it is paid.
      toOrderLineRows({
        businessId: tenant.businessId,
        orderId: order.id,
        lines: input.lines.map(({ unitPrice: _override, ...line }) => line),
        catalogue,
        priced,
        modifiers,
        lots,
      }),
      false,
    );
    await ordersRepository.insertEvent(tx, {
      businessId: tenant.businessId,
      orderId: order.id,
      type: 'parked',
      actorUserId: tenant.userId,
      actorEmployeeId: employeeId,
      actorName: tenant.employeeSession?.employeeName ?? 'Business owner',
      details: { total: priced.total },
    });
    publishChangeAfterCommit(tx, tenant.businessId, 'orders', 'INSERT', order.id);
    return { id: order.id, total: priced.total };
  });
}
