import { SEGMENT_PREVIEW_SIZE, rulesToWire, segmentBounds, type SegmentRules } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { segmentNotFound } from './marketing-errors.ts';
import { marketingRepository as repo, type SegmentRow } from './marketing.repository.ts';

/** The customers a set of rules picks out now: how many, how many a campaign would reach, and the first of them. */
export async function previewSegment(database: Database, businessId: string, rules: SegmentRules, now: Date) {
  const bounds = segmentBounds(rules, now);
  return database.withTenant(businessId, async (tx) => {
    const counts = await repo.segmentCounts(tx, businessId, bounds);
    const customers = await repo.segmentPreview(tx, businessId, bounds, SEGMENT_PREVIEW_SIZE);
    const { currency } = await repo.currency(tx, businessId);
    return {
      ...counts,
      currency,
      customers: customers.map((customer) => ({
        id: customer.id,
        name: customer.name,
        email: customer.email,
        order_count: customer.orderCount,
        total_spent: customer.totalSpent,
        last_visit_at: customer.lastVisitAt?.toISOString() ?? null,
        unsubscribed: customer.unsubscribedAt !== null,
      })),
    };
  });
}

/** The wire's shape (decision 070: snake_case) of a saved segment. */
const segmentView = (row: SegmentRow, counts: { count: number; reachable: number }) => ({
  id: row.id,
  name: row.name,
  rules: rulesToWire(row.rules),
  count: counts.count,
  reachable: counts.reachable,
  created_at: row.createdAt.toISOString(),
});

export async function createSegment(database: Database, tenant: TenantContext, input: { name: string; rules: SegmentRules }, now: Date) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const row = await repo.insertSegment(tx, { businessId: tenant.businessId, name: input.name, rules: input.rules });
    return { segment: segmentView(row, await repo.segmentCounts(tx, tenant.businessId, segmentBounds(row.rules, now))) };
  });
}

/** Saved segments, newest first, each with its live count. */
export async function listSegments(database: Database, businessId: string, now: Date) {
  return database.withTenant(businessId, async (tx) => {
    const rows = await repo.segments(tx, businessId);
    const segments = [];
    for (const row of rows) segments.push(segmentView(row, await repo.segmentCounts(tx, businessId, segmentBounds(row.rules, now))));
    return { segments };
  });
}

/** Campaigns already written keep their own copy of the rules, so they are not changed by this. */
export async function deleteSegment(database: Database, tenant: TenantContext, id: string) {
  return database.withTenant(tenant.businessId, async (tx) => {
    if (!(await repo.deleteSegment(tx, tenant.businessId, id))) throw segmentNotFound();
    return { ok: true as const };
  });
}
