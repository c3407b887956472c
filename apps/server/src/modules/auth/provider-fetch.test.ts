import { describe, expect, it } from 'vitest';
import { guardedProviderFetch, providerAddressProblem, PROVIDER_ADDRESS_PRIVATE as PRIVATE_NETWORK_REFUSED, ProviderAddressRefused } from './provider-fetch.ts';

describe("a business's provider address (decision 068)", () => {
  it.each([
    ['https://login.example.com', false, null],
    ['https://login.example.com:8443/realms/shop', false, null],
    ['http://login.example.com', false, 'The provider must be reached over https'],
    ['https://10.0.0.7', false, PRIVATE_NETWORK_REFUSED],
    ['https://192.168.1.1', false, PRIVATE_NETWORK_REFUSED],
    ['https://169.254.169.254', false, PRIVATE_NETWORK_REFUSED],
    ['https://[fd00::1]', false, PRIVATE_NETWORK_REFUSED],
    ['https://[::ffff:10.0.0.1]', false, PRIVATE_NETWORK_REFUSED],
    ['http://127.0.0.1:9000', false, PRIVATE_NETWORK_REFUSED],
    ['http://localhost:9000', false, PRIVATE_NETWORK_REFUSED],
    ['http://[::1]:9000', false, PRIVATE_NETWORK_REFUSED],
    ['http://127.0.0.1:9000', true, null],
    ['http://localhost:9000', true, null],
    ['https://10.0.0.7', true, PRIVATE_NETWORK_REFUSED],
    ['not a url', false, 'The address is not a URL'],
  ])('%s (loopback allowed: %s) → %s', (url, allowLoopback, problem) => {
    expect(providerAddressProblem(url, allowLoopback)).toBe(problem);
  });

  it('refuses before connecting, and a name that resolves to a private address at connection time', async () => {
    await expect(guardedProviderFetch(false)('https://10.0.0.7/.well-known/openid-configuration')).rejects.toBeInstanceOf(ProviderAddressRefused);
    // A public-looking name whose DNS answers a private address (or switches to one): refused when connecting.
    const rebinding = guardedProviderFetch(false, async () => [{ address: '10.0.0.5', family: 4 }]);
    await expect(rebinding('https://idp.example.com/.well-known/openid-configuration')).rejects.toThrow(PRIVATE_NETWORK_REFUSED);
  });
});
