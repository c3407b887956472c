import type { IncomingMessage, Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  EMPLOYEE_SESSION_MAX_AGE_MS,
  MESSAGES,
  parseRealtimeTopic,
  REALTIME_CLOSE_CODES,
  REALTIME_ERRORS,
  REALTIME_PATH,
  REALTIME_SYSTEM_TOPIC,
  realtimeJoinPayload,
  realtimeMessage,
  type ChannelKind,
  type RealtimeMessage,
} from '@till/core';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { AppError } from '../lib/app-error.ts';
import type { RegisterCredential, Services, SignedInAccount, TenantContext } from '../lib/context.ts';
import { REGISTER_COOKIE, parseRegisterCredential } from '../lib/till-cookie.ts';
import { resolveAccount } from '../lib/resolve-account.ts';
import { resolveTenantFromCredentials } from '../lib/tenant.ts';
import { authorizeChannel } from './channel-access.ts';
import { frame, type Hub, type Subscription } from './hub.ts';
import { bindPostgresChanges, type ActiveBinding } from './postgres-changes.ts';
import { isCrossOrigin } from '../lib/same-origin.ts';

export interface SocketServerOptions {
  /** A socket that sends nothing for this long is closed (heartbeats every 25 s keep it open). */
  heartbeatTimeoutMs: number;
  /** How often sockets are checked for silence and expired sessions. */
  sweepIntervalMs: number;
  /** How often a socket's account session is looked up again (it may have expired). */
  accountRecheckMs: number;
}

/** Channels one socket may hold at once. */
const MAX_CHANNELS_PER_SOCKET = 100;
/** Largest message a client may send. */
const MAX_MESSAGE_BYTES = 64 * 1024;
/** A client that lets this much pile up unread is cut off (it reconnects and re-reads). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

type JoinBindings = Subscription['requestedBindings'];

type Authorised =
  | { ok: true; tenant: TenantContext; bindings: ActiveBinding[] }
  | { ok: false; reason: string; code: string; message: string };

let nextConnectionId = 1;

/** One websocket, signed in with an account session at its upgrade. */
class Connection {
  readonly id = nextConnectionId++;
  readonly channels = new Map<string, Subscription>();
  lastSeen = Date.now();
  accountCheckedAt = Date.now();
  queue: Promise<void> = Promise.resolve();
  closed = false;

  constructor(
    readonly ws: WebSocket,
    /** The account the socket signed in with, or null on a paired till. */
    readonly account: SignedInAccount | null,
    /** On a paired till: its credential (a till never acts as an account; decision 019). */
    readonly registerCredential: RegisterCredential | null,
    /** The upgrade request's headers (its cookie), to look the account up again. */
    readonly headers: Headers,
  ) {}

  /** What ends this socket when it goes: the account session, or the till. */
  get sessionKey(): string {
    return this.account ? this.account.sessionId : `till:${this.registerCredential!.registerId}`;
  }

  send(text: string): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.close(REALTIME_CLOSE_CODES.tooSlow, 'too slow');
      this.ws.terminate();
      return;
    }
    this.ws.send(text);
  }

  reply(message: Pick<RealtimeMessage, 'topic' | 'ref' | 'join_ref'>, status: 'ok' | 'error', response: unknown): void {
    this.send(frame(message.topic, 'phx_reply', { status, response }, message.ref ?? null, message.join_ref ?? null));
  }
}

