import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { blankToNull } from './customer-input.ts';
import { toCustomerView, type CustomerView } from './customer-view.ts';
import { customersRepository as repo } from './customers.repository.ts';
import { emailTaken, ensureEmailFree } from './ensure-email-free.ts';

export interface CreateCustomerInput {
  name: string;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  notes?: string | null | undefined;
  tags?: string[] | undefined;
}

/** Adds a customer; any actor of the business may (cashiers add customers at the till). */
export async function createCustomer(database: Database, tenant: TenantContext, input: CreateCustomerInput, now: Date): Promise<CustomerView> {
  const email = blankToNull(input.email) ?? null;
  try {
    return await database.withTenant(tenant.businessId, async (tx) => {
      if (email) await ensureEmailFree(tx, tenant.businessId, email, null);
      const row = await repo.insert(tx, {
        businessId: tenant.businessId,
        name: input.name.trim(),
        email,
        phone: blankToNull(input.phone) ?? null,
        notes: blankToNull(input.notes) ?? null,
        tags: input.tags ?? [],
        createdAt: now,
        updatedAt: now,
      });
      return toCustomerView(row);
    });
  } catch (error) {
    // Should a unique index on (business_id, lower(email)) exist, it answers the same way.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
