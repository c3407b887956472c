import {
  REALTIME_ERRORS,
  REALTIME_PUSH_TIMEOUT_MS,
  type BroadcastPayload,
  type ChannelState,
  type PostgresChangePayload,
  type PostgresChangesBinding,
  type RealtimeJoinPayload,
  type ServerPostgresBinding,
} from '@till/core';
import { RetryTimer } from './retry-timer';

/** A message as it travels either way. */
export interface Frame {
  topic: string;
  event: string;
  payload: any;
  ref: string | null;
  join_ref?: string | null;
}

/** What a channel needs from the socket client. */
export interface ChannelHost {
  isConnected(): boolean;
  makeRef(): string;
  send(frame: Frame): void;
  /** Opens the socket if it is not open (the channel joins once it is). */
  ensureConnected(): void;
  /** The employee session token sent with each join, read at the time of the join. */
  employeeSession(): string | null;
}

export interface ChannelOptions {
  /** "postgres changes" to receive; the server must offer each one (SPEC §8 mismatch otherwise). */
  postgresChanges?: PostgresChangesBinding[];
}

export type PostgresChange = PostgresChangePayload['data'];

type Listener<T> = (value: T) => void;

/**
 * One channel (topic) on the socket, with SPEC §4's states: closed → joining → joined →
 * leaving → closed, and errored when a join fails, times out, or the socket drops; an errored
 * channel joins again after 1, 2, 5, then every 10 s (SPEC §9), or as soon as the socket is
 * back. A channel the server closes (its session or permission ended) stays closed.
 */
export class RealtimeChannel {
  state: ChannelState = 'closed';
  /** The SPEC §8 error (and the server's explanation) behind the last errored or closed state. */
  error: string | null = null;
  private joinRef: string | null = null;
  private pushTimer: ReturnType<typeof setTimeout> | null = null;
  private leaveRef: string | null = null;
  private wantsJoined = false;
  private serverBindings: ServerPostgresBinding[] = [];
  private readonly rejoinTimer = new RetryTimer(() => {
    if (this.host.isConnected()) this.sendJoin();
  });
  private readonly stateListeners = new Set<Listener<RealtimeChannel>>();
  private readonly broadcastListeners = new Map<string, Set<Listener<BroadcastPayload>>>();
  private readonly changeListeners = new Set<Listener<PostgresChange>>();

  constructor(
    readonly topic: string,
    private readonly host: ChannelHost,
    private readonly options: ChannelOptions = {},
  ) {}

  /** Joins (and keeps re-joining after failures) until `leave()`. */
  join(): this {
    if (this.wantsJoined) return this;
    this.wantsJoined = true;
    this.rejoinTimer.reset();
    if (this.host.isConnected()) this.sendJoin();
    else {
      this.setState('joining', null);
      this.host.ensureConnected();
    }
    return this;
  }

  leave(): void {
    this.wantsJoined = false;
    this.rejoinTimer.reset();
    this.clearPushTimer();
    if (this.state === 'closed') return;
    if (!this.host.isConnected() || this.state === 'errored') {
      this.setState('closed', null);
      return;
    }
    this.setState('leaving', null);
    this.leaveRef = this.host.makeRef();
    this.host.send({ topic: this.topic, event: 'phx_leave', payload: {}, ref: this.leaveRef, join_ref: this.joinRef });
    // A leave is done when answered or after the push timeout, whichever comes first.
    this.pushTimer = setTimeout(() => this.finishLeave(), REALTIME_PUSH_TIMEOUT_MS);
  }

