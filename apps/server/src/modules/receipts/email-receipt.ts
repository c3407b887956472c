import type { TenantContext, Services } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { safeDisplayName } from '../../lib/mailer.ts';
import { ordersRepository } from '../orders/orders.repository.ts';
import { getReceipt } from './get-receipt.ts';
import { receiptMoney, receiptPlainText } from '@till/core';

/**
 * Emails the plain-text receipt (through the outbox; by SMTP when configured) and records a
 * receipt_emailed event in the order's history. The mail is queued first, outside the tenant
 * transaction: the mailer writes with its own handle, which must not wait on that transaction.
 */
export async function emailReceipt(
  services: Pick<Services, 'database' | 'mailer' | 'messageLimits'>,
  tenant: TenantContext,
  input: { orderId: string; email: string; refundId?: string | undefined },
) {
  const { receipt, businessName: typedName } = await getReceipt(services.database, tenant.businessId, input.orderId, input.refundId);
  // Counted per business in PostgreSQL, so the receipt form cannot be turned into a mail relay (decision 016).
  const limit = await services.messageLimits.receiptEmailsPerBusiness.hit(tenant.businessId);
  if (!limit.allowed) {
    throw new AppError(429, 'rate_limited', 'This business has sent too many receipt emails this hour. Try again later.', {
      retry_after_seconds: limit.retryAfterSeconds,
    });
  }
  // The From address is always the deployment's own; the business's name only names it in the text.
  const businessName = safeDisplayName(typedName);
  const subject = `${receipt.heading} from ${businessName}`;
  const body = [
    `${receipt.kind === 'refund' ? 'Your refund' : 'Your receipt'} from ${businessName}: ${receiptMoney(receipt.total, receipt.currency)}.`,
    '',
    receiptPlainText(receipt),
    '',
  ].join('\n');
  await services.mailer.send({ channel: 'email', recipient: input.email, subject, body });
  await services.database.withTenant(tenant.businessId, (tx) =>
    ordersRepository.insertEvent(tx, {
      businessId: tenant.businessId,
      orderId: input.orderId,
      type: 'receipt_emailed',
      actorUserId: tenant.userId,
      actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
      actorName: tenant.employeeSession?.employeeName ?? 'Business owner',
      details: { email: input.email, ...(input.refundId ? { refundId: input.refundId } : {}) },
    }),
  );
  return { ok: true as const, email: input.email };
}
