import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { formatMoney } from '@/lib/money';
import { useBookAppointment, useCustomerSearch, type AppointmentService, type StaffSchedule } from '../api/appointments';
import { formatDay, instantOf } from './calendar-time';

export const selectClass = 'h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm';

export interface BookingDraft {
  day: string;
  clock: string;
  employeeId: string | null;
}

interface BookingDialogProps {
  draft: BookingDraft | null;
  onClose: () => void;
  services: AppointmentService[];
  staff: StaffSchedule[];
  timeZone: string;
  currency: string;
}

const canDo = (service: AppointmentService | undefined, employeeId: string) => !service || service.staff_ids.length === 0 || service.staff_ids.includes(employeeId);

export function BookingDialog({ draft, onClose, services, staff, timeZone, currency }: BookingDialogProps) {
  const active = services.filter((service) => service.active);
  const [serviceId, setServiceId] = useState('');
  const [employeeId, setEmployeeId] = useState('');
  const [day, setDay] = useState('');
  const [clock, setClock] = useState('');
  const [customerQuery, setCustomerQuery] = useState('');
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const book = useBookAppointment();
  const customers = useCustomerSearch(customerId ? '' : customerQuery);

  useEffect(() => {
    if (!draft) return;
    const first = active[0];
    const firstService = draft.employeeId ? (active.find((service) => canDo(service, draft.employeeId!)) ?? first) : first;
    setServiceId(firstService?.id ?? '');
    setEmployeeId(draft.employeeId ?? staff.find((person) => canDo(firstService, person.id))?.id ?? '');
    setDay(draft.day);
    setClock(draft.clock);
    setCustomerQuery('');
    setCustomerId(null);
    setName('');
    setPhone('');
    setEmail('');
    setNotes('');
    setProblem(null);
    book.reset();
    // Only a new draft resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);

  const service = active.find((item) => item.id === serviceId);
  const able = staff.filter((person) => canDo(service, person.id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const startsAt = instantOf(day, clock, timeZone);
    if (!service) return setProblem('Choose a service');
    if (!employeeId) return setProblem('Choose who does it');
    if (!startsAt) return setProblem('Choose a date and a time');
    if (!customerId && !name.trim()) return setProblem('Choose a customer or type the customer’s name');
    book.mutate(
      {
        service_id: service.id,
        employee_id: employeeId,
        starts_at: startsAt,
        ...(customerId ? { customer_id: customerId } : { customer_name: name.trim() }),
        ...(phone.trim() ? { customer_phone: phone.trim() } : {}),
        ...(email.trim() ? { customer_email: email.trim() } : {}),
        ...(notes.trim() ? { notes: notes.trim() } : {}),
      },
      {
        onSuccess: (answer) => {
          toast.success(`Booked ${answer.appointment.customer_name} with ${answer.appointment.employee_name}`);
          onClose();
        },
      },
    );
  };

  const found = customers.data?.customers ?? [];
  return (
    <Dialog open={draft !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Book an appointment</DialogTitle>
          <DialogDescription>{draft ? `${formatDay(day || draft.day)}, times in ${timeZone}` : null}</DialogDescription>
        </DialogHeader>
        {problem ? <ErrorAlert message={problem} /> : null}
        {book.error ? <ErrorAlert title="Not booked" error={book.error} /> : null}
        {active.length === 0 ? (
          <p className="text-sm text-muted-foreground">Add a service first (Services tab): what you offer, how long it takes and its price.</p>
        ) : (
          <form id="book-appointment" className="grid gap-4" onSubmit={submit}>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field>
                <Label htmlFor="book-service">Service</Label>
                <select id="book-service" className={selectClass} value={serviceId} onChange={(event) => setServiceId(event.target.value)}>
                  {active.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.name} ({item.duration_minutes} min, {formatMoney(item.price, currency)})
                    </option>
                  ))}
                </select>
              </Field>
              <Field>
                <Label htmlFor="book-staff">Staff</Label>
                <select id="book-staff" className={selectClass} value={employeeId} onChange={(event) => setEmployeeId(event.target.value)}>
                  <option value="">Choose…</option>
                  {able.map((person) => (
                    <option key={person.id} value={person.id}>
                      {person.full_name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field>
                <Label htmlFor="book-day">Date</Label>
                <Input id="book-day" type="date" value={day} onChange={(event) => setDay(event.target.value)} required />
              </Field>
              <Field>
                <Label htmlFor="book-time">Time</Label>
                <Input id="book-time" type="time" step={300} value={clock} onChange={(event) => setClock(event.target.value)} required />
              </Field>
            </div>
            <fieldset className="grid gap-3 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">Customer</legend>
              {customerId ? (
                <div className="flex items-center justify-between gap-2 text-sm">
                  <span>{name}</span>
                  <Button type="button" variant="ghost" onClick={() => (setCustomerId(null), setName(''))}>
                    Change
                  </Button>
                </div>
              ) : (
                <>
                  <Field>
                    <Label htmlFor="book-customer-search">Find a customer</Label>
                    <Input id="book-customer-search" value={customerQuery} onChange={(event) => setCustomerQuery(event.target.value)} placeholder="Name, e-mail or phone" autoComplete="off" />
                  </Field>
                  {found.length > 0 ? (
                    <ul className="grid gap-1" aria-label="Customers found">
                      {found.slice(0, 5).map((customer) => (
                        <li key={customer.id}>
                          <Button
                            type="button"
                            variant="outline"
                           
                            className="w-full justify-start"
                            onClick={() => {
                              setCustomerId(customer.id);
                              setName(customer.name);
                            }}
                          >
                            {customer.name}
                            {customer.email ? ` · ${customer.email}` : ''}
                          </Button>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <p className="text-xs text-muted-foreground">Or a new customer:</p>
                  <Field>
                    <Label htmlFor="book-name">Name</Label>
                    <Input id="book-name" value={name} onChange={(event) => setName(event.target.value)} maxLength={120} />
                  </Field>
                </>
              )}
              <div className="grid gap-3 sm:grid-cols-2">
                <Field>
                  <Label htmlFor="book-phone">Phone</Label>
                  <Input id="book-phone" type="tel" value={phone} onChange={(event) => setPhone(event.target.value)} maxLength={40} />
                </Field>
                <Field>
                  <Label htmlFor="book-email">E-mail</Label>
                  <Input id="book-email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} maxLength={254} />
                </Field>
              </div>
            </fieldset>
            <Field>
              <Label htmlFor="book-notes">Notes</Label>
              <Textarea id="book-notes" value={notes} onChange={(event) => setNotes(event.target.value)} maxLength={2000} rows={2} />
            </Field>
          </form>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Close
          </Button>
          {active.length > 0 ? (
            <Button type="submit" form="book-appointment" disabled={book.isPending}>
              {book.isPending ? 'Booking…' : 'Book'}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
