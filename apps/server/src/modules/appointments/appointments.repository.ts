import { and, asc, eq, gt, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  appointmentBookingPages,
  appointmentServiceStaff,
  appointmentServices,
  appointments,
  auditLog,
  businessSettings,
  businesses,
  customers,
  employees,
  staffTimeOff,
  staffWorkingHours,
} from '../../db/schema/index.ts';

/** calendarColumns' answer: one array per column, all of one length (null when no appointment matched). */
export type CalendarColumns = [
  id: string[] | null,
  serviceId: string[] | null,
  serviceName: string[] | null,
  employeeId: string[] | null,
  employeeName: string[] | null,
  customerId: (string | null)[] | null,
  customerName: string[] | null,
  customerPhone: (string | null)[] | null,
  customerEmail: (string | null)[] | null,
  startsAt: number[] | null,
  endsAt: number[] | null,
  status: AppointmentRow['status'][] | null,
  notes: (string | null)[] | null,
  price: number[] | null,
  reminderSentAt: (number | null)[] | null,
  source: AppointmentRow['source'][] | null,
];
export type ServiceRow = typeof appointmentServices.$inferSelect;
export type AppointmentRow = typeof appointments.$inferSelect;
export type HoursRow = typeof staffWorkingHours.$inferSelect;
export type TimeOffRow = typeof staffTimeOff.$inferSelect;

