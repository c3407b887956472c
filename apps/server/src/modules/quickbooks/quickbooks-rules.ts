import { dayInZone, quickbooksMappingInput, safeTimeZone, startOfDayInZone, type QuickbooksMapping } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireAccess } from '../../lib/require-access.ts';
import type { MappingRow } from './quickbooks.repository.ts';

/**
 * SPEC §2: /quickbooks needs the feature quickbooks_integration; SPEC §6 reports: the owner,
 * admins and managers, or an employee with can_access_reports. Checked by the routes and again
 * here, so a use-case called any other way holds to it too.
 */
export const QUICKBOOKS_ACCESS = { feature: 'quickbooks_integration', employeeFeature: 'reports' } as const;

export function requireQuickbooksAccess(tenant: TenantContext): void {
  requireAccess(tenant, QUICKBOOKS_ACCESS);
}

export const actorName = (tenant: TenantContext) => tenant.employeeSession?.employeeName ?? 'Business owner';
export const actorIds = (tenant: TenantContext) => ({ userId: tenant.userId, employeeId: tenant.employeeSession?.employeeId ?? null });

export const mappingRequired = () =>
  new AppError(422, 'quickbooks_mapping_required', 'Map the QuickBooks accounts first: every journal line needs an account');

export function mappingOf(row: MappingRow): QuickbooksMapping {
  return quickbooksMappingInput.parse({
    defaultIncomeAccount: row.defaultIncomeAccount,
    categoryAccounts: row.categoryAccounts,
    defaultTaxAccount: row.defaultTaxAccount,
    taxRateAccounts: row.taxRateAccounts,
    paymentAccounts: { cash: row.cashAccount, card: row.cardAccount, other: row.otherAccount },
    overShortAccount: row.overShortAccount,
    discountsAccount: row.discountsAccount,
    refundsAccount: row.refundsAccount,
  });
}

const DAY_MS = 86_400_000;
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The longest range one listing or export covers. */
export const QUICKBOOKS_MAX_RANGE_DAYS = 366;

/** [from, to] days in the business's time zone (default: the last 30 days) as instants [start, end). */
export function dayRange(timeZone: string, now: Date, from: string | undefined, to: string | undefined) {
  const zone = safeTimeZone(timeZone);
  const last = to ?? dayInZone(now, zone);
  const first = from ?? addDays(last, -29);
  if (first > last) throw new AppError(400, 'invalid_range', 'The range starts after it ends: from must be on or before to');
  if (Date.parse(last) - Date.parse(first) >= QUICKBOOKS_MAX_RANGE_DAYS * DAY_MS) {
    throw new AppError(400, 'invalid_range', `A range covers at most ${QUICKBOOKS_MAX_RANGE_DAYS} days`);
  }
  return { from: first, to: last, start: startOfDayInZone(first, zone), end: startOfDayInZone(addDays(last, 1), zone) };
}
