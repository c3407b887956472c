import { and, asc, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { businesses, employees, tasks } from '../../db/schema/index.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type TaskWithAssignee = { task: TaskRow; assigneeName: string | null };

export interface TaskFilters {
  status?: 'open' | 'in_progress' | 'done' | undefined;
  assigneeEmployeeId?: string | undefined;
  /** Not done and due before this day. */
  overdueBefore?: string | undefined;
}

export const tasksRepository = {
  async timeZoneOf(tx: Tx, businessId: string): Promise<string> {
    const [row] = await tx.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
    return row?.timeZone ?? 'UTC';
  },

  /** Open work first by due day (none last), then done; at most 500. */
  async list(tx: Tx, businessId: string, filters: TaskFilters): Promise<TaskWithAssignee[]> {
    const conditions: (SQL | undefined)[] = [eq(tasks.businessId, businessId)];
    if (filters.status) conditions.push(eq(tasks.status, filters.status));
    if (filters.assigneeEmployeeId) conditions.push(eq(tasks.assigneeEmployeeId, filters.assigneeEmployeeId));
    if (filters.overdueBefore) conditions.push(ne(tasks.status, 'done'), lt(tasks.dueDate, filters.overdueBefore));
    return tx
      .select({ task: tasks, assigneeName: employees.fullName })
      .from(tasks)
      .leftJoin(employees, and(eq(employees.businessId, tasks.businessId), eq(employees.id, tasks.assigneeEmployeeId)))
      .where(and(...conditions))
      .orderBy(sql`${tasks.status} = 'done'`, sql`${tasks.dueDate} asc nulls last`, asc(tasks.createdAt), asc(tasks.id))
      .limit(500);
  },

  async findWithAssignee(tx: Tx, businessId: string, id: string): Promise<TaskWithAssignee | null> {
    const [row] = await tx
      .select({ task: tasks, assigneeName: employees.fullName })
      .from(tasks)
      .leftJoin(employees, and(eq(employees.businessId, tasks.businessId), eq(employees.id, tasks.assigneeEmployeeId)))
      .where(and(eq(tasks.businessId, businessId), eq(tasks.id, id)));
    return row ?? null;
  },

  async findForUpdate(tx: Tx, businessId: string, id: string): Promise<TaskRow | null> {
    const [row] = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.businessId, businessId), eq(tasks.id, id)))
      .for('update');
    return row ?? null;
  },

  async insert(tx: Tx, values: typeof tasks.$inferInsert): Promise<TaskRow> {
    const [row] = await tx.insert(tasks).values(values).returning();
    return row!;
  },

  async update(tx: Tx, businessId: string, id: string, values: Partial<typeof tasks.$inferInsert>): Promise<void> {
    await tx
      .update(tasks)
      .set(values)
      .where(and(eq(tasks.businessId, businessId), eq(tasks.id, id)));
  },

  async remove(tx: Tx, businessId: string, id: string): Promise<void> {
    await tx.delete(tasks).where(and(eq(tasks.businessId, businessId), eq(tasks.id, id)));
  },

  async findActiveEmployee(tx: Tx, businessId: string, id: string) {
    const [row] = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.businessId, businessId), eq(employees.id, id), eq(employees.isActive, true)));
    return row ?? null;
  },

  async activeEmployees(tx: Tx, businessId: string) {
    return tx
      .select({ id: employees.id, name: employees.fullName, role: employees.role })
      .from(employees)
      .where(and(eq(employees.businessId, businessId), eq(employees.isActive, true)))
      .orderBy(sql`lower(${employees.fullName})`, asc(employees.id));
  },

};
