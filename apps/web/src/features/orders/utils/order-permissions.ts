import { canAccessEmployeeFeature, canOverrideRefundMethod, type EmployeeRole, type EmployeePermissions } from '@till/core';

/**
 * What this device may do to an order, to hide what the server would refuse. Without an
 * employee session the owner's account is acting (SPEC §6: all permissions); with one, the
 * employee's role and flags decide. The server checks again either way.
 */
export function orderActionsFor(
  session: { employee_role: EmployeeRole; permissions: Partial<EmployeePermissions> } | null,
  features: { pos_system?: boolean } | null | undefined,
): { canRefund: boolean; canVoid: boolean; canChooseRefundMethod: boolean } {
  const role = session?.employee_role ?? 'business_owner';
  const permissions = session?.permissions ?? null;
  return {
    canRefund: canAccessEmployeeFeature(role, permissions, 'refunds'),
    // Voiding a parked sale is till work: it needs the point of sale and a till role.
    canVoid: features?.pos_system === true && canAccessEmployeeFeature(role, permissions, 'pos'),
    // Paying a refund back another way than it came in (card money in cash) is a manager's call (decision 016).
    canChooseRefundMethod: canAccessEmployeeFeature(role, permissions, 'refunds') && canOverrideRefundMethod(role),
  };
}
