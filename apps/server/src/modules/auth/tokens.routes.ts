import { OpenAPIHono, z } from '@hono/zod-openapi';
import { toAccountUserView } from './account-view.ts';
import type { AppEnv } from '../../lib/context.ts';
import { authHeadersFor, forwardAuthCookies } from '../../lib/auth-cookies.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { PUBLIC, SUPER_ADMIN, defineRoute } from '../../lib/routing.ts';
import { publishedJwks, rotateSigningKey } from './access-tokens.ts';
import { GRANT_TYPES, grantTokens } from './tokens.ts';
import { issueWeb3Nonce } from './web3.ts';

const tokenAnswerSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
    expires_at: z.number().int(),
    refresh_token: z.string(),
    user: z.object({ id: z.uuid(), email: z.string().nullable(), phone_number: z.string().nullable(), name: z.string() }),
    second_step: z.enum(['challenge', 'enroll']).nullable(),
  })
  .openapi('TokenAnswer');

const tokenRoute = defineRoute({
  method: 'post',
  path: '/api/auth/token',
  access: PUBLIC,
  tags: ['auth'],
  summary: 'Access and refresh tokens: grant_type password, pkce (finish an SSO sign-in), refresh_token, id_token or web3',
  description:
    'password: email or phone + password, limited like POST sign-in. pkce: auth_code + code_verifier; also sets the session cookie. ' +
    'refresh_token: the token is used up and replaced; a used one presented again ends its session (400 refresh_token_already_used). ' +
    "id_token: provider + id_token (+ nonce when the token carries one), checked against the provider's JWKS. " +
    'web3: message (Sign-In with Ethereum, EIP-4361, with a nonce from POST /api/auth/web3/nonce) + signature; the wallet signs in, a new one gets an account, and a signed-in caller links it to their account ' +
    '(400 web3_message_invalid, web3_message_expired, web3_signature_invalid, web3_nonce_invalid; 409 identity_already_exists). ' +
    'The access token is a short-lived ES256 JWT for Authorization: Bearer; its keys are at GET /api/auth/jwks.',
  request: {
    query: z.strictObject({ grant_type: z.enum(GRANT_TYPES) }),
    body: jsonBody(
      z.strictObject({
        email: z.string().max(254).optional(),
        phone: z.string().max(32).optional(),
        password: z.string().max(1024).optional(),
        auth_code: z.string().max(200).optional(),
        code_verifier: z.string().min(43).max(128).regex(/^[A-Za-z0-9._~-]+$/, 'RFC 7636 characters').optional(),
        refresh_token: z.string().max(200).optional(),
        provider: z.string().max(64).optional(),
        id_token: z.string().max(16_384).optional(),
        nonce: z.string().max(512).optional(),
        chain: z.literal('ethereum').optional(),
        message: z.string().max(4096).optional(),
        signature: z
          .string()
          .regex(/^0x[0-9a-fA-F]{130}$/, 'a 65-byte hex signature')
          .transform((value) => value as `0x${string}`)
          .optional(),
      }),
    ),
  },
  responses: { 200: jsonResponse(tokenAnswerSchema, 'Signed in'), ...errorResponses(400, 401, 404, 409, 429, 502) },
});

const web3NonceRoute = defineRoute({
  method: 'post',
  path: '/api/auth/web3/nonce',
  access: PUBLIC,
  tags: ['auth'],
  summary: 'A nonce for a Sign-In with Ethereum message (grant_type web3), with the domain, URI and chain the message must name',
  description: 'Kept in the database for 10 minutes and good for one sign-in. Limited per client address (429 rate_limited).',
  responses: {
    200: jsonResponse(
      z.object({ nonce: z.string(), domain: z.string(), uri: z.string(), chain_id: z.number().int(), version: z.literal('1'), issued_at: z.string(), expires_at: z.string() }),
      'The nonce',
    ),
    ...errorResponses(429),
  },
});

const jwksRoute = defineRoute({
  method: 'get',
  path: '/api/auth/jwks',
  access: PUBLIC,
  tags: ['auth'],
  summary: 'The public keys (JWKS) that verify access tokens; a rotated key stays listed until its tokens expire',
  responses: { 200: jsonResponse(z.object({ keys: z.array(z.record(z.string(), z.unknown())) }), 'The key set') },
});

const rotateRoute = defineRoute({
  method: 'post',
  path: '/api/super-admin/signing-keys/rotate',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: 'A new key signs access tokens from now on; the previous one stays in the JWKS until its tokens expire',
  responses: { 200: jsonResponse(z.object({ kid: z.string() }), 'Rotated'), ...errorResponses(400, 401, 403) },
});

export const tokensRoutes = new OpenAPIHono<AppEnv>()
  .openapi(tokenRoute, async (c) => {
    const result = await grantTokens(c.var.services, c.req.valid('query').grant_type, c.req.valid('json'), {
      headers: authHeadersFor(c),
      clientAddress: c.var.clientAddress,
      userAgent: c.req.header('user-agent') ?? null,
      signedIn: c.var.account ?? null,
    });
    forwardAuthCookies(c, result.cookies);
    // Tokens are credentials: no cache may keep the answer (RFC 6749 §5.1).
    c.header('Cache-Control', 'no-store');
    const { user, secondStep, ...tokens } = result.answer;
    return c.json({ ...tokens, user: toAccountUserView(user), second_step: secondStep }, 200);
  })
  .openapi(web3NonceRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const issued = await issueWeb3Nonce(c.var.services, c.var.clientAddress);
    const view = { nonce: issued.nonce, domain: issued.domain, uri: issued.uri, chain_id: issued.chainId, version: issued.version, issued_at: issued.issuedAt, expires_at: issued.expiresAt };
    return c.json(view, 200);
  })
  .openapi(jwksRoute, async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await publishedJwks(c.var.services), 200);
  })
  .openapi(rotateRoute, async (c) => c.json(await rotateSigningKey(c.var.services), 200));
