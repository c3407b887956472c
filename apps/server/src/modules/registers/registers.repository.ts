import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, businessSettings, businesses, employeeSessions, registerPairingCodes, registers, stores } from '../../db/schema/index.ts';

/**
 * Paired tills. Two lookups run outside any tenant, as the connecting role (decision 006),
 * because the device does not know its business until they answer: the register a device
 * credential names, and the pairing code a device redeems. Everything else is tenant-fenced.
 */
export const registersRepository = {
  /** A paired (unrevoked, active) register by id, with its business's owner and feature switches. */
  async findPaired(db: Db, registerId: string) {
    const [row] = await db
      .select({
        registerId: registers.id,
        registerName: registers.name,
        storeId: registers.storeId,
        businessId: registers.businessId,
        credentialHash: registers.credentialHash,
        lastSeenAt: registers.lastSeenAt,
        ownerUserId: businesses.ownerUserId,
        enabledFeatures: businessSettings.enabledFeatures,
      })
      .from(registers)
      .innerJoin(businesses, eq(businesses.id, registers.businessId))
      .leftJoin(businessSettings, eq(businessSettings.businessId, registers.businessId))
      .where(and(eq(registers.id, registerId), eq(registers.isActive, true), isNotNull(registers.credentialHash)))
      .limit(1);
    return row ?? null;
  },

  async touchLastSeen(db: Db, registerId: string, at: Date): Promise<void> {
    await db
      .update(registers)
      .set({ lastSeenAt: at })
      .where(and(eq(registers.id, registerId), or(isNull(registers.lastSeenAt), lt(registers.lastSeenAt, new Date(at.getTime() - 60_000)))));
  },

  /** Spends a code (once, before it expires) and answers what it was for; null for an unknown, used or expired code. */
  async redeemPairingCode(db: Db, codeHash: string, at: Date) {
    const [row] = await db
      .update(registerPairingCodes)
      .set({ usedAt: at })
      .where(and(eq(registerPairingCodes.codeHash, codeHash), isNull(registerPairingCodes.usedAt), gt(registerPairingCodes.expiresAt, at)))
      .returning({
        id: registerPairingCodes.id,
        businessId: registerPairingCodes.businessId,
        storeId: registerPairingCodes.storeId,
        createdByUserId: registerPairingCodes.createdByUserId,
        createdByEmployeeId: registerPairingCodes.createdByEmployeeId,
      });
    return row ?? null;
  },

  async recordPairingCodeRegister(tx: Tx, businessId: string, codeId: string, registerId: string): Promise<void> {
    await tx
      .update(registerPairingCodes)
      .set({ registerId })
      .where(and(eq(registerPairingCodes.businessId, businessId), eq(registerPairingCodes.id, codeId)));
  },

  async insertPairingCode(tx: Tx, values: typeof registerPairingCodes.$inferInsert): Promise<void> {
    await tx.insert(registerPairingCodes).values(values);
  },

  /** Codes of this business not yet used: a new one replaces them (one code on screen at a time). */
  async expireOpenPairingCodes(tx: Tx, businessId: string, at: Date): Promise<void> {
    await tx
      .update(registerPairingCodes)
      .set({ expiresAt: at })
      .where(and(eq(registerPairingCodes.businessId, businessId), isNull(registerPairingCodes.usedAt), gt(registerPairingCodes.expiresAt, at)));
  },

  async defaultStoreId(tx: Tx, businessId: string): Promise<string | null> {
    const [row] = await tx
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.businessId, businessId), eq(stores.isDefault, true)))
      .limit(1);
    return row?.id ?? null;
  },

  async isNameInUse(tx: Tx, businessId: string, name: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: registers.id })
      .from(registers)
      .where(and(eq(registers.businessId, businessId), eq(registers.isActive, true), sql`lower(${registers.name}) = lower(${name})`))
      .limit(1);
    return Boolean(row);
  },

  /** Puts an active till in another store of the business; false when there is no such till. */
  async moveToStore(tx: Tx, businessId: string, id: string, storeId: string): Promise<boolean> {
    const rows = await tx
      .update(registers)
      .set({ storeId, updatedAt: new Date() })
      .where(and(eq(registers.businessId, businessId), eq(registers.id, id), eq(registers.isActive, true)))
      .returning({ id: registers.id });
    return rows.length > 0;
  },

  async insertRegister(tx: Tx, values: typeof registers.$inferInsert) {
    const [row] = await tx.insert(registers).values(values).returning({ id: registers.id, name: registers.name, storeId: registers.storeId });
    if (!row) throw new Error('register insert returned no row');
    return row;
  },

  /** Tills of this business that are paired now, the most recently seen first. */
  async listPaired(tx: Tx, businessId: string) {
    return tx
      .select({
        id: registers.id,
        name: registers.name,
        storeId: registers.storeId,
        storeName: stores.name,
        pairedAt: registers.pairedAt,
        lastSeenAt: registers.lastSeenAt,
      })
      .from(registers)
      .innerJoin(stores, and(eq(stores.businessId, registers.businessId), eq(stores.id, registers.storeId)))
      .where(and(eq(registers.businessId, businessId), eq(registers.isActive, true), isNotNull(registers.credentialHash)))
      .orderBy(sql`${registers.lastSeenAt} desc nulls last`, asc(registers.name));
  },

  /** Unpairs a till: its credential stops working at once. Answers whether it was paired. */
  async revoke(tx: Tx, businessId: string, registerId: string, at: Date): Promise<{ name: string } | null> {
    const [row] = await tx
      .update(registers)
      .set({ credentialHash: null, isActive: false, revokedAt: at, updatedAt: at })
      .where(and(eq(registers.businessId, businessId), eq(registers.id, registerId), eq(registers.isActive, true)))
      .returning({ name: registers.name });
    return row ?? null;
  },

  async endSessionsOfRegister(tx: Tx, businessId: string, registerId: string, at: Date): Promise<number> {
    const rows = await tx
      .update(employeeSessions)
      .set({ isActive: false, sessionEnd: at })
      .where(and(eq(employeeSessions.businessId, businessId), eq(employeeSessions.registerId, registerId), eq(employeeSessions.isActive, true)))
      .returning({ id: employeeSessions.id });
    return rows.length;
  },

  async insertAudit(tx: Tx, values: typeof auditLog.$inferInsert): Promise<void> {
    await tx.insert(auditLog).values(values);
  },
};
