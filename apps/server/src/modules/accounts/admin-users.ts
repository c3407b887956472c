import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import type { Services, SignedInAccount } from '../../lib/context.ts';
import { adminUsersRepository } from './admin-users.repository.ts';
import { publicEmail } from './credentials.ts';
import { generateMagicLink } from './one-time-codes.ts';

const userNotFound = () => notFound('user_not_found', 'No user has this id');

/**
 * SPEC §7 admin users (delete): the account goes with its sessions, and the business it owns with
 * everything in it. A super admin cannot delete their own account here. Audited (`user.deleted`).
 */
export async function deleteUserAsAdmin(services: Services, admin: SignedInAccount, userId: string) {
  if (userId === admin.user.id) throw badRequest('cannot_delete_self', 'You cannot delete your own account here');
  const deleted = await adminUsersRepository(services.database.db).deleteUser(userId, { actorUserId: admin.user.id, action: 'user.deleted' });
  if (!deleted) throw userNotFound();
  services.sessionCache.forgetUser(userId);
  for (const businessId of deleted.businessIds) services.businessContexts.forgetBusiness(businessId);
  await services.realtime.barrier();
  return { deletedBusinesses: deleted.businessIds.length };
}

/**
 * SPEC §7 admin generate_link, type magiclink: a sign-in link for the account's e-mail address,
 * returned to the super admin (not sent), working once for 10 minutes. Audited (`user.link_generated`).
 */
export async function generateLinkAsAdmin(services: Services, admin: SignedInAccount, input: { type: 'magiclink'; email: string }) {
  const repo = adminUsersRepository(services.database.db);
  const email = input.email.trim().toLowerCase();
  const found = publicEmail(email) ? await repo.findUserByEmail(email) : null;
  if (!found) throw new AppError(404, 'user_not_found', 'No account has this e-mail address');
  const link = await generateMagicLink(services, found.id, email);
  await repo.insertAudit({ actorUserId: admin.user.id, action: 'user.link_generated', details: { user_id: found.id, type: input.type } });
  return { actionLink: link.url, expiresAt: link.expiresAt.toISOString() };
}
