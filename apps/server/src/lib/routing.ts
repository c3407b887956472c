import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { MESSAGES, evaluateApiAccess, type ApiRequirement } from '@till/core';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from './app-error.ts';
import { errorResponses } from './openapi.ts';
import type { AppEnv } from './context.ts';
import { assertSessionUserExists } from './resolve-account.ts';
import { resolveTenant, tillNotPaired } from './tenant.ts';
import { clearRegisterCookie } from './till-cookie.ts';

/**
 * Every API route declares who may call it; a test fails for a route that declares nothing.
 * - public: anyone.
 * - account: a signed-in account (better-auth session cookie), no business needed.
 * - business: a signed-in account's business, acted on by the owner account or, with an
 *   employee session token, by that employee; `requirement` holds the SPEC §3/§6 checks.
 * - super-admin: a signed-in account for which is_super_admin() is true (SPEC §7).
 * - till: a paired till device, before anyone has signed in on it with a PIN (the PIN pad's
 *   name list and the PIN sign-in itself). An account alone is refused: employees sign in on
 *   paired tills only.
 * A business route called by a paired till needs an employee session opened on that till.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'account'; secondStep?: true }
  | { kind: 'business'; requirement: ApiRequirement }
  | { kind: 'super-admin' }
  | { kind: 'till' };

export const PUBLIC: RouteAccess = { kind: 'public' };
export const ACCOUNT: RouteAccess = { kind: 'account' };
/** A signed-in account, also while its session still owes the second step (the second-step routes). */
export const ACCOUNT_SECOND_STEP: RouteAccess = { kind: 'account', secondStep: true };
export const SUPER_ADMIN: RouteAccess = { kind: 'super-admin' };
export const TILL: RouteAccess = { kind: 'till' };
export const business = (requirement: ApiRequirement = {}): RouteAccess => ({ kind: 'business', requirement });

/** A session that owes its second step is told so, not "session missing" (decision 045). */
function refuseIncompleteSession(c: Context<AppEnv>) {
  const partial = c.get('partialAccount');
  if (c.get('account') || !partial) return;
  if (partial.secondStep === 'enroll') {
    throw new AppError(403, 'mfa_enrollment_required', 'Your business requires two-factor sign-in: set up an authenticator app first');
  }
  throw new AppError(403, 'insufficient_aal', 'Enter a code from your authenticator app to finish signing in');
}

/** An access token that did not verify (forged, expired, its session ended) is told apart from no session (decision 063). */
function refuseBadAccessToken(c: Context<AppEnv>) {
  if (c.get('account') || c.get('partialAccount') || !/^Bearer\s/i.test(c.req.header('authorization') ?? '')) return;
  throw new AppError(401, 'invalid_jwt', 'invalid JWT: unable to verify it, it has expired, or its session has ended');
}

const requireAccount = createMiddleware<AppEnv>(async (c, next) => {
  refuseBadAccessToken(c);
  refuseIncompleteSession(c);
  if (!c.get('account')) throw new AppError(400, 'session_not_found', MESSAGES.authSessionMissing);
  await assertSessionUserExists(c.var.services, c.get('account')!);
  await next();
});

const requireAccountOrSecondStep = createMiddleware<AppEnv>(async (c, next) => {
  refuseBadAccessToken(c);
  if (!c.get('account') && !c.get('partialAccount')) throw new AppError(400, 'session_not_found', MESSAGES.authSessionMissing);
  await assertSessionUserExists(c.var.services, signedInAccount(c));
  await next();
});

/** The signed-in account of an ACCOUNT_SECOND_STEP route, complete or not. */
export function signedInAccount(c: Context<AppEnv>) {
  return (c.get('account') ?? c.get('partialAccount'))!;
}

/** A till credential that no longer works is dropped from the browser with the refusal. */
async function forgettingBadTillCredential<T>(c: Context<AppEnv>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'till_not_paired' && c.get('registerCredential')) clearRegisterCookie(c);
    throw error;
  }
}

const requireTill = createMiddleware<AppEnv>(async (c, next) => {
  const credential = c.get('registerCredential');
  if (!credential) {
    throw new AppError(403, 'till_not_paired', 'Employees sign in with their PIN on a paired till. The owner pairs this device in Settings → Tills.');
  }
  const till = await forgettingBadTillCredential(c, async () => (await c.var.services.registers.resolve(credential)) ?? Promise.reject(tillNotPaired()));
  c.set('till', till);
  await next();
});

function requireBusiness(requirement: ApiRequirement) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!c.get('registerCredential')) {
      refuseBadAccessToken(c);
      refuseIncompleteSession(c);
    }
    const tenant = await forgettingBadTillCredential(c, () => resolveTenant(c));
    const decision = evaluateApiAccess(tenant.actor, requirement, tenant.features);
    if (!decision.allowed) throw new AppError(403, decision.code, decision.message);
    c.set('tenant', tenant);
    await next();
  });
}

const requireSuperAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const account = c.get('account')!;
  if (!(await c.var.services.accounts.isSuperAdmin(account.user.id))) throw new AppError(403, 'forbidden', 'Only a super administrator can do this');
  await next();
});

function accessMiddleware(access: RouteAccess) {
  switch (access.kind) {
    case 'public':
      return [];
    case 'account':
      return [access.secondStep ? requireAccountOrSecondStep : requireAccount];
    case 'business':
      // resolveTenant asks for an account or a paired till itself.
      return [requireBusiness(access.requirement)];
    case 'till':
      return [requireTill];
    case 'super-admin':
      return [requireAccount, requireSuperAdmin];
  }
}

/**
 * What the access check itself can answer, whatever the route: no session (400, SPEC §8), a bad
 * access token, till or employee session (401), a session owing its second step, no business or a
 * missing permission (403). Every route's document lists them, so the contract says what a caller
 * can meet (the API tests check every typed call's status against it).
 */
const ACCESS_ERROR_STATUSES = {
  public: [],
  account: [400, 401, 403],
  business: [400, 401, 403],
  'super-admin': [400, 401, 403],
  till: [401, 403],
} as const satisfies Record<RouteAccess['kind'], readonly number[]>;

/** What the app answers any state-changing call before its route: another site's request (403), a body over the limit (413). */
const STATE_CHANGING_ERROR_STATUSES = [403, 413] as const;

export function defineRoute<const R extends RouteConfig>(config: R & { access: RouteAccess }) {
  const { access, ...route } = config;
  return createRoute({
    ...(route as unknown as R),
    // The route's own entries win: they describe its answers more closely.
    responses: {
      ...errorResponses(...ACCESS_ERROR_STATUSES[access.kind]),
      ...(route.method === 'get' ? {} : errorResponses(...STATE_CHANGING_ERROR_STATUSES)),
      ...route.responses,
    },
    'x-access': access,
    middleware: [...accessMiddleware(access), ...((route.middleware as never[] | undefined) ?? [])],
  } as R & { 'x-access': RouteAccess });
}
