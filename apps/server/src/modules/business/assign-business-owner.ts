import { allEmployeePermissions } from '@till/core';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { hashPin } from '../employees/employee-secrets.ts';
import { businessRepository } from './business.repository.ts';
import { ensureBusinessSettings } from './ensure-business-settings.ts';
import { toSettingsView, type BusinessSettingsView } from './settings-view.ts';

/**
 * SPEC §4: assigning the first owner creates an employee with role business_owner and all six
 * employee permission flags true, marks has_business_owner, and returns the reloaded settings.
 */
export async function assignBusinessOwner(
  database: Database,
  input: { businessId: string; userId: string; fullName: string; email: string | null; pin?: string | undefined },
): Promise<BusinessSettingsView> {
  // The owner signs in on tills with this PIN (issue 10 item 4); hashed before any transaction opens.
  const pinHash = input.pin ? await hashPin(input.pin) : null;
  await ensureBusinessSettings(database, { businessId: input.businessId, userId: input.userId });
  const ownerExists = () => conflict('owner_exists', 'This business already has an owner');
  try {
    return await assignInTenant(database, { ...input, pinHash }, ownerExists);
  } catch (error) {
    // Two clicks at once: the one-owner-per-business index refuses the second.
    if (isUniqueViolation(error)) throw ownerExists();
    throw error;
  }
}

function assignInTenant(
  database: Database,
  input: { businessId: string; userId: string; fullName: string; email: string | null; pinHash: string | null },
  ownerExists: () => Error,
): Promise<BusinessSettingsView> {
  return database.withTenant(input.businessId, async (tx) => {
    const settings = await businessRepository.findSettings(tx, input.businessId);
    if (settings?.hasBusinessOwner || (await businessRepository.findActiveOwnerEmployee(tx, input.businessId))) {
      throw ownerExists();
    }
    const employee = await businessRepository.insertEmployee(tx, {
      businessId: input.businessId,
      userId: input.userId,
      fullName: input.fullName,
      email: input.email,
      role: 'business_owner',
      pinHash: input.pinHash,
      isActive: true,
      permissions: allEmployeePermissions(true),
      adminPermissions: null,
    });
    await businessRepository.markHasBusinessOwner(tx, input.businessId);
    await businessRepository.insertAudit(tx, {
      businessId: input.businessId,
      actorUserId: input.userId,
      action: 'business_owner.assigned',
      details: { employee_id: employee.id, full_name: input.fullName },
    });
    const reloaded = await businessRepository.findSettings(tx, input.businessId);
    return toSettingsView(reloaded!);
  });
}
