import type { TenantContext, Services } from '../../lib/context.ts';
import { ordersRepository } from '../orders/orders.repository.ts';
import { getReceipt } from './get-receipt.ts';
import { receiptMoney, receiptPlainText } from '@till/core';

/**
 * Emails the plain-text receipt (through the outbox; by SMTP when configured) and records a
 * receipt_emailed event in the order's history. The mail is queued first, outside the tenant
 * transaction: the mailer writes with its own handle, which must not wait on that transaction.
 */
export async function emailReceipt(
  services: Pick<Services, 'database' | 'mailer'>,
  tenant: TenantContext,
  input: { orderId: string; email: string; refundId?: string | undefined },
) {
  const { receipt, businessName } = await getReceipt(services.database, tenant.businessId, input.orderId, input.refundId);
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
