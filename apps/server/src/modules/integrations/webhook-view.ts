import type { WebhookDeliveryStatus, WebhookEvent } from '@till/core';
import { notFound } from '../../lib/app-error.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './integrations.repository.ts';

export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: string | null;
  /** The secret's last four characters, to tell secrets apart; the whole one only from /secret. */
  secret_hint: string;
  created_at: string;
  updated_at: string;
  last_delivery: { status: WebhookDeliveryStatus; attempted_at: string | null; response_status: number | null } | null;
  pending: number;
  failed: number;
}

export interface WebhookDeliveryView {
  id: string;
  event_id: string;
  event_type: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  response_status: number | null;
  response_excerpt: string | null;
  duration_ms: number | null;
  error: string | null;
  created_at: string;
  payload: unknown;
}

export const endpointNotFound = () => notFound('webhook_endpoint_not_found', 'No webhook endpoint has this id');
export const deliveryNotFound = () => notFound('webhook_delivery_not_found', 'No webhook delivery has this id');

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

export function toEndpointView(
  row: WebhookEndpointRow,
  summary?: { status: string; last_attempt_at: string | null; response_status: number | null; pending: number; failed: number } | undefined,
): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    failing_since: iso(row.failingSince),
    secret_hint: row.secret.slice(-4),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_delivery: summary?.status
      ? { status: summary.status as WebhookDeliveryStatus, attempted_at: iso(summary.last_attempt_at), response_status: summary.response_status ?? null }
      : null,
    pending: summary?.pending ?? 0,
    failed: summary?.failed ?? 0,
  };
}

export function toDeliveryView(row: WebhookDeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    // A pending delivery's next attempt; a claimed one shows its lease, which is when it is retried if the post is lost.
    next_attempt_at: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    last_attempt_at: iso(row.lastAttemptAt),
    response_status: row.responseStatus,
    response_excerpt: row.responseExcerpt,
    duration_ms: row.durationMs,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    payload: row.payload,
  };
}
