import type { BroadcastPayload, ChannelKind, PostgresChangePayload } from '@till/core';
import type { TenantContext } from '../lib/context.ts';
import type { BusMessage } from './bus-message.ts';
import { bindingMatches, type ActiveBinding } from './postgres-changes.ts';

/** What a socket needs from the hub: somewhere to send a frame. */
export interface FrameSink {
  send(frame: string): void;
}

/** One joined channel of one socket. */
export interface Subscription {
  sink: FrameSink;
  topic: string;
  channel: { kind: ChannelKind; id: string };
  joinRef: string | null;
  /** The business of the session that joined: the room's first key, so events never cross businesses. */
  businessId: string;
  tenant: TenantContext;
  /** What the join carried, kept to authorise the channel again when something changes. */
  employeeSessionToken: string | null;
  requestedBindings: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; schema: string; table: string; filter?: string | undefined }[];
  bindings: ActiveBinding[];
  /** The employee session's end (SPEC §4: 8 hours after sign-in), if the join used one. */
  expiresAt: number | null;
}

export const frame = (topic: string, event: string, payload: unknown, ref: string | null = null, joinRef: string | null = null) =>
  JSON.stringify({ topic, event, payload, ref, join_ref: joinRef });

export type RowLoader = (businessId: string, table: string, id: string) => Promise<Record<string, unknown> | null>;

/**
 * The rooms of this process: business → topic → subscriptions, and business → subscriptions
 * with postgres_changes bindings. Every delivery starts from the message's business, so a
 * socket only ever receives its own business's events.
 */
export class Hub {
  private rooms = new Map<string, Map<string, Set<Subscription>>>();
  private watchers = new Map<string, Set<Subscription>>();
  private count = 0;

  add(sub: Subscription): void {
    let topics = this.rooms.get(sub.businessId);
    if (!topics) this.rooms.set(sub.businessId, (topics = new Map()));
    let room = topics.get(sub.topic);
    if (!room) topics.set(sub.topic, (room = new Set()));
    room.add(sub);
    if (sub.bindings.length) {
      let watching = this.watchers.get(sub.businessId);
      if (!watching) this.watchers.set(sub.businessId, (watching = new Set()));
      watching.add(sub);
    }
    this.count += 1;
  }

  remove(sub: Subscription): void {
    const topics = this.rooms.get(sub.businessId);
    const room = topics?.get(sub.topic);
    if (!room?.delete(sub)) return;
    this.count -= 1;
    if (room.size === 0) topics!.delete(sub.topic);
    if (topics!.size === 0) this.rooms.delete(sub.businessId);
    const watching = this.watchers.get(sub.businessId);
    if (watching?.delete(sub) && watching.size === 0) this.watchers.delete(sub.businessId);
  }

  /** Every subscription of a business (a copy: callers may remove while walking it). */
  subscriptionsOf(businessId: string): Subscription[] {
    const topics = this.rooms.get(businessId);
    return topics ? [...topics.values()].flatMap((room) => [...room]) : [];
  }

  all(): Subscription[] {
    return [...this.rooms.keys()].flatMap((businessId) => this.subscriptionsOf(businessId));
  }

  get size(): number {
    return this.count;
  }

  deliverBroadcast(message: Extract<BusMessage, { k: 'broadcast' }>): number {
    const room = this.rooms.get(message.b)?.get(message.t);
    if (!room) return 0;
    const payload: BroadcastPayload = { type: 'broadcast', event: message.e, payload: message.p };
    // One serialisation for the whole room.
    const text = frame(message.t, 'broadcast', payload);
    for (const sub of room) sub.sink.send(text);
    return room.size;
  }

  async deliverChange(message: Extract<BusMessage, { k: 'change' }>, loadRow: RowLoader): Promise<number> {
    const watching = this.watchers.get(message.b);
    if (!watching) return 0;
    const interested = [...watching].filter((sub) => sub.bindings.some((binding) => binding.table === message.tb && binding.events.has(message.ty)));
    if (!interested.length) return 0;
    // The row as it is now, read once per process under the business's row-level security.
    const record = message.ty === 'DELETE' ? null : await loadRow(message.b, message.tb, message.id);
    if (message.ty !== 'DELETE' && !record) return 0;
    let sent = 0;
    for (const sub of interested) {
      const ids = sub.bindings.filter((binding) => bindingMatches(binding, message.tb, message.ty, record)).map((binding) => binding.reply.id);
      if (!ids.length || !watching.has(sub)) continue;
      const payload: PostgresChangePayload = {
        ids,
        data: {
          schema: 'public',
          table: message.tb,
          commit_timestamp: message.ts,
          type: message.ty,
          record,
          old_record: message.ty === 'INSERT' ? null : { id: message.id },
          errors: null,
        },
      };
      sub.sink.send(frame(sub.topic, 'postgres_changes', payload));
      sent += 1;
    }
    return sent;
  }
}
