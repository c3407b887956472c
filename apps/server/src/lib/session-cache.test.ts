import { describe, expect, it } from 'vitest';
import type { SignedInAccount } from './context.ts';
import { createSessionCache } from './session-cache.ts';

const account = (userId: string, sessionId: string): SignedInAccount => ({
  user: { id: userId, email: `${userId}@example.com`, name: userId, phoneNumber: null },
  sessionId,
});

describe('session cache', () => {
  it('shares one lookup between requests that miss at once (a reconnect burst)', async () => {
    const cache = createSessionCache(10_000);
    let loads = 0;
    const ann = account('ann', 's1');
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return ann;
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.resolve('token-1', load)));
    expect(answers.every((answer) => answer === ann)).toBe(true);
    expect(loads).toBe(1);
    expect(cache.get('token-1')).toBe(ann);
  });

  it('forgets a session by its id in every entry, and keeps others', () => {
    const cache = createSessionCache(10_000);
    cache.set('t1', account('ann', 's1'));
    cache.set('t2', account('ann', 's2'));
    cache.forgetSession('s1');
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t2')?.sessionId).toBe('s2');
  });

  it('does not cache a lookup that was under way when its session ended, nor a missing session', async () => {
    const cache = createSessionCache(10_000);
    let release!: () => void;
    const pending = cache.resolve('t1', () => new Promise((resolve) => (release = () => resolve(account('ann', 's1')))));
    cache.forgetSession('s1');
    release();
    await pending;
    expect(cache.get('t1')).toBeUndefined();
    expect(await cache.resolve('t2', async () => null)).toBeNull();
    expect(cache.get('t2')).toBeUndefined();
  });
});
