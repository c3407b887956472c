import type { PlatformBrandingView } from '@till/core';
import type { Executor } from '../../db/client.ts';
import { brandingRepository } from './branding.repository.ts';

/** The migration's seed, should the row ever be missing. */
const FALLBACK: PlatformBrandingView = { product_name: 'Till', sign_in_welcome: 'Welcome back. Sign in to open your till and back office.', primary_color: '#171717' };

/** The platform's look: what the sign-in page shows, and the colour a business without its own uses. */
export async function getPlatformBranding(db: Executor): Promise<PlatformBrandingView> {
  const row = await brandingRepository.findPlatform(db);
  if (!row) return FALLBACK;
  return { product_name: row.productName, sign_in_welcome: row.signInWelcome, primary_color: row.primaryColor };
}
