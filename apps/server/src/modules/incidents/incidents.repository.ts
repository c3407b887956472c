import { and, count, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog, employees, incidentActions, incidentPhotos, incidents } from '../../db/schema/index.ts';
import type { IncidentSeverity, IncidentStatus, IncidentType } from '@till/core';

export type IncidentRow = typeof incidents.$inferSelect;

export interface IncidentFilter {
  status?: IncidentStatus | undefined;
  type?: IncidentType | undefined;
  severity?: IncidentSeverity | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** Incidents and their follow-up actions, inside one business's transaction. */
export const incidentsRepository = {
  async list(tx: Tx, businessId: string, filter: IncidentFilter, limit: number) {
    return tx
      .select()
      .from(incidents)
      .where(
        and(
          eq(incidents.businessId, businessId),
          filter.status ? eq(incidents.status, filter.status) : undefined,
          filter.type ? eq(incidents.type, filter.type) : undefined,
          filter.severity ? eq(incidents.severity, filter.severity) : undefined,
          filter.from ? gte(incidents.occurredAt, filter.from) : undefined,
          filter.to ? lt(incidents.occurredAt, filter.to) : undefined,
        ),
      )
      .orderBy(desc(incidents.occurredAt), desc(incidents.createdAt))
      .limit(limit);
  },

  async find(tx: Tx, businessId: string, id: string) {
    const [row] = await tx.select().from(incidents).where(and(eq(incidents.businessId, businessId), eq(incidents.id, id))).limit(1);
    return row ?? null;
  },

  async lock(tx: Tx, businessId: string, id: string) {
    const [row] = await tx.select().from(incidents).where(and(eq(incidents.businessId, businessId), eq(incidents.id, id))).for('update').limit(1);
    return row ?? null;
  },

  async insert(tx: Tx, values: typeof incidents.$inferInsert) {
    const [row] = await tx.insert(incidents).values(values).returning();
    return row!;
  },

  async update(tx: Tx, businessId: string, id: string, values: Partial<typeof incidents.$inferInsert>) {
    await tx.update(incidents).set(values).where(and(eq(incidents.businessId, businessId), eq(incidents.id, id)));
  },

  async actionsOf(tx: Tx, businessId: string, incidentIds: readonly string[]) {
    if (incidentIds.length === 0) return [];
    return tx
      .select({
        id: incidentActions.id,
        incidentId: incidentActions.incidentId,
        description: incidentActions.description,
        ownerId: incidentActions.ownerEmployeeId,
        ownerName: employees.fullName,
        isDone: incidentActions.isDone,
        doneAt: incidentActions.doneAt,
        createdAt: incidentActions.createdAt,
      })
      .from(incidentActions)
      .leftJoin(employees, and(eq(employees.businessId, incidentActions.businessId), eq(employees.id, incidentActions.ownerEmployeeId)))
      .where(and(eq(incidentActions.businessId, businessId), inArray(incidentActions.incidentId, [...incidentIds])))
      .orderBy(incidentActions.createdAt, incidentActions.id);
  },

  async findAction(tx: Tx, businessId: string, incidentId: string, actionId: string) {
    const [row] = await tx
      .select()
      .from(incidentActions)
      .where(and(eq(incidentActions.businessId, businessId), eq(incidentActions.incidentId, incidentId), eq(incidentActions.id, actionId)))
      .limit(1);
    return row ?? null;
  },

  async insertAction(tx: Tx, values: typeof incidentActions.$inferInsert) {
    const [row] = await tx.insert(incidentActions).values(values).returning();
    return row!;
  },

  async updateAction(tx: Tx, businessId: string, actionId: string, values: Partial<typeof incidentActions.$inferInsert>) {
    await tx.update(incidentActions).set(values).where(and(eq(incidentActions.businessId, businessId), eq(incidentActions.id, actionId)));
  },

  async deleteAction(tx: Tx, businessId: string, actionId: string) {
    await tx.delete(incidentActions).where(and(eq(incidentActions.businessId, businessId), eq(incidentActions.id, actionId)));
  },

  async photosOf(tx: Tx, businessId: string, incidentIds: readonly string[]) {
    if (incidentIds.length === 0) return [];
    return tx
      .select()
      .from(incidentPhotos)
      .where(and(eq(incidentPhotos.businessId, businessId), inArray(incidentPhotos.incidentId, [...incidentIds])))
      .orderBy(incidentPhotos.createdAt, incidentPhotos.id);
  },

  async insertPhoto(tx: Tx, values: typeof incidentPhotos.$inferInsert) {
    const [row] = await tx.insert(incidentPhotos).values(values).returning();
    return row!;
  },

  async deletePhoto(tx: Tx, businessId: string, incidentId: string, photoId: string) {
    await tx.delete(incidentPhotos).where(and(eq(incidentPhotos.businessId, businessId), eq(incidentPhotos.incidentId, incidentId), eq(incidentPhotos.id, photoId)));
  },

  async countOpen(tx: Tx, businessId: string): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(incidents).where(and(eq(incidents.businessId, businessId), eq(incidents.status, 'open')));
    return Number(row?.n ?? 0);
  },

  async touch(tx: Tx, businessId: string, id: string, now: Date) {
    await tx.update(incidents).set({ updatedAt: now }).where(and(eq(incidents.businessId, businessId), eq(incidents.id, id)));
  },

  async insertAudit(tx: Tx, values: typeof auditLog.$inferInsert) {
    await tx.insert(auditLog).values(values);
  },
};
