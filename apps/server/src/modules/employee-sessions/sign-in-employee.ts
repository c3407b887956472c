import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Services } from '../../lib/context.ts';
import { userBanned } from '../auth/auth.ts';
import { verifyOwnerPassword } from '../auth/verify-owner-password.ts';
import { verifyAgainstNothing, verifyPin } from '../employees/employee-secrets.ts';
import { employeesRepository } from '../employees/employees.repository.ts';
import { employeeSessionsRepository } from './employee-sessions.repository.ts';
import { toEmployeeSessionView, type EmployeeSessionView } from './employee-session-view.ts';
import { signSessionToken } from './session-token.ts';

/** Wrong PINs in a row, for one employee on one till, after which that pair is locked. */
export const MAX_FAILED_PIN_ATTEMPTS = 5;
export const PIN_LOCK_MS = 5 * 60 * 1000;
/** Wrong (or unfinished) PIN attempts one till may make per hour: a guesser locks only their till. */
export const PIN_ATTEMPTS_PER_TILL_HOUR = 30;
/** Wrong (or unfinished) PIN attempts a business may make per hour, across every till and app process. */
export const PIN_ATTEMPTS_PER_BUSINESS_HOUR = 100;
const HOUR_MS = 60 * 60 * 1000;

// An unknown employee and a wrong PIN answer with the same status, code and text.
const invalidPin = () => new AppError(401, 'invalid_pin', 'That PIN is not right. Try again.');
const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
const pinLocked = (until: Date, now: Date) =>
  new AppError(429, 'pin_locked', 'Too many wrong PINs. PIN sign-in is locked for a few minutes.', {
    retry_after_seconds: secondsUntil(until, now),
  });

interface PinKey {
  businessId: string;
  registerId: string;
  employeeId: string;
}

/** Locks the employee on this till (only), audited; the employee row shows the latest lock to managers. */
async function lockPin(tx: Tx, key: PinKey, now: Date, clientAddress: string): Promise<Date> {
  const until = new Date(now.getTime() + PIN_LOCK_MS);
  await employeeSessionsRepository.saveTillPinState(tx, key, { failedAttempts: 0, lockedUntil: until });
  await employeeSessionsRepository.updatePinState(tx, key.businessId, key.employeeId, { failedPinAttempts: 0, pinLockedUntil: until });
  await employeesRepository.insertAudit(tx, {
    businessId: key.businessId,
    actorUserId: null,
    actorEmployeeId: null,
    action: 'employee.pin_locked',
    details: { employee_id: key.employeeId, register_id: key.registerId, locked_until: until.toISOString(), client_address: clientAddress },
  });
  return until;
}

type Check =
  | { outcome: 'capped'; code: 'rate_limited' | 'till_locked'; retryAfterSeconds: number }
  | { outcome: 'locked'; until: Date }
  | { outcome: 'check'; pinHash: string | null; attemptId: string };

const CAPPED_MESSAGES = {
  rate_limited: "Too many PIN attempts at this business. The owner's password lets the right PIN through.",
  till_locked: "Too many wrong PINs on this till. Use another till, or the owner's password lets the right PIN through.",
} as const;

/**
 * PIN sign-in on a paired till (SPEC §4 "It starts at employee login"; issue 9 item 8). Limits
 * that a guesser can only turn against themselves:
 * - 5 wrong PINs in a row lock that employee **on that till** for 5 minutes (other tills work);
 * - a till may make 30 wrong attempts an hour, a business 100 (every till and process, counted
 *   in PostgreSQL); past either, the right PIN still gets through with the owner's account
 *   password typed on the till (`ownerPassword`, a step-up).
 * In three short steps so that no transaction is held open while the slow hash runs:
 * 1. fenced and serialised per business: the caps, the pair's lock, and the attempt counted as a
 *    failure until proven otherwise (so parallel guesses cannot outrun any limit);
 * 2. the PIN checked against its salted scrypt hash (or the same work against nothing);
 * 3. fenced again: a success resets the pair's count and opens a session bound to the till; the
 *    5th failure in a row locks the pair and is audited.
 * Refusals are returned out of the transactions and thrown after them, so the counts persist.
 */
