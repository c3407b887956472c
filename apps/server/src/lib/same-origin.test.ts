import { describe, expect, it } from 'vitest';
import { isCrossOrigin } from './same-origin.ts';

const headers = (entries: Record<string, string>) => new Headers(entries);

describe('isCrossOrigin', () => {
  it.each([
    ['no Origin header (not a browser page)', { host: 'till.example' }, false, false],
    ['same host', { origin: 'https://till.example', host: 'till.example' }, false, false],
    ['another site', { origin: 'https://evil.example', host: 'till.example' }, false, true],
    ['X-Forwarded-Host naming the attacker, no proxy trusted', { origin: 'https://evil.example', host: 'till.example', 'x-forwarded-host': 'evil.example' }, false, true],
    ['X-Forwarded-Host set by a trusted proxy', { origin: 'https://till.example', host: '10.0.0.5:3000', 'x-forwarded-host': 'till.example' }, true, false],
    ['a trusted proxy forwarding another site', { origin: 'https://evil.example', host: '10.0.0.5:3000', 'x-forwarded-host': 'till.example' }, true, true],
    ['an Origin that is not a URL', { origin: 'null', host: 'till.example' }, false, true],
  ])('%s', (_name, entries, trustProxy, expected) => {
    expect(isCrossOrigin(headers(entries), trustProxy)).toBe(expected);
  });
});
