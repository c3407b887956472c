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
});
