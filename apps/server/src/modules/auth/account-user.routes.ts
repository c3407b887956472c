import { OpenAPIHono, z } from '@hono/zod-openapi';
import { singleLine } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { ACCOUNT, defineRoute } from '../../lib/routing.ts';
import { getAccountUser, linkIdentity, listIdentities, reauthenticateSession, unlinkIdentity, updateAccountUser } from './account-user.ts';

/** The account's user as /api/auth/user shows it (decision 070: snake_case field names). */
function toUserRecordView(user: { id: string; name: string; email: string | null; emailVerified: boolean; phoneNumber: string | null }) {
  return { id: user.id, name: user.name, email: user.email, email_verified: user.emailVerified, phone_number: user.phoneNumber };
}

/** A sign-in way as the wire shows it. */
function toIdentityView(identity: {
  id: string;
  provider: 'email' | 'phone' | 'web3' | 'sso';
  identifier: string;
  verified: boolean;
  providerName: string | null;
  linkedAt: string | null;
}) {
  return {
    id: identity.id,
    provider: identity.provider,
    identifier: identity.identifier,
    verified: identity.verified,
    provider_name: identity.providerName,
    linked_at: identity.linkedAt,
  };
}

const accountUserSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** Null for an account that signs in with a phone number only. */
    email: z.string().nullable(),
    email_verified: z.boolean(),
    phone_number: z.string().nullable(),
  })
  .openapi('AccountUserRecord');

const getUserRoute = defineRoute({
  method: 'get',
  path: '/api/auth/user',
  access: ACCOUNT,
  tags: ['auth'],
  summary: "The signed-in account's name, e-mail, phone, and whether this session reauthenticated in the last 5 minutes",
  responses: {
    200: jsonResponse(z.object({ user: accountUserSchema, recently_reauthenticated: z.boolean() }), 'The account'),
    ...errorResponses(400, 401, 403),
  },
});

const updateUserRoute = defineRoute({
  method: 'put',
  path: '/api/auth/user',
  access: ACCOUNT,
  tags: ['auth'],
  summary: 'Change the name, e-mail, phone number or password',
  description:
    'The e-mail, phone number and password need a session that reauthenticated in the last 5 minutes (403 reauthentication_needed). ' +
    'A new e-mail address is applied once the link sent to it is opened; a new password ends every other session. ' +
    '409 identity_already_exists for an address or number another account uses; 400 weak_password with reasons.',
  request: {
    body: jsonBody(
      z
        .strictObject({
          name: singleLine(z.string().trim().min(1).max(200)).optional(),
          email: z.string().max(254).optional(),
          phone: z.string().max(32).optional(),
          password: z.string().max(1024).optional(),
        })
        .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to change' }),
    ),
  },
  responses: {
    200: jsonResponse(z.object({ user: accountUserSchema, email_change_sent_to: z.string().nullable() }), 'Changed'),
    ...errorResponses(400, 401, 403, 409),
  },
});

const reauthenticateRoute = defineRoute({
  method: 'post',
  path: '/api/auth/reauthenticate',
  access: ACCOUNT,
  tags: ['auth'],
  summary: 'Confirm the current password (and, with two-factor on, an app or recovery code): e-mail, phone and password may change for 5 minutes',
  description:
    '401 reauthentication_not_valid for a wrong password; 400 mfa_verification_failed for a missing, wrong or already used code; 429 rate_limited per client address (password) and per account (codes).',
  request: { body: jsonBody(z.strictObject({ password: z.string().max(1024).optional(), code: z.string().trim().max(64).optional() })) },
  responses: {
    200: jsonResponse(z.object({ reauthenticated_until: z.string() }), 'Reauthenticated'),
    ...errorResponses(400, 401, 403, 429),
  },
});

