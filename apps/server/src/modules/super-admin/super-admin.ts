import type { Services } from '../../lib/context.ts';
import { notFound } from '../../lib/app-error.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import { publicEmail } from '../accounts/credentials.ts';
import { superAdminRepository } from './super-admin.repository.ts';

/** SPEC §7 is_super_admin(user_id_param). */
export async function checkSuperAdminStatus(services: Services, userId: string) {
  return { isSuperAdmin: await accountsRepository(services.database.db).isSuperAdmin(userId) };
}

/** Real figures for /system-health: database round trip, uptime, memory, version, migration level. */
export async function getSystemHealth(services: Services) {
  const repository = superAdminRepository(services.database.db);
  const [roundTripMs, migrations] = await Promise.all([repository.roundTripMs(), repository.migrations()]);
  const memory = process.memoryUsage();
  return {
    database: { kind: services.database.kind, roundTripMs },
    uptimeSeconds: Math.round(process.uptime()),
    memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal },
    version: services.version,
    node: process.version,
    migrations,
  };
}

export async function getPlatformUser(services: Services, userId: string) {
  const found = await superAdminRepository(services.database.db).findUser(userId);
  if (!found) throw notFound('user_not_found', 'No user has this id');
  return { ...found, email: publicEmail(found.email), createdAt: found.createdAt.toISOString() };
}

export async function listPlatformUsers(services: Services, page: { limit: number; offset: number }) {
  const rows = await superAdminRepository(services.database.db).listUsers(page.limit, page.offset);
  return rows.map((row) => ({ ...row, email: publicEmail(row.email), createdAt: row.createdAt.toISOString() }));
}
