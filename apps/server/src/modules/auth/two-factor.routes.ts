import { OpenAPIHono, z } from '@hono/zod-openapi';
import { singleLine } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { ACCOUNT, ACCOUNT_SECOND_STEP, defineRoute, signedInAccount } from '../../lib/routing.ts';
import { requireOwnBusiness } from '../business/require-own-business.ts';
import { listSessions, revokeSession } from './sessions.ts';
import {
  challengeFactor,
  deleteFactor,
  enrollFactor,
  listFactors,
  regenerateRecoveryCodes,
  setTwoFactorPolicy,
  verifyFactor,
  verifyRecoveryCode,
} from './two-factor.ts';

const levelSchema = z.enum(['aal1', 'aal2']);

/** A second factor as the wire shows it (decision 070: snake_case field names). */
function toFactorView(factor: { id: string; factorType: 'totp'; friendlyName: string; status: 'unverified' | 'verified'; createdAt: string }) {
  return { id: factor.id, factor_type: factor.factorType, friendly_name: factor.friendlyName, status: factor.status, created_at: factor.createdAt };
}

/** A signed-in session as the wire shows it. */
function toSessionView(session: {
  id: string;
  createdAt: string;
  lastActiveAt: string;
  userAgent: string | null;
  ipAddress: string | null;
  level: 'aal1' | 'aal2';
  current: boolean;
}) {
  return {
    id: session.id,
    created_at: session.createdAt,
    last_active_at: session.lastActiveAt,
    user_agent: session.userAgent,
    ip_address: session.ipAddress,
    level: session.level,
    current: session.current,
  };
}
const factorSchema = z
  .object({
    id: z.uuid(),
    factor_type: z.literal('totp'),
    friendly_name: z.string(),
    status: z.enum(['unverified', 'verified']),
    created_at: z.string(),
  })
  .openapi('AuthFactor');
const factorParams = z.object({ factorId: z.uuid().openapi({ param: { name: 'factorId', in: 'path' } }) });
const passwordBody = z.strictObject({ password: z.string().max(1024).optional() });
const codeSchema = z.string().trim().min(1).max(64);

const listRoute = defineRoute({
  method: 'get',
  path: '/api/auth/factors',
  access: ACCOUNT_SECOND_STEP,
  tags: ['auth'],
  summary: "The account's second factors, the session's assurance level (aal1/aal2) and what it still owes",
  responses: {
    200: jsonResponse(
      z.object({
        factors: z.array(factorSchema),
        current_level: levelSchema,
        next_level: levelSchema,
        second_step: z.enum(['challenge', 'enroll']).nullable(),
        required: z.boolean(),
        recovery_codes_left: z.number().int(),
      }),
      'Factors',
    ),
    ...errorResponses(400),
  },
});

const enrollRoute = defineRoute({
  method: 'post',
  path: '/api/auth/factors',
  access: ACCOUNT_SECOND_STEP,
  tags: ['auth'],
  summary: 'Enroll a TOTP factor: its secret, otpauth URI and QR code (SVG); it counts once a code verifies it',
  request: { body: jsonBody(z.strictObject({ factor_type: z.literal('totp').default('totp'), friendly_name: singleLine(z.string().max(100)).optional() })) },
  responses: {
    201: jsonResponse(factorSchema.extend({ totp: z.object({ secret: z.string(), uri: z.string(), qr_code: z.string() }) }), 'Enrolled, not yet verified'),
    ...errorResponses(400, 403, 409),
  },
});

const challengeRoute = defineRoute({
  method: 'post',
  path: '/api/auth/factors/{factorId}/challenge',
  access: ACCOUNT_SECOND_STEP,
  tags: ['auth'],
  summary: 'Open a challenge for a factor (answered once, within 5 minutes, by this session)',
  request: { params: factorParams },
  responses: {
    200: jsonResponse(z.object({ id: z.uuid(), factor_id: z.uuid(), expires_at: z.string() }), 'Challenge'),
    ...errorResponses(400, 404),
  },
});

const verifyRoute = defineRoute({
  method: 'post',
  path: '/api/auth/factors/{factorId}/verify',
  access: ACCOUNT_SECOND_STEP,
  tags: ['auth'],
  summary:
    "Answer a challenge with the app's current code: the session reaches aal2; the first verified factor returns 10 recovery codes, shown once. " +
    'A code already used is refused; wrong codes are limited per account (429 rate_limited).',
  request: { params: factorParams, body: jsonBody(z.strictObject({ challenge_id: z.uuid(), code: codeSchema })) },
  responses: {
    200: jsonResponse(z.object({ current_level: z.literal('aal2'), recovery_codes: z.array(z.string()).nullable() }), 'Verified'),
    ...errorResponses(400, 404, 429),
  },
});

const recoveryVerifyRoute = defineRoute({
  method: 'post',
  path: '/api/auth/recovery-codes/verify',
  access: ACCOUNT_SECOND_STEP,
  tags: ['auth'],
  summary: 'Finish the second step with a recovery code instead (each works once)',
  request: { body: jsonBody(z.strictObject({ code: codeSchema })) },
  responses: {
    200: jsonResponse(z.object({ current_level: z.literal('aal2'), recovery_codes_left: z.number().int() }), 'Verified'),
    ...errorResponses(400, 429),
  },
});

