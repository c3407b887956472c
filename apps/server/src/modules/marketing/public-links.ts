import type { Services } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { safeDisplayName } from '../../lib/mailer.ts';
import { verifyLinkToken } from './link-token.ts';
import { marketingRepository as repo } from './marketing.repository.ts';

const linkNotFound = () => new AppError(404, 'not_found', 'This link is not valid');

/**
 * The unsubscribe link of a marketing e-mail (no sign-in): the customer it names gets no later
 * campaign. Asking again changes nothing and answers the same.
 */
export async function unsubscribeFromMarketing(services: Pick<Services, 'database' | 'config'>, token: string, now: Date) {
  const claim = verifyLinkToken(services.config.authSecret, 'unsubscribe', token);
  if (!claim) throw linkNotFound();
  return services.database.withTenant(claim.businessId, async (tx) => {
    if (!(await repo.unsubscribe(tx, claim.businessId, claim.id, now))) throw linkNotFound();
    return { unsubscribed: true as const, businessName: safeDisplayName((await repo.currency(tx, claim.businessId)).name) };
  });
}

/** The tracked link of a campaign e-mail: counts the click and answers where it leads. */
export async function followCampaignLink(services: Pick<Services, 'database' | 'config'>, token: string, now: Date) {
  const claim = verifyLinkToken(services.config.authSecret, 'click', token);
  if (!claim) throw linkNotFound();
  const target = await services.database.withTenant(claim.businessId, (tx) => repo.recordClick(tx, claim.businessId, claim.id, now));
  if (!target?.linkUrl) throw linkNotFound();
  return target.linkUrl;
}
