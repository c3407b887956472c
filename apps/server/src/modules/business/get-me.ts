import type { PairedRegister, Services, SignedInAccount } from '../../lib/context.ts';
import { describeEmployeeSession } from '../employee-sessions/describe-employee-session.ts';
import type { EmployeeSessionView } from '../employee-sessions/employee-session-view.ts';
import type { AccountsRepository } from '../auth/accounts.repository.ts';
import { toAccountUserView, type AccountUserView } from '../auth/account-view.ts';
import { businessRepository } from './business.repository.ts';
import { toSettingsView, type BusinessSettingsView } from './settings-view.ts';
import { effectiveFeatures } from '../../lib/tenant.ts';
import type { businessSettings } from '../../db/schema/index.ts';

/** The settings as the web sees them: enabled_features after the platform's switches (issue 20 item 1). */
async function settingsViewFor(services: Pick<Services, 'featureFlags'>, businessId: string, row: typeof businessSettings.$inferSelect | undefined | null) {
  if (!row) return null;
  return { ...toSettingsView(row), enabled_features: await effectiveFeatures(services, businessId, row.enabledFeatures) };
}

export interface MeView {
  user: AccountUserView | null;
  profile: { user_id: string; business_name: string | null; full_name: string | null; industry: string } | null;
  business: { id: string; name: string; currency: string; time_zone: string } | null;
  settings: BusinessSettingsView | null;
  employee_session: EmployeeSessionView | null;
  is_super_admin: boolean;
  is_business_owner: boolean;
  /** Set when this browser is a paired till: nobody's account is signed in on it. */
  till: { id: string; name: string; store_id: string } | null;
  /** The session still owes a second step (decision 045): nothing else is shown until it is done. */
  second_step: 'challenge' | 'enroll' | null;
}

const SIGNED_OUT: MeView = {
  user: null,
  profile: null,
  business: null,
  settings: null,
  employee_session: null,
  is_super_admin: false,
  is_business_owner: false,
  till: null,
  second_step: null,
};

/** A session that owes its second step: who it is, and nothing of the business yet. */
export function partialMe(account: SignedInAccount): MeView {
  return { ...SIGNED_OUT, user: toAccountUserView(account.user), second_step: account.secondStep ?? null };
}

/** Everything the web app needs to decide what to show, in one round trip. */
export async function getMe(
  services: Pick<Services, 'database' | 'config' | 'featureFlags'>,
  accounts: AccountsRepository,
  account: SignedInAccount | null,
  employeeSessionToken: string | undefined,
  till: PairedRegister | null = null,
): Promise<MeView> {
  const { database } = services;
  if (till) return getTillMe(services, accounts, till, employeeSessionToken);
  if (!account) return SIGNED_OUT;
  const [profile, isSuperAdmin] = await Promise.all([
    accounts.findProfile(account.user.id),
    accounts.isSuperAdmin(account.user.id),
  ]);
  if (!profile) return { ...SIGNED_OUT, user: toAccountUserView(account.user), is_super_admin: isSuperAdmin };
  const { business, settings } = await database.withTenant(profile.businessId, async (tx) => ({
    business: await businessRepository.findBusiness(tx, profile.businessId),
    settings: await businessRepository.findSettings(tx, profile.businessId),
  }));
  // A stale or foreign token simply means no employee session here, not an error.
  const employeeSession = employeeSessionToken
    ? await describeEmployeeSession(services, profile.businessId, employeeSessionToken)
    : null;
  return {
    user: toAccountUserView(account.user),
    profile: {
      user_id: profile.userId,
      business_name: profile.businessName,
      full_name: profile.fullName,
      industry: profile.industry,
    },
    business: business
      ? { id: business.id, name: business.name, currency: business.currency, time_zone: business.timeZone }
      : null,
    settings: await settingsViewFor(services, profile.businessId, settings),
    employee_session: employeeSession,
    is_super_admin: isSuperAdmin,
    is_business_owner: business?.ownerUserId === account.user.id,
    till: null,
    second_step: null,
  };
}

/**
 * A paired till: the business as its staff see it, and the employee signed in on this till (if
 * any). No account: the owner acts here only through their own employee row and PIN.
 */
async function getTillMe(
  services: Pick<Services, 'database' | 'config' | 'featureFlags'>,
  accounts: AccountsRepository,
  till: PairedRegister,
  employeeSessionToken: string | undefined,
): Promise<MeView> {
  const [profile, { business, settings }] = await Promise.all([
    accounts.findProfile(till.ownerUserId),
    services.database.withTenant(till.businessId, async (tx) => ({
      business: await businessRepository.findBusiness(tx, till.businessId),
      settings: await businessRepository.findSettings(tx, till.businessId),
    })),
  ]);
  const employeeSession = employeeSessionToken
    ? await describeEmployeeSession(services, till.businessId, employeeSessionToken, new Date(), till.registerId)
    : null;
  return {
    ...SIGNED_OUT,
    // The business's industry (SPEC §1 menus); the owner's own name and account stay off the till.
    profile: profile ? { user_id: profile.userId, business_name: profile.businessName, full_name: null, industry: profile.industry } : null,
    business: business ? { id: business.id, name: business.name, currency: business.currency, time_zone: business.timeZone } : null,
    settings: await settingsViewFor(services, till.businessId, settings),
    employee_session: employeeSession,
    till: { id: till.registerId, name: till.registerName, store_id: till.storeId },
  };
}
