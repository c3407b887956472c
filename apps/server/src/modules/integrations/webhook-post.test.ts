import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { isPrivateAddress, postWebhook, PRIVATE_NETWORK_REFUSED, publicOnlyLookup } from './webhook-post.ts';

/** Runs the connection's lookup against a resolver answering `addresses`. */
function lookUp(addresses: LookupAddress[], options: { all?: boolean; family?: number } = {}) {
  const lookup = publicOnlyLookup(async () => addresses);
  return new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[] }>((resolve) =>
    lookup('hooks.example.com', options as never, (error, address) => resolve({ error, address })),
  );
}

describe('webhook posts reach public addresses only (decision 046)', () => {
  it.each([
    ['10.1.2.3', true],
    ['172.16.0.9', true],
    ['172.32.0.9', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['127.0.0.1', true],
    ['0.0.0.0', true],
    ['93.184.215.14', false],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:10.0.0.1', true],
    ['2606:2800:220:1::', false],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('refuses a name that resolves to any private address, at connection time (no second lookup to rebind)', async () => {
    const { error } = await lookUp([
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ]);
    expect(error?.message).toBe(PRIVATE_NETWORK_REFUSED);
  });

  it('answers the public addresses it checked, one or all as the connection asks', async () => {
    const addresses = [
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:220:1::', family: 6 },
    ];
    expect(await lookUp(addresses)).toEqual({ error: null, address: '93.184.215.14' });
    expect(await lookUp(addresses, { all: true })).toEqual({ error: null, address: addresses });
    expect(await lookUp(addresses, { family: 6 })).toEqual({ error: null, address: '2606:2800:220:1::' });
    expect((await lookUp([], {})).error?.code).toBe('ENOTFOUND');
  });

  it('refuses a private address literal before connecting', async () => {
    await expect(postWebhook('https://10.0.0.7/hooks', {}, '{}', 1_000)).rejects.toThrow(PRIVATE_NETWORK_REFUSED);
    await expect(postWebhook('http://[fd00::1]/hooks', {}, '{}', 1_000)).rejects.toThrow(PRIVATE_NETWORK_REFUSED);
  });
});