/** One cookie's value from a Cookie header. */
function cookieValue(headers: Headers, name: string): string | undefined {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

function refuseUpgrade(socket: Duplex, status: number, code: string, message: string) {
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export interface SocketServer {
  attach(server: Server): void;
  /** Closes every socket signed in with this account session (it was deleted). */
  endAccountSession(sessionId: string): void;
  /** Authorises again, in order with each socket's messages, the subscriptions of a business that match. */
  reauthorize(businessId: string, matches: (sub: Subscription) => boolean): void;
  /** Tells every channel it errored (the bus is down: events may be missed) and drops it; clients re-join. */
  errorAll(code: string, message: string): void;
  setAvailable(available: boolean): void;
  /** Bumped whenever something a join depends on may have changed. */
  invalidate(): void;
  connections(): number;
  close(): Promise<void>;
}

export function createSocketServer(services: Services, hub: Hub, options: SocketServerOptions): SocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false, clientTracking: false });
  const connections = new Set<Connection>();
  const bySession = new Map<string, Set<Connection>>();
  const servers = new Set<Server>();
  let available = false;
  let closing = false;
  /** Joins re-check themselves when this moves while they wait on the database. */
  let epoch = 0;

  const channelError = (code: string, message: string) => ({ ok: false as const, reason: REALTIME_ERRORS.channelError, code, message });

  async function authorise(
    connection: Connection,
    channel: { kind: ChannelKind; id: string },
    employeeSessionToken: string | null,
    requested: JoinBindings,
  ): Promise<Authorised> {
    for (let attempt = 0; ; attempt += 1) {
      const seen = epoch;
      let tenant: TenantContext;
      try {
        tenant = await resolveTenantFromCredentials(services, {
          account: connection.account,
          employeeSessionToken,
          registerCredential: connection.registerCredential,
        });
        await authorizeChannel(services, tenant, channel);
      } catch (error) {
        if (error instanceof AppError) return channelError(error.code, error.message);
        throw error;
      }
      const bound = bindPostgresChanges(requested, tenant, 1);
      if (!bound.ok) return bound;
      if (seen === epoch || attempt >= 2) return { ok: true, tenant, bindings: bound.bindings };
    }
  }

  const expiryOf = (tenant: TenantContext) =>
    tenant.employeeSession ? tenant.employeeSession.loginTime.getTime() + EMPLOYEE_SESSION_MAX_AGE_MS : null;

  function drop(connection: Connection, sub: Subscription) {
    hub.remove(sub);
    if (connection.channels.get(sub.topic) === sub) connection.channels.delete(sub.topic);
  }

  async function join(connection: Connection, message: RealtimeMessage) {
    const refuse = (reason: string, code: string, text: string) => connection.reply(message, 'error', { reason, code, message: text });
    if (!available) return refuse(REALTIME_ERRORS.channelError, 'realtime_unavailable', 'Realtime is reconnecting to the database. Try again shortly.');
    const channel = parseRealtimeTopic(message.topic);
    if (!channel) return refuse(REALTIME_ERRORS.channelError, 'unknown_topic', 'Topics are realtime:<business|store|station|order>:<uuid>');
    const payload = realtimeJoinPayload.safeParse(message.payload ?? {});
    if (!payload.success) {
      const issue = payload.error.issues[0]!;
      return refuse(REALTIME_ERRORS.channelError, 'invalid_join', `${issue.path.join('.') || 'payload'}: ${issue.message}`);
    }
    if (!connection.channels.has(message.topic) && connection.channels.size >= MAX_CHANNELS_PER_SOCKET) {
      return refuse(REALTIME_ERRORS.channelError, 'too_many_channels', `A socket may join at most ${MAX_CHANNELS_PER_SOCKET} channels`);
    }
    const token = payload.data.employee_session ?? null;
    const requested = payload.data.config.postgres_changes;
    const outcome = await authorise(connection, channel, token, requested);
    if (!outcome.ok) return refuse(outcome.reason, outcome.code, outcome.message);
    if (connection.closed) return;
    const previous = connection.channels.get(message.topic);
    if (previous) drop(connection, previous);
    const sub: Subscription = {
      sink: connection,
      topic: message.topic,
      channel,
      joinRef: message.join_ref ?? message.ref ?? null,
      businessId: outcome.tenant.businessId,
      tenant: outcome.tenant,
      employeeSessionToken: token,
      requestedBindings: requested,
      bindings: outcome.bindings,
      expiresAt: expiryOf(outcome.tenant),
    };
    hub.add(sub);
    connection.channels.set(message.topic, sub);
    connection.reply(message, 'ok', { postgres_changes: outcome.bindings.map((binding) => binding.reply) });
  }

  /** A channel whose session or permission went away is closed by the server (phx_close): no re-join. */
  async function recheck(connection: Connection, sub: Subscription) {
    if (connection.channels.get(sub.topic) !== sub) return;
    const outcome = await authorise(connection, sub.channel, sub.employeeSessionToken, sub.requestedBindings);
    if (connection.channels.get(sub.topic) !== sub) return;
    // An employee session past its 8 hours no longer resolves, so expiry lands here too.
    if (outcome.ok) {
      sub.tenant = outcome.tenant;
      sub.bindings = outcome.bindings;
      sub.expiresAt = expiryOf(outcome.tenant);
      return;
    }
    drop(connection, sub);
    const reason = { reason: outcome.reason, code: outcome.code, message: outcome.message };
    connection.send(frame(sub.topic, 'phx_close', reason, null, sub.joinRef));
  }

  function enqueue(connection: Connection, work: () => Promise<void>) {
    connection.queue = connection.queue.then(work).catch((error: unknown) => {
      console.error('Realtime: a socket message failed:', error);
    });
  }

  function handle(connection: Connection, data: RawData, isBinary: boolean) {
    connection.lastSeen = Date.now();
    if (isBinary) {
      connection.ws.close(1003, 'text frames only');
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(data.toString());
    } catch {
      raw = null;
    }
    const parsed = realtimeMessage.safeParse(raw);
    if (!parsed.success) {
      const topic = raw && typeof (raw as { topic?: unknown }).topic === 'string' ? (raw as { topic: string }).topic.slice(0, 200) : REALTIME_SYSTEM_TOPIC;
      const ref = raw && typeof (raw as { ref?: unknown }).ref === 'string' ? (raw as { ref: string }).ref.slice(0, 50) : null;
      connection.reply({ topic, ref }, 'error', { reason: REALTIME_ERRORS.channelError, code: 'invalid_message', message: 'Messages are JSON { topic, event, payload, ref }' });
      return;
    }
    const message = parsed.data;
    if (message.topic === REALTIME_SYSTEM_TOPIC) {
      if (message.event === 'heartbeat') connection.reply(message, 'ok', {});
      else connection.reply(message, 'error', { reason: REALTIME_ERRORS.channelError, code: 'unknown_event', message: `No ${message.event} on ${REALTIME_SYSTEM_TOPIC}` });
      return;
    }
    switch (message.event) {
      case 'phx_join':
        enqueue(connection, () => join(connection, message));
        return;
      case 'phx_leave':
        enqueue(connection, async () => {
          const sub = connection.channels.get(message.topic);
          if (sub) drop(connection, sub);
          connection.reply(message, 'ok', {});
        });
        return;
      // Clients of the same protocol refresh their token this way; ours authenticate per join.
      case 'access_token':
        return;
      case 'broadcast':
      case 'presence':
        connection.reply(message, 'error', {
          reason: REALTIME_ERRORS.channelError,
          code: 'not_offered',
          message: 'Sockets only receive. Send a broadcast with POST /api/realtime/broadcast.',
        });
        return;
      default:
        connection.reply(message, 'error', { reason: REALTIME_ERRORS.channelError, code: 'unknown_event', message: `Unknown event ${message.event}` });
    }
  }

  function forget(connection: Connection) {
    if (connection.closed) return;
    connection.closed = true;
    connections.delete(connection);
    const same = bySession.get(connection.sessionKey);
    if (same?.delete(connection) && same.size === 0) bySession.delete(connection.sessionKey);
    for (const sub of connection.channels.values()) hub.remove(sub);
    connection.channels.clear();
  }

  function endConnection(connection: Connection, code: number, reason: string, closeCode: string, closeMessage: string) {
    for (const sub of connection.channels.values()) {
      connection.send(frame(sub.topic, 'phx_close', { reason: REALTIME_ERRORS.channelError, code: closeCode, message: closeMessage }, null, sub.joinRef));
    }
    forget(connection);
    connection.ws.close(code, reason);
    // A peer that does not answer the close handshake is cut off.
    setTimeout(() => connection.ws.terminate(), 2_000).unref();
  }

  function accept(ws: WebSocket, credentials: { account: SignedInAccount | null; registerCredential: RegisterCredential | null }, headers: Headers) {
    const connection = new Connection(ws, credentials.account, credentials.registerCredential, headers);
    connections.add(connection);
    let same = bySession.get(connection.sessionKey);
    if (!same) bySession.set(connection.sessionKey, (same = new Set()));
    same.add(connection);
    ws.on('message', (data, isBinary) => handle(connection, data, isBinary));
    ws.on('close', () => forget(connection));
    ws.on('error', () => forget(connection));
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on('error', () => socket.destroy());
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== REALTIME_PATH) return refuseUpgrade(socket, 404, 'not_found', `No websocket at ${url.pathname}`);
    if (closing) return refuseUpgrade(socket, 503, 'shutting_down', 'The server is restarting');
    const headers = headersOf(request);
    // As app.ts: a page of another site may not open a socket with this site's cookie.
    if (isCrossOrigin(headers, services.config.trustProxy)) return refuseUpgrade(socket, 403, 'cross_origin_refused', 'Cross-site requests are not allowed');
    // A paired till signs in with its own credential and never as an account, as over HTTP.
    const registerCredential = parseRegisterCredential(cookieValue(headers, REGISTER_COOKIE));
    const signIn = registerCredential
      ? services.registers.resolve(registerCredential).then((till) => (till ? { account: null, registerCredential } : null))
      : resolveAccount(services, headers).then((account) => (account && !account.secondStep ? { account, registerCredential: null } : null));
    signIn.then(
      (credentials) => {
        if (!credentials) {
          return registerCredential
            ? refuseUpgrade(socket, 401, 'till_not_paired', 'This device is not a paired till.')
            : refuseUpgrade(socket, 400, 'session_not_found', MESSAGES.authSessionMissing);
        }
        if (closing || socket.destroyed) return socket.destroy();
        wss.handleUpgrade(request, socket, head, (ws) => accept(ws, credentials, headers));
      },
      (error: unknown) => {
        console.error('Realtime: upgrade failed:', error);
        refuseUpgrade(socket, 500, 'internal_error', 'Something went wrong on our side. Try again.');
      },
    );
  }

  function sweep() {
    const now = Date.now();
    for (const connection of [...connections]) {
      if (now - connection.lastSeen > options.heartbeatTimeoutMs) {
        endConnection(connection, REALTIME_CLOSE_CODES.heartbeatTimeout, 'heartbeat timeout', 'timed_out', REALTIME_ERRORS.timedOut);
        continue;
      }
      for (const sub of connection.channels.values()) {
        if (sub.expiresAt !== null && sub.expiresAt <= now) enqueue(connection, () => recheck(connection, sub));
      }
      if (now - connection.accountCheckedAt > options.accountRecheckMs) {
        connection.accountCheckedAt = now;
        enqueue(connection, async () => {
          if (connection.registerCredential) {
            // An unpaired till's socket goes with its credential.
            if (!(await services.registers.resolve(connection.registerCredential))) {
              endConnection(connection, REALTIME_CLOSE_CODES.sessionEnded, 'till unpaired', 'till_not_paired', 'This device is not a paired till.');
            }
            return;
          }
          const account = await resolveAccount(services, connection.headers);
          if (!account || account.secondStep || account.sessionId !== connection.account?.sessionId) {
            endConnection(connection, REALTIME_CLOSE_CODES.sessionEnded, 'session ended', 'session_not_found', MESSAGES.authSessionMissing);
          }
        });
      }
    }
  }
  const sweeper = setInterval(sweep, options.sweepIntervalMs);
  sweeper.unref();

  return {
    attach(server) {
      servers.add(server);
      server.on('upgrade', onUpgrade);
    },
    endAccountSession(sessionId) {
      for (const connection of [...(bySession.get(sessionId) ?? [])]) {
        endConnection(connection, REALTIME_CLOSE_CODES.sessionEnded, 'session ended', 'session_not_found', MESSAGES.authSessionMissing);
      }
    },
    reauthorize(businessId, matches) {
      for (const sub of hub.subscriptionsOf(businessId)) {
        if (!matches(sub)) continue;
        const connection = sub.sink as Connection;
        enqueue(connection, () => recheck(connection, sub));
      }
    },
    errorAll(code, message) {
      for (const sub of hub.all()) {
        const connection = sub.sink as Connection;
        drop(connection, sub);
        connection.send(frame(sub.topic, 'phx_error', { reason: REALTIME_ERRORS.channelError, code, message }, null, sub.joinRef));
      }
    },
    setAvailable(value) {
      available = value;
    },
    invalidate() {
      epoch += 1;
    },
    connections: () => connections.size,
    async close() {
      closing = true;
      clearInterval(sweeper);
      for (const server of servers) server.off('upgrade', onUpgrade);
      const open = [...connections];
      for (const connection of open) {
        forget(connection);
        connection.ws.close(REALTIME_CLOSE_CODES.goingAway, 'server restarting');
      }
      // Give the close handshakes a moment, then cut what is left so the HTTP server can stop.
      await Promise.race([
        Promise.all(open.map((connection) => new Promise<void>((resolve) => (connection.ws.readyState === connection.ws.CLOSED ? resolve() : connection.ws.once('close', () => resolve()))))),
        new Promise<void>((resolve) => setTimeout(resolve, 1_000).unref()),
      ]);
      for (const connection of open) connection.ws.terminate();
      wss.close();
    },
  };
}
