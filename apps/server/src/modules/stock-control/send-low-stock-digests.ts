import { dayInZone, LOW_STOCK_DIGEST_MAX_LINES, lowStockDigestDue, lowStockDigestMessage, minuteOfDayInZone, safeTimeZone } from '@till/core';
import type { Services } from '../../lib/context.ts';
import { effectiveFeatures } from '../../lib/tenant.ts';
import { stockControlRepository as repo } from './stock-control.repository.ts';

/** The server looks for due digests this often (services.ts). */
export const LOW_STOCK_DIGEST_EVERY_MS = 15 * 60 * 1000;

/**
 * The daily low-stock digest (issue 14 item 6): from 07:00 of each business's own day, once a
 * day, the owner gets an e-mail through the outbox listing the products at or below their
 * low-stock level, with links to the low-stock list and to Reorder. Only with low_stock_alerts
 * on (and inventory_management, which holds the stock), to the owner's sign-in address. The
 * day is claimed in the business's fenced transaction before the message is written, so two
 * runs or two app processes send it once; a day with nothing low is claimed and sends nothing.
 */
export async function sendLowStockDigests(services: Pick<Services, 'database' | 'mailer' | 'featureFlags' | 'config'>, now: Date): Promise<{ sent: number }> {
  const { database, mailer } = services;
  const appUrl = services.config.publicUrl ?? `http://localhost:${services.config.port}`;
  let sent = 0;
  for (const candidate of await repo.digestCandidates(database.db)) {
    const timeZone = safeTimeZone(candidate.timeZone);
    const day = dayInZone(now, timeZone);
    const features = await effectiveFeatures(services, candidate.businessId, candidate.storedFeatures);
    const due = lowStockDigestDue({
      minuteOfDay: minuteOfDayInZone(now, timeZone),
      lowStockAlerts: features.low_stock_alerts && features.inventory_management,
      alreadySentToday: candidate.lastDay !== null && candidate.lastDay >= day,
    });
    if (!due || !candidate.ownerEmail) continue;
    const message = await database.withTenant(candidate.businessId, async (tx) => {
      const low = await repo.lowStock(tx, candidate.businessId, LOW_STOCK_DIGEST_MAX_LINES);
      const claimed = await repo.claimDigest(tx, {
        businessId: candidate.businessId,
        day,
        productCount: low.total,
        recipient: low.total > 0 ? candidate.ownerEmail : null,
      });
      if (!claimed || low.total === 0) return null;
      return lowStockDigestMessage({ businessName: candidate.businessName, day, lines: low.lines, total: low.total, appUrl, purchaseOrders: features.purchase_orders });
    });
    if (message) {
      await mailer.enqueue({ channel: 'email', recipient: candidate.ownerEmail, ...message });
      sent += 1;
    }
  }
  return { sent };
}
