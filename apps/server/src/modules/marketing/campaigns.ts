import { attributionWindow, campaignEmailText, rulesToWire, segmentBounds, type SegmentRules } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { safeDisplayName } from '../../lib/mailer.ts';
import { signLinkToken } from './link-token.ts';
import { campaignAlreadySent, campaignNotFound, segmentNotFound } from './marketing-errors.ts';
import { marketingRepository as repo, type CampaignRow } from './marketing.repository.ts';

const CAMPAIGN_LIST_LIMIT = 100;

/** The wire's shape (decision 070: snake_case) of a campaign and its results. */
async function campaignView(tx: Tx, businessId: string, row: CampaignRow) {
  const window = row.sentAt ? attributionWindow(row.sentAt, row.attributionDays) : null;
  const results = await repo.results(tx, businessId, row.id, window);
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    link_url: row.linkUrl,
    segment_id: row.segmentId,
    segment_name: row.segmentName,
    rules: rulesToWire(row.rules),
    attribution_days: row.attributionDays,
    status: row.status,
    sent_at: row.sentAt?.toISOString() ?? null,
    attribution_ends_at: window?.until.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    results: {
      sends: results.sends,
      clicks: results.clicks,
      clicked_recipients: results.clickedRecipients,
      unsubscribes: results.unsubscribes,
      attributed_orders: results.attributedOrders,
      attributed_revenue: results.attributedRevenue,
    },
  };
}

export async function createCampaign(
  database: Database,
  tenant: TenantContext,
  input: { segmentId: string; subject: string; body: string; linkUrl?: string | null | undefined; attributionDays: number },
) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const segment = await repo.segment(tx, tenant.businessId, input.segmentId);
    if (!segment) throw segmentNotFound();
    const row = await repo.insertCampaign(tx, {
      businessId: tenant.businessId,
      subject: input.subject,
      body: input.body,
      linkUrl: input.linkUrl ?? null,
      segmentId: segment.id,
      segmentName: segment.name,
      rules: segment.rules,
      attributionDays: input.attributionDays,
      createdByUserId: tenant.userId,
    });
    return { campaign: await campaignView(tx, tenant.businessId, row) };
  });
}

export async function listCampaigns(database: Database, businessId: string) {
  return database.withTenant(businessId, async (tx) => {
    const { currency } = await repo.currency(tx, businessId);
    const campaigns = [];
    for (const row of await repo.campaigns(tx, businessId, CAMPAIGN_LIST_LIMIT)) campaigns.push(await campaignView(tx, businessId, row));
    return { campaigns, currency };
  });
}

export async function getCampaign(database: Database, businessId: string, id: string) {
  return database.withTenant(businessId, async (tx) => {
    const row = await repo.campaign(tx, businessId, id);
    if (!row) throw campaignNotFound();
    const { currency } = await repo.currency(tx, businessId);
    return { campaign: await campaignView(tx, businessId, row), currency };
  });
}

/** A sent campaign asked again: the same key answers as the first time, another key is refused. */
function alreadySent(row: CampaignRow, key: string) {
  if (row.sendKey !== key) throw campaignAlreadySent();
}

/**
 * Sends the campaign once to the customers of its segment who have an e-mail address and have not
 * unsubscribed: one outbox message each (SMTP delivers it when configured), with a tracked link
 * and an unsubscribe link of their own. The campaign is claimed (status sent, the client's key,
 * the recipient rows) and its outbox messages written in one transaction, so two sends never both
 * go out and a claim never commits without its messages; a retry with the same key answers the first result. Sends are counted per business in
 * PostgreSQL (decision 051), like the receipt e-mails.
 */
export async function sendCampaign(
  services: Pick<Services, 'database' | 'mailer' | 'messageLimits' | 'config'>,
  tenant: TenantContext,
  id: string,
  input: { idempotencyKey: string; origin: string },
  now: Date,
) {
  const { database } = services;
  const businessId = tenant.businessId;
  const before = await database.withTenant(businessId, (tx) => repo.campaign(tx, businessId, id));
  if (!before) throw campaignNotFound();
  if (before.status === 'sent') {
    alreadySent(before, input.idempotencyKey);
    return getCampaign(database, businessId, id);
  }
  const limit = await services.messageLimits.marketingCampaignsPerBusiness.hit(businessId);
  if (!limit.allowed) {
    throw new AppError(429, 'rate_limited', 'This business has sent too many campaigns this hour. Try again later.', { retry_after_seconds: limit.retryAfterSeconds });
  }
  await database.withTenant(businessId, async (tx) => {
    const row = await repo.campaign(tx, businessId, id, true);
    if (!row) throw campaignNotFound();
    if (row.status === 'sent') {
      alreadySent(row, input.idempotencyKey);
      return;
    }
    const recipients = await repo.reachableCustomers(tx, businessId, segmentBounds(row.rules as SegmentRules, now));
    const inserted = await repo.insertRecipients(
      tx,
      recipients.map((customer) => ({ businessId, campaignId: row.id, customerId: customer.id, email: customer.email })),
    );
    await repo.markSent(tx, businessId, row.id, { sendKey: input.idempotencyKey, sentAt: now });
    const secret = services.config.authSecret;
    const businessName = safeDisplayName((await repo.currency(tx, businessId)).name);
    // In the claim's transaction (decision 065): a crash before the commit leaves the campaign a
    // draft with no recipients, never "sent" with no messages. One multi-row write per thousand.
    await services.mailer.enqueueMany(
      tx,
      inserted.map((recipient) => {
        const trackedLink = row.linkUrl ? `${input.origin}/api/public/marketing/links/${signLinkToken(secret, 'click', { businessId, id: recipient.id })}` : null;
        const unsubscribeLink = `${input.origin}/unsubscribe/${signLinkToken(secret, 'unsubscribe', { businessId, id: recipient.customerId })}`;
        return {
          channel: 'email' as const,
          recipient: recipient.email,
          subject: row.subject,
          body: campaignEmailText({ body: row.body, businessName, trackedLink, unsubscribeLink }),
        };
      }),
    );
  });
  return getCampaign(database, businessId, id);
}
