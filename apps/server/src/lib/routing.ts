import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { MESSAGES } from '@till/core';
import { createMiddleware } from 'hono/factory';
import { AppError } from './app-error.ts';
import type { AppEnv } from './context.ts';

/**
 * Every API route declares who may call it; a test fails for a route that declares nothing.
 * - public: anyone.
 * - account: a signed-in account (better-auth session cookie).
 * Later issues add employee sessions and SPEC §6 permissions here.
 */
export type RouteAccess = { kind: 'public' } | { kind: 'account' };

export const PUBLIC: RouteAccess = { kind: 'public' };
export const ACCOUNT: RouteAccess = { kind: 'account' };

const requireAccount = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('account')) throw new AppError(400, 'session_not_found', MESSAGES.authSessionMissing);
  await next();
});

export type DeclaredRoute<R extends RouteConfig> = R & { 'x-access': RouteAccess };

export function defineRoute<const R extends RouteConfig>(config: R & { access: RouteAccess }) {
  const { access, ...route } = config;
  const middleware = access.kind === 'account' ? [requireAccount] : [];
  return createRoute({
    ...(route as unknown as R),
    'x-access': access,
    middleware: [...middleware, ...((route.middleware as never[] | undefined) ?? [])],
  } as R & { 'x-access': RouteAccess });
}
