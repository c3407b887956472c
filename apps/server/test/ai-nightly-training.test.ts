import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiTrainingJobs } from '../src/db/schema/index.ts';
import { scheduleNightlyTraining } from '../src/modules/ai-modules/schedule-nightly-training.ts';
import { runPendingAiTraining } from '../src/modules/ai-modules/train-ai-modules.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { staffBusiness } from './staff-helpers.ts';

/**
 * Issue 15, decision 061: each business whose AI modules are on (reporting_analytics) is trained
 * once a local night, in its 02:00–05:00 on its own clocks; two app processes looking at the same
 * minute queue it once and claim it once; a business with the modules off gets none. The schedule
 * is called with a clock of the test's own (the test servers run with AI_NIGHTLY_TRAINING off).
 */

let server: TestServer;
let other: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  other = await startTestServer({ sameDatabaseAs: server });
});
afterAll(async () => {
  await other.close();
  await server.close();
});

const ON = { reporting_analytics: true, pos_system: true };
const shop = (timeZone: string, features: Record<string, boolean> = ON) => staffBusiness(server, { features, timeZone });

async function nightlyJobs(businessId: string) {
  return server.database.withTenant(businessId, (tx) =>
    tx
      .select({ night: aiTrainingJobs.night, status: aiTrainingJobs.status, attempts: aiTrainingJobs.attempts, trigger: aiTrainingJobs.trigger })
      .from(aiTrainingJobs)
      .where(and(eq(aiTrainingJobs.businessId, businessId), eq(aiTrainingJobs.trigger, 'nightly')))
      .orderBy(aiTrainingJobs.night),
  );
}

/** Runs the sweep until no job of the database is queued or running (the businesses have no sales: quick). */
async function trainAll() {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    await runPendingAiTraining(server.database);
    const active = await server.database.db.select({ id: aiTrainingJobs.id }).from(aiTrainingJobs).where(inArray(aiTrainingJobs.status, ['queued', 'running']));
    if (active.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the training jobs did not finish');
}

describe('the nightly AI training', { timeout: 120_000 }, () => {
  it('queues one job a business a local night, in its own 02:00–05:00, and none with the modules off', async () => {
    const london = await shop('UTC');
    const auckland = await shop('Pacific/Auckland');
    const losAngeles = await shop('America/Los_Angeles');
    const off = await shop('UTC', { reporting_analytics: false, pos_system: true });
    const at = (instant: string) => scheduleNightlyTraining(server.services, new Date(instant));

    // 01:59 UTC: no one is in the window (Auckland 14:59, Los Angeles 17:59 the day before).
    await at('2026-11-27T01:59:00Z');
    for (const business of [london, auckland, losAngeles, off]) expect(await nightlyJobs(business.businessId)).toEqual([]);

    // 03:00 UTC: the UTC shop's night of the 27th; the one with the modules off gets none.
    await at('2026-11-27T03:00:00Z');
    await at('2026-11-27T03:30:00Z');
    await at('2026-11-27T04:59:00Z');
    expect(await nightlyJobs(london.businessId)).toEqual([{ night: '2026-11-27', status: 'queued', attempts: 0, trigger: 'nightly' }]);
    expect(await nightlyJobs(off.businessId)).toEqual([]);
    expect(await nightlyJobs(auckland.businessId)).toEqual([]);

    // 10:30 UTC is 02:30 in Los Angeles (the 27th); 13:30 UTC is 02:30 on the 28th in Auckland.
    await at('2026-11-27T10:30:00Z');
    expect(await nightlyJobs(losAngeles.businessId)).toMatchObject([{ night: '2026-11-27' }]);
    await at('2026-11-27T13:30:00Z');
    expect(await nightlyJobs(auckland.businessId)).toMatchObject([{ night: '2026-11-28' }]);

    await trainAll();
    expect(await nightlyJobs(london.businessId)).toEqual([{ night: '2026-11-27', status: 'done', attempts: 1, trigger: 'nightly' }]);
    // Trained tonight: the rest of the window queues nothing more; the next night one more.
    await at('2026-11-27T04:00:00Z');
    expect(await nightlyJobs(london.businessId)).toHaveLength(1);
    await at('2026-11-28T02:00:00Z');
    expect((await nightlyJobs(london.businessId)).map((job) => job.night)).toEqual(['2026-11-27', '2026-11-28']);
    expect(await nightlyJobs(off.businessId)).toEqual([]);
    await trainAll();
  });

  it('two app processes at the same minute queue the night once, and their sweeps claim it once', async () => {
    const tokyo = await shop('Asia/Tokyo');
    // 17:30 UTC on 1 December is 02:30 on the 2nd in Tokyo (no other business's window).
    const now = new Date('2026-12-01T17:30:00Z');
    const queued = await Promise.all([scheduleNightlyTraining(server.services, now), scheduleNightlyTraining(other.services, now)]);
    expect(queued[0].queued + queued[1].queued).toBe(1);
    expect(await nightlyJobs(tokyo.businessId)).toEqual([{ night: '2026-12-02', status: 'queued', attempts: 0, trigger: 'nightly' }]);
    const claimed = await Promise.all([runPendingAiTraining(server.database), runPendingAiTraining(other.database)]);
    expect(claimed[0].claimed + claimed[1].claimed).toBe(1);
    await trainAll();
    expect(await nightlyJobs(tokyo.businessId)).toEqual([{ night: '2026-12-02', status: 'done', attempts: 1, trigger: 'nightly' }]);
    // Trained: both processes looking again that night queue nothing.
    expect((await Promise.all([scheduleNightlyTraining(server.services, now), scheduleNightlyTraining(other.services, now)])).map((r) => r.queued)).toEqual([0, 0]);
  });

  it('GET /api/ai/training shows the window on the business’s clocks, the last nightly run and the next one', async () => {
    const tokyo = await shop('Asia/Tokyo');
    // A night before the real clock's today (the next run is read from the real clock below): a
    // last night still ahead of today would count as trained and push the next run a day on.
    await scheduleNightlyTraining(server.services, new Date('2026-01-01T17:30:00Z'));
    await trainAll();
    const res = await tokyo.client.api.GET('/api/ai/training');
    expect(res.response.status).toBe(200);
    expect(res.data!.job).toMatchObject({ trigger: 'nightly', night: '2026-01-02', status: 'done' });
    expect(res.data!.nightly).toMatchObject({ on: true, time_zone: 'Asia/Tokyo', window_start: '02:00', window_end: '05:00', last: { trigger: 'nightly', night: '2026-01-02', status: 'done' } });
    // The next run is tonight's or tomorrow night's 02:00 in Tokyo (17:00 UTC), from the real clock.
    const next = new Date(res.data!.nightly.next_at!);
    expect(next.getTime()).toBeGreaterThanOrEqual(Date.now() - 60_000);
    expect(next.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
    expect(next.toISOString().slice(11, 16) === '17:00' || next.getTime() <= Date.now() + 60_000).toBe(true);

    const off = await shop('UTC', { reporting_analytics: false, pos_system: true });
    const offTraining = await off.client.api.GET('/api/ai/training');
    expect(offTraining.data).toEqual({
      job: null,
      nightly: { on: false, time_zone: 'UTC', window_start: '02:00', window_end: '05:00', last: null, next_at: null },
    });
  });
});
