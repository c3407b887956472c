import { EMPLOYEE_SESSION_HEADER, MESSAGES, applyFeatureOverrides, resolveEnabledFeatures, defaultEnabledFeatures, type EnabledFeatures } from '@till/core';
import type { Context } from 'hono';
import { AppError } from './app-error.ts';
import { assertSessionUserExists } from './resolve-account.ts';
import type { AppEnv, RegisterCredential, Services, SignedInAccount, TenantContext } from './context.ts';

/** Employee sessions travel in this header (core), on a till or under the owner's account cookie. */
export { EMPLOYEE_SESSION_HEADER };

/**
 * What a caller presents, read the same way from an HTTP request (session cookie and the
 * x-employee-session header) and from a websocket (its upgrade request's cookie and the
 * `employee_session` of each join): both go through resolveTenantFromCredentials, so a socket
 * is authorised exactly as a request would be. A till device credential belongs here too, beside
 * the account, and is checked in that one function.
 */
export interface CallerCredentials {
  account: SignedInAccount | null;
  employeeSessionToken: string | null;
  /** A paired till's credential (its cookie), when the caller is a till device. */
  registerCredential: RegisterCredential | null;
}

export const tillNotPaired = () =>
  new AppError(401, 'till_not_paired', 'This device is not a paired till. The owner pairs it in Settings → Tills.');
export const employeeSessionRequired = () =>
  new AppError(401, 'employee_session_required', 'Sign in with your employee PIN to continue');
const employeeSessionEnded = () =>
  new AppError(401, 'employee_session_expired', 'The employee session has ended. Sign in with your PIN again.');

/**
 * A business's features as every check sees them: its stored switches (SPEC §8: none means the
 * defaults), then the super admin's platform-wide switches (issue 20 item 1). The business
 * guard, use-case checks and /api/me all read features through here.
 */
export async function effectiveFeatures(services: Pick<Services, 'featureFlags'>, businessId: string, stored: unknown): Promise<EnabledFeatures> {
  const own = stored ? resolveEnabledFeatures(stored as Partial<Record<string, boolean>>) : defaultEnabledFeatures({ firstTimeSetup: false });
  return applyFeatureOverrides(own, await services.featureFlags.overrides(), businessId);
}

/** The business a request acts on, and who acts (business routes). */
export async function resolveTenant(c: Context<AppEnv>): Promise<TenantContext> {
  return resolveTenantFromCredentials(c.var.services, {
    account: c.get('account'),
    employeeSessionToken: c.req.header(EMPLOYEE_SESSION_HEADER) ?? null,
    registerCredential: c.get('registerCredential'),
  });
}

/**
 * Who acts, on which business (ARCHITECTURE "Credentials"):
 * - a paired till: only an employee session opened on that same till, acting as that employee;
 *   without one it is a 401, never the owner, whatever account cookie the browser also holds;
 * - the owner's account on their own browser: the owner, or, with an employee session token of
 *   the business, that employee (least privilege).
 */
export async function resolveTenantFromCredentials(services: Services, credentials: CallerCredentials): Promise<TenantContext> {
  const { accounts, employeeSessions, businessContexts } = services;
  const { account } = credentials;
  if (credentials.registerCredential) {
    const till = await services.registers.resolve(credentials.registerCredential);
    if (!till) throw tillNotPaired();
    const token = credentials.employeeSessionToken;
    if (!token) throw employeeSessionRequired();
    const session = await employeeSessions.resolve(till.businessId, token);
    if (!session || session.registerId !== till.registerId) throw employeeSessionEnded();
    return {
      businessId: till.businessId,
      userId: till.ownerUserId,
      actor: { kind: 'employee', role: session.role, permissions: session.permissions, adminPermissions: session.adminPermissions },
      employeeSession: session,
      features: await effectiveFeatures(services, till.businessId, till.enabledFeatures),
      registerId: till.registerId,
    };
  }
  if (!account) throw new AppError(400, 'session_not_found', MESSAGES.authSessionMissing);
  const context = await businessContexts.resolve(account.user.id, () => accounts.findBusinessContext(account.user.id));
  if (!context) {
    // Checked only here, off the hot path: a user deleted a moment ago has no business either.
    await assertSessionUserExists(services, account);
    throw new AppError(403, 'no_business', 'This account has no business');
  }
  const businessId = context.businessId;
  // SPEC §8: no settings row means "use defaults".
  const features = await effectiveFeatures(services, businessId, context.enabledFeatures);

  const token = credentials.employeeSessionToken;
  if (token) {
    const session = await employeeSessions.resolve(businessId, token);
    if (!session) throw employeeSessionEnded();
    return {
      businessId,
      userId: account.user.id,
      actor: { kind: 'employee', role: session.role, permissions: session.permissions, adminPermissions: session.adminPermissions },
      employeeSession: session,
      features,
      registerId: null,
    };
  }
  if (context.ownerUserId !== account.user.id) {
    throw new AppError(403, 'forbidden', 'Sign in with your employee PIN to continue');
  }
  return { businessId, userId: account.user.id, actor: { kind: 'owner' }, employeeSession: null, features, registerId: null };
}
