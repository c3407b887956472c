import { AppError, badRequest } from '../../lib/app-error.ts';
import type { Services } from '../../lib/context.ts';
import { hashPin, normalizeSetupCode, setupCodeLookup } from './employee-secrets.ts';
import { employeeSetupCodes, employeesRepository } from './employees.repository.ts';
import { assertPinLongEnough } from './pin-rules.ts';

const invalidCode = () =>
  badRequest('invalid_setup_code', 'This setup code is not valid or has expired. Ask your manager for a new one.');

/**
 * /employee-setup: the employee chooses their PIN with the one-time code they were given. The
 * code is then spent. Limited per client address, since anyone may call it.
 */
export async function completeEmployeeSetup(
  services: Services,
  input: { code: string; pin: string; clientAddress: string },
  now: Date,
): Promise<{ ok: true; full_name: string }> {
  const limit = await services.signInLimits.perAddress.hit(`setup:${input.clientAddress}`);
  if (!limit.allowed) {
    throw new AppError(429, 'rate_limited', 'Too many attempts. Try again later.', { retry_after_seconds: limit.retryAfterSeconds });
  }
  const normalized = normalizeSetupCode(input.code);
  if (!normalized) throw invalidCode();
  const secret = services.config.authSecret;
  const lookup = setupCodeLookup(secret, normalized);
  const found = await employeeSetupCodes(services.database.db).findBusinessOfCode(lookup);
  if (!found) throw invalidCode();
  const { businessId, employeeId } = found;
  const pin = { pinHash: await hashPin(input.pin) };

  return services.database.withTenant(businessId, async (tx) => {
      const current = await employeesRepository.findByIdForUpdate(tx, businessId, employeeId);
      const usable =
        current?.isActive && current.setupCodeLookup === lookup && current.setupCodeExpiresAt !== null && current.setupCodeExpiresAt > now;
      if (!current || !usable) throw invalidCode();
      assertPinLongEnough(current.role, input.pin);
      await employeesRepository.update(tx, businessId, current.id, {
        ...pin,
        failedPinAttempts: 0,
        pinLockedUntil: null,
        setupCodeLookup: null,
        setupCodeExpiresAt: null,
      });
      await employeesRepository.insertAudit(tx, {
        businessId,
        actorUserId: null,
        actorEmployeeId: current.id,
        action: 'employee.pin_set_with_setup_code',
        details: { employee_id: current.id },
      });
      return { ok: true as const, full_name: current.fullName };
    });
}
