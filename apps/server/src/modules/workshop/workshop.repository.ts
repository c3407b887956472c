import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  appointmentServices,
  appointments,
  auditLog,
  businessSettings,
  businesses,
  customers,
  employees,
  invoices,
  inspectionPhotos,
  inspectionPoints,
  odometerReadings,
  products,
  repairApprovals,
  repairJobClocks,
  repairJobs,
  repairLines,
  repairOrders,
  taxRates,
  vehicles,
  workshopSettings,
} from '../../db/schema/index.ts';

export type VehicleRow = typeof vehicles.$inferSelect;
export type RepairOrderRow = typeof repairOrders.$inferSelect;
export type JobRow = typeof repairJobs.$inferSelect;
export type LineRow = typeof repairLines.$inferSelect;
export type PointRow = typeof inspectionPoints.$inferSelect;
export type PhotoRow = typeof inspectionPhotos.$inferSelect;
export type ApprovalRow = typeof repairApprovals.$inferSelect;

/** LIKE pattern matching `text` anywhere, with its own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The workshop (decision 030): the ONLY place its tables are read and written. */
export const workshopRepository = {
  async businessOf(tx: Tx, businessId: string) {
    const [row] = await tx
      .select({ name: businesses.name, currency: businesses.currency, pricesIncludeTax: businessSettings.pricesIncludeTax })
      .from(businesses)
      .leftJoin(businessSettings, eq(businessSettings.businessId, businesses.id))
      .where(eq(businesses.id, businessId));
    return { name: row!.name, currency: row!.currency, pricesIncludeTax: row!.pricesIncludeTax ?? false };
  },

  async settings(tx: Tx, businessId: string) {
    const [row] = await tx.select().from(workshopSettings).where(eq(workshopSettings.businessId, businessId));
    return row ?? null;
  },

  async saveSettings(tx: Tx, businessId: string, values: { inspectionPoints: string[]; labourRate: number }) {
    await tx
      .insert(workshopSettings)
      .values({ businessId, ...values })
      .onConflictDoUpdate({ target: workshopSettings.businessId, set: { ...values, updatedAt: new Date() } });
  },

  async defaultTaxRate(tx: Tx, businessId: string) {
    const [row] = await tx.select({ basisPoints: taxRates.basisPoints }).from(taxRates).where(and(eq(taxRates.businessId, businessId), eq(taxRates.isDefault, true))).limit(1);
    return row?.basisPoints ?? 0;
  },

  async product(tx: Tx, businessId: string, id: string) {
    const [row] = await tx
      .select({ id: products.id, name: products.name, price: products.price, basisPoints: taxRates.basisPoints })
      .from(products)
      .leftJoin(taxRates, eq(taxRates.id, products.taxRateId))
      .where(and(eq(products.businessId, businessId), eq(products.id, id)));
    return row ?? null;
  },

  async customer(tx: Tx, businessId: string, id: string) {
    const [row] = await tx.select().from(customers).where(and(eq(customers.businessId, businessId), eq(customers.id, id)));
    return row ?? null;
  },

  async employee(tx: Tx, businessId: string, id: string) {
    const [row] = await tx
      .select({ id: employees.id, fullName: employees.fullName, isActive: employees.isActive })
      .from(employees)
      .where(and(eq(employees.businessId, businessId), eq(employees.id, id)));
    return row ?? null;
  },

  async employeeNames(tx: Tx, businessId: string, ids: string[]) {
    if (ids.length === 0) return new Map<string, string>();
    const rows = await tx.select({ id: employees.id, fullName: employees.fullName }).from(employees).where(and(eq(employees.businessId, businessId), inArray(employees.id, ids)));
    return new Map(rows.map((row) => [row.id, row.fullName]));
  },

  // --- technicians' clocks (decision 038) -------------------------------------------------------

  async runningClockOf(tx: Tx, businessId: string, employeeId: string) {
    const [row] = await tx
      .select()
      .from(repairJobClocks)
      .where(and(eq(repairJobClocks.businessId, businessId), eq(repairJobClocks.employeeId, employeeId), isNull(repairJobClocks.stoppedAt)))
      .for('update');
    return row ?? null;
  },

  async insertClock(tx: Tx, row: typeof repairJobClocks.$inferInsert) {
    await tx.insert(repairJobClocks).values(row);
  },

  async stopClock(tx: Tx, businessId: string, id: string, stoppedAt: Date, hundredths: number) {
    await tx
      .update(repairJobClocks)
      .set({ stoppedAt, hundredths })
      .where(and(eq(repairJobClocks.businessId, businessId), eq(repairJobClocks.id, id)));
  },

  /** The clocks running on these repair orders, with the technician's name. */
  async runningClocksOn(tx: Tx, businessId: string, orderIds: string[]) {
    if (orderIds.length === 0) return [];
    return tx
      .select({ repairOrderId: repairJobClocks.repairOrderId, jobId: repairJobClocks.jobId, employeeId: repairJobClocks.employeeId, employeeName: employees.fullName, startedAt: repairJobClocks.startedAt })
      .from(repairJobClocks)
      .innerJoin(employees, eq(employees.id, repairJobClocks.employeeId))
      .where(and(eq(repairJobClocks.businessId, businessId), inArray(repairJobClocks.repairOrderId, orderIds), isNull(repairJobClocks.stoppedAt)))
      .orderBy(asc(repairJobClocks.startedAt));
  },

  // --- vehicles -------------------------------------------------------------------------------

  async searchVehicles(tx: Tx, businessId: string, q: string | undefined, limit: number) {
    const conditions = [eq(vehicles.businessId, businessId)];
    const text = q?.trim();
    if (text) {
      const pattern = containing(text.toLowerCase());
      const compact = containing(text.replace(/[\s-]/g, '').toLowerCase());
      conditions.push(
        or(
          sql`lower(replace(replace(${vehicles.plate}, ' ', ''), '-', '')) like ${compact}`,
          sql`lower(${vehicles.vin}) like ${compact}`,
          sql`lower(${customers.name}) like ${pattern}`,
        )!,
      );
    }
    return tx
      .select({ vehicle: vehicles, customerName: customers.name })
      .from(vehicles)
      .innerJoin(customers, eq(customers.id, vehicles.customerId))
      .where(and(...conditions))
      .orderBy(desc(vehicles.updatedAt), asc(vehicles.id))
      .limit(limit);
  },

  async vehicle(tx: Tx, businessId: string, id: string, forUpdate = false) {
    const query = tx.select().from(vehicles).where(and(eq(vehicles.businessId, businessId), eq(vehicles.id, id)));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ?? null;
  },

  async vehicleByVin(tx: Tx, businessId: string, vin: string) {
    const [row] = await tx.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.businessId, businessId), eq(vehicles.vin, vin)));
    return row ?? null;
  },

  async insertVehicle(tx: Tx, row: typeof vehicles.$inferInsert) {
    const [inserted] = await tx.insert(vehicles).values(row).returning();
    return inserted!;
  },

  async updateVehicle(tx: Tx, businessId: string, id: string, values: Partial<typeof vehicles.$inferInsert>) {
    const [row] = await tx
      .update(vehicles)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(vehicles.businessId, businessId), eq(vehicles.id, id)))
      .returning();
    return row ?? null;
  },

  async insertOdometer(tx: Tx, row: typeof odometerReadings.$inferInsert) {
    await tx.insert(odometerReadings).values(row);
  },

  async odometerOf(tx: Tx, businessId: string, vehicleId: string) {
    return tx
      .select({ reading: odometerReadings.reading, recordedAt: odometerReadings.recordedAt, repairOrderId: odometerReadings.repairOrderId })
      .from(odometerReadings)
      .where(and(eq(odometerReadings.businessId, businessId), eq(odometerReadings.vehicleId, vehicleId)))
      .orderBy(desc(odometerReadings.recordedAt), desc(odometerReadings.reading))
      .limit(100);
  },

  // --- next service (decision 038) -------------------------------------------------------------

  async timeZoneOf(tx: Tx, businessId: string): Promise<string> {
    const [row] = await tx.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
    return row?.timeZone ?? 'UTC';
  },

  async setNextService(tx: Tx, businessId: string, id: string, dueOn: string | null, dueMileage: number | null) {
    const [row] = await tx
      .update(vehicles)
      .set({ nextServiceDueOn: dueOn, nextServiceDueMileage: dueMileage, updatedAt: new Date() })
      .where(and(eq(vehicles.businessId, businessId), eq(vehicles.id, id)))
      .returning();
    return row ?? null;
  },

  /** Vehicles with a next service set, with their owner's name and contact. */
  async vehiclesWithNextService(tx: Tx, businessId: string, ids?: string[]) {
    return tx
      .select({ vehicle: vehicles, customerName: customers.name, customerEmail: customers.email, customerPhone: customers.phone })
      .from(vehicles)
      .innerJoin(customers, eq(customers.id, vehicles.customerId))
      .where(
        and(
          eq(vehicles.businessId, businessId),
          or(sql`${vehicles.nextServiceDueOn} is not null`, sql`${vehicles.nextServiceDueMileage} is not null`),
          ids ? inArray(vehicles.id, ids) : undefined,
        ),
      );
  },

  /** The odometer readings of these vehicles (the newest 100 each is plenty for a rate). */
  async readingsOf(tx: Tx, businessId: string, vehicleIds: string[]) {
    if (vehicleIds.length === 0) return [];
    return tx
      .select({ vehicleId: odometerReadings.vehicleId, reading: odometerReadings.reading, recordedAt: odometerReadings.recordedAt })
      .from(odometerReadings)
      .where(and(eq(odometerReadings.businessId, businessId), inArray(odometerReadings.vehicleId, vehicleIds)))
      .orderBy(asc(odometerReadings.recordedAt));
  },

  /** Across businesses (the periodic job): vehicles whose current due has not been reminded yet. */
  async unremindedServiceDues(db: Db, limit: number) {
    return db
      .select({ id: vehicles.id, businessId: vehicles.businessId })
      .from(vehicles)
      .where(
        and(
          or(sql`${vehicles.nextServiceDueOn} is not null`, sql`${vehicles.nextServiceDueMileage} is not null`),
          sql`${vehicles.serviceRemindedFor} is distinct from (coalesce(${vehicles.nextServiceDueOn}::text, '') || '|' || coalesce(${vehicles.nextServiceDueMileage}::text, ''))`,
        ),
      )
      .orderBy(asc(vehicles.nextServiceDueOn))
      .limit(limit);
  },

  /** Marks the due reminded if nobody has (and it has not changed meanwhile); false when another run got there first. */
  async claimServiceReminder(tx: Tx, businessId: string, id: string, dueKey: string) {
    const rows = await tx
      .update(vehicles)
      .set({ serviceRemindedFor: dueKey })
      .where(
        and(
          eq(vehicles.businessId, businessId),
          eq(vehicles.id, id),
          sql`${vehicles.serviceRemindedFor} is distinct from ${dueKey}`,
          sql`(coalesce(${vehicles.nextServiceDueOn}::text, '') || '|' || coalesce(${vehicles.nextServiceDueMileage}::text, '')) = ${dueKey}`,
        ),
      )
      .returning({ id: vehicles.id });
    return rows.length > 0;
  },

  // --- repair orders --------------------------------------------------------------------------

  async nextNumber(tx: Tx, businessId: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`repair_orders:${businessId}`}))`);
    const [row] = await tx.select({ last: sql<number>`coalesce(max(${repairOrders.number}), 0)::int` }).from(repairOrders).where(eq(repairOrders.businessId, businessId));
    return Number(row?.last ?? 0) + 1;
  },

  async insertOrder(tx: Tx, row: typeof repairOrders.$inferInsert) {
    const [inserted] = await tx.insert(repairOrders).values(row).returning();
    return inserted!;
  },

  async order(tx: Tx, businessId: string, id: string, forUpdate = false) {
    const query = tx.select().from(repairOrders).where(and(eq(repairOrders.businessId, businessId), eq(repairOrders.id, id)));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ?? null;
  },

  /** A booking to open a repair order from (decision 038), with its service's name, and whether an order already came from it. */
  async appointmentFor(tx: Tx, businessId: string, appointmentId: string) {
    const [row] = await tx
      .select({ id: appointments.id, customerId: appointments.customerId, status: appointments.status, notes: appointments.notes, serviceName: appointmentServices.name })
      .from(appointments)
      .innerJoin(appointmentServices, eq(appointmentServices.id, appointments.serviceId))
      .where(and(eq(appointments.businessId, businessId), eq(appointments.id, appointmentId)))
      .for('update', { of: appointments });
    if (!row) return null;
    const [opened] = await tx
      .select({ id: repairOrders.id, number: repairOrders.number })
      .from(repairOrders)
      .where(and(eq(repairOrders.businessId, businessId), eq(repairOrders.appointmentId, appointmentId)));
    return { ...row, openedOrder: opened ?? null };
  },

  async invoiceSummary(tx: Tx, businessId: string, invoiceId: string) {
    const [row] = await tx
      .select({ id: invoices.id, number: invoices.number, status: invoices.status, total: invoices.total, paidTotal: invoices.paidTotal })
      .from(invoices)
      .where(and(eq(invoices.businessId, businessId), eq(invoices.id, invoiceId)));
    return row ?? null;
  },

  /** The invoiced repair order billed by this invoice, locked: the till's payment marks it paid. */
  async invoicedOrderOf(tx: Tx, businessId: string, invoiceId: string) {
    const [row] = await tx
      .select()
      .from(repairOrders)
      .where(and(eq(repairOrders.businessId, businessId), eq(repairOrders.invoiceId, invoiceId)))
      .for('update');
    return row ?? null;
  },

  async updateOrder(tx: Tx, businessId: string, id: string, values: Partial<typeof repairOrders.$inferInsert>) {
    await tx
      .update(repairOrders)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(repairOrders.businessId, businessId), eq(repairOrders.id, id)));
  },

  /** The board's cards: only the columns a card shows, its totals as stored on the order (decision 041). */
  async board(tx: Tx, businessId: string, limit: number) {
    return tx
      .select({
        order: {
          id: repairOrders.id,
          number: repairOrders.number,
          status: repairOrders.status,
          statusChangedAt: repairOrders.statusChangedAt,
          total: repairOrders.total,
          pricedIncludingTax: repairOrders.pricedIncludingTax,
          jobCount: repairOrders.jobCount,
          approvedJobs: repairOrders.approvedJobs,
          declinedJobs: repairOrders.declinedJobs,
          clockedHundredths: repairOrders.clockedHundredths,
        },
        vehicle: { year: vehicles.year, make: vehicles.make, model: vehicles.model, plate: vehicles.plate },
        customerName: customers.name,
      })
      .from(repairOrders)
      .innerJoin(vehicles, eq(vehicles.id, repairOrders.vehicleId))
      .innerJoin(customers, eq(customers.id, repairOrders.customerId))
      .where(eq(repairOrders.businessId, businessId))
      .orderBy(desc(repairOrders.statusChangedAt), desc(repairOrders.number))
      .limit(limit);
  },

  async ordersOfVehicle(tx: Tx, businessId: string, vehicleId: string) {
    return tx
      .select()
      .from(repairOrders)
      .where(and(eq(repairOrders.businessId, businessId), eq(repairOrders.vehicleId, vehicleId)))
      .orderBy(desc(repairOrders.createdAt), desc(repairOrders.number))
      .limit(200);
  },

  async insertPoints(tx: Tx, rows: (typeof inspectionPoints.$inferInsert)[]) {
    if (rows.length) await tx.insert(inspectionPoints).values(rows);
  },

  async pointsOf(tx: Tx, businessId: string, orderIds: string[]) {
    if (orderIds.length === 0) return [];
    return tx
      .select()
      .from(inspectionPoints)
      .where(and(eq(inspectionPoints.businessId, businessId), inArray(inspectionPoints.repairOrderId, orderIds)))
      .orderBy(asc(inspectionPoints.position));
  },

  async updatePoint(tx: Tx, businessId: string, orderId: string, pointId: string, values: Partial<typeof inspectionPoints.$inferInsert>) {
    const [row] = await tx
      .update(inspectionPoints)
      .set(values)
      .where(and(eq(inspectionPoints.businessId, businessId), eq(inspectionPoints.repairOrderId, orderId), eq(inspectionPoints.id, pointId)))
      .returning();
    return row ?? null;
  },

  /** The photos of these orders' points (decision 041), oldest first. */
  async photosOf(tx: Tx, businessId: string, orderIds: string[]) {
    if (orderIds.length === 0) return [];
    return tx
      .select()
      .from(inspectionPhotos)
      .where(and(eq(inspectionPhotos.businessId, businessId), inArray(inspectionPhotos.repairOrderId, orderIds)))
      .orderBy(asc(inspectionPhotos.createdAt), asc(inspectionPhotos.id));
  },

  async insertPhoto(tx: Tx, row: typeof inspectionPhotos.$inferInsert) {
    await tx.insert(inspectionPhotos).values(row);
  },

  async deletePhoto(tx: Tx, businessId: string, orderId: string, pointId: string, photoId: string) {
    const [row] = await tx
      .delete(inspectionPhotos)
      .where(and(eq(inspectionPhotos.businessId, businessId), eq(inspectionPhotos.repairOrderId, orderId), eq(inspectionPhotos.pointId, pointId), eq(inspectionPhotos.id, photoId)))
      .returning();
    return row ?? null;
  },

  async jobsOf(tx: Tx, businessId: string, orderIds: string[]) {
    if (orderIds.length === 0) return [];
    return tx
      .select()
      .from(repairJobs)
      .where(and(eq(repairJobs.businessId, businessId), inArray(repairJobs.repairOrderId, orderIds)))
      .orderBy(asc(repairJobs.position), asc(repairJobs.createdAt));
  },

  async job(tx: Tx, businessId: string, orderId: string, jobId: string) {
    const [row] = await tx.select().from(repairJobs).where(and(eq(repairJobs.businessId, businessId), eq(repairJobs.repairOrderId, orderId), eq(repairJobs.id, jobId)));
    return row ?? null;
  },

  async insertJob(tx: Tx, row: Omit<typeof repairJobs.$inferInsert, 'position'>) {
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${repairJobs.position}), 0)::int` })
      .from(repairJobs)
      .where(and(eq(repairJobs.businessId, row.businessId), eq(repairJobs.repairOrderId, row.repairOrderId)));
    const [inserted] = await tx
      .insert(repairJobs)
      .values({ ...row, position: Number(last?.position ?? 0) + 1 })
      .returning();
    return inserted!;
  },

  async updateJob(tx: Tx, businessId: string, jobId: string, values: Partial<typeof repairJobs.$inferInsert>) {
    await tx.update(repairJobs).set(values).where(and(eq(repairJobs.businessId, businessId), eq(repairJobs.id, jobId)));
  },

  async setApprovals(tx: Tx, businessId: string, orderId: string, approval: 'pending' | 'approved' | 'declined', jobIds?: string[]) {
    await tx
      .update(repairJobs)
      .set({ approval })
      .where(and(eq(repairJobs.businessId, businessId), eq(repairJobs.repairOrderId, orderId), jobIds ? inArray(repairJobs.id, jobIds) : undefined));
  },

  async approvePending(tx: Tx, businessId: string, orderId: string) {
    await tx
      .update(repairJobs)
      .set({ approval: 'approved' })
      .where(and(eq(repairJobs.businessId, businessId), eq(repairJobs.repairOrderId, orderId), eq(repairJobs.approval, 'pending')));
  },

  async deleteJob(tx: Tx, businessId: string, orderId: string, jobId: string) {
    const rows = await tx
      .delete(repairJobs)
      .where(and(eq(repairJobs.businessId, businessId), eq(repairJobs.repairOrderId, orderId), eq(repairJobs.id, jobId)))
      .returning({ id: repairJobs.id });
    return rows.length > 0;
  },

  async linesOf(tx: Tx, businessId: string, orderIds: string[]) {
    if (orderIds.length === 0) return [];
    return tx
      .select()
      .from(repairLines)
      .where(and(eq(repairLines.businessId, businessId), inArray(repairLines.repairOrderId, orderIds)))
      .orderBy(asc(repairLines.createdAt), asc(repairLines.id));
  },

  async insertLine(tx: Tx, row: typeof repairLines.$inferInsert) {
    const [inserted] = await tx.insert(repairLines).values(row).returning();
    return inserted!;
  },

  async deleteLine(tx: Tx, businessId: string, orderId: string, lineId: string) {
    const rows = await tx
      .delete(repairLines)
      .where(and(eq(repairLines.businessId, businessId), eq(repairLines.repairOrderId, orderId), eq(repairLines.id, lineId)))
      .returning({ id: repairLines.id });
    return rows.length > 0;
  },

  // --- approvals ------------------------------------------------------------------------------

  async insertApproval(tx: Tx, row: typeof repairApprovals.$inferInsert) {
    const [inserted] = await tx.insert(repairApprovals).values(row).returning();
    return inserted!;
  },

  async approval(tx: Tx, businessId: string, id: string, forUpdate = false) {
    const query = tx.select().from(repairApprovals).where(and(eq(repairApprovals.businessId, businessId), eq(repairApprovals.id, id)));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ?? null;
  },

  async latestApproval(tx: Tx, businessId: string, orderId: string) {
    const [row] = await tx
      .select()
      .from(repairApprovals)
      .where(and(eq(repairApprovals.businessId, businessId), eq(repairApprovals.repairOrderId, orderId)))
      .orderBy(desc(repairApprovals.createdAt), desc(repairApprovals.id))
      .limit(1);
    return row ?? null;
  },

  /** Records the customer's answer; null when it was already answered (the first answer stands). */
  async decideApproval(tx: Tx, businessId: string, id: string, values: { decidedAt: Date; customerName: string; ipAddress: string | null; decisions: { job_id: string; decision: 'approved' | 'declined' }[] }) {
    const [row] = await tx
      .update(repairApprovals)
      .set(values)
      .where(and(eq(repairApprovals.businessId, businessId), eq(repairApprovals.id, id), isNull(repairApprovals.decidedAt)))
      .returning();
    return row ?? null;
  },

  async insertAudit(tx: Tx, row: typeof auditLog.$inferInsert) {
    await tx.insert(auditLog).values(row);
  },
};
