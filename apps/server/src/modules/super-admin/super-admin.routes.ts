import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonResponse } from '../../lib/openapi.ts';
import { ACCOUNT, SUPER_ADMIN, defineRoute } from '../../lib/routing.ts';
import { platformUserSchema, toPlatformUserView } from './platform-user-schema.ts';
import { checkSuperAdminStatus, getPlatformUser, getSystemHealth, listPlatformUsers } from './super-admin.ts';

const statusRoute = defineRoute({
  method: 'get',
  path: '/api/super-admin/status',
  access: ACCOUNT,
  tags: ['super-admin'],
  summary: 'Whether the signed-in account is a super administrator (SPEC §7 is_super_admin)',
  responses: { 200: jsonResponse(z.object({ is_super_admin: z.boolean() }), 'Status'), ...errorResponses(400) },
});

const systemHealthSchema = z
  .object({
    database: z.object({ kind: z.enum(['pglite', 'postgres']), round_trip_ms: z.number() }),
    uptime_seconds: z.number().int(),
    memory: z.object({ rss_bytes: z.number(), heap_used_bytes: z.number(), heap_total_bytes: z.number() }),
    version: z.string(),
    node: z.string(),
    migrations: z.object({ applied: z.number().int(), latest: z.string().nullable() }),
  })
  .openapi('SystemHealth');

/** The wire's shape (decision 070: snake_case) of the server's figures. */
function toSystemHealthView(health: Awaited<ReturnType<typeof getSystemHealth>>) {
  const { database, memory } = health;
  return {
    database: { kind: database.kind, round_trip_ms: database.roundTripMs },
    uptime_seconds: health.uptimeSeconds,
    memory: { rss_bytes: memory.rssBytes, heap_used_bytes: memory.heapUsedBytes, heap_total_bytes: memory.heapTotalBytes },
    version: health.version,
    node: health.node,
    migrations: health.migrations,
  };
}

const systemHealthRoute = defineRoute({
  method: 'get',
  path: '/api/system/health',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: 'Database round trip, uptime, memory, version and migration level',
  responses: { 200: jsonResponse(systemHealthSchema, 'Figures'), ...errorResponses(400, 403) },
});


const listUsersRoute = defineRoute({
  method: 'get',
  path: '/api/super-admin/users',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: 'Accounts on this deployment, oldest first; search by e-mail, name or phone (SPEC §7 admin users)',
  request: {
    query: z.strictObject({
      search: z.string().max(254).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(100),
      offset: z.coerce.number().int().min(0).default(0),
    }),
  },
  responses: { 200: jsonResponse(z.object({ users: z.array(platformUserSchema), total: z.number().int() }), 'Users'), ...errorResponses(400, 403) },
});

const getUserRoute = defineRoute({
  method: 'get',
  path: '/api/super-admin/users/{id}',
  access: SUPER_ADMIN,
  tags: ['super-admin'],
  summary: 'One account (SPEC §5: admin user ids must be UUIDs)',
  request: { params: z.strictObject({ id: z.uuid('User ids must be UUIDs') }) },
  responses: {
    200: jsonResponse(
      platformUserSchema.extend({
        business_id: z.uuid().nullable(),
        industry: z.string().nullable(),
        is_super_admin: z.boolean(),
      }),
      'User',
    ),
    ...errorResponses(400, 403, 404),
  },
});

export const superAdminRoutes = new OpenAPIHono<AppEnv>()
  .openapi(statusRoute, async (c) => {
    const { isSuperAdmin } = await checkSuperAdminStatus(c.var.services, c.var.account!.user.id);
    return c.json({ is_super_admin: isSuperAdmin }, 200);
  })
  .openapi(systemHealthRoute, async (c) => c.json(toSystemHealthView(await getSystemHealth(c.var.services)), 200))
  .openapi(listUsersRoute, async (c) => {
    const { users, total } = await listPlatformUsers(c.var.services, c.req.valid('query'));
    return c.json({ users: users.map(toPlatformUserView), total }, 200);
  })
  .openapi(getUserRoute, async (c) => {
    const found = await getPlatformUser(c.var.services, c.req.valid('param').id);
    return c.json({ ...toPlatformUserView(found), business_id: found.businessId, industry: found.industry, is_super_admin: found.isSuperAdmin }, 200);
  });
