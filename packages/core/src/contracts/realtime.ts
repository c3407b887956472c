import { z } from 'zod';
import { kitchenTicketEvent } from '../kitchen.ts';
import { parseRealtimeTopic } from '../realtime-protocol.ts';

/**
 * The realtime channel (SPEC §7 "a websocket with a heartbeat, plus a broadcast POST"), shared by
 * the server (apps/server/src/realtime) and the web client (apps/web/src/lib/realtime). The wire
 * protocol is the backend-as-a-service one SPEC describes (Phoenix-style messages of topic, event,
 * payload and ref); docs/api.md "Realtime" describes it for integrators. Its constants and topic
 * names are in realtime-protocol.ts.
 */

/** One message either way: `{ topic, event, payload, ref, join_ref }`. */
export const realtimeMessage = z.object({
  topic: z.string().min(1).max(200),
  event: z.string().min(1).max(100),
  payload: z.unknown().optional(),
  ref: z.string().max(50).nullish(),
  join_ref: z.string().max(50).nullish(),
});
export type RealtimeMessage = z.infer<typeof realtimeMessage>;

export const POSTGRES_CHANGE_EVENTS = ['INSERT', 'UPDATE', 'DELETE', '*'] as const;
export type PostgresChangeEvent = (typeof POSTGRES_CHANGE_EVENTS)[number];

/** What a client asks for: `filter` is `column=eq.value` (the only operator offered). */
export const postgresChangesBinding = z.object({
  event: z.enum(POSTGRES_CHANGE_EVENTS),
  schema: z.string().min(1).max(63).default('public'),
  table: z.string().min(1).max(63),
  filter: z.string().min(1).max(200).optional(),
});
export type PostgresChangesBinding = z.input<typeof postgresChangesBinding>;

/** The `phx_join` payload. Unknown keys are ignored (clients of the same protocol send more). */
export const realtimeJoinPayload = z.object({
  config: z
    .object({
      postgres_changes: z.array(postgresChangesBinding).max(10).default([]),
    })
    .default({ postgres_changes: [] }),
  /** The employee session token (the x-employee-session header of an HTTP request). */
  employee_session: z.string().min(1).max(200).optional(),
});
export type RealtimeJoinPayload = z.input<typeof realtimeJoinPayload>;

/** The join reply's bindings: the client's, each with the id the server's deliveries carry. */
export interface ServerPostgresBinding {
  id: number;
  event: PostgresChangeEvent;
  schema: string;
  table: string;
  filter?: string;
}

/** A `postgres_changes` delivery's payload. */
export interface PostgresChangePayload {
  ids: number[];
  data: {
    schema: string;
    table: string;
    commit_timestamp: string;
    type: 'INSERT' | 'UPDATE' | 'DELETE';
    record: Record<string, unknown> | null;
    old_record: Record<string, unknown> | null;
    errors: null;
  };
}

/** A `broadcast` delivery's payload. */
export interface BroadcastPayload {
  type: 'broadcast';
  event: string;
  payload: Record<string, unknown>;
}

/**
 * Events only the server publishes (`publish` in apps/server/src/realtime/publish.ts). Adding one
 * is one line; the broadcast POST may not use these names, so a client cannot forge them.
 */
export const realtimeServerEvents = {
  /** The business's settings or owner changed: re-read /api/me. */
  'business.changed': z.object({ business_id: z.uuid() }),
  /** A kitchen ticket was sent, added to, changed or moved a stage: re-read it (decision 026). */
  'kitchen.ticket': kitchenTicketEvent,
  /** A repair order changed (a customer answered its approval link, decision 030): re-read it. */
  'workshop.repair_order': z.object({ repair_order_id: z.uuid(), status: z.string(), change: z.string() }),
};
export type RealtimeServerEvents = { [E in keyof typeof realtimeServerEvents]: z.infer<(typeof realtimeServerEvents)[E]> };
export type RealtimeServerEventName = keyof RealtimeServerEvents;

export const isRealtimeServerEvent = (event: string): event is RealtimeServerEventName => Object.hasOwn(realtimeServerEvents, event);

/** Largest broadcast payload, as JSON. */
export const MAX_BROADCAST_PAYLOAD_BYTES = 32 * 1024;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** PostgreSQL's text and jsonb refuse U+0000 and lone surrogates: refuse them in any key or string. */
export function isStorableJson(value: unknown): boolean {
  if (typeof value === 'string') return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(isStorableJson);
  if (value && typeof value === 'object') return Object.entries(value).every(([key, item]) => isStorableJson(key) && isStorableJson(item));
  return true;
}

export const broadcastMessageInput = z.strictObject({
  topic: z.string().refine((topic) => parseRealtimeTopic(topic) !== null, 'must be realtime:<business|store|station|order>:<uuid>'),
  event: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/, 'must be 1 to 64 letters, digits, _ . : or -')
    .refine((event) => !isRealtimeServerEvent(event), 'is an event only the server sends'),
  payload: z
    .record(z.string(), z.unknown())
    .default({})
    .refine(isStorableJson, 'must not hold U+0000 or unpaired surrogates')
    .refine((payload) => new TextEncoder().encode(JSON.stringify(payload)).length <= MAX_BROADCAST_PAYLOAD_BYTES, 'is larger than 32 kB'),
});

/** POST /api/realtime/broadcast */
export const broadcastInput = z.strictObject({
  messages: z.array(broadcastMessageInput).min(1).max(20),
});
export type BroadcastInput = z.input<typeof broadcastInput>;

export const broadcastResult = z.object({ sent: z.number().int().min(0) });
export type BroadcastResult = z.infer<typeof broadcastResult>;
