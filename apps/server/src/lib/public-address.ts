import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { isIP } from 'node:net';

/**
 * Outgoing requests to addresses a business typed in (webhooks, decision 046; a business's SSO
 * provider, decision 068) must not reach the server's own private network.
 */
export const PRIVATE_NETWORK_REFUSED = 'The address leads to a private network; deliveries go to public addresses or localhost only';

const PRIVATE_V4 = [/^10\./, /^127\./, /^0\./, /^169\.254\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./];

/** Private, loopback, link-local, CGNAT and unspecified addresses, and IPv4-mapped IPv6 ones. */
export const isPrivateAddress = (address: string) =>
  isIP(address) === 4 ? PRIVATE_V4.some((range) => range.test(address)) : /^(::1?$|f[cd]|fe[89ab]|::ffff:)/i.test(address);

type Resolve = (hostname: string) => Promise<LookupAddress[]>;
type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/**
 * A `lookup` for the connection that answers only public addresses (decision 046). The addresses
 * checked are the ones connected to, so a name cannot resolve to a public address for a check and
 * to a private one for the post a moment later (DNS rebinding).
 */
export function publicOnlyLookup(resolve: Resolve = systemResolve) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => {
    resolve(hostname).then(
      (found) => {
        const addresses = options.family === 4 || options.family === 6 ? found.filter((entry) => entry.family === options.family) : found;
        if (addresses.length === 0) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '');
        if (addresses.some((entry) => isPrivateAddress(entry.address))) return callback(Object.assign(new Error(PRIVATE_NETWORK_REFUSED), { code: 'EPRIVATE' }), '');
        if (options.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

