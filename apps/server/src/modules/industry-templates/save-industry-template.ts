import type { Industry, IndustryTemplateInput, IndustryTemplateView } from '@till/core';
import type { Services } from '../../lib/context.ts';
import { findIndustryTemplate } from './list-industry-templates.ts';
import { industryTemplatesRepository } from './industry-templates.repository.ts';

/**
 * The super admin saves an industry's template; audited in platform_audit_log with the counts.
 * Businesses that exist keep what they have: a template only shapes the next sign-ups.
 */
export async function saveIndustryTemplate(services: Services, actorUserId: string, industry: Industry, input: IndustryTemplateInput, now: Date): Promise<IndustryTemplateView> {
  const categories = input.categories.map((name) => name.trim());
  const products = input.products.map((product) => ({ name: product.name.trim(), price: product.price, category: product.category?.trim() ?? null }));
  const blankToNull = (text: string | null) => (text === null || text.trim() === '' ? null : text.trim());
  const diningAreas = input.dining_areas.map((area) => ({ name: area.name.trim(), tables: area.tables.map((table) => ({ name: table.name.trim(), seats: table.seats })) }));
  const inspectionPoints = input.inspection_points.map((point) => point.trim());
  await services.database.db.transaction(async (tx) => {
    await industryTemplatesRepository.upsert(tx, {
      industry,
      enabledFeatures: input.enabled_features,
      categories,
      products,
      currency: input.currency,
      receiptHeader: blankToNull(input.receipt_header),
      receiptFooter: blankToNull(input.receipt_footer),
      diningAreas,
      inspectionPoints,
      updatedByUserId: actorUserId,
      updatedAt: now,
    });
    await industryTemplatesRepository.insertAudit(tx, {
      actorUserId,
      action: 'industry_template.saved',
      details: {
        industry,
        categories: categories.length,
        products: products.length,
        currency: input.currency,
        receipt_texts: { header: blankToNull(input.receipt_header) !== null, footer: blankToNull(input.receipt_footer) !== null },
        dining_areas: diningAreas.length,
        dining_tables: diningAreas.reduce((sum, area) => sum + area.tables.length, 0),
        inspection_points: inspectionPoints.length,
        enabled_features: Object.keys(input.enabled_features).filter((name) => input.enabled_features[name as keyof typeof input.enabled_features]),
      },
    });
  });
  return findIndustryTemplate(services.database.db, industry);
}
