import { nightlyTrainingDue, safeTimeZone } from '@till/core';
import type { Services } from '../../lib/context.ts';
import { effectiveFeatures } from '../../lib/tenant.ts';
import { aiModulesRepository as repo } from './ai-modules.repository.ts';

/**
 * The nightly training (issue 15, decision 061): in each business's 02:00–05:00 on its own clocks,
 * with its AI modules on (reporting_analytics, the flag that shows them), one training job is
 * queued for that local night. The job is inserted with ON CONFLICT DO NOTHING on the unique
 * (business, 'nightly', night) index, so every app process may look at the same minute and the
 * night is queued once; the sweep then claims queued jobs FOR UPDATE SKIP LOCKED
 * (runPendingAiTraining), so it is trained once. While another job of the business is queued or
 * running the insert does nothing either, and the next sweep tries again within the window.
 */
export async function scheduleNightlyTraining(services: Pick<Services, 'database' | 'featureFlags'>, now: Date): Promise<{ queued: number }> {
  const { database } = services;
  let queued = 0;
  for (const candidate of await repo.nightlyCandidates(database.db)) {
    const timeZone = safeTimeZone(candidate.timeZone);
    // Cheap checks first: most businesses are outside their window or trained tonight.
    const { due, night } = nightlyTrainingDue({ now, timeZone, enabled: true, lastNight: candidate.lastNight });
    if (!due) continue;
    const features = await effectiveFeatures(services, candidate.businessId, candidate.storedFeatures);
    if (!features.reporting_analytics) continue;
    const job = await database.withTenant(candidate.businessId, (tx) => repo.queueNightlyJob(tx, candidate.businessId, night));
    if (job) queued += 1;
  }
  return { queued };
}
