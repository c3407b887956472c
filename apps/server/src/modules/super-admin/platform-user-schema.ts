import { z } from '@hono/zod-openapi';

/** An account as the super admin's users list shows it (decision 067); shared with the accounts module's admin routes. */
export const platformUserSchema = z
  .object({
    id: z.uuid(),
    email: z.string().nullable(),
    name: z.string(),
    phone_number: z.string().nullable(),
    created_at: z.string(),
    last_sign_in_at: z.string().nullable(),
    email_confirmed: z.boolean(),
    banned: z.boolean().openapi({ description: 'Banned now: no way of signing in works' }),
    banned_until: z.string().nullable().openapi({ description: 'When the ban ends by itself; null while banned means until lifted' }),
    business_name: z.string().nullable(),
  })
  .openapi('PlatformUser');

interface PlatformUserRow {
  id: string;
  email: string | null;
  name: string;
  phoneNumber: string | null;
  createdAt: string;
  lastSignInAt: string | null;
  emailConfirmed: boolean;
  banned: boolean;
  bannedUntil: string | null;
  businessName: string | null;
  businessId?: string | null;
  industry?: string | null;
  isSuperAdmin?: boolean;
}

/** The wire's shape (decision 070: snake_case) of an account; one account's page adds its business, industry and role. */
export function toPlatformUserView(row: PlatformUserRow) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone_number: row.phoneNumber,
    created_at: row.createdAt,
    last_sign_in_at: row.lastSignInAt,
    email_confirmed: row.emailConfirmed,
    banned: row.banned,
    banned_until: row.bannedUntil,
    business_name: row.businessName,
    ...(row.businessId !== undefined ? { business_id: row.businessId } : {}),
    ...(row.industry !== undefined ? { industry: row.industry } : {}),
    ...(row.isSuperAdmin !== undefined ? { is_super_admin: row.isSuperAdmin } : {}),
  };
}
