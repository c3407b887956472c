import { OpenAPIHono, z } from '@hono/zod-openapi';
import { singleLine } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { authHeadersFor, forwardAuthCookies } from '../../lib/auth-cookies.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { PUBLIC, SUPER_ADMIN, defineRoute } from '../../lib/routing.ts';
import { platformUserSchema, toPlatformUserView } from '../super-admin/platform-user-schema.ts';
import { toAccountUserView } from './account-view.ts';
import { acceptInvite, createUserAsAdmin, deleteUserAsAdmin, generateLinkAsAdmin, inviteUserAsAdmin, updateUserAsAdmin } from './admin-users.ts';

const userIdParams = z.strictObject({ id: z.uuid('User ids must be UUIDs') });
const email = z.email().max(254);
const name = singleLine(z.string().trim().min(1).max(200));
const phone = z.string().max(32);
const password = z.string().max(1024);
/** Hours, up to ten years; 'forever' bans until lifted, 'none' lifts a ban. */
const ban = z.union([z.literal('none'), z.literal('forever'), z.strictObject({ hours: z.number().int().min(1).max(87_600) })]);

const createUserRoute = defineRoute({
  method: 'post',
  path: '/api/super-admin/users',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: 'Create an account with its own business, as a sign-up would (SPEC §7 admin users)',
  description:
    'Without a password the account signs in by code, link or a later password reset. 409 email_exists / phone_exists; 400 weak_password with reasons. Audited (`user.created`).',
  request: {
    body: jsonBody(
      z.strictObject({ email, password: password.optional(), name: name.optional(), phone: phone.optional(), email_confirmed: z.boolean().optional() }),
    ),
  },
  responses: { 201: jsonResponse(platformUserSchema.extend({ business_id: z.uuid().nullable() }), 'Created'), ...errorResponses(400, 403, 409) },
});

const updateUserRoute = defineRoute({
  method: 'put',
  path: '/api/super-admin/users/{id}',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: 'Change an account: name, e-mail, phone, password, confirmation, ban (SPEC §7 admin users)',
  description:
    "ban: { hours } or 'forever' (until lifted) ends every session at once, and no way of signing in (password, code, link, SSO, token grants, refresh) works while it lasts (400 user_banned); 'none' lifts it. " +
    'Not your own account (400 cannot_ban_self). A new e-mail address is unconfirmed unless email_confirmed is true. Audited (`user.updated`, `user.banned`, `user.unbanned`).',
  request: {
    params: userIdParams,
    body: jsonBody(
      z.strictObject({
        name: name.optional(),
        email: email.optional(),
        phone: phone.nullable().optional(),
        password: password.optional(),
        email_confirmed: z.boolean().optional(),
        ban: ban.optional(),
      }),
    ),
  },
  responses: { 200: jsonResponse(platformUserSchema.extend({ business_id: z.uuid().nullable() }), 'Changed'), ...errorResponses(400, 403, 404, 409) },
});

const deleteUserRoute = defineRoute({
  method: 'delete',
  path: '/api/super-admin/users/{id}',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: 'Delete an account, its sessions and the business it owns (SPEC §7 admin users)',
  description: 'Not your own account (400 cannot_delete_self). Audited in platform_audit_log (`user.deleted`).',
  request: { params: userIdParams },
  responses: { 200: jsonResponse(z.object({ deleted_businesses: z.number().int() }), 'Deleted'), ...errorResponses(400, 403, 404) },
});

const inviteRoute = defineRoute({
  method: 'post',
  path: '/api/super-admin/invite',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: 'Invite someone by e-mail: the account is made and a link sent on which they choose a password (SPEC §7 admin invite)',
  description:
    'The link works once for 7 days; a new invitation replaces the last. 409 email_exists when the address already has an account with a password or a confirmed address. Audited (`user.invited`).',
  request: { body: jsonBody(z.strictObject({ email, name: name.optional() })) },
  responses: { 201: jsonResponse(z.object({ user_id: z.uuid(), expires_at: z.string() }), 'Invited'), ...errorResponses(400, 403, 409) },
});

