/**
 * What travels between app processes on the PostgreSQL channel `till_realtime` (decision 013).
 * Short keys: a NOTIFY payload must stay under 8000 bytes; a larger message is stored in
 * `realtime_messages` and only its id is notified (`ref`).
 */
export const BUS_CHANNEL = 'till_realtime';

/** Bytes of a NOTIFY payload above which the message goes through realtime_messages. */
export const MAX_INLINE_BYTES = 7_900;

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

export type BusMessage =
  /** A message for the sockets of business `b` joined to topic `t`. */
  | { k: 'broadcast'; b: string; t: string; e: string; p: Record<string, unknown> }
  /** Row `id` of a watched table changed (postgres_changes). */
  | { k: 'change'; b: string; tb: string; ty: ChangeType; id: string; ts: string }
  /** A message too large to notify, stored in realtime_messages under `id`. */
  | { k: 'ref'; b: string; id: string }
  /** A better-auth session row was deleted (sign-out, revocation, password reset). From a trigger. */
  | { k: 'session_ended'; s: string; u: string }
  /** A business's row or settings changed. From a trigger. */
  | { k: 'business_changed'; b: string }
  /** An employee's role, flags or activity changed, or the row was deleted. From a trigger. */
  | { k: 'employee_changed'; b: string; e: string }
  /** An employee session ended (end of shift, sign-out, deactivation). From a trigger. */
  | { k: 'employee_session_ended'; b: string; s: string }
  /** Sent by one process to itself: everything notified before it has reached every listener. */
  | { k: 'fence'; id: string };

const KINDS = new Set(['broadcast', 'change', 'ref', 'session_ended', 'business_changed', 'employee_changed', 'employee_session_ended', 'fence']);

/** A notification's payload as a message, or null for anything this process does not know. */
export function readBusMessage(payload: string): BusMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || !KINDS.has((value as { k?: unknown }).k as string)) return null;
  return value as BusMessage;
}
