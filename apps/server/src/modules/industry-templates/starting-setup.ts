import { defaultEnabledFeatures, type EnabledFeatures, type Industry } from '@till/core';
import type { Executor, Tx } from '../../db/client.ts';
import { applyIndustryTemplate } from './apply-industry-template.ts';
import { findIndustryTemplate } from './list-industry-templates.ts';

/**
 * What a new business starts with (issue 20 item 2): its industry's template, or, when the owner
 * chose to start empty, SPEC §9's first-time features and no categories or products.
 */
export async function startingSetup(
  db: Executor,
  businessId: string,
  industry: Industry,
  startEmpty: boolean,
): Promise<{ enabledFeatures: EnabledFeatures; starter: (tx: Tx) => Promise<void> }> {
  if (startEmpty) return { enabledFeatures: defaultEnabledFeatures({ firstTimeSetup: true }), starter: async () => undefined };
  const template = await findIndustryTemplate(db, industry);
  return { enabledFeatures: template.enabled_features, starter: (tx) => applyIndustryTemplate(tx, businessId, template) };
}