const recoveryRegenerateRoute = defineRoute({
  method: 'post',
  path: '/api/auth/recovery-codes',
  access: ACCOUNT,
  tags: ['auth'],
  summary: 'Replace the recovery codes with 10 new ones (needs the current password); the old ones stop working',
  request: { body: jsonBody(passwordBody) },
  responses: { 200: jsonResponse(z.object({ recovery_codes: z.array(z.string()) }), 'New codes, shown once'), ...errorResponses(400, 401, 429) },
});

const deleteRoute = defineRoute({
  method: 'delete',
  path: '/api/auth/factors/{factorId}',
  access: ACCOUNT,
  tags: ['auth'],
  summary: 'Remove a factor (needs the current password); with the last one, the recovery codes go too',
  request: { params: factorParams, body: jsonBody(passwordBody) },
  responses: { 200: jsonResponse(z.object({ ok: z.literal(true) }), 'Removed'), ...errorResponses(400, 401, 404, 429) },
});

const policyRoute = defineRoute({
  method: 'put',
  path: '/api/auth/two-factor-policy',
  access: ACCOUNT,
  tags: ['auth'],
  summary: "The owner requires a second factor of every account of the business (the owner's own first)",
  request: { body: jsonBody(z.strictObject({ required: z.boolean() })) },
  responses: { 200: jsonResponse(z.object({ required: z.boolean() }), 'Saved'), ...errorResponses(400, 403) },
});

const sessionSchema = z
  .object({
    id: z.uuid(),
    created_at: z.string(),
    last_active_at: z.string(),
    user_agent: z.string().nullable(),
    ip_address: z.string().nullable(),
    level: levelSchema,
    current: z.boolean(),
  })
  .openapi('AccountSession');

const listSessionsRoute = defineRoute({
  method: 'get',
  path: '/api/auth/sessions',
  access: ACCOUNT,
  tags: ['auth'],
  summary: "The account's active sessions (browsers signed in), the caller's marked current",
  responses: { 200: jsonResponse(z.object({ sessions: z.array(sessionSchema) }), 'Sessions'), ...errorResponses(400, 403) },
});

const revokeSessionRoute = defineRoute({
  method: 'delete',
  path: '/api/auth/sessions/{sessionId}',
  access: ACCOUNT,
  tags: ['auth'],
  summary: 'End one session of the account (every other one at once: POST /api/auth/sign-out?scope=others); audited',
  request: { params: z.object({ sessionId: z.uuid().openapi({ param: { name: 'sessionId', in: 'path' } }) }) },
  responses: { 200: jsonResponse(z.object({ ok: z.literal(true) }), 'Ended'), ...errorResponses(400, 403, 404) },
});

export const twoFactorRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listSessionsRoute, async (c) => {
    const { sessions } = await listSessions(c.var.services, c.var.account!);
    return c.json({ sessions: sessions.map(toSessionView) }, 200);
  })
  .openapi(revokeSessionRoute, async (c) => {
    await revokeSession(c.var.services, c.var.account!, c.req.valid('param').sessionId);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(listRoute, async (c) => {
    const listed = await listFactors(c.var.services, signedInAccount(c));
    return c.json(
      {
        factors: listed.factors.map(toFactorView),
        current_level: listed.currentLevel,
        next_level: listed.nextLevel,
        second_step: listed.secondStep,
        required: listed.required,
        recovery_codes_left: listed.recoveryCodesLeft,
      },
      200,
    );
  })
  .openapi(enrollRoute, async (c) => {
    const body = c.req.valid('json');
    const enrolled = await enrollFactor(c.var.services, signedInAccount(c), { friendlyName: body.friendly_name });
    return c.json({ ...toFactorView(enrolled), totp: { secret: enrolled.totp.secret, uri: enrolled.totp.uri, qr_code: enrolled.totp.qrCode } }, 201);
  })
  .openapi(challengeRoute, async (c) => {
    const challenge = await challengeFactor(c.var.services, signedInAccount(c), c.req.valid('param').factorId);
    return c.json({ id: challenge.id, factor_id: challenge.factorId, expires_at: challenge.expiresAt }, 200);
  })
  .openapi(verifyRoute, async (c) => {
    const body = c.req.valid('json');
    const verified = await verifyFactor(c.var.services, signedInAccount(c), c.req.valid('param').factorId, { challengeId: body.challenge_id, code: body.code });
    return c.json({ current_level: verified.currentLevel, recovery_codes: verified.recoveryCodes }, 200);
  })
  .openapi(recoveryVerifyRoute, async (c) => {
    const verified = await verifyRecoveryCode(c.var.services, signedInAccount(c), c.req.valid('json'));
    return c.json({ current_level: verified.currentLevel, recovery_codes_left: verified.recoveryCodesLeft }, 200);
  })
  .openapi(recoveryRegenerateRoute, async (c) => {
    const regenerated = await regenerateRecoveryCodes(c.var.services, c.var.account!, c.req.valid('json'), c.var.clientAddress);
    return c.json({ recovery_codes: regenerated.recoveryCodes }, 200);
  })
  .openapi(deleteRoute, async (c) => {
    await deleteFactor(c.var.services, c.var.account!, c.req.valid('param').factorId, c.req.valid('json'), c.var.clientAddress);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(policyRoute, async (c) => {
    const owned = await requireOwnBusiness(c.var.services.database.db, c.var.account!);
    return c.json(await setTwoFactorPolicy(c.var.services, c.var.account!, owned.businessId, c.req.valid('json').required), 200);
  });