const generateLinkRoute = defineRoute({
  method: 'post',
  path: '/api/super-admin/generate-link',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: "The link an e-mail would carry, returned instead of sent (SPEC §7 admin generate_link)",
  description:
    'magiclink: signs in once, 10 minutes. recovery: the password reset page, 1 hour. invite: makes the account when new; the invitation, 7 days. ' +
    'signup: makes the account with the password when new; the address confirmation link, 24 hours (409 email_exists once confirmed). ' +
    'magiclink and recovery need an existing account (404 user_not_found). Audited (`user.link_generated`).',
  request: {
    body: jsonBody(
      z.discriminatedUnion('type', [
        z.strictObject({ type: z.literal('magiclink'), email }),
        z.strictObject({ type: z.literal('recovery'), email }),
        z.strictObject({ type: z.literal('invite'), email, name: name.optional() }),
        z.strictObject({ type: z.literal('signup'), email, password, name: name.optional() }),
      ]),
    ),
  },
  responses: { 200: jsonResponse(z.object({ action_link: z.string(), expires_at: z.string(), user_id: z.uuid() }), 'The link'), ...errorResponses(400, 403, 404, 409) },
});

const acceptInviteRoute = defineRoute({
  method: 'post',
  path: '/api/auth/invite/accept',
  access: PUBLIC,
  tags: ['auth'],
  summary: 'Accept an invitation: choose the password, the address is confirmed, and you are signed in',
  description: '400 invalid_token for an unknown, used or expired invitation; 400 weak_password with reasons (the invitation is not used up).',
  request: { body: jsonBody(z.strictObject({ token: z.string().min(1).max(200), password })) },
  responses: {
    200: jsonResponse(
      z.object({
        user: z.object({ id: z.uuid(), email: z.string().nullable(), phone_number: z.string().nullable(), name: z.string() }),
        second_step: z.enum(['challenge', 'enroll']).nullable(),
      }),
      'Signed in',
    ),
    ...errorResponses(400),
  },
});

export const adminUsersRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createUserRoute, async (c) => {
    const { email_confirmed: emailConfirmed, ...rest } = c.req.valid('json');
    const created = await createUserAsAdmin(c.var.services, c.var.account!, { ...rest, emailConfirmed });
    return c.json({ ...toPlatformUserView(created), business_id: created.businessId }, 201);
  })
  .openapi(updateUserRoute, async (c) => {
    const { email_confirmed: emailConfirmed, ...rest } = c.req.valid('json');
    const changed = await updateUserAsAdmin(c.var.services, c.var.account!, c.req.valid('param').id, { ...rest, emailConfirmed });
    return c.json({ ...toPlatformUserView(changed), business_id: changed.businessId }, 200);
  })
  .openapi(deleteUserRoute, async (c) => {
    const { deletedBusinesses } = await deleteUserAsAdmin(c.var.services, c.var.account!, c.req.valid('param').id);
    return c.json({ deleted_businesses: deletedBusinesses }, 200);
  })
  .openapi(inviteRoute, async (c) => {
    const invited = await inviteUserAsAdmin(c.var.services, c.var.account!, c.req.valid('json'));
    return c.json({ user_id: invited.userId, expires_at: invited.expiresAt }, 201);
  })
  .openapi(generateLinkRoute, async (c) => {
    const link = await generateLinkAsAdmin(c.var.services, c.var.account!, c.req.valid('json'));
    return c.json({ action_link: link.actionLink, expires_at: link.expiresAt, user_id: link.userId }, 200);
  })
  .openapi(acceptInviteRoute, async (c) => {
    const result = await acceptInvite(c.var.services, c.req.valid('json'), authHeadersFor(c));
    forwardAuthCookies(c, result.headers);
    return c.json({ user: toAccountUserView(result.user), second_step: result.secondStep }, 200);
  });
