import { REALTIME_CLOSE_CODES, REALTIME_HEARTBEAT_INTERVAL_MS, REALTIME_PATH, REALTIME_SYSTEM_TOPIC } from '@till/core';
import { RealtimeChannel, type ChannelHost, type ChannelOptions, type Frame } from './realtime-channel';
import { RetryTimer } from './retry-timer';

/** The part of the browser's WebSocket this client uses (tests pass a fake). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

const OPEN = 1;

export type ConnectionState = 'connecting' | 'open' | 'closed';

export interface RealtimeClientOptions {
  /** ws(s)://host/realtime of this page's origin unless given. */
  url?: string;
  createWebSocket?: (url: string) => WebSocketLike;
  /** The employee session token each join carries (the x-employee-session of HTTP requests). */
  employeeSession?: () => string | null;
}

function sameOriginUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${REALTIME_PATH}`;
}

/**
 * The socket to the server's /realtime (SPEC §7, §9): a heartbeat every 25 s; when the socket
 * drops it reconnects after 1, 2, 5, then every 10 s, and its channels join again. A heartbeat
 * left unanswered until the next one means the connection is dead ("timed out"): it is dropped
 * and reconnected. The socket opens with the first channel and closes with the last.
 */
export class RealtimeClient implements ChannelHost {
  connectionState: ConnectionState = 'closed';
  private ws: WebSocketLike | null = null;
  private ref = 0;
  private pendingHeartbeat: string | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private readonly channels = new Set<RealtimeChannel>();
  private readonly reconnectTimer = new RetryTimer(() => this.connect());
  private readonly connectionListeners = new Set<(state: ConnectionState) => void>();
  private readonly url: () => string;
  private readonly create: (url: string) => WebSocketLike;

  constructor(private readonly options: RealtimeClientOptions = {}) {
    this.url = () => options.url ?? sameOriginUrl();
    this.create = options.createWebSocket ?? ((url) => new WebSocket(url) as unknown as WebSocketLike);
  }

  channel(topic: string, options: ChannelOptions = {}): RealtimeChannel {
    const channel = new RealtimeChannel(topic, this, options);
    this.channels.add(channel);
    return channel;
  }

  /** Leaves the channel and forgets it; the socket closes with the last channel. */
  removeChannel(channel: RealtimeChannel): void {
    channel.leave();
    this.channels.delete(channel);
    if (this.channels.size === 0) this.disconnect();
  }

  connect(): void {
    if (this.ws) return;
    this.reconnectTimer.cancel();
    this.setConnectionState('connecting');
    const ws = this.create(this.url());
    this.ws = ws;
    ws.onopen = () => this.opened(ws);
    ws.onclose = (event) => this.closed(ws, event.code);
    ws.onerror = () => undefined;
    ws.onmessage = (event) => this.message(event.data);
  }

  /** Closes the socket on purpose: no reconnect until `connect()` or a channel's `join()`. */
  disconnect(): void {
    this.reconnectTimer.reset();
    const ws = this.ws;
    this.teardown();
    if (ws) ws.close(1000, 'client leaving');
    for (const channel of this.channels) channel.socketClosed();
    this.setConnectionState('closed');
  }

  onConnectionChange(listener: (state: ConnectionState) => void): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  // --- ChannelHost ---

  isConnected(): boolean {
    return this.ws !== null && this.ws.readyState === OPEN && this.connectionState === 'open';
  }

  makeRef(): string {
    this.ref += 1;
    return String(this.ref);
  }

  send(frame: Frame): void {
    if (this.isConnected()) this.ws!.send(JSON.stringify(frame));
  }

  ensureConnected(): void {
    if (!this.ws && !this.reconnectTimer.pending) this.connect();
  }

  employeeSession(): string | null {
    return this.options.employeeSession?.() ?? null;
  }

  // --- socket events ---

  private opened(ws: WebSocketLike) {
    if (ws !== this.ws) return;
    this.reconnectTimer.reset();
    this.setConnectionState('open');
    this.pendingHeartbeat = null;
    this.heartbeatTimer = setInterval(() => this.heartbeat(), REALTIME_HEARTBEAT_INTERVAL_MS);
    for (const channel of this.channels) channel.socketOpened();
  }

  private closed(ws: WebSocketLike, code: number) {
    if (ws !== this.ws) return;
    this.teardown();
    this.setConnectionState('closed');
    if (code === REALTIME_CLOSE_CODES.sessionEnded) {
      // Signed out (here or anywhere): reconnecting would be refused until the next sign-in.
      for (const channel of this.channels) channel.sessionEnded('the session ended; sign in again');
      return;
    }
    for (const channel of this.channels) channel.socketClosed();
    this.reconnectTimer.schedule();
  }

  private heartbeat() {
    if (!this.isConnected()) return;
    if (this.pendingHeartbeat !== null) {
      // The last heartbeat was never answered: the connection is dead ("timed out").
      const ws = this.ws!;
      this.closed(ws, 1000);
      ws.close(1000, 'heartbeat timeout');
      return;
    }
    this.pendingHeartbeat = this.makeRef();
    this.ws!.send(JSON.stringify({ topic: REALTIME_SYSTEM_TOPIC, event: 'heartbeat', payload: {}, ref: this.pendingHeartbeat }));
  }

  private message(data: unknown) {
    let frame: Frame;
    try {
      frame = JSON.parse(String(data)) as Frame;
    } catch {
      return;
    }
    if (frame.topic === REALTIME_SYSTEM_TOPIC) {
      if (frame.ref === this.pendingHeartbeat) this.pendingHeartbeat = null;
      return;
    }
    for (const channel of this.channels) if (channel.topic === frame.topic) channel.receive(frame);
  }

  private teardown() {
    if (this.heartbeatTimer !== null) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    this.pendingHeartbeat = null;
    if (this.ws) {
      this.ws.onopen = null;
      this.ws.onclose = null;
      this.ws.onmessage = null;
      this.ws.onerror = null;
    }
    this.ws = null;
  }

  private setConnectionState(state: ConnectionState) {
    if (this.connectionState === state) return;
    this.connectionState = state;
    for (const listener of this.connectionListeners) listener(state);
  }
}
