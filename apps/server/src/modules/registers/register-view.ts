import { z } from '@hono/zod-openapi';

export const registerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  store_id: z.uuid(),
  store_name: z.string(),
  paired_at: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  /** The request comes from this till. */
  is_this_device: z.boolean(),
});
export type RegisterView = z.infer<typeof registerSchema>;

export const pairedRegisterSchema = z.object({ id: z.uuid(), name: z.string(), store_id: z.uuid() });
