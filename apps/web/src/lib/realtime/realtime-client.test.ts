import { REALTIME_ERRORS, realtimeTopic } from '@till/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient, type WebSocketLike } from './realtime-client';

/** Stands in for the browser's WebSocket; the test plays the server. */
class FakeSocket implements WebSocketLike {
  readyState = 0;
  sent: any[] = [];
  closedWith: number | null = null;
  answerHeartbeats = true;
  onopen: WebSocketLike['onopen'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  constructor(readonly createdAt: number) {}
  send(data: string) {
    const frame = JSON.parse(data);
    this.sent.push(frame);
    if (frame.event === 'heartbeat' && this.answerHeartbeats) this.push({ topic: 'phoenix', event: 'phx_reply', ref: frame.ref, payload: { status: 'ok', response: {} } });
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // server side
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
  push(frame: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify({ ref: null, join_ref: null, payload: {}, ...frame }) });
  }
  reply(ref: string, status: 'ok' | 'error', response: unknown = {}) {
    const request = this.sent.find((frame) => frame.ref === ref);
    this.push({ topic: request.topic, event: 'phx_reply', ref, join_ref: request.join_ref ?? null, payload: { status, response } });
  }
  last(event: string) {
    return [...this.sent].reverse().find((frame) => frame.event === event);
  }
}

