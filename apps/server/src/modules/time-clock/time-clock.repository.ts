import { and, asc, desc, eq, gt, gte, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { businesses, employees, timeClock } from '../../db/schema/index.ts';

export type TimeClockRow = typeof timeClock.$inferSelect;

const entryWithName = {
  entry: timeClock,
  employeeName: employees.fullName,
};

const sameEmployee = and(eq(employees.id, timeClock.employeeId), eq(employees.businessId, timeClock.businessId));

/** Tenant queries on time_clock; each filters by business as well as row-level security does. */
export const timeClockRepository = {
  async findBusinessTimeZone(tx: Tx, businessId: string): Promise<string> {
    const [row] = await tx.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId)).limit(1);
    return row?.timeZone ?? 'UTC';
  },

  /** The open shift of an employee (at most one, by a unique index), locked for the transaction. */
  async findOpenEntryForUpdate(tx: Tx, businessId: string, employeeId: string): Promise<TimeClockRow | null> {
    const [row] = await tx
      .select()
      .from(timeClock)
      .where(and(eq(timeClock.businessId, businessId), eq(timeClock.employeeId, employeeId), isNull(timeClock.clockOutTime)))
      .orderBy(desc(timeClock.clockInTime))
      .limit(1)
      .for('update');
    return row ?? null;
  },

  async findEntryForUpdate(tx: Tx, businessId: string, id: string): Promise<TimeClockRow | null> {
    const [row] = await tx
      .select()
      .from(timeClock)
      .where(and(eq(timeClock.businessId, businessId), eq(timeClock.id, id)))
      .limit(1)
      .for('update');
    return row ?? null;
  },

  async findEmployeeName(tx: Tx, businessId: string, employeeId: string): Promise<string | null> {
    const [row] = await tx
      .select({ fullName: employees.fullName })
      .from(employees)
      .where(and(eq(employees.businessId, businessId), eq(employees.id, employeeId)))
      .limit(1);
    return row?.fullName ?? null;
  },

  async insertEntry(tx: Tx, values: typeof timeClock.$inferInsert): Promise<TimeClockRow> {
    const [row] = await tx.insert(timeClock).values(values).returning();
    if (!row) throw new Error('time_clock insert returned no row');
    return row;
  },

  async updateEntry(tx: Tx, businessId: string, id: string, values: Partial<typeof timeClock.$inferInsert>): Promise<TimeClockRow> {
    const [row] = await tx
      .update(timeClock)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(timeClock.businessId, businessId), eq(timeClock.id, id)))
      .returning();
    if (!row) throw new Error('time_clock update returned no row');
    return row;
  },

  async listOpenEntries(tx: Tx, businessId: string) {
    return tx
      .select({ ...entryWithName, role: employees.role })
      .from(timeClock)
      .innerJoin(employees, sameEmployee)
      .where(and(eq(timeClock.businessId, businessId), isNull(timeClock.clockOutTime)))
      .orderBy(asc(timeClock.clockInTime), asc(timeClock.id));
  },

  /** Shifts that began between the start of `fromDate` and the end of `toDate`, both read in `timeZone`. */
  async listEntriesInRange(
    tx: Tx,
    businessId: string,
    range: { fromDate: string; toDate: string; timeZone: string; employeeId: string | null },
  ) {
    const start = sql`((${range.fromDate}::date)::timestamp at time zone ${range.timeZone})`;
    const end = sql`((${range.toDate}::date + 1)::timestamp at time zone ${range.timeZone})`;
    return tx
      .select(entryWithName)
      .from(timeClock)
      .innerJoin(employees, sameEmployee)
      .where(
        and(
          eq(timeClock.businessId, businessId),
          gte(timeClock.clockInTime, start),
          lt(timeClock.clockInTime, end),
          range.employeeId ? eq(timeClock.employeeId, range.employeeId) : undefined,
        ),
      )
      .orderBy(asc(timeClock.clockInTime), asc(employees.fullName), asc(timeClock.id));
  },

  /** Whether another shift of the employee overlaps [from, until); an open shift runs on forever. */
  async overlapsAnotherEntry(tx: Tx, businessId: string, entry: { id: string; employeeId: string; from: Date; until: Date | null }) {
    const [row] = await tx
      .select({ id: timeClock.id })
      .from(timeClock)
      .where(
        and(
          eq(timeClock.businessId, businessId),
          eq(timeClock.employeeId, entry.employeeId),
          ne(timeClock.id, entry.id),
          entry.until ? lt(timeClock.clockInTime, entry.until) : undefined,
          or(isNull(timeClock.clockOutTime), gt(timeClock.clockOutTime, entry.from)),
        ),
      )
      .limit(1);
    return Boolean(row);
  },
};
