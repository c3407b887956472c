import type { Services } from '../../lib/context.ts';
import { notFound } from '../../lib/app-error.ts';
import { accountsRepository } from '../auth/accounts.repository.ts';
import { publicEmail } from '../auth/credentials.ts';
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

/** The account as the super admin's users list shows it: the address confirmed, banned (until when), last sign-in. */
function platformUser<T extends { email: string; emailVerified: boolean; createdAt: Date; banned: boolean; banExpires: Date | null; lastSignInAt: Date | null }>(row: T) {
  const { emailVerified, banExpires, ...rest } = row;
  const email = publicEmail(row.email);
  return {
    ...rest,
    email,
    emailConfirmed: email !== null && emailVerified,
    createdAt: row.createdAt.toISOString(),
    bannedUntil: row.banned && banExpires ? banExpires.toISOString() : null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

export async function getPlatformUser(services: Services, userId: string) {
  const found = await superAdminRepository(services.database.db).findUser(userId);
  if (!found) throw notFound('user_not_found', 'No user has this id');
  return platformUser(found);
}

export async function listPlatformUsers(services: Services, page: { search?: string | undefined; limit: number; offset: number }) {
  const search = page.search?.trim() || null;
  const { rows, total } = await superAdminRepository(services.database.db).listUsers(search, page.limit, page.offset);
  return { users: rows.map(platformUser), total };
}
