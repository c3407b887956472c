import type { ApiRequirement } from '@till/core';

/**
 * Who may see and record expenses (decision 022): SPEC §6's "reports" employee feature, that is
 * can_access_reports, which admin, manager and business_owner always pass. Expenses are the
 * business's books, not till work, so a cashier needs the flag.
 */
export const EXPENSES_ACCESS: ApiRequirement = { employeeFeature: 'reports' };
