import { APPROVAL_LINK_DAYS, formatMoney } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { safeDisplayName } from '../../lib/mailer.ts';
import { inspectionPhotoSigner } from './inspection-photo-url.ts';
import { approvalUrlOf } from './repair-order-access.ts';
import { readRepairOrder, storeBoardSummary, type RepairOrderView } from './repair-order-view.ts';
import { actorOf, repairOrderNotFound } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/** What the customer is shown, kept with their answer. */
export function approvalSnapshot(view: RepairOrderView, businessName: string) {
  return {
    business_name: businessName,
    number: view.number,
    currency: view.currency,
    prices_include_tax: view.prices_include_tax,
    customer_name: view.customer.name,
    vehicle: { label: view.vehicle.label, plate: view.vehicle.plate, vin: view.vehicle.vin },
    concerns: view.concerns,
    odometer: view.odometer,
    inspection: view.inspection.filter((point) => point.condition !== null).map((point) => ({ label: point.label, condition: point.condition, notes: point.notes, photos: point.photos.map((photo) => photo.url) })),
    jobs: view.jobs.map((job) => ({
      id: job.id,
      title: job.title,
      lines: job.lines.map((line) => ({ kind: line.kind, description: line.description, hours: line.hours, quantity: line.quantity, amount: line.amount })),
      subtotal: job.subtotal,
      tax: job.tax,
      total: job.total,
    })),
    totals: { subtotal: view.totals.subtotal, tax: view.totals.tax, total: view.totals.quoted_total },
  };
}
export type ApprovalSnapshot = ReturnType<typeof approvalSnapshot>;

/**
 * estimate → waiting_for_approval: freezes what the customer will see, makes a signed link valid
 * for APPROVAL_LINK_DAYS, resets the jobs' answers to pending and, when the customer has an
 * e-mail address, sends the link through the outbox. `origin` makes the link absolute.
 */
export async function sendForApproval(services: Services, tenant: TenantContext, id: string, origin: string, now: Date) {
  const { businessId } = tenant;
  const urlOf = approvalUrlOf(services, businessId);
  const result = await services.database.withTenant(businessId, async (tx) => {
    const order = await repo.order(tx, businessId, id, true);
    if (!order) throw repairOrderNotFound();
    if (order.status !== 'estimate') throw new AppError(409, 'illegal_transition', 'Only an estimate can be sent for approval');
    await repo.setApprovals(tx, businessId, id, 'pending');
    await storeBoardSummary(tx, businessId, id);
    // The snapshot keeps each photo's object name (the bare name, not a URL); the public page signs it when read.
    const view = await readRepairOrder(tx, businessId, id, urlOf, (name) => name);
    if (view.jobs.length === 0) throw new AppError(409, 'no_jobs_to_approve', 'Add at least one job before sending the estimate');
    if (view.jobs.some((job) => job.lines.length === 0)) throw new AppError(409, 'job_without_lines', 'Every job needs labour or parts before the estimate is sent');
    const business = await repo.businessOf(tx, businessId);
    const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + APPROVAL_LINK_DAYS * 86_400_000);
    const approval = await repo.insertApproval(tx, {
      businessId,
      repairOrderId: id,
      snapshot: approvalSnapshot(view, business.name),
      emailedTo: view.customer.email,
      expiresAt,
    });
    await repo.updateOrder(tx, businessId, id, { status: 'waiting_for_approval', statusChangedAt: now });
    await repo.insertAudit(tx, { businessId, ...actorOf(tenant), action: 'repair_order.sent_for_approval', details: { repair_order_id: id, approval_id: approval.id, emailed: Boolean(view.customer.email) } });
    return { view, business, approval, path: urlOf(approval.id, expiresAt) };
  });
  const url = `${origin}${result.path}`;
  if (result.view.customer.email) {
    const shop = safeDisplayName(result.business.name);
    await services.mailer.enqueue({
      channel: 'email',
      recipient: result.view.customer.email,
      subject: `Your ${result.view.vehicle.label} estimate from ${shop}`,
      body: [
        `Hello ${result.view.customer.name},`,
        '',
        `${shop} has inspected your ${result.view.vehicle.label} and prepared an estimate of ${formatMoney(result.view.totals.quoted_total, result.view.currency)}.`,
        'Approve or decline each job here:',
        url,
        '',
        `The link works until ${result.approval.expiresAt.toUTCString()}.`,
      ].join('\n'),
    });
  }
  const fresh = await services.database.withTenant(businessId, (tx) => readRepairOrder(tx, businessId, id, urlOf, inspectionPhotoSigner(services, businessId)));
  return { repair_order: fresh, approval_url: url, emailed_to: result.view.customer.email, expires_at: result.approval.expiresAt.toISOString() };
}
