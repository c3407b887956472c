import type { RealtimeServerEventName, RealtimeServerEvents } from '@till/core';
import { afterCommit, type Database, type Db, type Tx } from '../db/client.ts';
import { BUS_CHANNEL, MAX_INLINE_BYTES, type BusMessage, type ChangeType } from './bus-message.ts';
import type { WatchedTableName } from './postgres-changes.ts';
import { realtimeRepository as repo } from './realtime.repository.ts';

/**
 * How other modules send realtime events (docs/architecture.md "Realtime"). Every message goes
 * to PostgreSQL as a NOTIFY; every app process LISTENs and hands it to its own sockets of that
 * business joined to that topic, so the publishing process is not special. Publish after the
 * transaction that made the change has committed: `publishAfterCommit(tx, …)` inside
 * `database.withTenant` does that for you (nothing is sent if the transaction rolls back);
 * `publish(database, …)` sends at once, for code that has already committed.
 *
 * The returned promise settles when PostgreSQL has the message and never rejects: the change is
 * committed whatever happens to its announcement (a failure is logged). Clients re-read what
 * they show when they (re)join, so a lost message costs freshness, not correctness.
 */

interface Pending {
  businessId: string;
  message: BusMessage;
  text: string;
  done: (sent: boolean) => void;
}

/** Messages published in the same tick go out in one statement. */
class Sender {
  private queue: Pending[] = [];
  private scheduled = false;
  constructor(private readonly db: Db) {}

  send(businessId: string, message: BusMessage): Promise<boolean> {
    return new Promise((done) => {
      this.queue.push({ businessId, message, text: JSON.stringify(message), done });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush() {
    const batch = this.queue;
    this.queue = [];
    this.scheduled = false;
    let sent = false;
    try {
      const payloads: string[] = [];
      for (const item of batch) {
        if (Buffer.byteLength(item.text) <= MAX_INLINE_BYTES) {
          payloads.push(item.text);
        } else {
          const id = await repo.storeLargeMessage(this.db, item.businessId, item.message);
          payloads.push(JSON.stringify({ k: 'ref', b: item.businessId, id } satisfies BusMessage));
        }
      }
      await repo.notify(this.db, BUS_CHANNEL, payloads);
      sent = true;
    } catch (error) {
      console.error(`Realtime: ${batch.length} message(s) could not be published:`, (error as Error).message);
    } finally {
      for (const item of batch) item.done(sent);
    }
  }
}

const senders = new WeakMap<Db, Sender>();
function senderFor(db: Db): Sender {
  let sender = senders.get(db);
  if (!sender) {
    sender = new Sender(db);
    senders.set(db, sender);
  }
  return sender;
}

/** Sends a message on the bus now; answers whether PostgreSQL took it (the broadcast POST uses it). */
export function sendBusMessage(db: Db, businessId: string, message: BusMessage): Promise<boolean> {
  return senderFor(db).send(businessId, message);
}

/** A typed server event to the sockets of `businessId` joined to `topic` (realtimeTopic.*). */
export function publish<E extends RealtimeServerEventName>(
  database: Database,
  businessId: string,
  topic: string,
  event: E,
  payload: RealtimeServerEvents[E],
): Promise<void> {
  return sendBusMessage(database.db, businessId, { k: 'broadcast', b: businessId, t: topic, e: event, p: payload }).then(() => undefined);
}

/** `publish`, sent once `tx` (from `database.withTenant`) commits; never if it rolls back. */
export function publishAfterCommit<E extends RealtimeServerEventName>(
  tx: Tx,
  businessId: string,
  topic: string,
  event: E,
  payload: RealtimeServerEvents[E],
): void {
  afterCommit(tx, (db) => void sendBusMessage(db, businessId, { k: 'broadcast', b: businessId, t: topic, e: event, p: payload }));
}

/** Tells `postgres_changes` subscribers that row `id` of a watched table was inserted, updated or deleted. */
export function publishChange(database: Database, businessId: string, table: WatchedTableName, type: ChangeType, id: string): Promise<void> {
  const message: BusMessage = { k: 'change', b: businessId, tb: table, ty: type, id, ts: new Date().toISOString() };
  return sendBusMessage(database.db, businessId, message).then(() => undefined);
}

/** `publishChange`, sent once `tx` commits. */
export function publishChangeAfterCommit(tx: Tx, businessId: string, table: WatchedTableName, type: ChangeType, id: string): void {
  afterCommit(tx, (db) => void sendBusMessage(db, businessId, { k: 'change', b: businessId, tb: table, ty: type, id, ts: new Date().toISOString() }));
}
