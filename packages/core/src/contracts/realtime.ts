import { z } from 'zod';
import { kitchenTicketEvent } from '../kitchen.ts';

/**
 * The realtime channel (SPEC §7 "a websocket with a heartbeat, plus a broadcast POST"), shared by
 * the server (apps/server/src/realtime) and the web client (apps/web/src/lib/realtime). The wire
 * protocol is the backend-as-a-service one SPEC describes (Phoenix-style messages of topic, event,
 * payload and ref); docs/api.md "Realtime" describes it for integrators.
 */

/** SPEC §9: the client sends a heartbeat every 25 s. */
export const REALTIME_HEARTBEAT_INTERVAL_MS = 25_000;
/** SPEC §9: reconnect (and re-join) after 1, 2, 5, then 10 s, and every 10 s after that. */
export const REALTIME_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** How long a join or leave waits for the server's reply before it has "timed out" (SPEC §8). */
export const REALTIME_PUSH_TIMEOUT_MS = 10_000;
/** The server drops a socket that has sent nothing, not even a heartbeat, for this long. */
export const REALTIME_SERVER_TIMEOUT_MS = 60_000;
/** The websocket endpoint, on the same origin as the API. */
export const REALTIME_PATH = '/realtime';
/** Heartbeats travel on this topic. */
export const REALTIME_SYSTEM_TOPIC = 'phoenix';

/** The delay before reconnect (or re-join) number `tries` (1-based): 1, 2, 5, 10, 10, … s. */
export function realtimeReconnectDelayMs(tries: number): number {
  const delays = REALTIME_RECONNECT_DELAYS_MS;
  return delays[Math.min(Math.max(tries, 1), delays.length) - 1]!;
}

/** SPEC §4 "Realtime channel states". */
export const CHANNEL_STATES = ['closed', 'errored', 'joined', 'joining', 'leaving'] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];

/** SPEC §8 realtime errors, word for word. */
export const REALTIME_ERRORS = {
  channelError: 'channel error',
  timedOut: 'timed out',
  bindingsMismatch: 'mismatch between server and client bindings for postgres changes',
} as const;

/** Close codes the server uses; the client reconnects after every one but sessionEnded. */
export const REALTIME_CLOSE_CODES = {
  /** The server is stopping or restarting. */
  goingAway: 1001,
  /** The account session behind the socket ended (sign-out, revocation, expiry): sign in again. */
  sessionEnded: 4401,
  /** Nothing arrived for REALTIME_SERVER_TIMEOUT_MS. */
  heartbeatTimeout: 4408,
  /** The client did not read its messages fast enough. */
  tooSlow: 4429,
} as const;

/**
 * Channels: the business, one store, one kitchen station, one order. The server keys every room
 * by the business of the joining session as well, so a topic names a room of one business only.
 */
export const CHANNEL_KINDS = ['business', 'store', 'station', 'order'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const realtimeTopic = {
  business: (businessId: string) => `realtime:business:${businessId}`,
  store: (storeId: string) => `realtime:store:${storeId}`,
  station: (stationId: string) => `realtime:station:${stationId}`,
  order: (orderId: string) => `realtime:order:${orderId}`,
};

/** `realtime:<kind>:<uuid>` → its kind and id; anything else → null. */
export function parseRealtimeTopic(topic: string): { kind: ChannelKind; id: string } | null {
  const match = /^realtime:([a-z]+):([^:]+)$/.exec(topic);
  if (!match) return null;
  const kind = match[1] as ChannelKind;
  const id = match[2]!;
  if (!CHANNEL_KINDS.includes(kind) || !UUID.test(id)) return null;
  return { kind, id };
}

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
