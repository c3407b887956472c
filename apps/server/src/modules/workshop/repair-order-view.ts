import { formatHours, nextRepairOrderStatuses, priceRepairOrder, type RepairLineInput } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { repairOrderNotFound } from './workshop-errors.ts';
import { workshopRepository as repo, type JobRow, type LineRow, type RepairOrderRow, type VehicleRow } from './workshop.repository.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export const toLineInput = (line: LineRow): RepairLineInput =>
  line.kind === 'labour'
    ? { kind: 'labour', hoursHundredths: line.hoursHundredths!, rate: line.rate!, taxRateBasisPoints: line.taxRateBasisPoints }
    : { kind: 'part', quantity: line.quantity, unitPrice: line.unitPrice!, taxRateBasisPoints: line.taxRateBasisPoints };

/** Prices jobs with the core rule (decision 030); the server never takes a total from the client. */
export function priceJobs(jobs: JobRow[], lines: LineRow[], pricesIncludeTax: boolean) {
  const linesOf = (job: JobRow) => lines.filter((line) => line.jobId === job.id);
  const priced = priceRepairOrder({ pricesIncludeTax, jobs: jobs.map((job) => ({ approval: job.approval, lines: linesOf(job).map(toLineInput) })) });
  return {
    priced,
    jobs: jobs.map((job, index) => {
      const jobLines = linesOf(job);
      const pricedJob = priced.jobs[index]!;
      return {
        job,
        lines: jobLines.map((line, lineIndex) => ({ line, ...pricedJob.lines[lineIndex]! })),
        labour: pricedJob.labour,
        parts: pricedJob.parts,
        subtotal: pricedJob.subtotal,
        tax: pricedJob.tax,
        total: pricedJob.total,
      };
    }),
  };
}

/** What the board shows of an order's jobs (decision 041): priced by core, counted, the hours clocked. */
export function boardSummary(jobs: JobRow[], lines: LineRow[], pricesIncludeTax: boolean) {
  const { priced } = priceJobs(jobs, lines, pricesIncludeTax);
  return {
    subtotal: priced.subtotal,
    tax: priced.tax,
    total: priced.total,
    pricedIncludingTax: pricesIncludeTax,
    jobCount: jobs.length,
    approvedJobs: jobs.filter((job) => job.approval === 'approved').length,
    declinedJobs: jobs.filter((job) => job.approval === 'declined').length,
    clockedHundredths: jobs.reduce((sum, job) => sum + (job.actualHundredths ?? 0), 0),
  };
}
export type BoardSummary = ReturnType<typeof boardSummary>;

/** Prices the order again and stores what its board card shows, in the caller's transaction (every change to jobs, lines, approvals or status). */
export async function storeBoardSummary(tx: Tx, businessId: string, orderId: string, values: Partial<Omit<RepairOrderRow, 'id' | 'businessId'>> = {}) {
  const [business, jobs, lines] = [await repo.businessOf(tx, businessId), await repo.jobsOf(tx, businessId, [orderId]), await repo.linesOf(tx, businessId, [orderId])];
  await repo.updateOrder(tx, businessId, orderId, { ...values, ...boardSummary(jobs, lines, business.pricesIncludeTax) });
}

