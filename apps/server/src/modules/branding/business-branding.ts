import type { BusinessBrandingInput, BusinessBrandingView } from '@till/core';
import type { Services, TenantContext } from '../../lib/context.ts';
import { brandingRepository } from './branding.repository.ts';
import { getPlatformBranding } from './get-platform-branding.ts';

const blankToNull = (text: string | null) => (text === null || text.trim() === '' ? null : text);

/** The business's own colour and receipt texts, and the colour the app paints in (its own, else the platform's). */
export async function getBusinessBranding(services: Pick<Services, 'database'>, tenant: TenantContext): Promise<BusinessBrandingView> {
  const [row, platform] = await Promise.all([
    services.database.withTenant(tenant.businessId, (tx) => brandingRepository.findBusiness(tx, tenant.businessId)),
    getPlatformBranding(services.database.db),
  ]);
  return {
    brand_color: row?.brandColor ?? null,
    receipt_header: row?.receiptHeader ?? null,
    receipt_footer: row?.receiptFooter ?? null,
    effective_color: row?.brandColor ?? platform.primary_color,
  };
}

/** The owner (or an admin with can_change_settings) sets the business's colour and receipt texts; empty texts clear them. */
export async function updateBusinessBranding(services: Pick<Services, 'database'>, tenant: TenantContext, input: BusinessBrandingInput): Promise<BusinessBrandingView> {
  await services.database.withTenant(tenant.businessId, (tx) =>
    brandingRepository.updateBusiness(tx, tenant.businessId, {
      brandColor: input.brand_color,
      receiptHeader: blankToNull(input.receipt_header),
      receiptFooter: blankToNull(input.receipt_footer),
    }),
  );
  return getBusinessBranding(services, tenant);
}
