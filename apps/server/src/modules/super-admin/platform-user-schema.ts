import { z } from '@hono/zod-openapi';

/** An account as the super admin's users list shows it (decision 067); shared with the accounts module's admin routes. */
export const platformUserSchema = z
  .object({
    id: z.uuid(),
    email: z.string().nullable(),
    name: z.string(),
    phoneNumber: z.string().nullable(),
    createdAt: z.string(),
    lastSignInAt: z.string().nullable(),
    emailConfirmed: z.boolean(),
    banned: z.boolean().openapi({ description: 'Banned now: no way of signing in works' }),
    bannedUntil: z.string().nullable().openapi({ description: 'When the ban ends by itself; null while banned means until lifted' }),
    businessName: z.string().nullable(),
  })
  .openapi('PlatformUser');
