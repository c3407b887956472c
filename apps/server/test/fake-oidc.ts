import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';

/**
 * A fake OpenID Connect provider for tests (a fake only at a boundary we cannot reach, as a real
 * server on loopback speaking the real protocol): a discovery document, an /authorize endpoint that
 * signs the next scripted person in at once and redirects back with a code, a /token endpoint that
 * checks the client, the redirect URI and the PKCE verifier (S256) before answering an RS256
 * id_token, and the JWKS. `signIdToken` makes tokens for the id_token grant; `forgeIdToken` signs
 * with a key the JWKS does not hold. The e2e tests start it too (`startFakeOidc`).
 */
export interface FakeOidcPerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface FakeOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the next /authorize (defaults to the last one given). */
  signInAs(person: FakeOidcPerson): void;
  /** Claims to change in the next id_token issued at /token (e.g. a wrong nonce or audience). */
  tamperNextIdToken(claims: JWTPayload): void;
  signIdToken(claims: JWTPayload, options?: { expiresInSeconds?: number }): Promise<string>;
  forgeIdToken(claims: JWTPayload): Promise<string>;
  /** Every /authorize query and /token form, in order. */
  authorizeRequests: URLSearchParams[];
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

interface PendingCode {
  person: FakeOidcPerson;
  nonce: string | null;
  redirectUri: string;
  codeChallenge: string | null;
  clientId: string;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeOidc(options: { clientId?: string; clientSecret?: string; port?: number } = {}): Promise<FakeOidc> {
  const clientId = options.clientId ?? 'till-test-client';
  const clientSecret = options.clientSecret ?? 'till-test-secret';
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const forger = await generateKeyPair('RS256', { extractable: true });
  const kid = 'fake-oidc-key-1';
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  let person: FakeOidcPerson = { sub: 'person-1', email: 'person-1@example.com', email_verified: true, name: 'Pat Example' };
  let tamper: JWTPayload = {};
  const authorizeRequests: URLSearchParams[] = [];
  const tokenRequests: URLSearchParams[] = [];
  let issuer = '';

  const sign = (claims: JWTPayload, key: typeof privateKey, expiresInSeconds = 300) =>
    new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(typeof claims.iss === 'string' ? claims.iss : issuer)
      .setAudience(claims.aud ?? clientId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
      .sign(key);

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', issuer);
      if (request.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
        return json(response, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
        });
      }
      if (request.method === 'GET' && url.pathname === '/jwks') return json(response, 200, { keys: [jwk] });
      if (request.method === 'GET' && url.pathname === '/authorize') {
        const query = url.searchParams;
        authorizeRequests.push(query);
        const redirectUri = query.get('redirect_uri') ?? '';
        if (query.get('client_id') !== clientId || query.get('response_type') !== 'code' || !redirectUri) return json(response, 400, { error: 'invalid_request' });
        const code = randomBytes(16).toString('base64url');
        codes.set(code, {
          person,
          nonce: query.get('nonce'),
          redirectUri,
          codeChallenge: query.get('code_challenge_method') === 'S256' ? query.get('code_challenge') : null,
          clientId,
        });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', query.get('state') ?? '');
        back.searchParams.set('iss', issuer);
        response.writeHead(302, { location: back.toString() });
        return response.end();
      }
      if (request.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(await readBody(request));
        tokenRequests.push(form);
        const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent) : [form.get('client_id'), form.get('client_secret')];
        if (id !== clientId || secret !== clientSecret) return json(response, 401, { error: 'invalid_client' });
        const pending = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!pending || form.get('grant_type') !== 'authorization_code' || form.get('redirect_uri') !== pending.redirectUri) return json(response, 400, { error: 'invalid_grant' });
        const verifier = form.get('code_verifier') ?? '';
        if (pending.codeChallenge && createHash('sha256').update(verifier).digest('base64url') !== pending.codeChallenge) {
          return json(response, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
        }
        const claims = { ...pending.person, ...(pending.nonce ? { nonce: pending.nonce } : {}), ...tamper };
        tamper = {};
        return json(response, 200, { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: await sign(claims, privateKey) });
      }
      return json(response, 404, { error: 'not_found' });
    })().catch((error: unknown) => json(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (next) => {
      person = next;
    },
    tamperNextIdToken: (claims) => {
      tamper = claims;
    },
    signIdToken: (claims, signOptions) => sign(claims, privateKey, signOptions?.expiresInSeconds),
    forgeIdToken: (claims) => sign(claims, forger.privateKey),
    authorizeRequests,
    tokenRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
