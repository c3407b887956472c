import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isLoopbackHost } from '@till/core';
import { isPrivateAddress, publicOnlyLookup } from '../../lib/public-address.ts';

/** What the OpenID Connect client needs of `fetch` (and what jose's remote JWKS calls). */
export type ProviderFetch = (url: string, init?: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<Response>;

export const PROVIDER_ADDRESS_PRIVATE = "The provider's address leads to a private network; it must be reachable on the internet";

type Resolve = NonNullable<Parameters<typeof publicOnlyLookup>[0]>;

/** A provider's answer is a small JSON document; anything larger is cut off and fails to parse. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** Why an address of a business's provider is refused, or null when it may be fetched. */
export function providerAddressProblem(url: string, allowLoopback: boolean): string | null {
  if (!URL.canParse(url)) return 'The address is not a URL';
  const target = new URL(url);
  const bare = target.hostname.replace(/^\[|\]$/g, '');
  const loopback = isLoopbackHost(target.hostname) || bare === '::1';
  if (loopback) return allowLoopback ? null : PROVIDER_ADDRESS_PRIVATE;
  if (target.protocol !== 'https:') return 'The provider must be reached over https';
  if (isIP(bare) && isPrivateAddress(bare)) return PROVIDER_ADDRESS_PRIVATE;
  return null;
}

export class ProviderAddressRefused extends Error {
  readonly code = 'EPRIVATE';
}

/**
 * `fetch` for a business's own provider (decision 068): an address a business typed in, so it may
 * not lead into the server's private network. https only; the addresses connected to are checked
 * at connection time (publicOnlyLookup, as webhooks do), so DNS cannot switch to a private one
 * between a check and the request; loopback only when SSO_ALLOW_LOOPBACK is set (tests). A
 * redirect is answered as it is, not followed.
 */
export function guardedProviderFetch(allowLoopback: boolean, resolveHost?: Resolve): ProviderFetch {
  return (url, init = {}) => {
    const problem = providerAddressProblem(url, allowLoopback);
    if (problem) return Promise.reject(new ProviderAddressRefused(problem));
    const target = new URL(url);
    const loopback = isLoopbackHost(target.hostname) || target.hostname === '[::1]';
    const transport = target.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const request = transport.request(
        target,
        {
          method: init.method ?? 'GET',
          headers: { ...init.headers, ...(init.body !== undefined ? { 'content-length': String(Buffer.byteLength(init.body)) } : {}) },
          ...(loopback ? {} : { lookup: publicOnlyLookup(resolveHost) }),
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) return response.destroy();
            chunks.push(chunk);
          });
          response.on('error', reject);
          response.on('close', () => {
            const status = response.statusCode ?? 502;
            const headers = new Headers();
            for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') headers.set(name, value);
            const empty = status === 204 || status === 205 || status === 304;
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status: status < 200 || status > 599 ? 502 : status, headers }));
          });
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EPRIVATE' ? new ProviderAddressRefused(PROVIDER_ADDRESS_PRIVATE) : error));
      request.end(init.body);
    });
  };
}
