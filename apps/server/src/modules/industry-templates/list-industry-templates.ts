import { INDUSTRIES, defaultIndustryTemplate, resolveEnabledFeatures, type Industry, type IndustryTemplateView } from '@till/core';
import type { Executor } from '../../db/client.ts';
import type { Services } from '../../lib/context.ts';
import { industryTemplatesRepository } from './industry-templates.repository.ts';

type TemplateRow = Awaited<ReturnType<typeof industryTemplatesRepository.find>>;

function toView(industry: Industry, row: TemplateRow): IndustryTemplateView {
  if (!row) return { industry, ...defaultIndustryTemplate(), updated_at: null };
  return {
    industry,
    enabled_features: resolveEnabledFeatures(row.enabledFeatures),
    categories: row.categories,
    products: row.products,
    currency: row.currency,
    receipt_header: row.receiptHeader,
    receipt_footer: row.receiptFooter,
    dining_areas: row.diningAreas,
    inspection_points: row.inspectionPoints,
    updated_at: row.updatedAt?.toISOString() ?? null,
  };
}

/** The three SPEC §1 industries' templates, in SPEC order (a missing row reads as today's default setup). */
export async function listIndustryTemplates(services: Services): Promise<IndustryTemplateView[]> {
  const rows = new Map((await industryTemplatesRepository.list(services.database.db)).map((row) => [row.industry, row]));
  return INDUSTRIES.map((industry) => toView(industry, rows.get(industry) ?? null));
}

export async function findIndustryTemplate(db: Executor, industry: Industry): Promise<IndustryTemplateView> {
  return toView(industry, await industryTemplatesRepository.find(db, industry));
}