  onState(listener: Listener<RealtimeChannel>): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Messages sent with the broadcast POST or published by the server; `'*'` for every event. */
  onBroadcast(event: string, listener: Listener<BroadcastPayload>): () => void {
    let listeners = this.broadcastListeners.get(event);
    if (!listeners) this.broadcastListeners.set(event, (listeners = new Set()));
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  onPostgresChange(listener: Listener<PostgresChange>): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  // --- called by the client ---

  /** The socket (re)opened: a channel that should be joined joins now. */
  socketOpened(): void {
    if (!this.wantsJoined) return;
    this.rejoinTimer.reset();
    this.sendJoin();
  }

  /** The socket dropped: a joined or joining channel has errored; it re-joins when the socket is back. */
  socketClosed(): void {
    this.clearPushTimer();
    if (this.state === 'leaving') return this.finishLeave();
    if (this.state === 'joined' || this.state === 'joining') this.setState('errored', REALTIME_ERRORS.channelError);
  }

  /** The server ended the account session: nothing re-joins until the next `join()`. */
  sessionEnded(message: string): void {
    this.wantsJoined = false;
    this.rejoinTimer.reset();
    this.clearPushTimer();
    this.setState('closed', `${REALTIME_ERRORS.channelError}: ${message}`);
  }

  receive(frame: Frame): void {
    if (frame.event === 'phx_reply') return this.receiveReply(frame);
    // A message meant for an earlier join of this topic is stale.
    if (frame.join_ref && this.joinRef && frame.join_ref !== this.joinRef) return;
    switch (frame.event) {
      case 'broadcast': {
        const payload = frame.payload as BroadcastPayload;
        for (const listener of this.broadcastListeners.get(payload.event) ?? []) listener(payload);
        for (const listener of this.broadcastListeners.get('*') ?? []) listener(payload);
        return;
      }
      case 'postgres_changes': {
        if (this.state !== 'joined') return;
        const payload = frame.payload as PostgresChangePayload;
        if (!payload.ids.some((id) => this.serverBindings.some((binding) => binding.id === id))) return;
        for (const listener of this.changeListeners) listener(payload.data);
        return;
      }
      case 'phx_error':
        if (this.state !== 'joined' && this.state !== 'joining') return;
        this.clearPushTimer();
        this.setState('errored', describe(frame.payload));
        if (this.wantsJoined && this.host.isConnected()) this.rejoinTimer.schedule();
        return;
      case 'phx_close':
        this.wantsJoined = false;
        this.rejoinTimer.reset();
        this.clearPushTimer();
        this.setState('closed', describe(frame.payload));
        return;
    }
  }

  private receiveReply(frame: Frame) {
    if (frame.ref !== null && frame.ref === this.leaveRef) return this.finishLeave();
    if (frame.ref === null || frame.ref !== this.joinRef || this.state !== 'joining') return;
    this.clearPushTimer();
    const { status, response } = frame.payload as { status: string; response: any };
    if (status !== 'ok') {
      // The server does not offer a binding: asking again will not change that.
      if (response?.reason === REALTIME_ERRORS.bindingsMismatch) this.wantsJoined = false;
      this.setState('errored', describe(response));
      if (this.wantsJoined && this.host.isConnected()) this.rejoinTimer.schedule();
      return;
    }
    // SPEC §8: the server must offer exactly the bindings asked for, in order.
    const asked = this.options.postgresChanges ?? [];
    const offered: ServerPostgresBinding[] = Array.isArray(response?.postgres_changes) ? response.postgres_changes : [];
    const matches = asked.every((binding, index) => {
      const server = offered[index];
      return (
        server !== undefined &&
        server.event === binding.event &&
        server.schema === (binding.schema ?? 'public') &&
        server.table === binding.table &&
        server.filter === binding.filter
      );
    });
    if (!matches) {
      // Re-joining cannot fix a mismatch: leave, and stay errored until told otherwise.
      this.wantsJoined = false;
      this.host.send({ topic: this.topic, event: 'phx_leave', payload: {}, ref: this.host.makeRef(), join_ref: this.joinRef });
      this.setState('errored', REALTIME_ERRORS.bindingsMismatch);
      return;
    }
    this.serverBindings = offered;
    this.rejoinTimer.reset();
    this.setState('joined', null);
  }

  private sendJoin() {
    this.clearPushTimer();
    this.joinRef = this.host.makeRef();
    this.leaveRef = null;
    this.setState('joining', this.state === 'errored' ? this.error : null);
    const token = this.host.employeeSession();
    const payload: RealtimeJoinPayload = {
      config: { postgres_changes: this.options.postgresChanges ?? [] },
      ...(token ? { employee_session: token } : {}),
    };
    this.host.send({ topic: this.topic, event: 'phx_join', payload, ref: this.joinRef, join_ref: this.joinRef });
    this.pushTimer = setTimeout(() => {
      this.pushTimer = null;
      // SPEC §8 "timed out": give up on this join, try again on the schedule.
      this.host.send({ topic: this.topic, event: 'phx_leave', payload: {}, ref: this.host.makeRef(), join_ref: this.joinRef });
      this.setState('errored', REALTIME_ERRORS.timedOut);
      if (this.wantsJoined) this.rejoinTimer.schedule();
    }, REALTIME_PUSH_TIMEOUT_MS);
  }

  private finishLeave() {
    this.clearPushTimer();
    this.leaveRef = null;
    if (this.state === 'leaving') this.setState('closed', null);
  }

  private clearPushTimer() {
    if (this.pushTimer !== null) clearTimeout(this.pushTimer);
    this.pushTimer = null;
  }

  private setState(state: ChannelState, error: string | null) {
    if (this.state === state && this.error === error) return;
    this.state = state;
    this.error = error;
    for (const listener of this.stateListeners) listener(this);
  }
}

/** "channel error: the server's words", or the SPEC §8 reason alone. */
function describe(payload: unknown): string {
  const body = (payload ?? {}) as { reason?: unknown; message?: unknown };
  const reason = typeof body.reason === 'string' ? body.reason : REALTIME_ERRORS.channelError;
  return typeof body.message === 'string' && body.message ? `${reason}: ${body.message}` : reason;
}