const topic = realtimeTopic.station('0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
const ordersBinding = { event: 'INSERT' as const, schema: 'public', table: 'orders' };

let sockets: FakeSocket[];
let token: string | null;
let client: RealtimeClient;
const socket = () => sockets[sockets.length - 1]!;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  token = 'employee-token';
  client = new RealtimeClient({
    url: 'ws://till.test/realtime',
    createWebSocket: () => {
      const created = new FakeSocket(Date.now());
      sockets.push(created);
      return created;
    },
    employeeSession: () => token,
  });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Joins a channel on an open socket and answers ok. */
function joined(options = {}) {
  const channel = client.channel(topic, options).join();
  socket().open();
  const join = socket().last('phx_join');
  socket().reply(join.ref, 'ok', { postgres_changes: (options as { postgresChanges?: unknown[] }).postgresChanges?.map((b, i) => ({ id: i + 1, ...(b as object) })) ?? [] });
  return channel;
}

describe('reconnect schedule (SPEC §9: 1, 2, 5, then 10 s)', () => {
  it('retries a refused socket after 1, 2, 5, 10 and 10 s', () => {
    client.channel(topic).join();
    const start = Date.now();
    for (let i = 0; i < 6; i += 1) {
      socket().drop();
      vi.advanceTimersToNextTimer();
    }
    expect(sockets.map((s) => s.createdAt - start)).toEqual([0, 1_000, 3_000, 8_000, 18_000, 28_000, 38_000]);
  });

  it('starts the count again after a connection that opened', () => {
    client.channel(topic).join();
    socket().drop();
    vi.advanceTimersByTime(1_000);
    socket().drop();
    vi.advanceTimersByTime(2_000);
    socket().open();
    const opened = Date.now();
    socket().drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(4);
    expect(socket().createdAt - opened).toBe(1_000);
  });

  it('opens with the first channel and closes, without reconnecting, with the last', () => {
    expect(sockets).toHaveLength(0);
    const channel = joined();
    expect(client.connectionState).toBe('open');
    client.removeChannel(channel);
    expect(socket().closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.connectionState).toBe('closed');
  });

  it('does not reconnect once the server ends the session (4401): channels close', () => {
    const channel = joined();
    socket().drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(channel.state).toBe('closed');
    expect(channel.error).toContain(REALTIME_ERRORS.channelError);
  });
});

describe('heartbeat (SPEC §9: every 25 s)', () => {
  it('sends one every 25 s while answered', () => {
    joined();
    vi.advanceTimersByTime(24_999);
    expect(socket().sent.filter((f) => f.event === 'heartbeat')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(socket().last('heartbeat')).toMatchObject({ topic: 'phoenix', event: 'heartbeat', payload: {} });
    vi.advanceTimersByTime(75_000);
    expect(socket().sent.filter((f) => f.event === 'heartbeat')).toHaveLength(4);
    expect(sockets).toHaveLength(1);
  });

  it('drops a connection whose heartbeat went unanswered and reconnects 1 s later', () => {
    const channel = joined();
    socket().answerHeartbeats = false;
    vi.advanceTimersByTime(25_000); // heartbeat sent, never answered
    vi.advanceTimersByTime(25_000); // timed out
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(channel.state).toBe('errored');
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
  });
});

describe('channel states (SPEC §4)', () => {
  it('closed → joining → joined → leaving → closed', () => {
    const states: string[] = [];
    const channel = client.channel(topic, { postgresChanges: [ordersBinding] });
    channel.onState((c) => states.push(c.state));
    expect(channel.state).toBe('closed');
    channel.join();
    socket().open();
    const join = socket().last('phx_join');
    expect(join).toMatchObject({
      topic,
      payload: { config: { postgres_changes: [ordersBinding] }, employee_session: 'employee-token' },
      join_ref: join.ref,
    });
    socket().reply(join.ref, 'ok', { postgres_changes: [{ id: 7, ...ordersBinding }] });
    expect(channel.state).toBe('joined');
    channel.leave();
    expect(channel.state).toBe('leaving');
    socket().reply(socket().last('phx_leave').ref, 'ok');
    expect(channel.state).toBe('closed');
    expect(states).toEqual(['joining', 'joined', 'leaving', 'closed']);
  });

  it('errors when the socket drops and joins again, with the current token, once it is back', () => {
    const channel = joined();
    socket().drop();
    expect(channel.state).toBe('errored');
    token = 'next-token';
    vi.advanceTimersByTime(1_000);
    socket().open();
    expect(channel.state).toBe('joining');
    const rejoin = socket().last('phx_join');
    expect(rejoin.payload.employee_session).toBe('next-token');
    socket().reply(rejoin.ref, 'ok', { postgres_changes: [] });
    expect(channel.state).toBe('joined');
    expect(channel.error).toBeNull();
  });

  it('a refused join is errored with the server’s reason and retried after 1, 2, 5 s', () => {
    const channel = client.channel(topic).join();
    socket().open();
    const start = Date.now();
    const joinTimes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const join = socket().last('phx_join');
      joinTimes.push(Date.now() - start);
      socket().reply(join.ref, 'error', { reason: REALTIME_ERRORS.channelError, code: 'forbidden', message: 'Your role may not use kitchen' });
      expect(channel.state).toBe('errored');
      expect(channel.error).toBe('channel error: Your role may not use kitchen');
      vi.advanceTimersToNextTimer();
    }
    expect(joinTimes).toEqual([0, 1_000, 3_000, 8_000]);
  });

  it('a join without an answer in 10 s has "timed out" and is tried again', () => {
    const channel = client.channel(topic).join();
    socket().open();
    const first = socket().last('phx_join');
    vi.advanceTimersByTime(10_000);
    expect(channel.state).toBe('errored');
    expect(channel.error).toBe(REALTIME_ERRORS.timedOut);
    expect(socket().last('phx_leave')).toMatchObject({ join_ref: first.ref });
    vi.advanceTimersByTime(1_000);
    expect(socket().last('phx_join').ref).not.toBe(first.ref);
    expect(channel.state).toBe('joining');
  });

  it('refuses bindings the server did not offer with the SPEC §8 mismatch error, and stops', () => {
    const channel = client.channel(topic, { postgresChanges: [ordersBinding] }).join();
    socket().open();
    const join = socket().last('phx_join');
    socket().reply(join.ref, 'ok', { postgres_changes: [{ id: 1, event: 'UPDATE', schema: 'public', table: 'orders' }] });
    expect(channel.state).toBe('errored');
    expect(channel.error).toBe(REALTIME_ERRORS.bindingsMismatch);
    expect(socket().last('phx_leave')).toBeDefined();
    const joins = socket().sent.filter((f) => f.event === 'phx_join').length;
    vi.advanceTimersByTime(60_000);
    expect(socket().sent.filter((f) => f.event === 'phx_join')).toHaveLength(joins);
  });

  it('the server refusing a binding is final too', () => {
    const channel = client.channel(topic, { postgresChanges: [ordersBinding] }).join();
    socket().open();
    socket().reply(socket().last('phx_join').ref, 'error', { reason: REALTIME_ERRORS.bindingsMismatch, code: 'postgres_changes_mismatch', message: 'no' });
    expect(channel.error).toBe(`${REALTIME_ERRORS.bindingsMismatch}: no`);
    vi.advanceTimersByTime(60_000);
    expect(socket().sent.filter((f) => f.event === 'phx_join')).toHaveLength(1);
  });

  it('a channel the server closes stays closed; one it errors joins again', () => {
    const closed = joined();
    socket().push({ topic, event: 'phx_close', payload: { reason: 'channel error', code: 'employee_session_expired', message: 'Sign in again' } });
    expect(closed.state).toBe('closed');
    expect(closed.error).toBe('channel error: Sign in again');
    vi.advanceTimersByTime(60_000);
    expect(socket().sent.filter((f) => f.event === 'phx_join')).toHaveLength(1);

    closed.join();
    socket().reply(socket().last('phx_join').ref, 'ok', { postgres_changes: [] });
    expect(closed.state).toBe('joined');
    socket().push({ topic, event: 'phx_error', payload: { reason: 'channel error', code: 'realtime_unavailable', message: 'x' } });
    expect(closed.state).toBe('errored');
    vi.advanceTimersByTime(1_000);
    expect(closed.state).toBe('joining');
  });
});

describe('deliveries', () => {
  it('hands broadcasts to their listeners and postgres changes of its own bindings only', () => {
    const channel = joined({ postgresChanges: [ordersBinding] });
    const tickets: unknown[] = [];
    const everything: string[] = [];
    const changes: unknown[] = [];
    channel.onBroadcast('ticket.sent', (message) => tickets.push(message.payload));
    channel.onBroadcast('*', (message) => everything.push(message.event));
    channel.onPostgresChange((change) => changes.push(change.record));
    socket().push({ topic, event: 'broadcast', payload: { type: 'broadcast', event: 'ticket.sent', payload: { n: 1 } } });
    socket().push({ topic, event: 'broadcast', payload: { type: 'broadcast', event: 'other', payload: {} } });
    socket().push({ topic: realtimeTopic.store('0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c'), event: 'broadcast', payload: { type: 'broadcast', event: 'ticket.sent', payload: { n: 2 } } });
    const data = { schema: 'public', table: 'orders', type: 'INSERT', record: { id: 'o1' }, old_record: null, commit_timestamp: 'now', errors: null };
    socket().push({ topic, event: 'postgres_changes', payload: { ids: [1], data } });
    socket().push({ topic, event: 'postgres_changes', payload: { ids: [99], data: { ...data, record: { id: 'not ours' } } } });
    socket().push({ topic, event: 'broadcast', join_ref: 'stale', payload: { type: 'broadcast', event: 'ticket.sent', payload: { n: 3 } } });
    expect(tickets).toEqual([{ n: 1 }]);
    expect(everything).toEqual(['ticket.sent', 'other']);
    expect(changes).toEqual([{ id: 'o1' }]);
  });
});
