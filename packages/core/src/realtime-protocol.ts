/**
 * The realtime channel's constants and topic names, without the zod schemas of
 * contracts/realtime.ts: the web client's socket code is on every page, the till's too, and importing
 * this module keeps the message schemas (and the kitchen and dining schemas they use) out of it.
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
