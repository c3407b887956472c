import { addDays, dayInZone, formatClock, mondayOf, zonedInstant, type WorkingHours } from '@till/core';
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useEmployeeSession } from '@/lib/employee-session';
import { actorAdminPermissions } from '@/lib/guard-context';
import { useMe } from '@/lib/me';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';
import { useAppointments, useMoveAppointment, useServices, useStaffSchedules, type Appointment, type StaffSchedule } from '../api/appointments';
import { AppointmentDialog } from './appointment-dialog';
import { BookingDialog, selectClass, type BookingDraft } from './booking-dialog';
import { BookingPagePanel } from './booking-page-panel';
import { CalendarGrid, type CalendarColumn } from './calendar-grid';
import { formatDay, minuteOf } from './calendar-time';
import { ServicesPanel } from './services-panel';
import { StaffHoursPanel } from './staff-hours-panel';

type View = 'day' | 'week';

const hoursOf = (person: StaffSchedule): WorkingHours[] =>
  person.hours.map((row) => {
    const minutes = (clock: string | null) => (clock ? Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5)) : null);
    return { weekday: row.weekday, start: minutes(row.start)!, end: minutes(row.end)!, breakStart: minutes(row.break_start), breakEnd: minutes(row.break_end) };
  });
const timeOffOf = (person: StaffSchedule) => person.time_off.map((item) => ({ startsOn: item.starts_on, endsOn: item.ends_on }));

/** The hours the grid shows: from the earliest start to the latest end of anyone's hours or appointment, 08–18 at least. */
function visibleRange(staff: StaffSchedule[], appointments: Appointment[], timeZone: string): { from: number; to: number } {
  let from = 8 * 60;
  let to = 18 * 60;
  for (const person of staff) {
    for (const row of hoursOf(person)) {
      from = Math.min(from, row.start);
      to = Math.max(to, row.end);
    }
  }
  for (const appointment of appointments) {
    from = Math.min(from, minuteOf(appointment.starts_at, timeZone));
    to = Math.max(to, minuteOf(appointment.ends_at, timeZone) || 1440);
  }
  return { from: Math.floor(from / 60) * 60, to: Math.min(Math.ceil(to / 60) * 60, 1440) };
}

