import { HELP_REQUESTS_PER_HOUR, HELP_TOPIC_LABELS, type HelpTopic } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { headerText, safeDisplayName } from '../../lib/mailer.ts';
import { helpCenterRepository as repo } from './help-center.repository.ts';

export interface HelpRequestInput {
  topic: HelpTopic;
  subject: string;
  message: string;
}

const HOUR_MS = 60 * 60 * 1000;
/** The outbox recipient of a message sent while no super admin exists. */
export const UNADDRESSED = 'super-admins';

/**
 * The Help Center's contact form: the message is recorded for the business and e-mailed to every
 * super admin (verified super-admin accounts and SUPER_ADMIN_EMAILS) through the outbox, by SMTP
 * when configured; with no super admin yet, it waits in the outbox addressed to 'super-admins'. Nothing the sender typed reaches a header but the one-line subject; the
 * sender's account e-mail is in the body for the reply. At most HELP_REQUESTS_PER_HOUR a business.
 */
export async function sendHelpRequest(services: Pick<Services, 'database' | 'mailer' | 'config'>, tenant: TenantContext, input: HelpRequestInput, now: Date) {
  const admins = [...new Set([...services.config.superAdminEmails, ...(await repo.superAdminEmails(services.database.db))].map((email) => email.toLowerCase()))];
  // An installation without a super admin yet still keeps the message in the outbox, addressed to
  // the role, for whoever becomes its super admin to read: nothing is silently dropped.
  const recipients = admins.length > 0 ? admins : [UNADDRESSED];
  const { request, businessName } = await services.database.withTenant(tenant.businessId, async (tx) => {
    await repo.lockBusiness(tx, tenant.businessId);
    if ((await repo.countSince(tx, tenant.businessId, new Date(now.getTime() - HOUR_MS))) >= HELP_REQUESTS_PER_HOUR) {
      throw new AppError(429, 'rate_limited', `This business has sent ${HELP_REQUESTS_PER_HOUR} messages in the last hour. Try again later.`);
    }
    const row = await repo.insert(tx, {
      businessId: tenant.businessId,
      userId: tenant.userId,
      employeeId: tenant.employeeSession?.employeeId ?? null,
      topic: input.topic,
      subject: input.subject,
      message: input.message,
      createdAt: now,
    });
    return { request: row, businessName: await repo.businessName(tx, tenant.businessId) };
  });
  const accountEmail = await repo.accountEmail(services.database.db, tenant.userId);
  const sender = tenant.employeeSession
    ? `${safeDisplayName(tenant.employeeSession.employeeName, 'an employee')} (${tenant.employeeSession.role}) on the account ${accountEmail ?? tenant.userId}`
    : `the business owner, ${accountEmail ?? tenant.userId}`;
  const subject = headerText(`Help request: ${input.subject}`);
  const body = [
    `A help request from ${safeDisplayName(businessName)} (business ${tenant.businessId}).`,
    `Sent by ${sender}.`,
    `Topic: ${HELP_TOPIC_LABELS[input.topic]}`,
    `Subject: ${input.subject}`,
    '',
    input.message,
    '',
    `Request ${request.id}, ${now.toISOString()}. Reply to ${accountEmail ?? 'the account above'}.`,
  ].join('\n');
  // The outbox row is written before this answers; SMTP delivery follows in the background.
  for (const recipient of recipients) await services.mailer.enqueue({ channel: 'email', recipient, subject, body });
  return { id: request.id, sentAt: request.createdAt.toISOString() };
}
