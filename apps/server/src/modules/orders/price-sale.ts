import { cartHasDiscount, MoneyError, priceCart, type CartLineInput, type Discount, type ModifierGroup, type PricedCart } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { lineModifiers, type PricedModifiers } from './line-modifiers.ts';

/** A cart as parking and paying receive it (core parkOrderInput / placeOrderInput). */
interface SaleCart {
  lines: readonly {
    productId: string;
    quantity: number;
    /** A price override; only paying takes one (parking keeps catalogue prices). */
    unitPrice?: number | undefined;
    discount?: Discount | null | undefined;
    modifierOptionIds?: readonly string[] | undefined;
  }[];
  orderDiscount?: Discount | null | undefined;
}

/** A product of the cart as the server read it just now. */
interface SaleProduct {
  id: string;
  name: string;
  price: number;
  taxRateBasisPoints: number;
  modifierGroups?: ModifierGroup[] | null;
}

/**
 * Who may ring up this cart, the same for parking and paying: the till (pos_system, employee
 * feature pos) and, when anything is taken off, the discounts permission (core cartHasDiscount: a
 * 0 % discount takes nothing off and needs none).
 */
export function requireSaleAccess(tenant: TenantContext, cart: SaleCart): void {
  requireAccess(tenant, { feature: 'pos_system', employeeFeature: 'pos' });
  if (cartHasDiscount(cart)) requireAccess(tenant, { employeeFeature: 'discounts' });
}

/** Each line's chosen options, checked and priced against the catalogue just read (decision 035). */
export function saleModifiers(cart: SaleCart, catalogue: ReadonlyMap<string, SaleProduct>): PricedModifiers[] {
  return cart.lines.map((line) => {
    const product = catalogue.get(line.productId)!;
    return lineModifiers(product, line.modifierOptionIds, line.unitPrice ?? product.price);
  });
}

/**
 * The one pricing of a sale, for parking and paying (core priceCart): catalogue prices unless a
 * line overrides them, the options' deltas, promotions when paying, and any lines after the
 * products (gift cards sold). A cart the money rules refuse is 400 invalid_cart.
 */
export function priceSale(input: {
  cart: SaleCart;
  catalogue: ReadonlyMap<string, SaleProduct>;
  modifiers: readonly PricedModifiers[];
  pricesIncludeTax: boolean;
  promotions?: readonly ({ amount: number } | null)[];
  extraLines?: CartLineInput[];
}): PricedCart {
  const { cart, catalogue, modifiers } = input;
  try {
    return priceCart({
      pricesIncludeTax: input.pricesIncludeTax,
      orderDiscount: cart.orderDiscount ?? null,
      lines: cart.lines
        .map((line, index): CartLineInput => {
          const product = catalogue.get(line.productId)!;
          return {
            unitPrice: line.unitPrice ?? product.price,
            modifierDelta: modifiers[index]!.delta,
            quantity: line.quantity,
            taxRateBasisPoints: product.taxRateBasisPoints,
            discount: line.discount ?? null,
            promotionDiscount: input.promotions?.[index]?.amount ?? 0,
          };
        })
        .concat(input.extraLines ?? []),
    });
  } catch (error) {
    if (error instanceof MoneyError) throw new AppError(400, 'invalid_cart', error.message);
    throw error;
  }
}
