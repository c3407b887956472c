import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUpBusiness, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('API basics', () => {
  it('reports health with the database', async () => {
    const { data, response } = await new ApiClient(server.url).api.GET('/api/health');
    expect({ status: response.status, body: data }).toMatchObject({ status: 200, body: { status: 'ok', db: 'ok' } });
  });

  it('documents every route in /api/openapi.json', async () => {
    // not in the OpenAPI document (the document itself)
    const res = await new ApiClient(server.url).raw('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/me', '/api/auth/sign-up', '/api/auth/sign-in', '/api/auth/sign-out', '/api/business/owner']),
    );
  });

  it.each([
    ['malformed JSON', '{"email":', 400, 'malformed_json'],
    ['wrong types', JSON.stringify({ email: 42, password: true }), 400, 'validation_error'],
    ['unknown fields', JSON.stringify({ email: 'a@example.com', password: 'xxxxxxxxxx', admin: true }), 400, 'validation_error'],
    ['a JSON array', '[]', 400, 'validation_error'],
  ])('answers %s with a 4xx JSON error', async (_name, body, status, code) => {
    // bad input: malformed JSON, wrong types, unknown fields and an array are what the contract refuses
    const res = await new ApiClient(server.url).raw('POST', '/api/auth/sign-in', body);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(typeof res.body.error.message).toBe('string');
  });

  it('answers a body over 1 MB with 413', async () => {
    const { error, response } = await new ApiClient(server.url).api.POST('/api/auth/sign-in', { body: { email: 'a'.repeat(1024 * 1024 + 10), password: 'x' } });
    expect(response.status).toBe(413);
    expect(error?.error.code).toBe('payload_too_large');
  });

  it('counts a chunked body without Content-Length too: over 1 MB is 413, under it is read', async () => {
    const chunked = (text: string) =>
      new Promise<{ status: number; body: { error: { code: string } } }>((resolve, reject) => {
        const { hostname, port } = new URL(server.url);
        const req = request({ hostname, port, method: 'POST', path: '/api/auth/sign-in', headers: { 'content-type': 'application/json' } }, (res) => {
          let data = '';
          res.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(data) }));
        });
        req.on('error', reject);
        // Several writes without a declared length: Node sends Transfer-Encoding: chunked.
        for (let at = 0; at < text.length; at += 64 * 1024) req.write(text.slice(at, at + 64 * 1024));
        req.end();
      });
    const huge = await chunked(JSON.stringify({ email: 'a'.repeat(1024 * 1024 + 10), password: 'x' }));
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('payload_too_large');
    const small = await chunked(JSON.stringify({ email: 42, password: true }));
    expect(small.status).toBe(400);
    expect(small.body.error.code).toBe('validation_error');
  });

  it('answers a body that is not JSON with 415', async () => {
    // bad input: the contract takes JSON only, this is a raw text body
    const res = await new ApiClient(server.url).raw('POST', '/api/auth/sign-in', 'email=a', { 'content-type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });

  it('answers unknown API paths with a 404 JSON error', async () => {
    for (const [method, path] of [['GET', '/api/nope'], ['POST', '/api/auth/nope'], ['DELETE', '/api/me']] as const) {
      // not in the OpenAPI document: unknown paths on purpose
      const res = await new ApiClient(server.url).raw(method, path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('refuses state-changing calls from another site', async () => {
    const { error, response } = await new ApiClient(server.url).api.POST('/api/auth/sign-in', {
      body: { email: 'a@example.com', password: 'x' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(error?.error.code).toBe('cross_origin_refused');
  });

  it('sends security headers on every answer: CSP with frame-ancestors none, nosniff, Referrer-Policy, no-store on personal JSON', async () => {
    const { client } = await signUpBusiness(server, { assignOwner: true });
    const seen = (path: string, answer: { status: number; headers: Headers }) => ({ url: path, status: answer.status, headers: answer.headers });
    const answers = [
      seen('/api/health', (await new ApiClient(server.url).api.GET('/api/health')).response),
      seen('/api/me', (await client.api.GET('/api/me')).response),
      // not in the OpenAPI document: an unknown path on purpose
      seen('/api/nope', await new ApiClient(server.url).raw('GET', '/api/nope')),
      // bad input: malformed JSON
      seen('/api/products', await client.raw('POST', '/api/products', '{bad')),
      // not in the OpenAPI document: a page of the web app
      seen('/dashboard', await new ApiClient(server.url).raw('GET', '/dashboard')),
    ];
    for (const answer of answers) {
      const where = `${answer.url} ${answer.status}`;
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp, where).toContain("frame-ancestors 'none'");
      // Scripts from our own files; WebAssembly may compile (the camera's barcode reader), JavaScript from text may not.
      expect(csp, where).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
      expect(csp, where).not.toContain("'unsafe-eval'");
      expect(answer.headers.get('x-content-type-options'), where).toBe('nosniff');
      expect(answer.headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('x-frame-options'), where).toBe('DENY');
    }
    for (const answer of answers.slice(0, 4)) expect(answer.headers.get('cache-control'), answer.url).toBe('no-store');
  });

  it('does not believe X-Forwarded-Host without TRUST_PROXY', async () => {
    const { error, response } = await new ApiClient(server.url).api.POST('/api/auth/sign-in', {
      body: { email: 'a@example.com', password: 'x' },
      headers: { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(response.status).toBe(403);
    expect(error?.error.code).toBe('cross_origin_refused');
  });
});
