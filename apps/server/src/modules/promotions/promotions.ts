import { promotionRuleFromBody, promotionRuleToBody, promotionsForCart, type AppliedPromotion, type Promotion, type promotionInput, type PromotionRecord } from '@till/core';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessRepository } from '../business/business.repository.ts';
import { promotionsRepository as repo, type PromotionRow } from './promotions.repository.ts';

/** A promotion as the use-cases take it (TypeScript's casing; the wire's is promotionInput). */
export type PromotionInput = Omit<Promotion, 'id'>;
/** The parsed snake_case body as the use-cases take it. */
export function promotionInputOf(body: z.output<typeof promotionInput>): PromotionInput {
  return {
    name: body.name,
    active: body.active,
    productId: body.product_id,
    categoryId: body.category_id,
    rule: promotionRuleFromBody(body.rule),
    startsOn: body.starts_on,
    endsOn: body.ends_on,
    daysOfWeek: body.days_of_week,
    startTime: body.start_time,
    endTime: body.end_time,
  };
}

const actorOf = (tenant: TenantContext) => ({ actorUserId: tenant.userId, actorEmployeeId: tenant.employeeSession?.employeeId ?? null });
const promotionNotFound = () => new AppError(404, 'promotion_not_found', 'That promotion does not exist');

export function toPromotion(row: PromotionRow): Promotion {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    productId: row.productId,
    categoryId: row.categoryId,
    rule: row.rule,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    daysOfWeek: row.daysOfWeek,
    startTime: row.startTime,
    endTime: row.endTime,
  };
}

/** The back office's view of a promotion (snake_case on the wire, decision 070). */
const toRecord = (row: PromotionRow): PromotionRecord => ({
  id: row.id,
  name: row.name,
  active: row.active,
  product_id: row.productId,
  category_id: row.categoryId,
  rule: promotionRuleToBody(row.rule),
  starts_on: row.startsOn,
  ends_on: row.endsOn,
  days_of_week: row.daysOfWeek,
  start_time: row.startTime,
  end_time: row.endTime,
  created_at: row.createdAt.toISOString(),
});

export async function listPromotions(database: Database, businessId: string): Promise<PromotionRecord[]> {
  return database.withTenant(businessId, async (tx) => (await repo.list(tx, businessId)).map(toRecord));
}

/** What the till prices with: the active promotions and the zone their dates and hours are in. */
export async function listTillPromotions(database: Database, businessId: string): Promise<{ time_zone: string; promotions: PromotionRecord[] }> {
  return database.withTenant(businessId, async (tx) => ({
    time_zone: await repo.timeZone(tx, businessId),
    promotions: (await repo.list(tx, businessId, true)).map(toRecord),
  }));
}

async function checkTarget(tx: Tx, businessId: string, input: PromotionInput) {
  if (input.productId && !(await repo.productExists(tx, businessId, input.productId))) {
    throw new AppError(422, 'product_not_found', 'That product does not exist');
  }
  if (input.categoryId && !(await repo.categoryExists(tx, businessId, input.categoryId))) {
    throw new AppError(422, 'category_not_found', 'That category does not exist');
  }
}

const columns = (input: PromotionInput) => ({
  name: input.name,
  active: input.active,
  productId: input.productId,
  categoryId: input.categoryId,
  rule: input.rule,
  startsOn: input.startsOn,
  endsOn: input.endsOn,
  daysOfWeek: [...input.daysOfWeek].sort((a, b) => a - b),
  startTime: input.startTime,
  endTime: input.endTime,
});

export async function createPromotion(database: Database, tenant: TenantContext, input: PromotionInput): Promise<PromotionRecord> {
  return database.withTenant(tenant.businessId, async (tx) => {
    await checkTarget(tx, tenant.businessId, input);
    const row = await repo.insert(tx, { businessId: tenant.businessId, ...columns(input) });
    await businessRepository.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'promotion.created', details: { promotion_id: row.id, name: row.name } });
    return toRecord(row);
  });
}

/** Replaces a promotion (the management page sends it whole; switching it off is active: false). */
export async function updatePromotion(database: Database, tenant: TenantContext, id: string, input: PromotionInput): Promise<PromotionRecord> {
  return database.withTenant(tenant.businessId, async (tx) => {
    if (!(await repo.findById(tx, tenant.businessId, id))) throw promotionNotFound();
    await checkTarget(tx, tenant.businessId, input);
    const row = await repo.update(tx, tenant.businessId, id, columns(input));
    await businessRepository.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'promotion.updated', details: { promotion_id: row.id, active: row.active } });
    return toRecord(row);
  });
}

/**
 * The promotion each line of a sale takes (core `promotionsForCart`), priced here as the till
 * priced it; lines' unit prices include their modifiers. One read, only for a business with
 * promotions_pricing on.
 */
export async function promotionsForSale(
  database: Database,
  businessId: string,
  lines: { productId: string; unitPrice: number; quantity: number }[],
  now: Date,
): Promise<(AppliedPromotion | null)[]> {
  const { timeZone, rows, categories } = await database.withTenant(businessId, async (tx) => ({
    timeZone: await repo.timeZone(tx, businessId),
    rows: await repo.list(tx, businessId, true),
    categories: await repo.productCategories(tx, businessId, [...new Set(lines.map((line) => line.productId))]),
  }));
  if (rows.length === 0) return lines.map(() => null);
  const cart = lines.map((line) => ({ ...line, categoryId: categories.get(line.productId) ?? null }));
  return promotionsForCart(cart, rows.map(toPromotion), timeZone, now);
}