export const vehicleLabel = (vehicle: Pick<VehicleRow, 'year' | 'make' | 'model' | 'plate'>) =>
  [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') || vehicle.plate || 'Vehicle';

export function toVehicleView(vehicle: VehicleRow, customerName: string) {
  return {
    id: vehicle.id,
    customer_id: vehicle.customerId,
    customer_name: customerName,
    vin: vehicle.vin,
    plate: vehicle.plate,
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    engine: vehicle.engine,
    colour: vehicle.colour,
    notes: vehicle.notes,
    label: vehicleLabel(vehicle),
    next_service: { due_on: vehicle.nextServiceDueOn, due_mileage: vehicle.nextServiceDueMileage },
    created_at: vehicle.createdAt.toISOString(),
    updated_at: vehicle.updatedAt.toISOString(),
  };
}

/** The whole repair order as the shop sees it, priced. */
export async function readRepairOrder(
  tx: Tx,
  businessId: string,
  id: string,
  approvalUrl: (approvalId: string, expiresAt: Date) => string,
  /** Turns a stored photo name into the URL the view carries (a signed URL for the shop; the bare name for the approval snapshot). */
  photoUrl: (name: string) => string = () => '',
) {
  const order = await repo.order(tx, businessId, id);
  if (!order) throw repairOrderNotFound();
  const vehicle = (await repo.vehicle(tx, businessId, order.vehicleId))!;
  const customer = (await repo.customer(tx, businessId, order.customerId))!;
  const business = await repo.businessOf(tx, businessId);
  const [points, photos, jobs, lines, approval] = [
    await repo.pointsOf(tx, businessId, [id]),
    await repo.photosOf(tx, businessId, [id]),
    await repo.jobsOf(tx, businessId, [id]),
    await repo.linesOf(tx, businessId, [id]),
    await repo.latestApproval(tx, businessId, id),
  ];
  const technicians = await repo.employeeNames(tx, businessId, jobs.flatMap((job) => (job.technicianEmployeeId ? [job.technicianEmployeeId] : [])));
  const { priced, jobs: pricedJobs } = priceJobs(jobs, lines, business.pricesIncludeTax);
  const clocks = await repo.runningClocksOn(tx, businessId, [id]);
  const invoice = order.invoiceId ? await repo.invoiceSummary(tx, businessId, order.invoiceId) : null;
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    next_statuses: [...nextRepairOrderStatuses(order.status)],
    concerns: order.concerns,
    odometer: order.odometer,
    currency: business.currency,
    prices_include_tax: business.pricesIncludeTax,
    created_at: order.createdAt.toISOString(),
    status_changed_at: order.statusChangedAt.toISOString(),
    appointment_id: order.appointmentId,
    invoice: invoice ? { id: invoice.id, number: invoice.number, status: invoice.status, total: invoice.total, paid_total: invoice.paidTotal } : null,
    vehicle: toVehicleView(vehicle, customer.name),
    customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone },
    inspection: points.map((point) => ({
      id: point.id,
      label: point.label,
      condition: point.condition,
      notes: point.notes,
      photos: photos.filter((photo) => photo.pointId === point.id).map((photo) => ({ id: photo.id, url: photoUrl(photo.name) })),
    })),
    jobs: pricedJobs.map((entry) => ({
      id: entry.job.id,
      title: entry.job.title,
      approval: entry.job.approval,
      technician_employee_id: entry.job.technicianEmployeeId,
      technician_name: entry.job.technicianEmployeeId ? (technicians.get(entry.job.technicianEmployeeId) ?? null) : null,
      actual_hours: entry.job.actualHundredths === null ? null : formatHours(entry.job.actualHundredths),
      running_clocks: clocks
        .filter((clock) => clock.jobId === entry.job.id)
        .map((clock) => ({ employee_id: clock.employeeId, employee_name: clock.employeeName, started_at: clock.startedAt.toISOString() })),
      lines: entry.lines.map(({ line, amount, tax, total }) => ({
        id: line.id,
        kind: line.kind,
        description: line.description,
        hours: line.hoursHundredths === null ? null : formatHours(line.hoursHundredths),
        rate: line.rate,
        product_id: line.productId,
        quantity: line.quantity,
        unit_price: line.unitPrice,
        tax_rate_basis_points: line.taxRateBasisPoints,
        amount,
        tax,
        total,
      })),
      labour: entry.labour,
      parts: entry.parts,
      subtotal: entry.subtotal,
      tax: entry.tax,
      total: entry.total,
    })),
    totals: { subtotal: priced.subtotal, tax: priced.tax, total: priced.total, quoted_total: priced.quoted.total },
    approval: approval
      ? {
          id: approval.id,
          url: approvalUrl(approval.id, approval.expiresAt),
          emailed_to: approval.emailedTo,
          sent_at: approval.createdAt.toISOString(),
          expires_at: approval.expiresAt.toISOString(),
          decided_at: iso(approval.decidedAt),
          customer_name: approval.customerName,
          ip_address: approval.ipAddress,
        }
      : null,
  };
}

export type RepairOrderView = Awaited<ReturnType<typeof readRepairOrder>>;
