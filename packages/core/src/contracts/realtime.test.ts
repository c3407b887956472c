import { describe, expect, it } from 'vitest';
import { CHANNEL_STATES, parseRealtimeTopic, REALTIME_ERRORS, REALTIME_HEARTBEAT_INTERVAL_MS, realtimeReconnectDelayMs, realtimeTopic } from '../realtime-protocol.ts';
import { broadcastInput, isStorableJson } from './realtime.ts';

const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

describe('SPEC §9 and §4 realtime constants', () => {
  it('heartbeats every 25 s', () => {
    expect(REALTIME_HEARTBEAT_INTERVAL_MS).toBe(25_000);
  });

  it.each([
    [1, 1_000],
    [2, 2_000],
    [3, 5_000],
    [4, 10_000],
    [5, 10_000],
    [50, 10_000],
  ])('reconnect number %i waits %i ms', (tries, delay) => {
    expect(realtimeReconnectDelayMs(tries)).toBe(delay);
  });

  it('has the five channel states and the three SPEC §8 errors', () => {
    expect([...CHANNEL_STATES].sort()).toEqual(['closed', 'errored', 'joined', 'joining', 'leaving']);
    expect(REALTIME_ERRORS).toEqual({
      channelError: 'channel error',
      timedOut: 'timed out',
      bindingsMismatch: 'mismatch between server and client bindings for postgres changes',
    });
  });
});

describe('topics', () => {
  it.each([
    [realtimeTopic.business(id), { kind: 'business', id }],
    [realtimeTopic.store(id), { kind: 'store', id }],
    [realtimeTopic.station(id), { kind: 'station', id }],
    [realtimeTopic.order(id), { kind: 'order', id }],
    ['realtime:table:' + id, null],
    ['realtime:order:not-a-uuid', null],
    ['realtime:order:' + id + ':extra', null],
    ['phoenix', null],
    ['realtime:ORDER:' + id, null],
  ])('%s', (topic, parsed) => {
    expect(parseRealtimeTopic(topic)).toEqual(parsed);
  });
});

describe('storable JSON', () => {
  it.each([
    [{ a: 'plain', b: [1, 'two', { c: null }] }, true],
    [{ a: 'nul \u0000 inside' }, false],
    [{ ['key\u0000']: 1 }, false],
    [{ a: 'lone \uD800 high' }, false],
    [{ a: ['lone \uDC00 low'] }, false],
    [{ a: 'pair 😀 fine' }, true],
  ])('%j → %s', (value, storable) => {
    expect(isStorableJson(value)).toBe(storable);
  });
});

describe('broadcast POST body', () => {
  const topic = realtimeTopic.store(id);
  it('takes 1 to 20 messages with an event name and an object payload', () => {
    expect(broadcastInput.safeParse({ messages: [{ topic, event: 'ticket.bumped', payload: { n: 1 } }] }).success).toBe(true);
    expect(broadcastInput.safeParse({ messages: [] }).success).toBe(false);
    expect(broadcastInput.safeParse({ messages: Array.from({ length: 21 }, () => ({ topic, event: 'x' })) }).success).toBe(false);
  });

  it.each([
    [{ topic: 'realtime:business:nope', event: 'x' }],
    [{ topic, event: 'business.changed' }],
    [{ topic, event: 'has space' }],
    [{ topic, event: 'x', payload: 'text' }],
    [{ topic, event: 'x', payload: { s: '\u0000' } }],
    [{ topic, event: 'x', payload: { s: 'x'.repeat(33 * 1024) } }],
    [{ topic, event: 'x', extra: true }],
  ])('refuses %j', (message) => {
    expect(broadcastInput.safeParse({ messages: [message] }).success).toBe(false);
  });
});