export const accountUserRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getUserRoute, async (c) => {
    const found = await getAccountUser(c.var.services, c.var.account!);
    return c.json({ user: toUserRecordView(found.user), recently_reauthenticated: found.recentlyReauthenticated }, 200);
  })
  .openapi(updateUserRoute, async (c) => {
    const updated = await updateAccountUser(c.var.services, c.var.account!, c.req.valid('json'));
    return c.json({ user: toUserRecordView(updated.user), email_change_sent_to: updated.emailChangeSentTo }, 200);
  })
  .openapi(reauthenticateRoute, async (c) => {
    const done = await reauthenticateSession(c.var.services, c.var.account!, c.req.valid('json'), c.var.clientAddress);
    return c.json({ reauthenticated_until: done.reauthenticatedUntil }, 200);
  });

const identitySchema = z
  .object({
    id: z.string().openapi({ description: "'email', 'phone', 'web3:<checksummed address>' or 'sso-<row>'" }),
    provider: z.enum(['email', 'phone', 'web3', 'sso']),
    identifier: z.string(),
    verified: z.boolean(),
    provider_name: z.string().nullable(),
    linked_at: z.string().nullable(),
  })
  .openapi('AccountIdentity');
const identitiesSchema = z.array(identitySchema);

const listIdentitiesRoute = defineRoute({
  method: 'get',
  path: '/api/auth/identities',
  access: ACCOUNT,
  tags: ['auth'],
  summary: 'The ways the account signs in: its e-mail address and phone number (with the password) and its linked wallets (a second factor is not one)',
  responses: { 200: jsonResponse(z.object({ identities: identitiesSchema }), 'Identities'), ...errorResponses(400, 401, 403) },
});

const linkIdentityRoute = defineRoute({
  method: 'post',
  path: '/api/auth/identities',
  access: ACCOUNT,
  tags: ['auth'],
  summary: 'Add a sign-in way the account lacks: a phone number, or an e-mail address (applied once the link sent to it is opened)',
  description:
    'Needs a session that reauthenticated in the last 5 minutes (403 reauthentication_needed); 409 identity_already_exists when the account already has one of this kind or another account uses it.',
  request: {
    body: jsonBody(
      z.union([z.strictObject({ phone: z.string().max(32) }), z.strictObject({ email: z.string().max(254) })]),
    ),
  },
  responses: {
    201: jsonResponse(z.object({ identities: identitiesSchema, email_change_sent_to: z.string().nullable() }), 'Linked (or, for an e-mail, a link sent)'),
    ...errorResponses(400, 401, 403, 409),
  },
});

const unlinkIdentityRoute = defineRoute({
  method: 'delete',
  path: '/api/auth/identities/{identityId}',
  access: ACCOUNT,
  tags: ['auth'],
  summary: 'Remove a sign-in way (email, phone or web3:<address>); the last one stays',
  description:
    '404 identity_not_found for one the account does not have; 400 single_identity_not_deletable for the last one; 403 reauthentication_needed without a recent reauthentication.',
  request: { params: z.object({ identityId: z.string().max(80).openapi({ param: { name: 'identityId', in: 'path' } }) }) },
  responses: { 200: jsonResponse(z.object({ identities: identitiesSchema }), 'Removed'), ...errorResponses(400, 401, 403, 404) },
});

export const identitiesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listIdentitiesRoute, async (c) => {
    const listed = await listIdentities(c.var.services, c.var.account!);
    return c.json({ identities: listed.identities.map(toIdentityView) }, 200);
  })
  .openapi(linkIdentityRoute, async (c) => {
    const linked = await linkIdentity(c.var.services, c.var.account!, c.req.valid('json'));
    return c.json({ identities: linked.identities.map(toIdentityView), email_change_sent_to: linked.emailChangeSentTo }, 201);
  })
  .openapi(unlinkIdentityRoute, async (c) => {
    const left = await unlinkIdentity(c.var.services, c.var.account!, c.req.valid('param').identityId);
    return c.json({ identities: left.identities.map(toIdentityView) }, 200);
  });
