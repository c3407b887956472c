import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { MESSAGES, evaluateApiAccess, type ApiRequirement } from '@till/core';
import { createMiddleware } from 'hono/factory';
import { AppError } from './app-error.ts';
import type { AppEnv } from './context.ts';
import { resolveTenant } from './tenant.ts';
import { accountsRepository } from '../modules/accounts/accounts.repository.ts';

/**
 * Every API route declares who may call it; a test fails for a route that declares nothing.
 * - public: anyone.
 * - account: a signed-in account (better-auth session cookie), no business needed.
 * - business: a signed-in account's business, acted on by the owner account or, with an
 *   employee session token, by that employee; `requirement` holds the SPEC §3/§6 checks.
 * - super-admin: a signed-in account for which is_super_admin() is true (SPEC §7).
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'account' }
  | { kind: 'business'; requirement: ApiRequirement }
  | { kind: 'super-admin' };

export const PUBLIC: RouteAccess = { kind: 'public' };
export const ACCOUNT: RouteAccess = { kind: 'account' };
export const SUPER_ADMIN: RouteAccess = { kind: 'super-admin' };
export const business = (requirement: ApiRequirement = {}): RouteAccess => ({ kind: 'business', requirement });

const requireAccount = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('account')) throw new AppError(400, 'session_not_found', MESSAGES.authSessionMissing);
  await next();
});

function requireBusiness(requirement: ApiRequirement) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const tenant = await resolveTenant(c);
    const decision = evaluateApiAccess(tenant.actor, requirement, tenant.features);
    if (!decision.allowed) throw new AppError(403, decision.code, decision.message);
    c.set('tenant', tenant);
    await next();
  });
}

const requireSuperAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const account = c.get('account')!;
  if (!(await accountsRepository(c.var.services.database.db).isSuperAdmin(account.user.id))) throw new AppError(403, 'forbidden', 'Only a super administrator can do this');
  await next();
});

function accessMiddleware(access: RouteAccess) {
  switch (access.kind) {
    case 'public':
      return [];
    case 'account':
      return [requireAccount];
    case 'business':
      return [requireAccount, requireBusiness(access.requirement)];
    case 'super-admin':
      return [requireAccount, requireSuperAdmin];
  }
}

export function defineRoute<const R extends RouteConfig>(config: R & { access: RouteAccess }) {
  const { access, ...route } = config;
  return createRoute({
    ...(route as unknown as R),
    'x-access': access,
    middleware: [...accessMiddleware(access), ...((route.middleware as never[] | undefined) ?? [])],
  } as R & { 'x-access': RouteAccess });
}
