import { OpenAPIHono, z } from '@hono/zod-openapi';
import { singleLine } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse, nullableRef } from '../../lib/openapi.ts';
import { PUBLIC, business, defineRoute } from '../../lib/routing.ts';
import { deleteBusinessSsoProvider, getBusinessSsoProvider, saveBusinessSsoProvider } from './business-sso-provider.ts';
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
  summary: "The platform's single sign-on providers (the sign-in page shows a button for each), and whether businesses' own providers take a work e-mail",
  responses: {
    200: jsonResponse(z.object({ providers: z.array(z.object({ id: z.string(), name: z.string() })), work_email: z.boolean() }), 'Providers'),
  },
});

const ssoRoute = defineRoute({
  method: 'post',
  path: '/api/auth/sso',
  access: PUBLIC,
  tags: ['auth'],
  summary: "Start a sign-in at the OpenID Connect provider: answers the provider's URL for the browser",
  description:
    'PKCE: send the S256 challenge of a verifier you keep. After the provider, the browser lands on redirect_to (default /auth) with ?code=…, ' +
    'which POST /api/auth/token?grant_type=pkce trades with the verifier; or with ?error=…&error_description=…. ' +
    'The provider: `provider_id` (`oidc`, the platform\'s; `sso:<id>`, a business\'s), or `domain` (the part after @ of a work e-mail: ' +
    'the business whose proven domain it is; 404 sso_provider_not_found when none), or neither (the platform\'s).',
  request: {
    body: jsonBody(
      z.strictObject({
        provider_id: z.string().max(64).optional(),
        domain: z.string().max(253).optional(),
        code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'the base64url SHA-256 of the code verifier (43 characters)'),
        code_challenge_method: z.literal('s256').default('s256'),
        redirect_to: sitePath.optional(),
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

// SPEC §6: a business's sign-in provider is a business setting (the owner, or can_change_settings).
const settingsAccess = business({ page: 'settings' });

const businessProviderSchema = z
  .object({
    id: z.string(),
    display_name: z.string(),
    issuer: z.string(),
    client_id: z.string(),
    has_client_secret: z.boolean(),
    domains: z.array(z.object({ domain: z.string(), verified_at: z.string() })),
    updated_at: z.string(),
  })
  .openapi('BusinessSsoProvider');

const businessSsoRoute = defineRoute({
  method: 'get',
  path: '/api/business-sso',
  access: settingsAccess,
  tags: ['auth'],
  summary: "The business's own single sign-on provider (never its secret), the redirect URI to register at it, and the DNS TXT record that proves a domain",
  responses: {
    200: jsonResponse(
      z.object({ provider: nullableRef(businessProviderSchema), redirect_uri: z.string(), domain_proof: z.object({ name: z.string(), value: z.string() }) }),
      'The provider, or null',
    ),
    ...errorResponses(400, 401, 403),
  },
});

const saveBusinessSsoRoute = defineRoute({
  method: 'put',
  path: '/api/business-sso',
  access: settingsAccess,
  tags: ['auth'],
  summary: "Set the business's OpenID Connect provider: its discovery document is fetched and checked, each new domain's DNS TXT proof looked up",
  description:
    '400 sso_issuer_not_allowed (not https, or a private network address), sso_discovery_invalid (no valid discovery document at the issuer), ' +
    'sso_domain_unproven (with the record to add), validation_error (not a domain); 409 sso_domain_taken (another business has it). ' +
    'client_secret left out keeps the saved one; null makes it a public client (PKCE alone).',
  request: {
    body: jsonBody(
      z.strictObject({
        display_name: singleLine(z.string().trim().min(1, 'Enter the name on the button').max(40)),
        issuer: z.string().trim().min(1).max(500),
        client_id: singleLine(z.string().trim().min(1, 'Enter the client id').max(255)),
        client_secret: z.string().min(1).max(1000).nullable().optional(),
        domains: z.array(z.string().max(253)).min(1, 'Add at least one e-mail domain').max(20),
      }),
    ),
  },
  responses: { 200: jsonResponse(z.object({ provider: businessProviderSchema }), 'Saved'), ...errorResponses(400, 401, 403, 409) },
});

const deleteBusinessSsoRoute = defineRoute({
  method: 'delete',
  path: '/api/business-sso',
  access: settingsAccess,
  tags: ['auth'],
  summary: "Remove the business's provider and its domains (accounts it made keep their other ways to sign in)",
  responses: { 200: jsonResponse(z.object({ deleted: z.literal(true) }), 'Removed'), ...errorResponses(400, 401, 403, 404) },
});

export const businessSsoRoutes = new OpenAPIHono<AppEnv>()
  .openapi(businessSsoRoute, async (c) => c.json(await getBusinessSsoProvider(c.var.services, c.var.tenant), 200))
  .openapi(saveBusinessSsoRoute, async (c) => {
    const body = c.req.valid('json');
    const input = { displayName: body.display_name, issuer: body.issuer, clientId: body.client_id, clientSecret: body.client_secret, domains: body.domains };
    return c.json(await saveBusinessSsoProvider(c.var.services, c.var.tenant, input, new Date()), 200);
  })
  .openapi(deleteBusinessSsoRoute, async (c) => c.json(await deleteBusinessSsoProvider(c.var.services, c.var.tenant), 200));

export const ssoRoutes = new OpenAPIHono<AppEnv>()
  .openapi(providersRoute, async (c) => {
    const listed = await ssoProviders(c.var.services);
    return c.json({ providers: listed.providers, work_email: listed.workEmail }, 200);
  })
  .openapi(ssoRoute, async (c) => {
    const body = c.req.valid('json');
    const input = { providerId: body.provider_id, domain: body.domain, codeChallenge: body.code_challenge, redirectTo: body.redirect_to };
    return c.json(await startSso(c.var.services, input), 200);
  })
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
