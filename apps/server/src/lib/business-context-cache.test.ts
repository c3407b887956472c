import { describe, expect, it } from 'vitest';
import { createBusinessContextCache } from './business-context-cache.ts';

const shopA = { businessId: 'a', ownerUserId: 'owner-a', enabledFeatures: { pos_system: true } };
const shopB = { businessId: 'b', ownerUserId: 'owner-b', enabledFeatures: { pos_system: true } };

describe('business context cache', () => {
  it.each([
    { name: 'a fresh entry is served', age: 0, expected: shopA },
    { name: 'just before the TTL it is still served', age: 999, expected: shopA },
    { name: 'at the TTL it is read again from the database', age: 1000, expected: undefined },
  ])('$name', ({ age, expected }) => {
    const cache = createBusinessContextCache(1000);
    cache.set('user-1', shopA, 10_000);
    expect(cache.get('user-1', 10_000 + age)).toEqual(expected);
  });

  it("a settings change drops every entry of that business and only that business's", () => {
    const cache = createBusinessContextCache(1000);
    cache.set('owner-a', shopA, 0);
    cache.set('cashier-a', shopA, 0);
    cache.set('owner-b', shopB, 0);
    cache.forgetBusiness('a');
    expect([cache.get('owner-a', 1), cache.get('cashier-a', 1), cache.get('owner-b', 1)]).toEqual([undefined, undefined, shopB]);
  });

  it('shares one lookup between callers that miss at once, and caches only a business with settings', async () => {
    const cache = createBusinessContextCache(1000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return shopA;
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.resolve('owner-a', load)));
    expect(answers.every((answer) => answer === shopA)).toBe(true);
    expect(loads).toBe(1);
    expect(await cache.resolve('owner-a', load)).toBe(shopA);
    expect(loads).toBe(1);
    const unset = { ...shopB, enabledFeatures: null };
    await cache.resolve('owner-b', async () => unset);
    expect(cache.get('owner-b')).toBeUndefined();
  });

  it('does not cache a lookup that was under way when the business changed', async () => {
    const cache = createBusinessContextCache(1000);
    let release!: () => void;
    const pending = cache.resolve('owner-a', () => new Promise((resolve) => (release = () => resolve(shopA))));
    cache.forgetBusiness('a');
    release();
    expect(await pending).toBe(shopA);
    expect(cache.get('owner-a')).toBeUndefined();
  });
});
