import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { REALTIME_SERVER_TIMEOUT_MS, realtimeTopic } from '@till/core';
import type { Listener } from '../db/client.ts';
import type { Services } from '../lib/context.ts';
import { BUS_CHANNEL, readBusMessage, type BusMessage } from './bus-message.ts';
import { sendBusMessage } from './publish.ts';
import { Hub } from './hub.ts';
import { realtimeRepository } from './realtime.repository.ts';
import { createSocketServer, type SocketServerOptions } from './socket-server.ts';

export interface RealtimeStats {
  sockets: number;
  channels: number;
  /** Whether this process's LISTEN connection is up. */
  bus: boolean;
}

export interface RealtimeService {
  /** Serves the websocket endpoint (/realtime) on this HTTP server. */
  attach(server: Server): void;
  /** Starts listening to PostgreSQL; until then joins are refused. */
  start(): Promise<void>;
  /**
   * Resolves once this process has received a notification sent now, and so every
   * notification committed before it: PostgreSQL delivers them in commit order to every
   * listening process alike. A revocation awaits it before answering, so the revoked session
   * is refused by every process before the caller hears that it was revoked (decision 013).
   */
  barrier(timeoutMs?: number): Promise<void>;
  stats(): RealtimeStats;
  /** Closes every socket (1001, clients reconnect) and the LISTEN connection. */
  close(): Promise<void>;
}

export type RealtimeOptions = Partial<SocketServerOptions>;

/**
 * This process's share of realtime (decision 013): it LISTENs on PostgreSQL, keeps its own
 * sockets and rooms, and delivers each message to the sockets of the message's business. The
 * same notifications drop the caches other processes would otherwise serve stale: a deleted
 * account session, a changed business or employee.
 */
export function createRealtimeService(services: Services, options: RealtimeOptions = {}): RealtimeService {
  const hub = new Hub();
  const sockets = createSocketServer(services, hub, {
    heartbeatTimeoutMs: options.heartbeatTimeoutMs ?? REALTIME_SERVER_TIMEOUT_MS,
    sweepIntervalMs: options.sweepIntervalMs ?? 5_000,
    accountRecheckMs: options.accountRecheckMs ?? 10 * 60_000,
  });
  const { database } = services;
  let listener: Listener | null = null;
  let connected = false;
  let everConnected = false;
  const fences = new Map<string, () => void>();

  // Rows for postgres_changes: the changes of one tick are read in one query per business and table.
  let pendingRows = new Map<string, { businessId: string; table: string; waiting: Map<string, Array<(row: Record<string, unknown> | null) => void>> }>();
  let rowsScheduled = false;
  const flushRows = async () => {
    const groups = pendingRows;
    pendingRows = new Map();
    rowsScheduled = false;
    for (const group of groups.values()) {
      let rows = new Map<string, Record<string, unknown>>();
      try {
        rows = await realtimeRepository.loadRows(database, group.businessId, group.table, [...group.waiting.keys()]);
      } catch (error) {
        console.error('Realtime: changed rows could not be read:', (error as Error).message);
      }
      for (const [id, callbacks] of group.waiting) for (const callback of callbacks) callback(rows.get(id) ?? null);
    }
  };
  const loadRow = (businessId: string, table: string, id: string) =>
    new Promise<Record<string, unknown> | null>((resolve) => {
      const key = `${businessId}|${table}`;
      let group = pendingRows.get(key);
      if (!group) pendingRows.set(key, (group = { businessId, table, waiting: new Map() }));
      const callbacks = group.waiting.get(id) ?? [];
      callbacks.push(resolve);
      group.waiting.set(id, callbacks);
      if (!rowsScheduled) {
        rowsScheduled = true;
        setImmediate(() => void flushRows());
      }
    });

  function dispatch(message: BusMessage) {
    switch (message.k) {
      case 'broadcast':
        hub.deliverBroadcast(message);
        return;
      case 'change':
        hub.deliverChange(message, loadRow).catch((error: unknown) => console.error('Realtime: a change could not be delivered:', error));
        return;
      case 'session_ended':
        services.sessionCache.forgetSession(message.s);
        sockets.invalidate();
        sockets.endAccountSession(message.s);
        return;
      case 'business_changed':
        services.businessContexts.forgetBusiness(message.b);
        sockets.invalidate();
        sockets.reauthorize(message.b, () => true);
        hub.deliverBroadcast({ k: 'broadcast', b: message.b, t: realtimeTopic.business(message.b), e: 'business.changed', p: { business_id: message.b } });
        return;
      case 'employee_changed':
        sockets.invalidate();
        sockets.reauthorize(message.b, (sub) => sub.tenant.employeeSession?.employeeId === message.e);
        return;
      case 'employee_session_ended':
        sockets.invalidate();
        sockets.reauthorize(message.b, (sub) => sub.tenant.employeeSession?.sessionId === message.s);
        return;
      case 'fence':
        fences.get(message.id)?.();
        return;
      case 'ref':
        return;
    }
  }

  // A stored (large) message is read before it is handed on; what follows it waits its turn.
  let ordered: Promise<void> | null = null;
  function receive(payload: string) {
    const message = readBusMessage(payload);
    if (!message) return;
    if (message.k !== 'ref' && !ordered) return dispatch(message);
    const next = (ordered ?? Promise.resolve())
      .then(async () => {
        if (message.k !== 'ref') return dispatch(message);
        const stored = await realtimeRepository.readLargeMessage(database.db, message.id);
        if (stored && typeof stored === 'object' && (stored as BusMessage).k !== 'ref') dispatch(stored as BusMessage);
      })
      .catch((error: unknown) => console.error('Realtime: a stored message could not be read:', (error as Error).message))
      .finally(() => {
        if (ordered === next) ordered = null;
      });
    ordered = next;
  }

  function onConnection(up: boolean) {
    connected = up;
    sockets.setAvailable(up);
    if (!up) {
      // Messages may be missed from now on: channels error (clients re-join and re-read) and the caches go.
      sockets.errorAll('realtime_unavailable', 'The server lost its connection to the database');
      services.sessionCache.clear();
      services.businessContexts.clear();
      return;
    }
    if (everConnected) {
      services.sessionCache.clear();
      services.businessContexts.clear();
    }
    everConnected = true;
  }

  return {
    attach: (server) => sockets.attach(server),
    async start() {
      listener = await database.listen(BUS_CHANNEL, receive, onConnection);
    },
    barrier(timeoutMs = 2_000) {
      if (!connected) return Promise.resolve();
      const id = randomUUID();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          fences.delete(id);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        fences.set(id, done);
        void sendBusMessage(database.db, '', { k: 'fence', id });
      });
    },
    stats: () => ({ sockets: sockets.connections(), channels: hub.size, bus: connected }),
    async close() {
      await sockets.close();
      await listener?.close();
      listener = null;
      connected = false;
    },
  };
}
