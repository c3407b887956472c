import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { hashSecret, newRegisterSecret, normalizePairingCode } from './register-credential.ts';
import { registersRepository } from './registers.repository.ts';
import { assertPlanAllows } from '../plans/assert-plan-allows.ts';

export interface PairedDevice {
  register: { id: string; name: string; store_id: string };
  /** Goes into the device's HttpOnly cookie, never into a response body. */
  secret: string;
}

/** "Till", or "Till 2", "Till 3"… when a till in use already has the name. */
async function freeName(tx: Tx, businessId: string, wanted: string): Promise<string> {
  for (let suffix = 1; suffix < 1000; suffix++) {
    const name = suffix === 1 ? wanted : `${wanted} ${suffix}`;
    if (!(await registersRepository.isNameInUse(tx, businessId, name))) return name;
  }
  throw new AppError(409, 'register_name_taken', 'Choose another name for this till');
}

async function createPairedRegister(
  tx: Tx,
  input: { businessId: string; storeId: string; name: string; pairedByUserId: string | null; pairedByEmployeeId: string | null; how: 'code' | 'this_browser' },
  now: Date,
): Promise<PairedDevice> {
  await assertPlanAllows(tx, input.businessId, 'registers');
  const secret = newRegisterSecret();
  const register = await registersRepository.insertRegister(tx, {
    businessId: input.businessId,
    storeId: input.storeId,
    name: await freeName(tx, input.businessId, input.name),
    credentialHash: hashSecret(secret),
    pairedAt: now,
    pairedByUserId: input.pairedByUserId,
    pairedByEmployeeId: input.pairedByEmployeeId,
    lastSeenAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await registersRepository.insertAudit(tx, {
    businessId: input.businessId,
    actorUserId: input.pairedByUserId,
    actorEmployeeId: input.pairedByEmployeeId,
    action: 'register.paired',
    details: { register_id: register.id, name: register.name, how: input.how },
  });
  return { register: { id: register.id, name: register.name, store_id: register.storeId }, secret };
}

const invalidCode = () => new AppError(400, 'invalid_pairing_code', 'That pairing code is not right or has expired. Ask for a new one in Settings.');

/**
 * A device redeems a pairing code (public; limited per client address by the route) and
 * becomes a till of the code's business. The code works once.
 */
export async function pairRegisterWithCode(database: Database, input: { code: string; name: string }, now: Date): Promise<PairedDevice> {
  const code = normalizePairingCode(input.code);
  if (!code) throw invalidCode();
  const redeemed = await registersRepository.redeemPairingCode(database.db, hashSecret(code), now);
  if (!redeemed) throw invalidCode();
  return database.withTenant(redeemed.businessId, async (tx) => {
    const paired = await createPairedRegister(
      tx,
      {
        businessId: redeemed.businessId,
        storeId: redeemed.storeId,
        name: input.name,
        pairedByUserId: redeemed.createdByUserId,
        pairedByEmployeeId: redeemed.createdByEmployeeId,
        how: 'code',
      },
      now,
    );
    await registersRepository.recordPairingCodeRegister(tx, redeemed.businessId, redeemed.id, paired.register.id);
    return paired;
  });
}

/**
 * "Open the till on this device": the owner, signed in on this browser, turns it into a till.
 * The route then signs the account out here, so the till never holds the owner's session.
 */
export async function pairThisBrowser(database: Database, tenant: TenantContext, input: { name: string }, now: Date): Promise<PairedDevice> {
  if (tenant.registerId) throw new AppError(409, 'already_a_till', 'This device is already a till');
  return database.withTenant(tenant.businessId, async (tx) => {
    const storeId = await registersRepository.defaultStoreId(tx, tenant.businessId);
    if (!storeId) throw new AppError(409, 'no_store', 'This business has no store to put a till in');
    return createPairedRegister(
      tx,
      { businessId: tenant.businessId, storeId, name: input.name, pairedByUserId: tenant.userId, pairedByEmployeeId: null, how: 'this_browser' },
      now,
    );
  });
}
