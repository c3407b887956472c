import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { OnboardingFacts } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { employees, orders, products, registers } from '../../db/schema/index.ts';

/** Whether each first-run step has happened: existence, not counts, so each is one index probe. */
export const onboardingRepository = {
  async facts(tx: Tx, businessId: string): Promise<OnboardingFacts> {
    const one = { one: sql<number>`1` };
    const anyProduct = await tx.select(one).from(products).where(eq(products.businessId, businessId)).limit(1);
    const anyStaff = await tx
      .select(one)
      .from(employees)
      .where(and(eq(employees.businessId, businessId), ne(employees.role, 'business_owner')))
      .limit(1);
    const anyTill = await tx
      .select(one)
      .from(registers)
      // Paired and not unpaired: a till that holds a working credential.
      .where(and(eq(registers.businessId, businessId), eq(registers.isActive, true), isNotNull(registers.credentialHash)))
      .limit(1);
    const anySale = await tx
      .select(one)
      .from(orders)
      .where(and(eq(orders.businessId, businessId), inArray(orders.status, ['paid', 'partially_refunded', 'refunded'])))
      .limit(1);
    return { products: anyProduct.length, staff: anyStaff.length, tills: anyTill.length, sales: anySale.length };
  },
};
