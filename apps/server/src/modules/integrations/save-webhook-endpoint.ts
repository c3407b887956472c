import { randomBytes } from 'node:crypto';
import { checkWebhookUrl, WEBHOOK_URL_PROBLEM_MESSAGES, type WebhookEvent } from '@till/core';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { integrationsRepository as repo } from './integrations.repository.ts';
import { endpointNotFound, toEndpointView, type WebhookEndpointView } from './webhook-view.ts';

export interface EndpointInput {
  url: string;
  description?: string | undefined;
  events: WebhookEvent[];
  enabled?: boolean | undefined;
}

const actor = (tenant: TenantContext) => ({ actorUserId: tenant.userId, actorEmployeeId: tenant.employeeSession?.employeeId ?? null });

function checkedUrl(url: string): string {
  const problem = checkWebhookUrl(url);
  if (problem) throw badRequest('invalid_webhook_url', WEBHOOK_URL_PROBLEM_MESSAGES[problem], { problem });
  return new URL(url).toString();
}

/** A secret of 32 random bytes; shown in full once here, and later only to those who may see settings. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** Adds an endpoint with a new secret, answered once in full; audited. */
export async function createWebhookEndpoint(database: Database, tenant: TenantContext, input: EndpointInput, now: Date): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const url = checkedUrl(input.url);
  const { businessId } = tenant;
  return database.withTenant(businessId, async (tx) => {
    const row = await repo.insertEndpoint(tx, {
      businessId,
      url,
      description: input.description ?? '',
      events: [...new Set(input.events)],
      secret: newSecret(),
      enabled: input.enabled ?? true,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertAudit(tx, { businessId, ...actor(tenant), action: 'webhook_endpoint.created', details: { endpoint_id: row.id, url, events: row.events } });
    return { endpoint: toEndpointView(row), secret: row.secret };
  });
}

/** Changes an endpoint's address, description, events or switch; switching it on clears the job's reason. */
export async function updateWebhookEndpoint(database: Database, tenant: TenantContext, id: string, input: Partial<EndpointInput>, now: Date): Promise<WebhookEndpointView> {
  const url = input.url === undefined ? undefined : checkedUrl(input.url);
  const { businessId } = tenant;
  return database.withTenant(businessId, async (tx) => {
    const before = await repo.endpoint(tx, businessId, id, true);
    if (!before) throw endpointNotFound();
    const row = await repo.updateEndpoint(tx, businessId, id, {
      ...(url !== undefined ? { url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled, disabledReason: null, ...(input.enabled ? { failingSince: null } : {}) } : {}),
      updatedAt: now,
    });
    await repo.insertAudit(tx, { businessId, ...actor(tenant), action: 'webhook_endpoint.changed', details: { endpoint_id: id, ...input } });
    return toEndpointView(row!);
  });
}

/** Deletes an endpoint and its delivery log; audited. */
export async function deleteWebhookEndpoint(database: Database, tenant: TenantContext, id: string): Promise<void> {
  const { businessId } = tenant;
  await database.withTenant(businessId, async (tx) => {
    const before = await repo.endpoint(tx, businessId, id, true);
    if (!before) throw endpointNotFound();
    await repo.deleteEndpoint(tx, businessId, id);
    await repo.insertAudit(tx, { businessId, ...actor(tenant), action: 'webhook_endpoint.deleted', details: { endpoint_id: id, url: before.url } });
  });
}

/** The endpoint's whole secret (Reveal); audited, since whoever has it can sign as the shop. */
export async function revealWebhookSecret(database: Database, tenant: TenantContext, id: string): Promise<string> {
  const { businessId } = tenant;
  return database.withTenant(businessId, async (tx) => {
    const row = await repo.endpoint(tx, businessId, id);
    if (!row) throw endpointNotFound();
    await repo.insertAudit(tx, { businessId, ...actor(tenant), action: 'webhook_endpoint.secret_revealed', details: { endpoint_id: id } });
    return row.secret;
  });
}
