import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Services } from '../../lib/context.ts';
import { verifyAgainstNothing, verifyPin } from '../employees/employee-secrets.ts';
import { employeesRepository } from '../employees/employees.repository.ts';
import { employeeSessionsRepository } from './employee-sessions.repository.ts';
import { toEmployeeSessionView, type EmployeeSessionView } from './employee-session-view.ts';
import { signSessionToken } from './session-token.ts';

/** Wrong PINs in a row after which the employee's PIN sign-in is locked. */
export const MAX_FAILED_PIN_ATTEMPTS = 5;
export const PIN_LOCK_MS = 5 * 60 * 1000;
/** Wrong (or unfinished) PIN attempts a business may make per hour, across every app process. */
export const PIN_ATTEMPTS_PER_BUSINESS_HOUR = 100;
const HOUR_MS = 60 * 60 * 1000;

// An unknown employee and a wrong PIN answer with the same status, code and text.
const invalidPin = () => new AppError(401, 'invalid_pin', 'That PIN is not right. Try again.');
const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
const pinLocked = (until: Date, now: Date) =>
  new AppError(429, 'pin_locked', 'Too many wrong PINs. PIN sign-in is locked for a few minutes.', {
    retryAfterSeconds: secondsUntil(until, now),
  });

async function lockPin(tx: Tx, businessId: string, employeeId: string, now: Date, clientAddress: string): Promise<Date> {
  const until = new Date(now.getTime() + PIN_LOCK_MS);
  await employeeSessionsRepository.updatePinState(tx, businessId, employeeId, { failedPinAttempts: 0, pinLockedUntil: until });
  await employeesRepository.insertAudit(tx, {
    businessId,
    actorUserId: null,
    actorEmployeeId: null,
    action: 'employee.pin_locked',
    details: { employee_id: employeeId, locked_until: until.toISOString(), client_address: clientAddress },
  });
  return until;
}

type Check =
  | { outcome: 'rate_limited'; retryAfterSeconds: number }
  | { outcome: 'locked'; until: Date }
  | { outcome: 'check'; pinHash: string | null; attemptId: string };

/**
 * PIN sign-in (SPEC §4 "It starts at employee login"). In three short steps so that no
 * transaction is held open while the slow hash runs:
 * 1. fenced and serialised per business: the hourly business limit, the employee's lock, and
 *    the attempt counted as a failure, for the employee and the business, until proven
 *    otherwise (so parallel guesses cannot outrun either limit);
 * 2. the PIN checked against its salted scrypt hash (or the same work against nothing);
 * 3. fenced again: a success resets the counts and opens a session (unless a lock arrived in
 *    the meantime); the 5th failure in a row locks the PIN for 5 minutes and is audited.
 * Refusals are returned out of the transactions and thrown after them, so the counts persist.
 */
export async function signInEmployee(
  services: Services,
  input: { businessId: string; registerId: string; employeeId: string; pin: string; clientAddress: string; userAgent: string | null },
  now: Date,
): Promise<{ token: string; session: EmployeeSessionView }> {
  const { database } = services;
  const { businessId, employeeId } = input;

  const check = await database.withTenant(businessId, async (tx): Promise<Check> => {
    await employeeSessionsRepository.lockPinAttempts(tx, businessId);
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    await employeeSessionsRepository.deletePinAttemptsBefore(tx, businessId, hourAgo);
    const recent = await employeeSessionsRepository.countPinAttemptsSince(tx, businessId, hourAgo);
    if (recent.count >= PIN_ATTEMPTS_PER_BUSINESS_HOUR) {
      const freesAt = new Date((recent.oldest ?? now).getTime() + HOUR_MS);
      return { outcome: 'rate_limited', retryAfterSeconds: secondsUntil(freesAt, now) };
    }
    const employee = await employeeSessionsRepository.findEmployeeForPin(tx, businessId, employeeId);
    const attemptId = await employeeSessionsRepository.insertPinAttempt(tx, { businessId, employeeId: employee?.id ?? null, attemptedAt: now });
    if (!employee || !employee.isActive || !employee.pinHash) return { outcome: 'check', pinHash: null, attemptId };
    if (employee.pinLockedUntil && employee.pinLockedUntil > now) return { outcome: 'locked', until: employee.pinLockedUntil };
    if (employee.failedPinAttempts >= MAX_FAILED_PIN_ATTEMPTS) {
      // Five attempts already in flight (or abandoned half-way): that is enough guessing.
      return { outcome: 'locked', until: await lockPin(tx, businessId, employee.id, now, input.clientAddress) };
    }
    await employeeSessionsRepository.updatePinState(tx, businessId, employee.id, { failedPinAttempts: employee.failedPinAttempts + 1 });
    return { outcome: 'check', pinHash: employee.pinHash, attemptId };
  });

  if (check.outcome === 'rate_limited') {
    throw new AppError(429, 'rate_limited', 'Too many PIN attempts at this business. Try again later.', {
      retryAfterSeconds: check.retryAfterSeconds,
    });
  }
  if (check.outcome === 'locked') throw pinLocked(check.until, now);
  const { pinHash, attemptId } = check;
  const matches = pinHash ? await verifyPin(input.pin, pinHash) : await verifyAgainstNothing(input.pin);
  if (!pinHash) throw invalidPin();

  const result = await database.withTenant(businessId, async (tx) => {
    await employeeSessionsRepository.lockPinAttempts(tx, businessId);
    const employee = await employeeSessionsRepository.findEmployeeForPin(tx, businessId, employeeId);
    // Deactivated, or the PIN changed, while the hash was being checked.
    if (!employee || !employee.isActive || employee.pinHash !== pinHash) return { outcome: 'invalid' as const };
    if (employee.pinLockedUntil && employee.pinLockedUntil > now) return { outcome: 'locked' as const, until: employee.pinLockedUntil };
    if (!matches) {
      if (employee.failedPinAttempts >= MAX_FAILED_PIN_ATTEMPTS) await lockPin(tx, businessId, employee.id, now, input.clientAddress);
      return { outcome: 'invalid' as const };
    }
    await employeeSessionsRepository.updatePinState(tx, businessId, employee.id, { failedPinAttempts: 0, pinLockedUntil: null });
    await employeeSessionsRepository.deletePinAttempt(tx, businessId, attemptId);
    const session = await employeeSessionsRepository.insertSession(tx, {
      businessId,
      employeeId: employee.id,
      registerId: input.registerId,
      isActive: true,
      clientAddress: input.clientAddress,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      createdAt: now,
    });
    return {
      outcome: 'signed_in' as const,
      token: signSessionToken(services.config.authSecret, session.id),
      session: toEmployeeSessionView({
        sessionId: session.id,
        isActive: true,
        createdAt: session.createdAt,
        employeeId: employee.id,
        employeeName: employee.fullName,
        employeeActive: true,
        role: employee.role,
        permissions: employee.permissions,
        adminPermissions: employee.adminPermissions,
      }),
    };
  });

  if (result.outcome === 'locked') throw pinLocked(result.until, now);
  if (result.outcome === 'invalid') throw invalidPin();
  return { token: result.token, session: result.session };
}
