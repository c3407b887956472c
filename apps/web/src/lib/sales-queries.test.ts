import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateSalesQueries } from './sales-queries';

describe('invalidateSalesQueries', () => {
  it('marks orders, stock, till and customer queries stale after a sale or a refund, and nothing else', async () => {
    const client = new QueryClient();
    const keys = [
      ['orders', 'list', { status: null }],
      ['orders', 'abc', 'detail'],
      ['products', 'list', { q: '' }],
      ['pos', 'products'],
      ['customers', 'c1', 'orders'],
      ['me'],
      ['time-clock', 'current'],
    ];
    for (const key of keys) client.setQueryData(key, { cached: true });

    await invalidateSalesQueries(client);

    const stale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(keys.slice(0, 5).map(stale)).toEqual([true, true, true, true, true]);
    expect(stale(['me'])).toBe(false);
    expect(stale(['time-clock', 'current'])).toBe(false);
  });
});
