import { and, count, eq, getTableColumns, gte, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { employeePinAttempts, employeeSessions, employees, registerPinStates } from '../../db/schema/index.ts';

/**
 * Whether the row is the business owner in person and the platform has banned their account now
 * (decision 074). Every employee row carries the owning account's user_id (SPEC's employees table),
 * so only the business_owner row is that person; till_app cannot read "user", hence the function.
 */
const ownerAccountBanned = sql<boolean>`(${employees.role} = 'business_owner' and account_is_banned(${employees.userId}))`;

/** Tenant queries for PIN sign-in and employee sessions; each filters by business as well as RLS does. */
export const employeeSessionsRepository = {
  /**
   * Serialises PIN attempts of one business until the transaction ends, so that the hourly
   * count and an employee's failure count cannot be raced past their limits.
   */
  async lockPinAttempts(tx: Tx, businessId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`employee-pin:${businessId}`}, 0))`);
  },

  /** Wrong (or unfinished) PIN attempts since `since`: of the whole business, or typed on one till. */
  async countPinAttemptsSince(tx: Tx, businessId: string, since: Date, registerId?: string): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await tx
      .select({ count: count(), oldest: sql`min(${employeePinAttempts.attemptedAt})`.mapWith(employeePinAttempts.attemptedAt) })
      .from(employeePinAttempts)
      .where(
        and(
          eq(employeePinAttempts.businessId, businessId),
          gte(employeePinAttempts.attemptedAt, since),
          registerId ? eq(employeePinAttempts.registerId, registerId) : undefined,
        ),
      );
    return { count: row?.count ?? 0, oldest: (row?.oldest as Date | null | undefined) ?? null };
  },

  async deletePinAttemptsBefore(tx: Tx, businessId: string, before: Date): Promise<void> {
    await tx
      .delete(employeePinAttempts)
      .where(and(eq(employeePinAttempts.businessId, businessId), lt(employeePinAttempts.attemptedAt, before)));
  },

  async insertPinAttempt(tx: Tx, values: typeof employeePinAttempts.$inferInsert): Promise<string> {
    const [row] = await tx.insert(employeePinAttempts).values(values).returning({ id: employeePinAttempts.id });
    if (!row) throw new Error('PIN attempt insert returned no row');
    return row.id;
  },

  async deletePinAttempt(tx: Tx, businessId: string, id: string): Promise<void> {
    await tx.delete(employeePinAttempts).where(and(eq(employeePinAttempts.businessId, businessId), eq(employeePinAttempts.id, id)));
  },

  async findTillPinState(tx: Tx, businessId: string, registerId: string, employeeId: string) {
    const [row] = await tx
      .select({ failedAttempts: registerPinStates.failedAttempts, lockedUntil: registerPinStates.lockedUntil })
      .from(registerPinStates)
      .where(and(eq(registerPinStates.businessId, businessId), eq(registerPinStates.registerId, registerId), eq(registerPinStates.employeeId, employeeId)))
      .limit(1);
    return row ?? { failedAttempts: 0, lockedUntil: null };
  },

  async saveTillPinState(
    tx: Tx,
    key: { businessId: string; registerId: string; employeeId: string },
    values: { failedAttempts: number; lockedUntil: Date | null },
  ): Promise<void> {
    await tx
      .insert(registerPinStates)
      .values({ ...key, ...values })
      .onConflictDoUpdate({ target: [registerPinStates.registerId, registerPinStates.employeeId], set: values });
  },

  async findEmployeeForPin(tx: Tx, businessId: string, employeeId: string) {
    const [row] = await tx
      .select({ ...getTableColumns(employees), accountBanned: ownerAccountBanned })
      .from(employees)
      .where(and(eq(employees.businessId, businessId), eq(employees.id, employeeId)))
      .limit(1);
    return row ?? null;
  },

  async updatePinState(
    tx: Tx,
    businessId: string,
    employeeId: string,
    values: { failedPinAttempts: number; pinLockedUntil?: Date | null },
  ): Promise<void> {
    await tx
      .update(employees)
      .set(values)
      .where(and(eq(employees.businessId, businessId), eq(employees.id, employeeId)));
  },

  async insertSession(tx: Tx, values: typeof employeeSessions.$inferInsert) {
    const [row] = await tx.insert(employeeSessions).values(values).returning();
    if (!row) throw new Error('employee session insert returned no row');
    return row;
  },

  /** The session with its employee, whatever their state: callers decide what is still valid. */
  async findSessionWithEmployee(tx: Tx, businessId: string, sessionId: string) {
    const [row] = await tx
      .select({
        sessionId: employeeSessions.id,
        isActive: employeeSessions.isActive,
        createdAt: employeeSessions.createdAt,
        registerId: employeeSessions.registerId,
        employeeId: employees.id,
        employeeName: employees.fullName,
        employeeActive: employees.isActive,
        role: employees.role,
        permissions: employees.permissions,
        adminPermissions: employees.adminPermissions,
        accountBanned: ownerAccountBanned,
      })
      .from(employeeSessions)
      .innerJoin(employees, and(eq(employees.id, employeeSessions.employeeId), eq(employees.businessId, employeeSessions.businessId)))
      .where(and(eq(employeeSessions.businessId, businessId), eq(employeeSessions.id, sessionId)))
      .limit(1);
    return row ?? null;
  },

  async endSession(tx: Tx, businessId: string, sessionId: string, at: Date): Promise<number> {
    const rows = await tx
      .update(employeeSessions)
      .set({ isActive: false, sessionEnd: at })
      .where(and(eq(employeeSessions.businessId, businessId), eq(employeeSessions.id, sessionId), eq(employeeSessions.isActive, true)))
      .returning({ id: employeeSessions.id });
    return rows.length;
  },

  /** SPEC §4: marks every active session of the employee inactive with an end time. */
  async endAllSessionsOfEmployee(tx: Tx, businessId: string, employeeId: string, at: Date): Promise<number> {
    const rows = await tx
      .update(employeeSessions)
      .set({ isActive: false, sessionEnd: at })
      .where(
        and(
          eq(employeeSessions.businessId, businessId),
          eq(employeeSessions.employeeId, employeeId),
          eq(employeeSessions.isActive, true),
        ),
      )
      .returning({ id: employeeSessions.id });
    return rows.length;
  },
};