export async function signInEmployee(
  services: Services,
  input: {
    businessId: string;
    registerId: string;
    ownerUserId: string;
    employeeId: string;
    pin: string;
    ownerPassword?: string | undefined;
    clientAddress: string;
    userAgent: string | null;
  },
  now: Date,
): Promise<{ token: string; session: EmployeeSessionView }> {
  const { database } = services;
  const { businessId, employeeId, registerId } = input;
  const ownerPassword = input.ownerPassword;
  if (ownerPassword !== undefined) {
    await verifyOwnerPassword(services, { ownerUserId: input.ownerUserId, password: ownerPassword, clientAddress: input.clientAddress });
  }
  const steppedUp = ownerPassword !== undefined;

  const check = await database.withTenant(businessId, async (tx): Promise<Check> => {
    await employeeSessionsRepository.lockPinAttempts(tx, businessId);
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    await employeeSessionsRepository.deletePinAttemptsBefore(tx, businessId, hourAgo);
    if (!steppedUp) {
      const recent = await employeeSessionsRepository.countPinAttemptsSince(tx, businessId, hourAgo);
      if (recent.count >= PIN_ATTEMPTS_PER_BUSINESS_HOUR) {
        return { outcome: 'capped', code: 'rate_limited', retryAfterSeconds: secondsUntil(new Date((recent.oldest ?? now).getTime() + HOUR_MS), now) };
      }
      const onTill = await employeeSessionsRepository.countPinAttemptsSince(tx, businessId, hourAgo, registerId);
      if (onTill.count >= PIN_ATTEMPTS_PER_TILL_HOUR) {
        return { outcome: 'capped', code: 'till_locked', retryAfterSeconds: secondsUntil(new Date((onTill.oldest ?? now).getTime() + HOUR_MS), now) };
      }
    }
    const employee = await employeeSessionsRepository.findEmployeeForPin(tx, businessId, employeeId);
    const attemptId = await employeeSessionsRepository.insertPinAttempt(tx, { businessId, employeeId: employee?.id ?? null, registerId, attemptedAt: now });
    if (!employee || !employee.isActive || !employee.pinHash) return { outcome: 'check', pinHash: null, attemptId };
    const key = { businessId, registerId, employeeId: employee.id };
    const state = await employeeSessionsRepository.findTillPinState(tx, businessId, registerId, employee.id);
    if (state.lockedUntil && state.lockedUntil > now) return { outcome: 'locked', until: state.lockedUntil };
    if (state.failedAttempts >= MAX_FAILED_PIN_ATTEMPTS) {
      // Five attempts already in flight (or abandoned half-way): that is enough guessing.
      return { outcome: 'locked', until: await lockPin(tx, key, now, input.clientAddress) };
    }
    await employeeSessionsRepository.saveTillPinState(tx, key, { failedAttempts: state.failedAttempts + 1, lockedUntil: null });
    return { outcome: 'check', pinHash: employee.pinHash, attemptId };
  });

  if (check.outcome === 'capped') {
    throw new AppError(429, check.code, CAPPED_MESSAGES[check.code], { retry_after_seconds: check.retryAfterSeconds, step_up: 'owner_password' });
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
    const key = { businessId, registerId, employeeId: employee.id };
    const state = await employeeSessionsRepository.findTillPinState(tx, businessId, registerId, employee.id);
    if (state.lockedUntil && state.lockedUntil > now) return { outcome: 'locked' as const, until: state.lockedUntil };
    if (!matches) {
      if (state.failedAttempts >= MAX_FAILED_PIN_ATTEMPTS) await lockPin(tx, key, now, input.clientAddress);
      return { outcome: 'invalid' as const };
    }
    // A person the platform banned signs in nowhere (decision 067), the till included (decision 074);
    // told only once the PIN was right, as the sign-in form tells it only after the password.
    if (employee.accountBanned) return { outcome: 'banned' as const };
    await employeeSessionsRepository.saveTillPinState(tx, key, { failedAttempts: 0, lockedUntil: null });
    await employeeSessionsRepository.deletePinAttempt(tx, businessId, attemptId);
    const session = await employeeSessionsRepository.insertSession(tx, {
      businessId,
      employeeId: employee.id,
      registerId,
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
        accountBanned: false,
      }),
    };
  });

  if (result.outcome === 'locked') throw pinLocked(result.until, now);
  if (result.outcome === 'invalid') throw invalidPin();
  if (result.outcome === 'banned') throw userBanned();
  return { token: result.token, session: result.session };
}
