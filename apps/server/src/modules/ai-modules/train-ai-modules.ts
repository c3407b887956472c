import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { nextNightlyTrainingAt, nightlyTrainingWindowText, safeTimeZone } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { aiTrainingJobs } from '../../db/schema/index.ts';
import { aiModulesRepository as repo } from './ai-modules.repository.ts';
import { getAiModules } from './get-ai-modules.ts';

/**
 * Training every AI module in the background (issue 15, decision 042). A train request (or the
 * server's schedule) finds the business's queued or running job, or queues one, and answers at
 * once; the job is claimed (FOR UPDATE SKIP LOCKED, so one process runs it) and trained in this
 * process: the history read in short pages, the models fitted in the training worker thread
 * (train-models.ts), the hub's summary written with "done" in one short transaction. The holder
 * writes a heartbeat; a running job whose heartbeat is older than the take-over time belonged to a
 * process that stopped, and the next request or the sweep claims it again.
 */
export const aiTrainingSettings = {
  /** A running job without a heartbeat for this long is taken over. */
  takeOverAfterMs: 2 * 60 * 1000,
  heartbeatMs: 10 * 1000,
};

/** The server sweeps for queued and abandoned jobs (and queues the nightly ones) this often (services.ts). */
export const AI_TRAINING_SWEEP_EVERY_MS = 60 * 1000;

/**
 * Jobs the sweep lets one process run at once (a night of many businesses in one time zone is
 * trained a few at a time, the rest wait queued for the next sweep or another process); a train
 * request someone made is started at once all the same.
 */
export const AI_TRAINING_SWEEP_CONCURRENCY = 2;
let runningHere = 0;

const PROCESS = `${os.hostname()}:${process.pid}`;

/** A training job as the use-cases give it; ai-modules.views.ts puts it on the wire. */
export type TrainingJob = typeof aiTrainingJobs.$inferSelect;

/** Trains a claimed job to its end; never throws (a failure is written on the job). */
async function runJob(database: Database, job: { id: string; businessId: string }, claimedBy: string) {
  const heartbeat = setInterval(() => {
    repo.heartbeat(database.db, job.id, claimedBy).catch(() => undefined);
  }, aiTrainingSettings.heartbeatMs);
  heartbeat.unref();
  runningHere += 1;
  try {
    const hub = await getAiModules(database, job.businessId);
    await database.withTenant(job.businessId, (tx) => repo.finishJob(tx, job.id, claimedBy, { status: 'done', modules: hub.modules }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await database
      .withTenant(job.businessId, (tx) => repo.finishJob(tx, job.id, claimedBy, { status: 'failed', error: message.slice(0, 500) }))
      .catch((failure: unknown) => console.error('Recording a failed AI training failed:', (failure as Error).message));
  } finally {
    clearInterval(heartbeat);
    runningHere -= 1;
  }
}

/** Claims this job (queued, or running and abandoned) for this process; trains it in the background. */
async function claimAndRun(database: Database, jobId?: string) {
  const claimedBy = `${PROCESS}:${randomUUID()}`;
  const claimed = await repo.claimJob(database.db, claimedBy, aiTrainingSettings.takeOverAfterMs, jobId);
  if (claimed) void runJob(database, claimed, claimedBy);
  return claimed;
}

/**
 * POST /api/ai/training: the business's job — the one queued or running (no second one), or a new
 * one — claimed and started in the background before the answer.
 */
export async function requestAiTraining(database: Database, businessId: string) {
  const { job, created } = await database.withTenant(businessId, async (tx) => {
    await repo.lockTraining(tx, businessId);
    const active = await repo.activeJob(tx, businessId);
    if (active) return { job: active, created: false };
    return { job: await repo.insertJob(tx, businessId), created: true };
  });
  // A new job starts now; a running one whose process stopped is taken over.
  const claimed = await claimAndRun(database, job.id);
  const now = claimed ? await database.withTenant(businessId, (tx) => repo.latestJob(tx, businessId)) : job;
  return { created, job: now ?? job };
}

/**
 * GET /api/ai/training: the business's newest training job, or null, and its nightly schedule
 * (decision 061): the window on its own clocks, the last nightly run and when the next one starts
 * (null while the AI modules are off: reporting_analytics).
 */
export async function getAiTraining(database: Database, businessId: string, modulesOn: boolean, now = new Date()) {
  const { job, nightly, timeZone } = await database.withTenant(businessId, async (tx) => ({
    job: await repo.latestJob(tx, businessId),
    nightly: await repo.latestNightlyJob(tx, businessId),
    timeZone: safeTimeZone((await repo.findBusiness(tx, businessId))?.timeZone),
  }));
  return {
    job: job ?? null,
    nightly: {
      on: modulesOn,
      timeZone,
      windowStart: nightlyTrainingWindowText.start,
      windowEnd: nightlyTrainingWindowText.end,
      last: nightly ?? null,
      nextAt: modulesOn ? nextNightlyTrainingAt({ now, timeZone, lastNight: nightly?.night ?? null }).toISOString() : null,
    },
  };
}

/**
 * The sweep: claims queued jobs and running ones whose process stopped, one after another, while
 * this process runs fewer than AI_TRAINING_SWEEP_CONCURRENCY of them.
 */
export async function runPendingAiTraining(database: Database, limit = 10) {
  let claimed = 0;
  for (; claimed < limit && runningHere < AI_TRAINING_SWEEP_CONCURRENCY; claimed += 1) if (!(await claimAndRun(database))) break;
  return { claimed };
}
