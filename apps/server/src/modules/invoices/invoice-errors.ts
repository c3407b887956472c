import { canInvoice, INVOICE_STATUS_LABELS, type InvoiceAction, type InvoiceStatus } from '@till/core';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';

export const invoiceNotFound = () => notFound('invoice_not_found', 'No invoice of this business has this id');

const ACTION_WORDS: Record<InvoiceAction, string> = {
  edit: 'edited',
  delete: 'deleted',
  issue: 'issued',
  send: 'sent',
  pay: 'paid',
  credit: 'credited',
  void: 'voided',
};

const HINTS: Partial<Record<InvoiceAction, string>> = {
  edit: ' Void it or issue a credit note instead.',
  delete: ' Void it instead.',
  send: ' Issue it first.',
  void: ' An invoice with payments or credit notes is corrected with a credit note.',
};

/** 409 for a transition the status does not allow (decision 031). */
export function ensureInvoiceTransition(invoice: { status: InvoiceStatus; paidTotal: number; creditedTotal: number }, action: InvoiceAction): void {
  const allowed = canInvoice(invoice.status, action) && !(action === 'void' && (invoice.paidTotal > 0 || invoice.creditedTotal > 0));
  if (!allowed) {
    throw new AppError(409, 'invoice_status_conflict', `A ${INVOICE_STATUS_LABELS[invoice.status].toLowerCase()} invoice cannot be ${ACTION_WORDS[action]}.${HINTS[action] ?? ''}`, {
      status: invoice.status,
    });
  }
}

export const actorOf = (tenant: TenantContext) => ({
  actorUserId: tenant.userId,
  actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
});
