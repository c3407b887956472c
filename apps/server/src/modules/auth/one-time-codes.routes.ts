import { OpenAPIHono, z } from '@hono/zod-openapi';
import { toAccountUserView } from './account-view.ts';
import type { AppEnv } from '../../lib/context.ts';
import { authHeadersFor, forwardAuthCookies } from '../../lib/auth-cookies.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { PUBLIC, defineRoute } from '../../lib/routing.ts';
import { sendOneTimeCode, verifyOneTimeCode } from './one-time-codes.ts';

const signedInUserSchema = z.object({ id: z.uuid(), email: z.string().nullable(), phone_number: z.string().nullable(), name: z.string() });

const otpRoute = defineRoute({
  method: 'post',
  path: '/api/auth/otp',
  access: PUBLIC,
  tags: ['auth'],
  summary: 'Send a one-time sign-in code: by e-mail (with a magic link) or by text message',
  description:
    'Always `{ ok: true }`, whether or not an account has the address or number (only an existing account is sent anything). ' +
    'The code and the link work once, for 10 minutes; a new message replaces the last. Limited per recipient and per client address (429 rate_limited).',
  request: { body: jsonBody(z.strictObject({ email: z.string().max(254).optional(), phone: z.string().max(32).optional() })) },
  responses: { 200: jsonResponse(z.object({ ok: z.literal(true) }), 'Sent when an account has it'), ...errorResponses(400, 429) },
});

const code = z.string().min(1).max(16);

const verifyRoute = defineRoute({
  method: 'post',
  path: '/api/auth/verify',
  access: PUBLIC,
  tags: ['auth'],
  summary: 'Sign in with a one-time code (type email or sms) or a magic link token (type magiclink)',
  description:
    '400 otp_expired (past 10 minutes), otp_invalid (wrong, used or replaced); wrong codes count per recipient (429 rate_limited). ' +
    'An account with a verified second factor still owes its code (second_step "challenge"), as after a password sign-in.',
  request: {
    body: jsonBody(
      z.discriminatedUnion('type', [
        z.strictObject({ type: z.literal('email'), email: z.string().max(254), code }),
        z.strictObject({ type: z.literal('sms'), phone: z.string().max(32), code }),
        z.strictObject({ type: z.literal('magiclink'), token: z.string().min(1).max(200) }),
      ]),
    ),
  },
  responses: {
    200: jsonResponse(z.object({ user: signedInUserSchema, second_step: z.enum(['challenge', 'enroll']).nullable() }), 'Signed in'),
    ...errorResponses(400, 429),
  },
});

export const oneTimeCodesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(otpRoute, async (c) => {
    await sendOneTimeCode(c.var.services, c.req.valid('json'), c.var.clientAddress);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(verifyRoute, async (c) => {
    const result = await verifyOneTimeCode(c.var.services, c.req.valid('json'), authHeadersFor(c));
    forwardAuthCookies(c, result.headers);
    return c.json({ user: toAccountUserView(result.user), second_step: result.secondStep }, 200);
  });
