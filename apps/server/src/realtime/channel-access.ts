import { evaluateApiAccess, type ApiRequirement, type ChannelKind } from '@till/core';
import { AppError } from '../lib/app-error.ts';
import type { Services, TenantContext } from '../lib/context.ts';
import { realtimeRepository } from './realtime.repository.ts';

interface ChannelRule {
  /** SPEC §3 features and §6 permissions, as for an API route. */
  requirement: ApiRequirement;
  /** Whether the channel's id names something of this business. */
  belongs?: (services: Services, tenant: TenantContext, id: string) => Promise<boolean>;
}

/**
 * Who may join which channel. Rooms are keyed by the joining session's business as well as by
 * topic, so a guessed id of another business's store or station reaches an empty room of one's
 * own business: these rules add the permission checks and a clear refusal where the id can be
 * checked. Stores and kitchen stations have no table yet; their `belongs` goes here when they do.
 */
const CHANNEL_RULES: Record<ChannelKind, ChannelRule> = {
  business: { requirement: {}, belongs: async (_services, tenant, id) => id === tenant.businessId },
  store: { requirement: {} },
  // SPEC §6 kitchen access: kitchen, manager, admin, business_owner; SPEC §2 /kitchen needs kitchen_display.
  station: { requirement: { feature: 'kitchen_display', employeeFeature: 'kitchen' } },
  order: { requirement: {}, belongs: (services, tenant, id) => realtimeRepository.orderExists(services.database, tenant.businessId, id) },
};

/** Throws the AppError a join (or a broadcast POST) to this channel gets; returns when allowed. */
export async function authorizeChannel(services: Services, tenant: TenantContext, channel: { kind: ChannelKind; id: string }): Promise<void> {
  const rule = CHANNEL_RULES[channel.kind];
  const decision = evaluateApiAccess(tenant.actor, rule.requirement, tenant.features);
  if (!decision.allowed) throw new AppError(403, decision.code, decision.message);
  if (rule.belongs && !(await rule.belongs(services, tenant, channel.id))) {
    if (channel.kind === 'business') throw new AppError(403, 'forbidden', 'This channel belongs to another business');
    throw new AppError(404, 'channel_not_found', `This business has no ${channel.kind} with the id ${channel.id}`);
  }
}
