import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { PUBLIC, defineRoute } from '../../lib/routing.ts';
import { SsoCallbackError, finishSso, ssoProviders, startSso } from './sso.ts';

/** A path of this site (never another site: no open redirect). */
const sitePath = z
  .string()
  .max(512)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'a path of this site, starting with one /');

const providersRoute = defineRoute({
  method: 'get',
  path: '/api/auth/sso/providers',
  access: PUBLIC,
  tags: ['auth'],
  summary: 'The configured single sign-on providers (the sign-in page shows a button for each)',
  responses: { 200: jsonResponse(z.object({ providers: z.array(z.object({ id: z.string(), name: z.string() })) }), 'Providers') },
});

const ssoRoute = defineRoute({
  method: 'post',
  path: '/api/auth/sso',
  access: PUBLIC,
  tags: ['auth'],
  summary: "Start a sign-in at the OpenID Connect provider: answers the provider's URL for the browser",
  description:
    'PKCE: send the S256 challenge of a verifier you keep. After the provider, the browser lands on redirectTo (default /auth) with ?code=…, ' +
    'which POST /api/auth/token?grant_type=pkce trades with the verifier; or with ?error=…&error_description=….',
  request: {
    body: jsonBody(
      z.strictObject({
        providerId: z.string().max(64).optional(),
        codeChallenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'the base64url SHA-256 of the code verifier (43 characters)'),
        codeChallengeMethod: z.literal('s256').default('s256'),
        redirectTo: sitePath.optional(),
      }),
    ),
  },
  responses: { 200: jsonResponse(z.object({ url: z.string() }), "The provider's sign-in URL"), ...errorResponses(400, 404, 502) },
});

const callbackRoute = defineRoute({
  method: 'get',
  path: '/api/auth/sso/callback',
  access: PUBLIC,
  tags: ['auth'],
  summary: 'Where the provider sends the browser back (state, code); redirects to the web app with a one-time code or an error',
  request: {
    // Providers add parameters of their own (iss, session_state, scope): they are ignored.
    query: z.object({
      state: z.string().min(1).max(512),
      code: z.string().max(2048).optional(),
      error: z.string().max(256).optional(),
      error_description: z.string().max(1024).optional(),
    }),
  },
  responses: { 302: { description: 'To the web app' }, ...errorResponses(400) },
});

export const ssoRoutes = new OpenAPIHono<AppEnv>()
  .openapi(providersRoute, (c) => c.json(ssoProviders(c.var.services), 200))
  .openapi(ssoRoute, async (c) => c.json(await startSso(c.var.services, c.req.valid('json')), 200))
  .openapi(callbackRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      return c.redirect(await finishSso(c.var.services, c.req.valid('query')), 302);
    } catch (error) {
      if (!(error instanceof SsoCallbackError)) throw error;
      const target = new URL(error.redirectTo, 'http://local');
      target.searchParams.set('error', error.code);
      target.searchParams.set('error_description', error.message);
      return c.redirect(`${target.pathname}${target.search}`, 302);
    }
  });
