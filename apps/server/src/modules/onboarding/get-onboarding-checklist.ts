import { onboardingChecklist, type OnboardingChecklist } from '@till/core';
import type { Database } from '../../db/client.ts';
import { onboardingRepository } from './onboarding.repository.ts';

/** The dashboard's first-run checklist for a business (packages/core onboarding rules). */
export async function getOnboardingChecklist(database: Database, businessId: string): Promise<OnboardingChecklist> {
  return onboardingChecklist(await database.withTenant(businessId, (tx) => onboardingRepository.facts(tx, businessId)));
}