/** The only place the appointments module touches SQL (decision 032). */
export const appointmentsRepository = {
  async timeZoneOf(tx: Tx, businessId: string): Promise<string> {
    const [row] = await tx.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
    return row?.timeZone ?? 'UTC';
  },

  async businessName(tx: Tx, businessId: string): Promise<string> {
    const [row] = await tx.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, businessId));
    return row?.name ?? '';
  },

  // Services
  listServices(tx: Tx, businessId: string) {
    return tx.select().from(appointmentServices).where(eq(appointmentServices.businessId, businessId)).orderBy(asc(sql`lower(${appointmentServices.name})`));
  },

  async findService(tx: Tx, businessId: string, id: string) {
    const [row] = await tx.select().from(appointmentServices).where(and(eq(appointmentServices.businessId, businessId), eq(appointmentServices.id, id)));
    return row ?? null;
  },

  async serviceNameTaken(tx: Tx, businessId: string, name: string, exceptId?: string) {
    const [row] = await tx
      .select({ id: appointmentServices.id })
      .from(appointmentServices)
      .where(
        and(
          eq(appointmentServices.businessId, businessId),
          sql`lower(${appointmentServices.name}) = lower(${name})`,
          ...(exceptId ? [ne(appointmentServices.id, exceptId)] : []),
        ),
      );
    return row !== undefined;
  },

  async insertService(tx: Tx, row: typeof appointmentServices.$inferInsert) {
    const [inserted] = await tx.insert(appointmentServices).values(row).returning();
    return inserted!;
  },

  async updateService(tx: Tx, businessId: string, id: string, changes: Partial<typeof appointmentServices.$inferInsert>) {
    const [updated] = await tx
      .update(appointmentServices)
      .set(changes)
      .where(and(eq(appointmentServices.businessId, businessId), eq(appointmentServices.id, id)))
      .returning();
    return updated ?? null;
  },

  serviceStaff(tx: Tx, businessId: string) {
    return tx
      .select({ serviceId: appointmentServiceStaff.serviceId, employeeId: appointmentServiceStaff.employeeId })
      .from(appointmentServiceStaff)
      .where(eq(appointmentServiceStaff.businessId, businessId));
  },

  async replaceServiceStaff(tx: Tx, businessId: string, serviceId: string, employeeIds: string[]) {
    await tx.delete(appointmentServiceStaff).where(and(eq(appointmentServiceStaff.businessId, businessId), eq(appointmentServiceStaff.serviceId, serviceId)));
    if (employeeIds.length) await tx.insert(appointmentServiceStaff).values(employeeIds.map((employeeId) => ({ businessId, serviceId, employeeId })));
  },

  // Staff
  listActiveStaff(tx: Tx, businessId: string) {
    return tx
      .select({ id: employees.id, fullName: employees.fullName, role: employees.role })
      .from(employees)
      .where(and(eq(employees.businessId, businessId), eq(employees.isActive, true)))
      .orderBy(asc(employees.fullName), asc(employees.id));
  },

  async findActiveStaff(tx: Tx, businessId: string, ids: string[]) {
    if (!ids.length) return [];
    return tx
      .select({ id: employees.id, fullName: employees.fullName })
      .from(employees)
      .where(and(eq(employees.businessId, businessId), eq(employees.isActive, true), inArray(employees.id, ids)));
  },

  /**
   * Takes the staff member's row lock for the rest of the transaction: bookings and changes of
   * hours for one person happen one after another, so a booking always checks the hours that
   * hold when it commits. The overlap itself is the exclusion constraint's job.
   */
  async lockStaff(tx: Tx, businessId: string, employeeId: string) {
    const [row] = await tx
      .select({ id: employees.id, fullName: employees.fullName })
      .from(employees)
      .where(and(eq(employees.businessId, businessId), eq(employees.id, employeeId), eq(employees.isActive, true)))
      .for('update');
    return row ?? null;
  },

  hours(tx: Tx, businessId: string, employeeIds?: string[]) {
    return tx
      .select()
      .from(staffWorkingHours)
      .where(and(eq(staffWorkingHours.businessId, businessId), ...(employeeIds ? [inArray(staffWorkingHours.employeeId, employeeIds)] : [])))
      .orderBy(asc(staffWorkingHours.employeeId), asc(staffWorkingHours.weekday));
  },

  async replaceHours(tx: Tx, businessId: string, employeeId: string, rows: Omit<typeof staffWorkingHours.$inferInsert, 'businessId' | 'employeeId'>[]) {
    await tx.delete(staffWorkingHours).where(and(eq(staffWorkingHours.businessId, businessId), eq(staffWorkingHours.employeeId, employeeId)));
    if (rows.length) await tx.insert(staffWorkingHours).values(rows.map((row) => ({ ...row, businessId, employeeId })));
  },

  /** Time off that has not ended before `fromDay`. */
  timeOff(tx: Tx, businessId: string, fromDay: string, employeeIds?: string[]) {
    return tx
      .select()
      .from(staffTimeOff)
      .where(
        and(
          eq(staffTimeOff.businessId, businessId),
          sql`${staffTimeOff.endsOn} >= ${fromDay}`,
          ...(employeeIds ? [inArray(staffTimeOff.employeeId, employeeIds)] : []),
        ),
      )
      .orderBy(asc(staffTimeOff.startsOn));
  },

  async insertTimeOff(tx: Tx, row: typeof staffTimeOff.$inferInsert) {
    const [inserted] = await tx.insert(staffTimeOff).values(row).returning();
    return inserted!;
  },

  async deleteTimeOff(tx: Tx, businessId: string, id: string) {
    const [deleted] = await tx.delete(staffTimeOff).where(and(eq(staffTimeOff.businessId, businessId), eq(staffTimeOff.id, id))).returning();
    return deleted ?? null;
  },

  // Customers
  async findCustomer(tx: Tx, businessId: string, id: string) {
    const [row] = await tx
      .select({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone })
      .from(customers)
      .where(and(eq(customers.businessId, businessId), eq(customers.id, id)));
    return row ?? null;
  },

  // Appointments
  /** The calendar's appointments between two instants, by start, with the service's and staff member's names, as rows (PostgreSQL). */
  calendarRows(tx: Tx, businessId: string, from: Date, to: Date) {
    return tx
      .select({
        id: appointments.id,
        serviceId: appointments.serviceId,
        serviceName: sql<string>`coalesce(${appointmentServices.name}, '')`,
        employeeId: appointments.employeeId,
        employeeName: sql<string>`coalesce(${employees.fullName}, '')`,
        customerId: appointments.customerId,
        customerName: appointments.customerName,
        customerPhone: appointments.customerPhone,
        customerEmail: appointments.customerEmail,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        status: appointments.status,
        notes: appointments.notes,
        price: appointments.price,
        reminderSentAt: appointments.reminderSentAt,
        source: appointments.source,
      })
      .from(appointments)
      .leftJoin(appointmentServices, and(eq(appointmentServices.id, appointments.serviceId), eq(appointmentServices.businessId, appointments.businessId)))
      .leftJoin(employees, and(eq(employees.id, appointments.employeeId), eq(employees.businessId, appointments.businessId)))
      .where(and(eq(appointments.businessId, businessId), lt(appointments.startsAt, to), gt(appointments.endsAt, from)))
      .orderBy(asc(appointments.startsAt), asc(appointments.id));
  },

  /**
   * The same on PGlite, in one query answered column by column: one JSON array per column, instants
   * as epoch milliseconds. PGlite decodes one value instead of 2,000 rows of timestamps
   * (bench/workshop, decision 041). listAppointments turns the columns back into rows.
   */
  async calendarColumns(tx: Tx, businessId: string, from: Date, to: Date) {
    const column = (expression: ReturnType<typeof sql>) => sql`json_agg(${expression} order by a.starts_at, a.id)`;
    const ms = (name: string) => sql`floor(extract(epoch from ${sql.raw(`a.${name}`)}) * 1000)::bigint`;
    const result = await tx.execute(sql`
      select json_build_array(${sql.join(
        [
          sql`a.id`,
          sql`a.service_id`,
          sql`coalesce(s.name, '')`,
          sql`a.employee_id`,
          sql`coalesce(e.full_name, '')`,
          sql`a.customer_id`,
          sql`a.customer_name`,
          sql`a.customer_phone`,
          sql`a.customer_email`,
          ms('starts_at'),
          ms('ends_at'),
          sql`a.status`,
          sql`a.notes`,
          sql`a.price`,
          ms('reminder_sent_at'),
          sql`a.source`,
        ].map(column),
        sql`, `,
      )})::text as columns
        from ${appointments} a
        left join ${appointmentServices} s on s.id = a.service_id and s.business_id = a.business_id
        left join ${employees} e on e.id = a.employee_id and e.business_id = a.business_id
       where a.business_id = ${businessId} and a.starts_at < ${to.toISOString()}::timestamptz and a.ends_at > ${from.toISOString()}::timestamptz`);
    const text = (result as unknown as { rows: { columns: string }[] }).rows[0]!.columns;
    return JSON.parse(text) as CalendarColumns;
  },

  /** What occupies a staff member's time between two instants (everything but cancelled). */
  busyBetween(tx: Tx, businessId: string, employeeId: string, from: Date, to: Date) {
    return tx
      .select({ start: appointments.startsAt, end: appointments.endsAt })
      .from(appointments)
      .where(
        and(
          eq(appointments.businessId, businessId),
          eq(appointments.employeeId, employeeId),
          ne(appointments.status, 'cancelled'),
          lt(appointments.startsAt, to),
          gt(appointments.endsAt, from),
        ),
      );
  },

  async findAppointment(tx: Tx, businessId: string, id: string, lock = false) {
    const query = tx.select().from(appointments).where(and(eq(appointments.businessId, businessId), eq(appointments.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async insertAppointment(tx: Tx, row: typeof appointments.$inferInsert) {
    const [inserted] = await tx.insert(appointments).values(row).returning();
    return inserted!;
  },

  async updateAppointment(tx: Tx, businessId: string, id: string, changes: Partial<typeof appointments.$inferInsert>) {
    const [updated] = await tx
      .update(appointments)
      .set({ ...changes, revision: sql`${appointments.revision} + 1` })
      .where(and(eq(appointments.businessId, businessId), eq(appointments.id, id)))
      .returning();
    return updated!;
  },

  /**
   * Reminders due across every business: booked, not yet reminded, starting within the window.
   * Read outside any tenant (a background job, like the profile lookup before a tenant is known);
   * each one is then claimed inside its business's fenced transaction.
   */
  dueReminders(db: Db, from: Date, to: Date, limit: number) {
    return db
      .select({ id: appointments.id, businessId: appointments.businessId })
      .from(appointments)
      .where(and(eq(appointments.status, 'booked'), isNull(appointments.reminderSentAt), gt(appointments.startsAt, from), lte(appointments.startsAt, to)))
      .orderBy(asc(appointments.startsAt))
      .limit(limit);
  },

  /** Marks the reminder sent if nobody has; null when another process got there first. */
  async claimReminder(tx: Tx, businessId: string, id: string, now: Date) {
    const [row] = await tx
      .update(appointments)
      .set({ reminderSentAt: now })
      .where(and(eq(appointments.businessId, businessId), eq(appointments.id, id), eq(appointments.status, 'booked'), isNull(appointments.reminderSentAt)))
      .returning();
    return row ?? null;
  },

  async serviceName(tx: Tx, businessId: string, id: string) {
    const [row] = await tx.select({ name: appointmentServices.name }).from(appointmentServices).where(and(eq(appointmentServices.businessId, businessId), eq(appointmentServices.id, id)));
    return row?.name ?? '';
  },

  async staffName(tx: Tx, businessId: string, id: string) {
    const [row] = await tx.select({ name: employees.fullName }).from(employees).where(and(eq(employees.businessId, businessId), eq(employees.id, id)));
    return row?.name ?? '';
  },

  // The public booking page (decision 040)
  async bookingPage(tx: Tx, businessId: string) {
    const [row] = await tx.select().from(appointmentBookingPages).where(eq(appointmentBookingPages.businessId, businessId));
    return row ?? null;
  },

  async saveBookingPage(tx: Tx, row: typeof appointmentBookingPages.$inferInsert) {
    // The link key is kept once made: turning the page off and on again keeps the link.
    const [saved] = await tx
      .insert(appointmentBookingPages)
      .values(row)
      .onConflictDoUpdate({
        target: appointmentBookingPages.businessId,
        set: { enabled: row.enabled, minNoticeHours: row.minNoticeHours, horizonDays: row.horizonDays, welcomeText: row.welcomeText, updatedAt: row.updatedAt },
      })
      .returning();
    return saved!;
  },

  async setBookableOnline(tx: Tx, businessId: string, serviceIds: string[]) {
    await tx
      .update(appointmentServices)
      .set({ bookableOnline: serviceIds.length ? inArray(appointmentServices.id, serviceIds) : sql`false` })
      .where(eq(appointmentServices.businessId, businessId));
  },

  async businessForBooking(tx: Tx, businessId: string) {
    const [row] = await tx
      .select({ name: businesses.name, timeZone: businesses.timeZone, currency: businesses.currency, enabledFeatures: businessSettings.enabledFeatures })
      .from(businesses)
      .leftJoin(businessSettings, eq(businessSettings.businessId, businesses.id))
      .where(eq(businesses.id, businessId));
    return row ?? null;
  },

  /** Busy time of several staff members between two instants (everything but cancelled). */
  busyOf(tx: Tx, businessId: string, employeeIds: string[], from: Date, to: Date) {
    if (!employeeIds.length) return Promise.resolve([]);
    return tx
      .select({ employeeId: appointments.employeeId, start: appointments.startsAt, end: appointments.endsAt })
      .from(appointments)
      .where(
        and(
          eq(appointments.businessId, businessId),
          inArray(appointments.employeeId, employeeIds),
          ne(appointments.status, 'cancelled'),
          lt(appointments.startsAt, to),
          gt(appointments.endsAt, from),
        ),
      );
  },

  async appointmentByClientKey(tx: Tx, businessId: string, clientKey: string) {
    const [row] = await tx.select().from(appointments).where(and(eq(appointments.businessId, businessId), eq(appointments.clientKey, clientKey)));
    return row ?? null;
  },

  /** The customer with this e-mail (any case), else with this phone; null when none. */
  async matchCustomer(tx: Tx, businessId: string, email: string | null, phone: string | null) {
    const columns = { id: customers.id, name: customers.name, email: customers.email, phone: customers.phone };
    if (email) {
      const [row] = await tx.select(columns).from(customers).where(and(eq(customers.businessId, businessId), sql`lower(${customers.email}) = lower(${email})`));
      if (row) return row;
    }
    if (phone) {
      const [row] = await tx
        .select(columns)
        .from(customers)
        .where(and(eq(customers.businessId, businessId), sql`regexp_replace(${customers.phone}, '[^0-9+]', '', 'g') = ${phone.replace(/[^0-9+]/g, '')}`))
        .orderBy(asc(customers.createdAt))
        .limit(1);
      if (row) return row;
    }
    return null;
  },

  /** A new customer; null when one with this e-mail appeared meanwhile (the unique index). */
  async insertCustomer(tx: Tx, row: typeof customers.$inferInsert) {
    const [inserted] = await tx.insert(customers).values(row).onConflictDoNothing().returning({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone });
    return inserted ?? null;
  },

  async insertAudit(tx: Tx, row: typeof auditLog.$inferInsert) {
    await tx.insert(auditLog).values(row);
  },
};
