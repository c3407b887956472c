import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { SUPER_ADMIN, defineRoute } from '../../lib/routing.ts';
import { deleteUserAsAdmin, generateLinkAsAdmin } from './admin-users.ts';

const deleteUserRoute = defineRoute({
  method: 'delete',
  path: '/api/super-admin/users/{id}',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: 'Delete an account, its sessions and the business it owns (SPEC §7 admin users)',
  description: 'Not your own account (400 cannot_delete_self). Audited in platform_audit_log (`user.deleted`).',
  request: { params: z.strictObject({ id: z.uuid('User ids must be UUIDs') }) },
  responses: { 200: jsonResponse(z.object({ deletedBusinesses: z.number().int() }), 'Deleted'), ...errorResponses(400, 403, 404) },
});

const generateLinkRoute = defineRoute({
  method: 'post',
  path: '/api/super-admin/generate-link',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: "A sign-in link for an account's e-mail address, returned instead of sent (SPEC §7 admin generate_link)",
  description: 'Type magiclink: works once for 10 minutes and replaces the account\'s pending code and link. Audited (`user.link_generated`).',
  request: { body: jsonBody(z.strictObject({ type: z.literal('magiclink'), email: z.email().max(254) })) },
  responses: { 200: jsonResponse(z.object({ actionLink: z.string(), expiresAt: z.string() }), 'The link'), ...errorResponses(400, 403, 404) },
});

export const adminUsersRoutes = new OpenAPIHono<AppEnv>()
  .openapi(deleteUserRoute, async (c) => c.json(await deleteUserAsAdmin(c.var.services, c.var.account!, c.req.valid('param').id), 200))
  .openapi(generateLinkRoute, async (c) => c.json(await generateLinkAsAdmin(c.var.services, c.var.account!, c.req.valid('json')), 200));
