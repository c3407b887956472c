import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isLoopbackHost, WEBHOOK_RESPONSE_EXCERPT_CHARS } from '@till/core';

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

export interface WebhookAnswer {
  status: number;
  /** The start of the answer's body, for the delivery log. */
  excerpt: string;
}

/**
 * Posts a webhook body. Loopback names and addresses are allowed on purpose (a receiver on the same
 * machine); any other address must be public, checked at connection time. A redirect is not
 * followed: it could lead anywhere, and the signature was made for this address.
 */
export function postWebhook(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<WebhookAnswer> {
  const target = new URL(url);
  const bare = target.hostname.replace(/^\[|\]$/g, '');
  const loopback = isLoopbackHost(target.hostname) || bare === '::1';
  if (!loopback && isIP(bare) && isPrivateAddress(bare)) return Promise.reject(new Error(PRIVATE_NETWORK_REFUSED));
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        ...(loopback ? {} : { lookup: publicOnlyLookup() }),
        timeout: timeoutMs,
      },
      (response) => {
        let excerpt = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          excerpt += chunk;
          if (excerpt.length >= WEBHOOK_RESPONSE_EXCERPT_CHARS) response.destroy();
        });
        const done = () => resolve({ status: response.statusCode ?? 0, excerpt: excerpt.slice(0, WEBHOOK_RESPONSE_EXCERPT_CHARS) });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    // The whole exchange, not only each idle gap, is bounded.
    const deadline = setTimeout(() => request.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })), timeoutMs);
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })));
    request.on('error', reject);
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
}
