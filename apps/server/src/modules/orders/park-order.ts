import type { ParkOrderWithLotsInput } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { namedLotsOfParkedLines } from '../batches/sale-batches.ts';
import { toOrderLineRows } from './order-line-rows.ts';
import { publishChangeAfterCommit } from '../../realtime/publish.ts';
import { ordersRepository } from './orders.repository.ts';
import { priceSale, requireSaleAccess, saleModifiers } from './price-sale.ts';

/**
 * Parks a cart to resume later (a customer steps away, a tab stays open): an order in status
 * parked, priced with today's prices, without a number (numbers go to paid orders only) and
 * without touching stock until it is paid. A line's chosen lot is kept (decision 069).
 */
export async function parkOrder(database: Database, tenant: TenantContext, input: ParkOrderWithLotsInput) {
  // One access check and one pricing with paying (price-sale.ts): a 0 % discount needs no permission either way.
  requireSaleAccess(tenant, input);
  // A parked sale keeps catalogue prices: overrides are applied when it is paid.
  const cart = { ...input, lines: input.lines.map(({ unitPrice: _override, ...line }) => line) };
  return database.withTenant(tenant.businessId, async (tx) => {
    const settings = await ordersRepository.findSalesSettings(tx, tenant.businessId);
    if (!settings) throw new AppError(409, 'business_not_set_up', 'Finish the business set-up before selling');
    // The foreign key alone would accept another business's customer (key checks ignore row-level security).
    if (input.customerId && !(await ordersRepository.customerExists(tx, tenant.businessId, input.customerId))) {
      throw new AppError(422, 'customer_not_found', 'That customer does not exist');
    }
    const ids = [...new Set(input.lines.map((line) => line.productId))];
    const catalogue = new Map((await ordersRepository.findSellableProducts(tx, tenant.businessId, ids)).map((p) => [p.id, p]));
    const missing = ids.filter((id) => !catalogue.has(id));
    if (missing.length) throw new AppError(422, 'product_unavailable', 'A product in the cart is not for sale', { product_ids: missing });
    const modifiers = saleModifiers(cart, catalogue);
    // Decision 069: the lot a line names is kept, so the resumed sale sells from it again.
    const lots = await namedLotsOfParkedLines(tx, tenant, input.lines, new Map([...catalogue.values()].map((product) => [product.id, product.name])));
    const priced = priceSale({ cart, catalogue, modifiers, pricesIncludeTax: settings.pricesIncludeTax ?? false });
    const employeeId = tenant.employeeSession?.employeeId ?? null;
    const order = await ordersRepository.insertOrder(tx, {
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
    await ordersRepository.replaceOrderLines(
      tx,
      order.id,
      toOrderLineRows({
        businessId: tenant.businessId,
        orderId: order.id,
        lines: cart.lines,
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
