import { z } from '@hono/zod-openapi';

export const timeEntrySchema = z
  .object({
    id: z.uuid(),
    employee_id: z.uuid(),
    employee_name: z.string(),
    clock_in_time: z.string(),
    clock_out_time: z.string().nullable(),
    break_start_time: z.string().nullable(),
    break_end_time: z.string().nullable(),
    total_hours: z.number().nullable(),
    overtime_hours: z.number().nullable(),
    corrected_at: z.string().nullable(),
    correction_reason: z.string().nullable(),
  })
  .openapi('TimeEntry');
