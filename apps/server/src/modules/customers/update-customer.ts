import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { blankToNull } from './customer-input.ts';
import { toCustomerView, type CustomerView } from './customer-view.ts';
import { customersRepository as repo } from './customers.repository.ts';
import { emailTaken, ensureEmailFree } from './ensure-email-free.ts';

export interface UpdateCustomerInput {
  name?: string | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  notes?: string | null | undefined;
  tags?: string[] | undefined;
}

export const customerNotFound = () => notFound('customer_not_found', 'No customer has this id');

/** Changes only the fields sent; null or blank clears an optional field. */
export async function updateCustomer(
  database: Database,
  tenant: TenantContext,
  customerId: string,
  input: UpdateCustomerInput,
  now: Date,
): Promise<CustomerView> {
  try {
    return await database.withTenant(tenant.businessId, async (tx) => {
      const current = await repo.findById(tx, tenant.businessId, customerId, true);
      if (!current) throw customerNotFound();
      const changes: Parameters<typeof repo.update>[3] = { updatedAt: now };
      if (input.name !== undefined) changes.name = input.name.trim();
      if (input.phone !== undefined) changes.phone = blankToNull(input.phone) ?? null;
      if (input.notes !== undefined) changes.notes = blankToNull(input.notes) ?? null;
      if (input.tags !== undefined) changes.tags = input.tags;
      if (input.email !== undefined) {
        const email = blankToNull(input.email) ?? null;
        if (email && email.toLowerCase() !== current.email?.toLowerCase()) await ensureEmailFree(tx, tenant.businessId, email, current.id);
        changes.email = email;
      }
      const row = await repo.update(tx, tenant.businessId, customerId, changes);
      if (!row) throw customerNotFound();
      return toCustomerView(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
