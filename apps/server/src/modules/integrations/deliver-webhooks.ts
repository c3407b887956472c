import { createHmac, randomUUID } from 'node:crypto';
import {
  nextWebhookAttempt,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_PING_EVENT,
  WEBHOOK_TIMEOUT_MS,
  webhookAnswerDelivered,
  webhookSignatureHeader,
  webhookSignedContent,
} from '@till/core';
import type { Services } from '../../lib/context.ts';
import type { TenantContext } from '../../lib/context.ts';
import { integrationsRepository as repo, type ClaimedDelivery } from './integrations.repository.ts';
import { postWebhook, PRIVATE_NETWORK_REFUSED } from './webhook-post.ts';
import { deliveryNotFound, endpointNotFound, toDeliveryView, type WebhookDeliveryView } from './webhook-view.ts';

/** The job looks for due deliveries this often (services.ts). */
export const WEBHOOK_DELIVERY_EVERY_MS = 10_000;
/** Deliveries one run posts at most, in parallel batches of BATCH. */
const RUN_LIMIT = 200;
const BATCH = 10;
/** A claimed delivery is not claimed again before this: longer than the post's timeout. */
const LEASE_MS = WEBHOOK_TIMEOUT_MS + 50_000;

type DeliveryServices = Pick<Services, 'database' | 'mailer' | 'config'>;

/** `v1=<hex HMAC-SHA256 of "<timestamp>.<body>">` with the endpoint's secret (docs/api.md). */
export function signWebhook(secret: string, timestampSeconds: number, body: string): string {
  return webhookSignatureHeader(createHmac('sha256', secret).update(webhookSignedContent(timestampSeconds, body)).digest('hex'));
}

/** Posts one claimed delivery and records the answer, the next attempt or the failure. */
async function post(services: DeliveryServices, delivery: ClaimedDelivery, now: () => Date): Promise<void> {
  const body = JSON.stringify(delivery.payload);
  const started = now();
  const timestamp = Math.floor(started.getTime() / 1000);
  let status: number | null = null;
  let excerpt: string | null = null;
  let error: string | null = null;
  const clock = performance.now();
  try {
    const answer = await postWebhook(
      delivery.url,
      {
        'content-type': 'application/json',
        'user-agent': 'Till-Webhooks/1',
        'till-webhook-id': delivery.eventId,
        'till-webhook-timestamp': String(timestamp),
        'till-webhook-signature': signWebhook(delivery.secret, timestamp, body),
      },
      body,
      WEBHOOK_TIMEOUT_MS,
    );
    status = answer.status;
    excerpt = answer.excerpt;
  } catch (caught) {
    const failure = caught as Error & { code?: string };
    error = failure.name === 'TimeoutError' ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` : failure.message === PRIVATE_NETWORK_REFUSED ? failure.message : (failure.code ?? failure.message);
  }
  const durationMs = Math.round(performance.now() - clock);
  const finished = now();
  const delivered = webhookAnswerDelivered(status);
  if (!delivered && !error && status !== null) error = `The endpoint answered ${status}`;
  const next = delivered ? null : nextWebhookAttempt(delivery.attempts, finished);
  await repo.recordAttempt(services.database.db, delivery.id, {
    status: delivered ? 'delivered' : next ? 'pending' : 'failed',
    nextAttemptAt: next,
    lastAttemptAt: started,
    responseStatus: status,
    responseExcerpt: excerpt,
    durationMs,
    error: delivered ? null : error,
  });
  if (delivered) {
    await repo.endpointAnswered(services.database.db, delivery.endpointId);
    return;
  }
  const failingSince = await repo.endpointFailed(services.database.db, delivery.endpointId, started);
  if (failingSince && finished.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS) {
    const disabled = await repo.disableFailingEndpoint(services.database.db, delivery.endpointId, 'Every delivery failed for 3 days', finished);
    if (disabled?.email) {
      const appUrl = services.config.publicUrl ?? `http://localhost:${services.config.port}`;
      await services.mailer.enqueue({
        channel: 'email',
        recipient: disabled.email,
        subject: 'A webhook endpoint was switched off',
        body: `Every delivery to ${disabled.url} has failed for 3 days, so it was switched off.\n\nCheck the receiver, then switch it back on in Integrations: ${appUrl}/integrations`,
      });
    }
  }
}

/**
 * The delivery job (issue 20 item 11): posts every due delivery of every business, signed, and
 * records each answer; several app processes share the queue (claims with SKIP LOCKED).
 */
export async function deliverWebhooks(services: DeliveryServices, now: () => Date = () => new Date()): Promise<{ attempted: number }> {
  let attempted = 0;
  while (attempted < RUN_LIMIT) {
    const at = now();
    const claimed = await repo.claimDue(services.database.db, at, new Date(at.getTime() + LEASE_MS), BATCH);
    if (claimed.length === 0) break;
    await Promise.all(claimed.map((delivery) => post(services, delivery, now)));
    attempted += claimed.length;
  }
  return { attempted };
}

/** Claims one delivery of the business and posts it now; answers its record afterwards. */
async function deliverNow(services: DeliveryServices, tenant: TenantContext, id: string): Promise<WebhookDeliveryView> {
  const at = new Date();
  const [claimed] = await repo.claimDue(services.database.db, at, new Date(at.getTime() + LEASE_MS), 1, { businessId: tenant.businessId, id });
  if (claimed) await post(services, claimed, () => new Date());
  return services.database.withTenant(tenant.businessId, async (tx) => {
    const row = await repo.delivery(tx, tenant.businessId, id);
    if (!row) throw deliveryNotFound();
    return toDeliveryView(row);
  });
}

/** Send test: a `ping` event to the endpoint at once (even switched off), logged like any delivery. */
export async function sendWebhookTest(services: DeliveryServices, tenant: TenantContext, endpointId: string): Promise<WebhookDeliveryView> {
  const { businessId } = tenant;
  const id = await services.database.withTenant(businessId, async (tx) => {
    const endpoint = await repo.endpoint(tx, businessId, endpointId);
    if (!endpoint) throw endpointNotFound();
    const eventId = randomUUID();
    const now = new Date();
    const row = await repo.insertDelivery(tx, {
      businessId,
      endpointId,
      eventId,
      eventType: WEBHOOK_PING_EVENT,
      payload: { id: eventId, type: WEBHOOK_PING_EVENT, created_at: now.toISOString(), business_id: businessId, data: { endpoint_id: endpointId } },
      nextAttemptAt: now,
      createdAt: now,
    });
    return row.id;
  });
  return deliverNow(services, tenant, id);
}

/** Redeliver: a delivery back in the queue with a fresh set of attempts, posted at once. */
export async function redeliverWebhook(services: DeliveryServices, tenant: TenantContext, deliveryId: string): Promise<WebhookDeliveryView> {
  const { businessId } = tenant;
  await services.database.withTenant(businessId, async (tx) => {
    const row = await repo.delivery(tx, businessId, deliveryId);
    if (!row) throw deliveryNotFound();
    // A pending one is already queued (perhaps being posted right now): it keeps its place.
    if (row.status !== 'pending') await repo.requeueDelivery(tx, businessId, deliveryId, new Date());
  });
  return deliverNow(services, tenant, deliveryId);
}
