import { canAccessEmployeeFeature, isEmployeeRole, normalizeEmployeePermissions } from '@till/core';
import { useEmployeeSession } from '@/lib/employee-session';
import { actorAdminPermissions } from '@/lib/guard-context';
import { useMe } from '@/lib/me';

/** What the person at this screen may do to the catalogue (SPEC §3 admin flags, §6): the UI mirrors the server, which decides. */
export interface CatalogueAccess {
  canAddProducts: boolean;
  canEditDetails: boolean;
  canChangePrices: boolean;
  canManageCategories: boolean;
  canAdjustStock: boolean;
}

export function useCatalogueAccess(): CatalogueAccess {
  const me = useMe().data;
  const session = useEmployeeSession();
  const admin = actorAdminPermissions(me, session);
  const role = session ? (isEmployeeRole(session.employee_role) ? session.employee_role : null) : me?.is_business_owner ? 'business_owner' : null;
  return {
    canAddProducts: admin.can_add_products,
    canEditDetails: admin.can_edit_product_details,
    canChangePrices: admin.can_change_prices,
    canManageCategories: admin.can_add_categories,
    canAdjustStock: canAccessEmployeeFeature(role, normalizeEmployeePermissions(session?.permissions ?? null), 'inventory'),
  };
}
