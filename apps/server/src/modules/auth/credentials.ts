import { MESSAGES, describePasswordWeakness, passwordWeaknesses } from '@till/core';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/app-error.ts';

export type Identifier = { kind: 'email'; email: string } | { kind: 'phone'; phone: string };

const emailFormat = z.email();

/** Digits with an optional leading +, 7 to 15 digits (E.164); spaces, dashes, dots and brackets are ignored. */
export function normalizePhone(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '');
  return /^\+?[1-9]\d{6,14}$/.test(compact) ? compact : null;
}

/** SPEC §5: an email or a phone number, plus a password; otherwise the exact SPEC message. */
export function readCredentials(body: { email?: string | undefined; phone?: string | undefined; password?: string | undefined }): {
  identifier: Identifier;
  password: string;
} {
  const email = body.email?.trim();
  const phone = body.phone?.trim();
  const password = body.password;
  if ((!email && !phone) || !password) throw badRequest('missing_credentials', MESSAGES.missingCredentials);
  if (email) {
    const normalized = email.toLowerCase();
    if (!emailFormat.safeParse(normalized).success) throw badRequest('invalid_email', 'Enter a valid email address');
    return { identifier: { kind: 'email', email: normalized }, password };
  }
  const normalizedPhone = normalizePhone(phone!);
  if (!normalizedPhone) throw badRequest('invalid_phone', 'Enter a valid phone number, for example +15551234567');
  return { identifier: { kind: 'phone', phone: normalizedPhone }, password };
}

/** SPEC §8 weak_password with a reasons list. */
export function assertStrongPassword(password: string): void {
  const reasons = passwordWeaknesses(password);
  if (reasons.length > 0) {
    throw new AppError(400, 'weak_password', 'Password is too weak', {
      reasons: reasons.map(describePasswordWeakness),
    });
  }
}

/** Phone-only accounts still need a unique email in better-auth; this one can never receive mail. */
const PHONE_PLACEHOLDER_DOMAIN = '@phone.till.invalid';

export function placeholderEmailForPhone(phone: string): string {
  return `phone-${phone.replace(/\D/g, '')}${PHONE_PLACEHOLDER_DOMAIN}`;
}

/** The address an account keeps once it unlinked its e-mail identity (it signs in by phone): receives nothing. */
export function placeholderEmailForUser(userId: string): string {
  return `unlinked-${userId}${PHONE_PLACEHOLDER_DOMAIN}`;
}

/** A wallet-only account (decision 067) holds an address like a phone-only one: it receives nothing. */
export function placeholderEmailForWallet(address: string): string {
  return `web3-${address.toLowerCase()}${PHONE_PLACEHOLDER_DOMAIN}`;
}

/** The account's real email, or null for a phone-only account. */
export function publicEmail(email: string): string | null {
  return email.endsWith(PHONE_PLACEHOLDER_DOMAIN) ? null : email;
}
