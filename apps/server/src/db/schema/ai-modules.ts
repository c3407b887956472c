import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';

/**
 * Training the AI modules in the background (issue 15, decision 042): one row per training run of
 * a business. At most one is queued or running per business (a partial unique index), so a second
 * request, from any app process, finds the running one. The process that claims a job writes its
 * heartbeat while it trains; a running job whose heartbeat is older than the take-over timeout
 * belonged to a process that died and is claimed again. The hub's summary of each module is
 * written with "done", in one short transaction. Fenced by business_id (row-level security).
 * A nightly training (decision 061) carries its local night: one job a business, trigger and
 * night (a unique index), so the app processes that look at the same night queue it once.
 */
export const AI_TRAINING_STATUS_VALUES = ['queued', 'running', 'done', 'failed'] as const;
export type AiTrainingStatus = (typeof AI_TRAINING_STATUS_VALUES)[number];
export const AI_TRAINING_TRIGGER_VALUES = ['request', 'nightly'] as const;
export type AiTrainingTrigger = (typeof AI_TRAINING_TRIGGER_VALUES)[number];

export const aiTrainingJobs = pgTable(
  'ai_training_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    status: text('status', { enum: AI_TRAINING_STATUS_VALUES }).notNull().default('queued'),
    /** What asked for it: a person ('request') or the server's nightly schedule ('nightly'). */
    trigger: text('trigger', { enum: AI_TRAINING_TRIGGER_VALUES }).notNull().default('request'),
    /** A nightly training's local night (the day its 02:00–05:00 window falls on); null otherwise. */
    night: date('night', { mode: 'string' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** The process (and run) that holds it; a take-over writes its own. */
    claimedBy: text('claimed_by'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    /** The hub's modules as trained (GET /api/ai/modules' `modules`), once done. */
    modules: jsonb('modules').$type<unknown[]>(),
  },
  (table) => [
    uniqueIndex('ai_training_jobs_one_active').on(table.businessId).where(sql`${table.status} in ('queued', 'running')`),
    index('ai_training_jobs_business_requested').on(table.businessId, table.requestedAt),
    uniqueIndex('ai_training_jobs_one_a_night').on(table.businessId, table.trigger, table.night).where(sql`${table.night} is not null`),
    index('ai_training_jobs_claimable').on(table.status, table.heartbeatAt).where(sql`${table.status} in ('queued', 'running')`),
  ],
);