/** /appointments (SPEC §2, appointments_booking): the bookings calendar by staff, the services, and staff hours. */
export function AppointmentsPage() {
  const me = useMe().data;
  const session = useEmployeeSession();
  const canSetUp = actorAdminPermissions(me, session).can_change_settings;
  const currency = me?.business?.currency ?? 'USD';
  const staffQuery = useStaffSchedules();
  const services = useServices();
  const timeZone = staffQuery.data?.time_zone ?? me?.business?.time_zone ?? 'UTC';
  const today = dayInZone(new Date(), timeZone);
  const [view, setView] = useState<View>('day');
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const [staffFilter, setStaffFilter] = useState('');
  const [draft, setDraft] = useState<BookingDraft | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const day = chosenDay ?? today;
  const from = view === 'day' ? day : mondayOf(day);
  const to = view === 'day' ? day : addDays(from, 6);
  const list = useAppointments(from, to);
  const staff = useMemo(() => staffQuery.data?.staff ?? [], [staffQuery.data]);
  const appointments = useMemo(() => list.data?.appointments ?? [], [list.data]);
  const move = useMoveAppointment();
  const opened = appointments.find((appointment) => appointment.id === openId) ?? null;

  const columns: CalendarColumn[] = useMemo(() => {
    if (view === 'day') {
      return staff.map((person) => ({
        key: person.id,
        title: person.full_name,
        day,
        employeeId: person.id,
        hours: hoursOf(person),
        timeOff: timeOffOf(person),
        appointments: appointments.filter((appointment) => appointment.employee_id === person.id),
      }));
    }
    const person = staff.find((item) => item.id === staffFilter);
    return Array.from({ length: 7 }, (_, index) => {
      const columnDay = addDays(from, index);
      return {
        key: columnDay,
        title: formatDay(columnDay, 'short'),
        subtitle: columnDay === today ? 'Today' : undefined,
        day: columnDay,
        employeeId: person?.id ?? null,
        hours: person ? hoursOf(person) : [],
        timeOff: person ? timeOffOf(person) : [],
        appointments: appointments.filter(
          (appointment) => dayInZone(new Date(appointment.starts_at), timeZone) === columnDay && (!person || appointment.employee_id === person.id),
        ),
      };
    });
  }, [view, staff, day, appointments, staffFilter, from, today, timeZone]);
  const range = visibleRange(staff, appointments, timeZone);
  const step = (direction: number) => setChosenDay(addDays(day, direction * (view === 'day' ? 1 : 7)));
  const error = staffQuery.error ?? services.error ?? list.error;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Appointments"
        description="Book customers with your staff, by day or by week. Click a free time to book; click an appointment to move, cancel or download it."
        actions={
          <Button onClick={() => setDraft({ day, clock: '09:00', employeeId: null })}>
            <PlusIcon aria-hidden="true" />
            Book
          </Button>
        }
      />
      {error ? <ErrorAlert title="Appointments could not be loaded" error={error} /> : null}
      <Tabs defaultValue="calendar" className="grid gap-4">
        <TabsList className="justify-self-start">
          <TabsTrigger value="calendar">Calendar</TabsTrigger>
          <TabsTrigger value="services">Services</TabsTrigger>
          <TabsTrigger value="hours">Staff hours</TabsTrigger>
          {canSetUp ? <TabsTrigger value="online">Online booking</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="calendar" className="grid gap-4">
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex rounded-md border p-0.5" role="group" aria-label="View">
              {(['day', 'week'] as const).map((item) => (
                <Button key={item} variant={view === item ? 'secondary' : 'ghost'} aria-pressed={view === item} onClick={() => setView(item)}>
                  {item === 'day' ? 'Day' : 'Week'}
                </Button>
              ))}
            </div>
            <Button variant="outline" size="icon" onClick={() => step(-1)} aria-label={view === 'day' ? 'Previous day' : 'Previous week'}>
              <ChevronLeftIcon aria-hidden="true" />
            </Button>
            <Button variant="outline" onClick={() => setChosenDay(null)}>
              Today
            </Button>
            <Button variant="outline" size="icon" onClick={() => step(1)} aria-label={view === 'day' ? 'Next day' : 'Next week'}>
              <ChevronRightIcon aria-hidden="true" />
            </Button>
            <div className="grid gap-1">
              <Label htmlFor="calendar-day" className="sr-only">
                Go to date
              </Label>
              <Input id="calendar-day" type="date" className="w-40" value={day} onChange={(event) => event.target.value && setChosenDay(event.target.value)} />
            </div>
            {view === 'week' ? (
              <div className="grid gap-1">
                <Label htmlFor="calendar-staff" className="sr-only">
                  Staff member
                </Label>
                <select id="calendar-staff" className={`${selectClass} w-44`} value={staffFilter} onChange={(event) => setStaffFilter(event.target.value)}>
                  <option value="">All staff</option>
                  {staff.map((person) => (
                    <option key={person.id} value={person.id}>
                      {person.full_name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
          </div>
          <h2 className="text-lg font-semibold">
            {view === 'day' ? formatDay(day) : `Week of ${formatDay(from)}`} <span className="text-sm font-normal text-muted-foreground">({timeZone})</span>
          </h2>
          {staff.length === 0 && staffQuery.isSuccess ? (
            <p className="text-muted-foreground">No active employees yet. Add your staff on the Employees page, then set their hours under Staff hours.</p>
          ) : (
            <CalendarGrid
              columns={columns}
              timeZone={timeZone}
              fromMinute={range.from}
              toMinute={range.to}
              showStaffOnBlocks={view === 'week'}
              minColumnRem={view === 'week' ? 7 : 9.5}
              onPickSlot={(slot) => setDraft(slot)}
              onOpen={(appointment) => setOpenId(appointment.id)}
              onDrop={(appointment, target) =>
                move.mutate(
                  { id: appointment.id, startsAt: zonedInstant(target.day, target.minute, timeZone).toISOString(), employeeId: target.employeeId ?? appointment.employee_id },
                  {
                    onSuccess: (answer) => toast.success(`Moved ${answer.appointment.customer_name} to ${formatClock(target.minute)} with ${answer.appointment.employee_name}`),
                    onError: (error) => toast.error(errorMessage(error)),
                  },
                )
              }
            />
          )}
          {list.isSuccess && appointments.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing booked {view === 'day' ? 'this day' : 'this week'}. Click a free time in a staff member’s hours to book.</p>
          ) : null}
        </TabsContent>
        <TabsContent value="services">
          <ServicesPanel services={services.data ?? []} staff={staff} currency={currency} canSetUp={canSetUp} />
        </TabsContent>
        <TabsContent value="hours">{staffQuery.isSuccess ? <StaffHoursPanel staff={staff} timeZone={timeZone} canSetUp={canSetUp} /> : null}</TabsContent>
        {canSetUp ? (
          <TabsContent value="online">
            <BookingPagePanel services={services.data ?? []} currency={currency} />
          </TabsContent>
        ) : null}
      </Tabs>
      <BookingDialog draft={draft} onClose={() => setDraft(null)} services={services.data ?? []} staff={staff} timeZone={timeZone} currency={currency} />
      <AppointmentDialog appointment={opened} onClose={() => setOpenId(null)} staff={staff} timeZone={timeZone} currency={currency} />
    </div>
  );
}
