import { OpenAPIHono, z } from '@hono/zod-openapi';
import { INDUSTRIES, SIGN_OUT_SCOPES, singleLine } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { forwardAuthCookies, authHeadersFor } from '../../lib/auth-cookies.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { ACCOUNT, PUBLIC, defineRoute } from '../../lib/routing.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { signIn } from './sign-in.ts';
import { signOut } from './sign-out.ts';
import { signUp } from './sign-up.ts';
import { resendVerificationEmail, verifyEmail } from './verify-email.ts';
import { currencyCode, timeZoneName } from '../business/business-settings.ts';
import { toAccountUserView } from './account-view.ts';

const userSchema = z
  .object({ id: z.uuid(), email: z.string().nullable(), phone_number: z.string().nullable(), name: z.string() })
  .openapi('AccountUser');

// Credentials are optional in the schema so that SPEC §5's own message answers a missing one.
const credentialFields = {
  email: z.string().max(254).optional(),
  phone: z.string().max(32).optional(),
  password: z.string().max(1024).optional(),
};

const signUpRoute = defineRoute({
  method: 'post',
  path: '/api/auth/sign-up',
  access: PUBLIC,
  tags: ['auth'],
  summary: 'Create an account with email or phone and a password, with its business',
  request: {
    body: jsonBody(
      z.strictObject({
        ...credentialFields,
        business_name: singleLine(z.string().max(200)).optional(),
        full_name: singleLine(z.string().max(200)).optional(),
        industry: z.enum(INDUSTRIES).optional(),
        /** The business's currency and time zone; the sign-up form pre-fills them from the browser. */
        currency: currencyCode.optional(),
        time_zone: timeZoneName.optional(),
        /** Skip the industry template's starter categories and sample products (issue 20 item 2). */
        start_empty: z.boolean().optional(),
      }),
    ),
  },
  description:
    'An address that already has an account gets the same status and body in about the same time, without a session; a notice goes to the address. ' +
    'Limited per client address (429 rate_limited).',
  responses: { 201: jsonResponse(z.object({ user: userSchema }), 'Signed up and signed in (a new address)'), ...errorResponses(400, 429) },
});

const signInRoute = defineRoute({
  method: 'post',
  path: '/api/auth/sign-in',
  access: PUBLIC,
  tags: ['auth'],
  summary: 'Sign in with email or phone and a password',
  request: { body: jsonBody(z.strictObject(credentialFields)) },
  description:
    'With a verified second factor the answer says second_step "challenge": the session reaches nothing but the factor routes until a code verifies it; ' +
    '"enroll" when the business requires a factor the account does not have yet.',
  responses: {
    200: jsonResponse(z.object({ user: userSchema, second_step: z.enum(['challenge', 'enroll']).nullable() }), 'Signed in'),
    ...errorResponses(400, 401, 429),
  },
});

const signOutRoute = defineRoute({
  method: 'post',
  path: '/api/auth/sign-out',
  access: PUBLIC,
  tags: ['auth'],
  summary: 'Sign out: local (this session), others (every other session) or global (all)',
  request: { query: z.strictObject({ scope: z.enum(SIGN_OUT_SCOPES).default('local') }) },
  responses: { 200: jsonResponse(z.object({ ok: z.literal(true) }), 'Signed out'), ...errorResponses(400) },
});

const requestResetRoute = defineRoute({
  method: 'post',
  path: '/api/auth/request-password-reset',
  access: PUBLIC,
  tags: ['auth'],
  summary: 'Email a password reset link (same answer whether or not the account exists)',
  request: { body: jsonBody(z.strictObject({ email: z.email().max(254), redirect_to: z.string().max(2048).optional() })) },
  responses: { 200: jsonResponse(z.object({ ok: z.literal(true) }), 'Requested'), ...errorResponses(400, 429) },
});

const resetRoute = defineRoute({
  method: 'post',
  path: '/api/auth/reset-password',
  access: PUBLIC,
  tags: ['auth'],
  summary: 'Set a new password with the token from the reset link',
  request: { body: jsonBody(z.strictObject({ token: z.string().min(1).max(512), new_password: z.string().max(1024) })) },
  responses: { 200: jsonResponse(z.object({ ok: z.literal(true) }), 'Password changed'), ...errorResponses(400) },
});

const verifyEmailRoute = defineRoute({
  method: 'post',
  path: '/api/auth/verify-email',
  access: PUBLIC,
  tags: ['auth'],
  summary: 'Confirm the e-mail address with the token from the verification link (grants super admin to a configured address); 409 identity_already_exists when another account took the address meanwhile',
  request: { body: jsonBody(z.strictObject({ token: z.string().min(1).max(2048) })) },
  responses: { 200: jsonResponse(z.object({ ok: z.literal(true) }), 'Address confirmed'), ...errorResponses(400, 409) },
});

const resendVerificationRoute = defineRoute({
  method: 'post',
  path: '/api/auth/resend-verification',
  access: ACCOUNT,
  tags: ['auth'],
  summary: "Send the verification e-mail again to the signed-in account's address",
  responses: { 200: jsonResponse(z.object({ ok: z.literal(true) }), 'Sent when the address is not yet verified'), ...errorResponses(400, 401, 429) },
});

export const accountsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(signUpRoute, async (c) => {
    const { business_name: businessName, full_name: fullName, time_zone: timeZone, start_empty: startEmpty, ...rest } = c.req.valid('json');
    const result = await signUp(c.var.services, { ...rest, businessName, fullName, timeZone, startEmpty }, authHeadersFor(c), c.var.clientAddress);
    forwardAuthCookies(c, result.headers);
    return c.json({ user: toAccountUserView(result.user) }, 201);
  })
  .openapi(signInRoute, async (c) => {
    const result = await signIn(c.var.services, c.req.valid('json'), authHeadersFor(c), c.var.clientAddress);
    forwardAuthCookies(c, result.headers);
    return c.json({ user: toAccountUserView(result.user), second_step: result.secondStep }, 200);
  })
  .openapi(signOutRoute, async (c) => {
    const result = await signOut(c.var.services, { scope: c.req.valid('query').scope, account: c.var.account ?? c.var.partialAccount }, authHeadersFor(c));
    forwardAuthCookies(c, result.headers);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(requestResetRoute, async (c) => {
    // redirect_to is accepted for SPEC §7's call shape; the link always opens this deployment's reset page.
    await requestPasswordReset(c.var.services, { email: c.req.valid('json').email }, authHeadersFor(c), c.var.clientAddress);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(resetRoute, async (c) => {
    const { token, new_password: newPassword } = c.req.valid('json');
    await resetPassword(c.var.services, { token, newPassword });
    return c.json({ ok: true as const }, 200);
  })
  .openapi(verifyEmailRoute, async (c) => {
    await verifyEmail(c.var.services, c.req.valid('json'));
    return c.json({ ok: true as const }, 200);
  })
  .openapi(resendVerificationRoute, async (c) => {
    await resendVerificationEmail(c.var.services, c.var.account!, c.var.clientAddress);
    return c.json({ ok: true as const }, 200);
  });
