import { canAccessEmployeeFeature, isEmployeeRole, type EnabledFeatures } from '@till/core';
import type { StoredEmployeeSession } from '@/lib/employee-session';
import { actorAdminPermissions } from '@/lib/guard-context';
import type { Me } from '@/lib/me';

/**
 * What the person at the till may do (SPEC §6), to show only the controls that will work; the
 * server checks every one of them again.
 * - The owner's own account (no employee signed in) holds everything.
 * - An employee: discounts by can_apply_discounts (admin, manager and owner always); a price
 *   override by the admin flag can_change_prices (the owner always, an admin when stored).
 */
export interface PosAccess {
  canDiscount: boolean;
  canOverridePrice: boolean;
  customers: boolean;
  multiplePayments: boolean;
  barcodeScanning: boolean;
}

export function posAccess(me: Me | undefined, employeeSession: StoredEmployeeSession | null): PosAccess {
  const features: Partial<EnabledFeatures> = me?.settings?.enabled_features ?? {};
  const canDiscount = employeeSession
    ? canAccessEmployeeFeature(isEmployeeRole(employeeSession.employee_role) ? employeeSession.employee_role : null, employeeSession.permissions, 'discounts')
    : me?.is_business_owner === true;
  return {
    canDiscount,
    canOverridePrice: actorAdminPermissions(me, employeeSession).can_change_prices,
    customers: features.customer_management === true,
    multiplePayments: features.multiple_payments === true,
    barcodeScanning: features.barcode_scanning !== false,
  };
}

/** Whether catalogue prices include tax: /api/me's settings.prices_include_tax (business_settings). */
export function pricesIncludeTax(me: Me | undefined): boolean {
  return me?.settings?.prices_include_tax === true;
}
