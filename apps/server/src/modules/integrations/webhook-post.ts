import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isLoopbackHost, WEBHOOK_RESPONSE_EXCERPT_CHARS } from '@till/core';
import { isPrivateAddress, PRIVATE_NETWORK_REFUSED, publicOnlyLookup } from '../../lib/public-address.ts';

export { isPrivateAddress, PRIVATE_NETWORK_REFUSED, publicOnlyLookup };

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
