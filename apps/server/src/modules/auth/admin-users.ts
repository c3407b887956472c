import { createHash, randomBytes } from 'node:crypto';
import { createEmailVerificationToken } from 'better-auth/api';
import { hashPassword } from 'better-auth/crypto';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import type { Services, SignedInAccount } from '../../lib/context.ts';
import { accountsRepository } from './accounts.repository.ts';
import { adminUsersRepository } from './admin-users.repository.ts';
import { VERIFY_TOKEN_TTL_SECONDS } from './auth.ts';
import { assertStrongPassword, normalizePhone, publicEmail } from './credentials.ts';
import { provisionNewAccount } from './new-account.ts';
import { generateMagicLink, signInAs } from './one-time-codes.ts';
import { getPlatformUser } from '../super-admin/super-admin.ts';

/** An invitation link works this long (decision 067). */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A recovery link handed to the super admin works as long as an e-mailed one. */
const RECOVERY_TTL_MS = 60 * 60 * 1000;
/** Invitation tokens start so (the set-password page tells them apart from reset tokens). */
export const INVITE_TOKEN_PREFIX = 'inv_';

const userNotFound = () => notFound('user_not_found', 'No user has this id');
const emailExists = () => new AppError(409, 'email_exists', 'An account with this e-mail address already exists');
const phoneExists = () => new AppError(409, 'phone_exists', 'An account with this phone number already exists');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const inviteIdentifier = (token: string) => `invite:${sha256(token)}`;

function appUrl(services: Services): string {
  return services.config.publicUrl ?? `http://localhost:${services.config.port}`;
}

