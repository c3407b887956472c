import { createHash } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';

export const actorOf = (tenant: TenantContext) => ({
  actorUserId: tenant.userId,
  actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
});

export const productNotFound = () => new AppError(404, 'product_not_found', 'No such product');
export const countNotFound = () => new AppError(404, 'stock_count_not_found', 'No such stock count');
export const keyReused = () => new AppError(409, 'idempotency_key_reused', 'This idempotency key was already used for a different request');
export const notTracked = (name: string) => new AppError(409, 'stock_not_tracked', `Stock is not tracked for ${name}; switch on stock tracking first`);

/** The body without its idempotency key: a retry must send the same request. */
export function requestHash(input: { idempotencyKey: string } & Record<string, unknown>): string {
  const { idempotencyKey: _key, ...rest } = input;
  return createHash('sha256').update(JSON.stringify(rest)).digest('base64url');
}
