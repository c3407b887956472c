import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, employees } from '../../db/schema/index.ts';

type EmployeeRow = typeof employees.$inferSelect;

/** Tenant queries on employees: each takes the request's fenced transaction and filters by business too. */
export const employeesRepository = {
  async list(tx: Tx, businessId: string, page: { limit: number; after: { fullName: string; id: string } | null }) {
    const after = page.after ? sql`(${employees.fullName}, ${employees.id}) > (${page.after.fullName}, ${page.after.id}::uuid)` : undefined;
    return tx
      .select()
      .from(employees)
      .where(and(eq(employees.businessId, businessId), after))
      .orderBy(asc(employees.fullName), asc(employees.id))
      .limit(page.limit);
  },

  async listActiveForSignIn(tx: Tx, businessId: string) {
    return tx
      .select({ id: employees.id, fullName: employees.fullName, role: employees.role, hasPin: sql<boolean>`${employees.pinHash} is not null` })
      .from(employees)
      .where(and(eq(employees.businessId, businessId), eq(employees.isActive, true)))
      .orderBy(asc(employees.fullName), asc(employees.id));
  },

  async findById(tx: Tx, businessId: string, id: string): Promise<EmployeeRow | null> {
    const [row] = await tx
      .select()
      .from(employees)
      .where(and(eq(employees.businessId, businessId), eq(employees.id, id)))
      .limit(1);
    return row ?? null;
  },

  /** The row, locked until the transaction ends, so two edits of one employee do not interleave. */
  async findByIdForUpdate(tx: Tx, businessId: string, id: string): Promise<EmployeeRow | null> {
    const [row] = await tx
      .select()
      .from(employees)
      .where(and(eq(employees.businessId, businessId), eq(employees.id, id)))
      .limit(1)
      .for('update');
    return row ?? null;
  },


  async insert(tx: Tx, values: typeof employees.$inferInsert): Promise<EmployeeRow> {
    const [row] = await tx.insert(employees).values(values).returning();
    if (!row) throw new Error('employee insert returned no row');
    return row;
  },

  async update(tx: Tx, businessId: string, id: string, values: Partial<typeof employees.$inferInsert>): Promise<EmployeeRow> {
    const [row] = await tx
      .update(employees)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(employees.businessId, businessId), eq(employees.id, id)))
      .returning();
    if (!row) throw new Error('employee update returned no row');
    return row;
  },

  async insertAudit(tx: Tx, values: typeof auditLog.$inferInsert): Promise<void> {
    await tx.insert(auditLog).values(values);
  },
};

/**
 * The one employee lookup made before a tenant is known: a public setup code names its
 * employee (and so its business) only through the code's HMAC. Like the account lookups in
 * accounts.repository.ts it runs as the connecting role; everything after it runs fenced.
 */
export function employeeSetupCodes(db: Db) {
  return {
    async findBusinessOfCode(lookup: string): Promise<{ businessId: string; employeeId: string } | null> {
      const [row] = await db
        .select({ businessId: employees.businessId, employeeId: employees.id })
        .from(employees)
        .where(eq(employees.setupCodeLookup, lookup))
        .limit(1);
      return row ?? null;
    },
  };
}
