import type { FeatureName } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { toPlanAdminView } from './plan-view.ts';
import { plansRepository } from './plans.repository.ts';
import { listPlansForAdmin } from './list-plans.ts';

export interface PlanInput {
  name: string;
  description: string;
  monthly_price: number;
  currency: string;
  limits: { stores: number | null; registers: number | null; employees: number | null; products: number | null };
  features: FeatureName[];
  is_active: boolean;
  is_default: boolean;
  sort_order: number;
}

function columnsOf(input: PlanInput, now: Date) {
  return {
    name: input.name,
    description: input.description,
    monthlyPrice: input.monthly_price,
    currency: input.currency,
    maxStores: input.limits.stores,
    maxRegisters: input.limits.registers,
    maxEmployees: input.limits.employees,
    maxProducts: input.limits.products,
    features: [...new Set(input.features)],
    isActive: input.is_active,
    isDefault: input.is_default,
    sortOrder: input.sort_order,
    updatedAt: now,
  };
}

const defaultMustBeActive = () => new AppError(400, 'default_plan_inactive', 'The default plan must be on offer (active)');

async function viewOf(database: Database, id: string) {
  return (await listPlansForAdmin(database)).find((plan) => plan.id === id)!;
}

/** A new plan (super admin); audited. Making it the default takes that from the previous default. */
export async function createPlan(database: Database, actorUserId: string, input: PlanInput, now: Date) {
  if (input.is_default && !input.is_active) throw defaultMustBeActive();
  if (await plansRepository.findByName(database.db, input.name)) throw conflict('plan_name_taken', `A plan named ${input.name} already exists`);
  const row = await database.db.transaction(async (tx) => {
    if (input.is_default) await plansRepository.clearDefault(tx);
    const created = await plansRepository.insert(tx, { ...columnsOf(input, now), createdAt: now });
    await plansRepository.insertAudit(tx, { actorUserId, action: 'plan.created', details: { plan_id: created.id, ...input } });
    return created;
  });
  return (await viewOf(database, row.id)) ?? toPlanAdminView(row, 0);
}

/** Changes a plan (super admin); audited with the values before and after. */
export async function updatePlan(database: Database, actorUserId: string, id: string, input: PlanInput, now: Date) {
  const before = await plansRepository.find(database.db, id);
  if (!before) throw notFound('plan_not_found', 'No plan has this id');
  if (input.is_default && !input.is_active) throw defaultMustBeActive();
  if (before.isDefault && !input.is_default) throw new AppError(400, 'default_plan_required', 'Make another plan the default instead: one plan is always the default');
  const sameName = await plansRepository.findByName(database.db, input.name);
  if (sameName && sameName.id !== id) throw conflict('plan_name_taken', `A plan named ${input.name} already exists`);
  await database.db.transaction(async (tx) => {
    if (input.is_default && !before.isDefault) await plansRepository.clearDefault(tx);
    await plansRepository.update(tx, id, columnsOf(input, now));
    await plansRepository.insertAudit(tx, {
      actorUserId,
      action: 'plan.updated',
      details: { plan_id: id, before: { name: before.name, monthly_price: before.monthlyPrice, currency: before.currency, limits: { stores: before.maxStores, registers: before.maxRegisters, employees: before.maxEmployees, products: before.maxProducts }, features: before.features, is_active: before.isActive, is_default: before.isDefault }, after: input },
    });
  });
  return viewOf(database, id);
}

/** Removes a plan nobody is on and that is not the default (super admin); audited. */
export async function deletePlan(database: Database, actorUserId: string, id: string) {
  const plan = (await listPlansForAdmin(database)).find((row) => row.id === id);
  if (!plan) throw notFound('plan_not_found', 'No plan has this id');
  if (plan.is_default) throw conflict('plan_is_default', 'The default plan cannot be deleted; make another plan the default first');
  if (plan.businesses > 0) throw conflict('plan_in_use', `${plan.businesses} ${plan.businesses === 1 ? 'business is' : 'businesses are'} on this plan; move them first or stop offering it`);
  await database.db.transaction(async (tx) => {
    await plansRepository.remove(tx, id);
    await plansRepository.insertAudit(tx, { actorUserId, action: 'plan.deleted', details: { plan_id: id, name: plan.name } });
  });
}
