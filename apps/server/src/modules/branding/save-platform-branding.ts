import type { PlatformBrandingInput, PlatformBrandingView } from '@till/core';
import type { Services } from '../../lib/context.ts';
import { brandingRepository } from './branding.repository.ts';
import { getPlatformBranding } from './get-platform-branding.ts';

/** The super admin saves the platform's look in the visual editor; audited in platform_audit_log with the old and new values. */
export async function savePlatformBranding(services: Services, actorUserId: string, input: PlatformBrandingInput, now: Date): Promise<PlatformBrandingView> {
  const db = services.database.db;
  await db.transaction(async (tx) => {
    const before = await getPlatformBranding(tx);
    await brandingRepository.savePlatform(tx, {
      productName: input.product_name,
      signInWelcome: input.sign_in_welcome,
      primaryColor: input.primary_color,
      updatedByUserId: actorUserId,
      updatedAt: now,
    });
    await brandingRepository.insertAudit(tx, { actorUserId, action: 'platform_branding.saved', details: { before, after: input } });
  });
  return getPlatformBranding(db);
}