function readPhone(phone: string): string {
  const normalized = normalizePhone(phone);
  if (!normalized) throw badRequest('invalid_phone', 'Enter a valid phone number, for example +15551234567');
  return normalized;
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Grants super admin to a configured address once it is confirmed (issue 9 item 2), as the verification link does. */
async function grantConfiguredSuperAdmins(services: Services) {
  if (services.config.superAdminEmails.length > 0) await accountsRepository(services.database.db).grantSuperAdminByEmail(services.config.superAdminEmails);
}

export interface CreateUserInput {
  email: string;
  password?: string | undefined;
  name?: string | undefined;
  phone?: string | undefined;
  emailConfirmed?: boolean | undefined;
}

/**
 * A new account with its own business (as a sign-up makes it, so the person lands in the normal
 * set-up), with or without a password. 409 email_exists / phone_exists when taken.
 */
async function createAccount(services: Services, input: CreateUserInput): Promise<string> {
  const repo = adminUsersRepository(services.database.db);
  const email = input.email.trim().toLowerCase();
  if (!publicEmail(email)) throw badRequest('invalid_email', 'Enter a valid email address');
  const phone = input.phone ? readPhone(input.phone) : null;
  if (input.password !== undefined) assertStrongPassword(input.password);
  if (await repo.findUserByEmail(email)) throw emailExists();
  if (phone && (await repo.findUserIdByPhone(phone))) throw phoneExists();
  const name = input.name?.trim() || null;
  const context = await services.auth.$context;
  let userId: string;
  try {
    const created = await context.internalAdapter.createUser({ email, name: name ?? email, emailVerified: input.emailConfirmed ?? false }, { method: 'admin' });
    userId = created.id as string;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExists();
    throw error;
  }
  try {
    if (phone) await accountsRepository(services.database.db).setPhoneNumber(userId, phone);
    if (input.password !== undefined) {
      await context.internalAdapter.linkAccount({ userId, providerId: 'credential', accountId: userId, password: await hashPassword(input.password) });
    }
  } catch (error) {
    await accountsRepository(services.database.db).deleteUser(userId).catch(() => undefined);
    if (isUniqueViolation(error)) throw phoneExists();
    throw error;
  }
  await provisionNewAccount(services, userId, name);
  if (input.emailConfirmed) await grantConfiguredSuperAdmins(services);
  return userId;
}

/** SPEC §7 admin users (create). Audited (`user.created`). */
export async function createUserAsAdmin(services: Services, admin: SignedInAccount, input: CreateUserInput) {
  const userId = await createAccount(services, input);
  await adminUsersRepository(services.database.db).insertAudit({
    actorUserId: admin.user.id,
    action: 'user.created',
    details: { user_id: userId, email: input.email.trim().toLowerCase(), email_confirmed: input.emailConfirmed ?? false, password_set: input.password !== undefined },
  });
  return getPlatformUser(services, userId);
}

export type BanInput = 'none' | 'forever' | { hours: number };

export interface UpdateUserInput {
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | null | undefined;
  password?: string | undefined;
  emailConfirmed?: boolean | undefined;
  ban?: BanInput | undefined;
}

/**
 * SPEC §7 admin users (update): name, e-mail (a new address is unconfirmed unless emailConfirmed
 * says otherwise), phone (null removes it), password, confirmation, and the ban: for some hours,
 * until lifted ('forever'), or lifted ('none'). A ban ends every session at once and no way of
 * signing in opens a new one (decision 067). Not a ban of one's own account (400 cannot_ban_self).
 * Audited (`user.updated`, `user.banned`, `user.unbanned`), never with the password.
 */
export async function updateUserAsAdmin(services: Services, admin: SignedInAccount, userId: string, input: UpdateUserInput) {
  if (input.ban !== undefined && input.ban !== 'none' && userId === admin.user.id) throw badRequest('cannot_ban_self', 'You cannot ban your own account');
  const repo = adminUsersRepository(services.database.db);
  const current = await repo.findUser(userId);
  if (!current) throw userNotFound();
  const change: Parameters<ReturnType<typeof adminUsersRepository>['updateUser']>[1] = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) throw badRequest('validation_error', 'name: must not be blank');
    change.name = name;
  }
  if (input.email !== undefined) {
    const email = input.email.trim().toLowerCase();
    if (!publicEmail(email)) throw badRequest('invalid_email', 'Enter a valid email address');
    if (email !== current.email) {
      const taken = await repo.findUserByEmail(email);
      if (taken && taken.id !== userId) throw emailExists();
      change.email = email;
      change.emailVerified = input.emailConfirmed ?? false;
    }
  }
  if (input.emailConfirmed !== undefined) change.emailVerified = input.emailConfirmed;
  if (input.phone !== undefined) {
    const phone = input.phone === null || input.phone.trim() === '' ? null : readPhone(input.phone);
    if (phone) {
      const taken = await repo.findUserIdByPhone(phone);
      if (taken && taken !== userId) throw phoneExists();
    }
    change.phoneNumber = phone;
  }
  if (input.password !== undefined) {
    assertStrongPassword(input.password);
    change.passwordHash = await hashPassword(input.password);
  }
  let bannedUntil: string | null = null;
  if (input.ban !== undefined) {
    const banExpires = typeof input.ban === 'object' ? new Date(Date.now() + input.ban.hours * 60 * 60 * 1000) : null;
    change.ban = { banned: input.ban !== 'none', banExpires };
    bannedUntil = input.ban === 'none' ? null : (banExpires?.toISOString() ?? 'forever');
  }
  const fields = Object.keys(input).filter((key) => input[key as keyof UpdateUserInput] !== undefined);
  const action = input.ban === undefined ? 'user.updated' : input.ban === 'none' ? 'user.unbanned' : 'user.banned';
  let ended: string[] | null;
  try {
    ended = await repo.updateUser(userId, change, {
      actorUserId: admin.user.id,
      action,
      details: { user_id: userId, fields, ...(input.ban !== undefined ? { banned_until: bannedUntil } : {}) },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw change.email !== undefined ? emailExists() : phoneExists();
    throw error;
  }
  if (ended === null) throw userNotFound();
  services.sessionCache.forgetUser(userId);
  for (const sessionId of ended) services.sessionCache.forgetSession(sessionId);
  await services.realtime.barrier();
  if (change.emailVerified) await grantConfiguredSuperAdmins(services);
  return getPlatformUser(services, userId);
}

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
 * The invited account (made now when the address has none, without a password) and a new
 * invitation link for it. An address whose account already has a password or a confirmed
 * address is refused (409 email_exists): it signs in, or recovers its password.
 */
async function prepareInvite(services: Services, input: { email: string; name?: string | undefined }) {
  const repo = adminUsersRepository(services.database.db);
  const email = input.email.trim().toLowerCase();
  const existing = publicEmail(email) ? await repo.findUserByEmail(email) : null;
  let userId: string;
  if (existing) {
    if (existing.emailVerified || (await repo.hasPassword(existing.id))) throw emailExists();
    userId = existing.id;
  } else {
    userId = await createAccount(services, { email, name: input.name });
  }
  const token = `${INVITE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + INVITE_TTL_MS);
  await repo.saveToken(inviteIdentifier(token), userId, 'invite', expiresAt);
  return { userId, email, url: `${appUrl(services)}/reset-password?invite=${encodeURIComponent(token)}`, expiresAt };
}

/**
 * SPEC §7 admin invite: an e-mail (through the outbox) with a link, working once for 7 days, on
 * which the invitee chooses a password and is signed in to their new account. Audited (`user.invited`).
 */
export async function inviteUserAsAdmin(services: Services, admin: SignedInAccount, input: { email: string; name?: string | undefined }) {
  const invite = await prepareInvite(services, input);
  await services.mailer.enqueue({
    channel: 'email',
    recipient: invite.email,
    subject: 'You are invited to Till',
    body:
      `You have been invited to a Till account for ${invite.email}.\n\nOpen this link within 7 days to choose your password and start:\n${invite.url}\n\n` +
      'If you did not expect this, ignore this email.',
  });
  await adminUsersRepository(services.database.db).insertAudit({ actorUserId: admin.user.id, action: 'user.invited', details: { user_id: invite.userId, email: invite.email } });
  return { userId: invite.userId, expiresAt: invite.expiresAt.toISOString() };
}

/**
 * The invitation link: the invitee's password is set, the address is confirmed (the link came to
 * it) and the invitee is signed in. 400 invalid_token for an unknown, used or expired link.
 */
export async function acceptInvite(services: Services, input: { token: string; password: string }, requestHeaders: Headers) {
  assertStrongPassword(input.password);
  const repo = adminUsersRepository(services.database.db);
  const userId = await repo.takeToken(inviteIdentifier(input.token));
  if (!userId) throw badRequest('invalid_token', 'This invitation link is invalid, was already used or has expired');
  const updated = await repo.updateUser(
    userId,
    { passwordHash: await hashPassword(input.password), emailVerified: true },
    { actorUserId: userId, action: 'user.invite_accepted', details: { user_id: userId } },
  );
  if (updated === null) throw badRequest('invalid_token', 'This invitation link is invalid, was already used or has expired');
  await grantConfiguredSuperAdmins(services);
  return signInAs(services, userId, requestHeaders);
}

export type GenerateLinkInput =
  | { type: 'magiclink'; email: string }
  | { type: 'recovery'; email: string }
  | { type: 'invite'; email: string; name?: string | undefined }
  | { type: 'signup'; email: string; password: string; name?: string | undefined };

/**
 * SPEC §7 admin generate_link: the link an e-mail would carry, returned to the super admin instead
 * of sent. magiclink signs in once (10 minutes); recovery opens the password reset (1 hour); invite
 * makes the account when new and gives its invitation (7 days); signup makes the account with its
 * password when new and gives the address confirmation link (24 hours). Audited (`user.link_generated`).
 */
export async function generateLinkAsAdmin(services: Services, admin: SignedInAccount, input: GenerateLinkInput) {
  const repo = adminUsersRepository(services.database.db);
  const email = input.email.trim().toLowerCase();
  const findAccount = async () => {
    const found = publicEmail(email) ? await repo.findUserByEmail(email) : null;
    if (!found) throw new AppError(404, 'user_not_found', 'No account has this e-mail address');
    return found;
  };
  let link: { userId: string; url: string; expiresAt: Date };
  switch (input.type) {
    case 'magiclink': {
      const found = await findAccount();
      const magic = await generateMagicLink(services, found.id, email);
      link = { userId: found.id, url: magic.url, expiresAt: magic.expiresAt };
      break;
    }
    case 'recovery': {
      const found = await findAccount();
      const token = randomBytes(18).toString('base64url');
      const expiresAt = new Date(Date.now() + RECOVERY_TTL_MS);
      // The row better-auth's own reset request writes: the reset page and POST reset-password take it as theirs.
      await repo.saveToken(`reset-password:${token}`, found.id, 'reset-password', expiresAt);
      link = { userId: found.id, url: `${appUrl(services)}/reset-password?token=${encodeURIComponent(token)}`, expiresAt };
      break;
    }
    case 'invite': {
      const invite = await prepareInvite(services, input);
      link = { userId: invite.userId, url: invite.url, expiresAt: invite.expiresAt };
      break;
    }
    case 'signup': {
      const existing = publicEmail(email) ? await repo.findUserByEmail(email) : null;
      if (existing?.emailVerified) throw emailExists();
      const userId = existing?.id ?? (await createAccount(services, { email, password: input.password, name: input.name }));
      const token = await createEmailVerificationToken(services.config.authSecret, email, undefined, VERIFY_TOKEN_TTL_SECONDS);
      link = { userId, url: `${appUrl(services)}/signup-thank-you?verify=${encodeURIComponent(token)}`, expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_SECONDS * 1000) };
      break;
    }
  }
  await repo.insertAudit({ actorUserId: admin.user.id, action: 'user.link_generated', details: { user_id: link.userId, type: input.type } });
  return { actionLink: link.url, expiresAt: link.expiresAt.toISOString(), userId: link.userId };
}
