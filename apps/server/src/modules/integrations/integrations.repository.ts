import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, quickbooksExports, quickbooksMappings, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A delivery claimed by the job, with what is needed to post it. */
export interface ClaimedDelivery {
  id: string;
  businessId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret: string;
  failingSince: Date | null;
}

/** Webhook endpoints and deliveries, and the connection figures of the integrations page. */
export const integrationsRepository = {
  async endpoints(tx: Tx, businessId: string) {
    return tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.businessId, businessId)).orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  },

  async endpoint(tx: Tx, businessId: string, id: string, lock = false) {
    const query = tx.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, id))).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async insertEndpoint(tx: Tx, values: typeof webhookEndpoints.$inferInsert) {
    const [row] = await tx.insert(webhookEndpoints).values(values).returning();
    return row!;
  },

  async updateEndpoint(tx: Tx, businessId: string, id: string, values: Partial<typeof webhookEndpoints.$inferInsert>) {
    const [row] = await tx
      .update(webhookEndpoints)
      .set(values)
      .where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, id)))
      .returning();
    return row ?? null;
  },

  async deleteEndpoint(tx: Tx, businessId: string, id: string) {
    const rows = await tx.delete(webhookEndpoints).where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, id))).returning({ id: webhookEndpoints.id });
    return rows.length > 0;
  },

  /** Per endpoint: the latest delivery's status and when it was tried. */
  async deliverySummaries(tx: Tx, businessId: string) {
    const rows = rowsOf<{ endpoint_id: string; status: string; last_attempt_at: string | null; response_status: number | null; pending: number; failed: number }>(
      await tx.execute(sql`
        select e.id as endpoint_id, l.status, l.last_attempt_at, l.response_status,
               (select count(*)::int from webhook_deliveries p where p.business_id = e.business_id and p.endpoint_id = e.id and p.status = 'pending') as pending,
               (select count(*)::int from webhook_deliveries f where f.business_id = e.business_id and f.endpoint_id = e.id and f.status = 'failed') as failed
          from webhook_endpoints e
          left join lateral (
            select d.status, d.last_attempt_at, d.response_status from webhook_deliveries d
             where d.business_id = e.business_id and d.endpoint_id = e.id
             order by d.created_at desc, d.id desc limit 1) l on true
         where e.business_id = ${businessId}`),
    );
    return rows;
  },

  async deliveries(tx: Tx, businessId: string, endpointId: string, limit: number) {
    return tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.businessId, businessId), eq(webhookDeliveries.endpointId, endpointId)))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit);
  },

  async delivery(tx: Tx, businessId: string, id: string) {
    const [row] = await tx.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.businessId, businessId), eq(webhookDeliveries.id, id))).limit(1).for('update');
    return row ?? null;
  },

  async insertDelivery(tx: Tx, values: typeof webhookDeliveries.$inferInsert) {
    const [row] = await tx.insert(webhookDeliveries).values(values).returning();
    return row!;
  },

  /** Puts a delivery back in the queue, due now, with a fresh set of attempts. */
  async requeueDelivery(tx: Tx, businessId: string, id: string, now: Date) {
    await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, error: null })
      .where(and(eq(webhookDeliveries.businessId, businessId), eq(webhookDeliveries.id, id)));
  },

  async insertAudit(tx: Tx, values: typeof auditLog.$inferInsert) {
    await tx.insert(auditLog).values(values);
  },

  async quickbooksState(tx: Tx, businessId: string) {
    const [mapping] = await tx.select({ updatedAt: quickbooksMappings.updatedAt }).from(quickbooksMappings).where(eq(quickbooksMappings.businessId, businessId)).limit(1);
    const [last] = await tx
      .select({ exportedAt: quickbooksExports.exportedAt })
      .from(quickbooksExports)
      .where(eq(quickbooksExports.businessId, businessId))
      .orderBy(desc(quickbooksExports.exportedAt))
      .limit(1);
    const [exports] = await tx.select({ n: count() }).from(quickbooksExports).where(eq(quickbooksExports.businessId, businessId));
    return { mapped: Boolean(mapping), lastExportAt: last?.exportedAt ?? null, exports: exports?.n ?? 0 };
  },

  /**
   * Claims due deliveries of every business for this process (several app processes share the
   * queue): each claimed row's next attempt is pushed past the post's timeout, so no other
   * process takes it while it is being posted, and a process that dies mid-post leaves it to be
   * tried again. `only` claims one delivery (Send test, Redeliver). On the owner connection: the
   * job works across businesses.
   */
  async claimDue(db: Db, now: Date, leaseUntil: Date, limit: number, only?: { businessId: string; id: string }): Promise<ClaimedDelivery[]> {
    const filter = only ? sql`and d.business_id = ${only.businessId} and d.id = ${only.id}` : sql``;
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        with due as (
          select d.id from webhook_deliveries d
            join webhook_endpoints e on e.business_id = d.business_id and e.id = d.endpoint_id
           where d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz
             ${only ? sql`` : sql`and e.enabled`} ${filter}
           order by d.next_attempt_at
           limit ${limit}
           for update of d skip locked)
        update webhook_deliveries d
           set attempts = d.attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
          from due, webhook_endpoints e
         where d.id = due.id and e.business_id = d.business_id and e.id = d.endpoint_id
        returning d.id, d.business_id, d.endpoint_id, d.event_id, d.event_type, d.payload, d.attempts, e.url, e.secret, e.failing_since`),
    );
    return rows.map((row) => ({
      id: String(row.id),
      businessId: String(row.business_id),
      endpointId: String(row.endpoint_id),
      eventId: String(row.event_id),
      eventType: String(row.event_type),
      payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      attempts: Number(row.attempts),
      url: String(row.url),
      secret: String(row.secret),
      failingSince: row.failing_since ? new Date(row.failing_since as string) : null,
    }));
  },

  async recordAttempt(db: Db, id: string, values: Partial<typeof webhookDeliveries.$inferInsert>) {
    await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
  },

  /** After a success: the endpoint answers again. */
  async endpointAnswered(db: Db, endpointId: string) {
    await db.update(webhookEndpoints).set({ failingSince: null }).where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failingSince} is not null`));
  },

  /** After a failure: the first failure since the last success is kept; returns it. */
  async endpointFailed(db: Db, endpointId: string, at: Date): Promise<Date | null> {
    const [row] = await db
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, endpointId))
      .returning({ failingSince: webhookEndpoints.failingSince });
    return row?.failingSince ?? null;
  },

  /** Switches an endpoint off once (false when it already was), with the owner's address to tell. */
  async disableFailingEndpoint(db: Db, endpointId: string, reason: string, now: Date) {
    const rows = rowsOf<{ url: string; business_name: string; email: string | null }>(
      await db.execute(sql`
        update webhook_endpoints e set enabled = false, disabled_reason = ${reason}, updated_at = ${now.toISOString()}::timestamptz
          from businesses b left join "user" u on u.id = b.owner_user_id
         where e.id = ${endpointId} and e.enabled and b.id = e.business_id
        returning e.url, b.name as business_name, u.email`),
    );
    return rows[0] ?? null;
  },

  async webhookCounts(tx: Tx, businessId: string) {
    const rows = rowsOf<{ endpoints: number; enabled: number; failing: number }>(
      await tx.execute(sql`
        select count(*)::int as endpoints, count(*) filter (where enabled)::int as enabled, count(*) filter (where failing_since is not null)::int as failing
          from webhook_endpoints where business_id = ${businessId}`),
    );
    return rows[0] ?? { endpoints: 0, enabled: 0, failing: 0 };
  },
};
