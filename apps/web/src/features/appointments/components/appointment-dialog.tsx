import { dayInZone } from '@till/core';
import { CalendarPlusIcon } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { formatMoney } from '@/lib/money';
import { downloadCalendarFile, useChangeStatus, useMoveAppointment, type Appointment, type StaffSchedule } from '../api/appointments';
import { selectClass } from './booking-dialog';
import { clockOf, formatDay, formatTime, instantOf } from './calendar-time';

interface AppointmentDialogProps {
  appointment: Appointment | null;
  onClose: () => void;
  staff: StaffSchedule[];
  timeZone: string;
  currency: string;
}

const STATUS_TEXT: Record<Appointment['status'], string> = { booked: 'Booked', completed: 'Completed', cancelled: 'Cancelled', no_show: 'No-show' };

/** One appointment: who, what, when; move it (time and staff), cancel, no-show, complete, or save it as an .ics file. */
export function AppointmentDialog({ appointment, onClose, staff, timeZone, currency }: AppointmentDialogProps) {
  const [day, setDay] = useState('');
  const [clock, setClock] = useState('');
  const [employeeId, setEmployeeId] = useState('');
  const move = useMoveAppointment();
  const status = useChangeStatus();
  // For a mechanic (vehicle_services on), the booked car opens a repair order (decision 038).
  const vehicleServices = useMe().data?.settings?.enabled_features?.vehicle_services === true;

  useEffect(() => {
    if (!appointment) return;
    setDay(dayInZone(new Date(appointment.starts_at), timeZone));
    setClock(clockOf(appointment.starts_at, timeZone));
    setEmployeeId(appointment.employee_id);
    move.reset();
    status.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appointment?.id]);

  if (!appointment) return <Dialog open={false} />;
  const open = appointment.status === 'booked';
  const started = new Date(appointment.starts_at) <= new Date();

  const submitMove = (event: FormEvent) => {
    event.preventDefault();
    const startsAt = instantOf(day, clock, timeZone);
    if (!startsAt) return;
    move.mutate(
      { id: appointment.id, startsAt, employeeId },
      {
        onSuccess: (answer) => {
          toast.success(`Moved to ${formatDay(dayInZone(new Date(answer.appointment.starts_at), timeZone))} ${formatTime(answer.appointment.starts_at, timeZone)} with ${answer.appointment.employee_name}`);
          onClose();
        },
      },
    );
  };
  const setStatus = (next: 'cancelled' | 'no_show' | 'completed', message: string) =>
    status.mutate({ id: appointment.id, status: next }, { onSuccess: () => (toast.success(message), onClose()) });

  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            {appointment.customer_name} · {appointment.service_name}
          </DialogTitle>
          <DialogDescription>
            {formatDay(dayInZone(new Date(appointment.starts_at), timeZone))}, {formatTime(appointment.starts_at, timeZone)}–{formatTime(appointment.ends_at, timeZone)} with {appointment.employee_name}
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            <Badge variant={open ? 'default' : 'secondary'}>{STATUS_TEXT[appointment.status]}</Badge>
          </dd>
          <dt className="text-muted-foreground">Price</dt>
          <dd className="tabular-nums">{formatMoney(appointment.price, currency)}</dd>
          {appointment.customer_phone ? (
            <>
              <dt className="text-muted-foreground">Phone</dt>
              <dd>{appointment.customer_phone}</dd>
            </>
          ) : null}
          {appointment.customer_email ? (
            <>
              <dt className="text-muted-foreground">E-mail</dt>
              <dd className="break-all">{appointment.customer_email}</dd>
            </>
          ) : null}
          {appointment.notes ? (
            <>
              <dt className="text-muted-foreground">Notes</dt>
              <dd className="whitespace-pre-wrap">{appointment.notes}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Reminder</dt>
          <dd>{appointment.reminder_sent_at ? 'Sent' : 'Sent the day before, to the e-mail or phone'}</dd>
        </dl>
        {open ? (
          <form className="grid gap-3 rounded-md border p-3" onSubmit={submitMove} aria-label="Move the appointment">
            <h3 className="text-sm font-medium">Move</h3>
            <div className="grid gap-3 sm:grid-cols-3">
              <Field>
                <Label htmlFor="move-day">Date</Label>
                <Input id="move-day" type="date" value={day} onChange={(event) => setDay(event.target.value)} required />
              </Field>
              <Field>
                <Label htmlFor="move-time">Time</Label>
                <Input id="move-time" type="time" step={300} value={clock} onChange={(event) => setClock(event.target.value)} required />
              </Field>
              <Field>
                <Label htmlFor="move-staff">Staff</Label>
                <select id="move-staff" className={selectClass} value={employeeId} onChange={(event) => setEmployeeId(event.target.value)}>
                  {staff.map((person) => (
                    <option key={person.id} value={person.id}>
                      {person.full_name}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            {move.error ? <ErrorAlert title="Not moved" error={move.error} /> : null}
            <Button type="submit" variant="secondary" disabled={move.isPending} className="justify-self-start">
              {move.isPending ? 'Moving…' : 'Move'}
            </Button>
          </form>
        ) : null}
        {status.error ? <ErrorAlert error={status.error} /> : null}
        <DialogFooter className="flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() => downloadCalendarFile(appointment.id).catch((error: unknown) => toast.error(errorMessage(error)))}
          >
            <CalendarPlusIcon aria-hidden="true" />
            Download .ics
          </Button>
          {open && vehicleServices ? (
            <Button asChild variant="secondary">
              <Link to={`/vehicle-services?tab=vehicles&appointment=${appointment.id}&q=${encodeURIComponent(appointment.customer_name)}`}>Open repair order</Link>
            </Button>
          ) : null}
          {open ? (
            <>
              <Button type="button" variant="outline" disabled={status.isPending} onClick={() => setStatus('cancelled', 'Appointment cancelled')}>
                Cancel appointment
              </Button>
              {started ? (
                <>
                  <Button type="button" variant="outline" disabled={status.isPending} onClick={() => setStatus('no_show', 'Marked as a no-show')}>
                    No-show
                  </Button>
                  <Button type="button" disabled={status.isPending} onClick={() => setStatus('completed', 'Appointment completed')}>
                    Completed
                  </Button>
                </>
              ) : null}
            </>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
