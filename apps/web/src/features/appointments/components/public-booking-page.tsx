import { addDays } from '@till/core';
import { CalendarCheckIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useBookOnline, usePublicBookingPage, usePublicSlots, type OnlineBooking, type PublicBookingPage } from '../api/appointments';
import { formatDay } from './calendar-time';

const timeIn = (instant: string, timeZone: string) => new Intl.DateTimeFormat(undefined, { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(instant));
const whenIn = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(instant));

/**
 * /book/:slug (public, no sign-in; decision 040): a business's booking page. The visitor picks a
 * service, a day and one of the free times (nothing else of the calendar is shown), gives a name
 * and an e-mail or phone, and books. A time taken meanwhile is refused and the free times reload.
 */
export function PublicBookingPage() {
  const { slug = '' } = useParams();
  const query = usePublicBookingPage(slug);
  useDocumentTitle(query.data ? `Book at ${query.data.business_name}` : 'Book an appointment');
  const [booked, setBooked] = useState<OnlineBooking | null>(null);

  if (query.isError) {
    return (
      <main className="mx-auto grid max-w-2xl gap-4 p-4 sm:p-8">
        <h1 className="text-2xl font-semibold">Book an appointment</h1>
        <ErrorAlert title="This booking page is not available" error={query.error} />
      </main>
    );
  }
  if (!query.data) return <main className="p-8 text-muted-foreground">Loading…</main>;
  const page = query.data;
  return (
    <main className="mx-auto grid max-w-3xl gap-6 p-4 sm:p-8">
      <header className="grid gap-1">
        <p className="text-sm text-muted-foreground">Book an appointment</p>
        <h1 className="text-2xl font-semibold">{page.business_name}</h1>
        {page.welcome_text ? <p className="whitespace-pre-line">{page.welcome_text}</p> : null}
      </header>
      {booked ? <Confirmation booking={booked} onAnother={() => setBooked(null)} /> : <BookingForm slug={slug} page={page} onBooked={setBooked} />}
    </main>
  );
}

function Confirmation({ booking, onAnother }: { booking: OnlineBooking; onAnother: () => void }) {
  return (
    <section className="grid gap-3 rounded-lg border border-emerald-600/40 bg-emerald-50 p-4 dark:bg-emerald-950/30" aria-labelledby="booked-title" role="status">
      <h2 id="booked-title" className="flex items-center gap-2 text-lg font-semibold">
        <CalendarCheckIcon aria-hidden className="size-5" /> You are booked
      </h2>
      <p>
        {booking.service_name} at {booking.business_name} on {whenIn(booking.starts_at, booking.time_zone)}.
      </p>
      <p className="text-sm">{booking.email ? `A confirmation with a calendar file is on its way to ${booking.email}.` : 'We will confirm by text message.'}</p>
      <Button type="button" variant="outline" className="justify-self-start" onClick={onAnother}>
        Book another appointment
      </Button>
    </section>
  );
}

function BookingForm({ slug, page, onBooked }: { slug: string; page: PublicBookingPage; onBooked: (booking: OnlineBooking) => void }) {
  const [serviceId, setServiceId] = useState<string | null>(page.services.length === 1 ? page.services[0]!.id : null);
  const [day, setDay] = useState(page.first_day);
  const [slot, setSlot] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const key = useRef(crypto.randomUUID());
  const slots = usePublicSlots(slug, serviceId, day);
  const book = useBookOnline(slug);
  const service = page.services.find((entry) => entry.id === serviceId) ?? null;

  const moveDay = (days: number) => {
    const next = addDays(day, days);
    if (next < page.first_day || next > page.last_day) return;
    setDay(next);
    setSlot(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!serviceId || !slot) return setProblem('Choose a service and a free time');
    if (name.trim().length < 2) return setProblem('Type your name');
    if (!email.trim() && !phone.trim()) return setProblem('Give an e-mail address or a phone number so we can confirm your booking');
    book.mutate(
      { service_id: serviceId, starts_at: slot, name: name.trim(), email: email.trim() || null, phone: phone.trim() || null, note: note.trim() || null, client_key: key.current },
      {
        onSuccess: (answer) => {
          key.current = crypto.randomUUID();
          setSlot(null);
          onBooked(answer.appointment);
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'slot_taken') setSlot(null);
        },
      },
    );
  };

  if (page.services.length === 0) return <p className="text-muted-foreground">Nothing can be booked online at the moment. Please call us.</p>;

  return (
    <form className="grid gap-6" onSubmit={submit} aria-label="Book an appointment">
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-semibold">1. Service</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {page.services.map((entry) => (
            <label
              key={entry.id}
              className={cn('flex min-h-11 cursor-pointer items-center gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50', entry.id === serviceId && 'border-primary bg-accent')}
            >
              <input
                type="radio"
                name="service"
                className="size-4"
                checked={entry.id === serviceId}
                onChange={() => {
                  setServiceId(entry.id);
                  setSlot(null);
                }}
              />
              <span className="grid">
                <span className="font-medium">{entry.name}</span>
                <span className="text-muted-foreground">
                  {entry.duration_minutes} min · {formatMoney(entry.price, page.currency)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="grid gap-3" disabled={!service}>
        <legend className="mb-1 font-semibold">2. Day and time</legend>
        <div className="flex flex-wrap items-end gap-2">
          <Button type="button" variant="outline" size="icon" aria-label="Previous day" disabled={day <= page.first_day} onClick={() => moveDay(-1)}>
            <ChevronLeftIcon aria-hidden />
          </Button>
          <Field className="w-auto">
            <Label htmlFor="booking-day">Day</Label>
            <Input
              id="booking-day"
              type="date"
              className="w-44"
              value={day}
              min={page.first_day}
              max={page.last_day}
              onChange={(event) => {
                const value = event.target.value;
                if (value >= page.first_day && value <= page.last_day) {
                  setDay(value);
                  setSlot(null);
                }
              }}
            />
          </Field>
          <Button type="button" variant="outline" size="icon" aria-label="Next day" disabled={day >= page.last_day} onClick={() => moveDay(1)}>
            <ChevronRightIcon aria-hidden />
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">
          {formatDay(day)} · times in {page.time_zone}
        </p>
        {!service ? (
          <p className="text-sm text-muted-foreground">Choose a service to see the free times.</p>
        ) : slots.isError ? (
          <ErrorAlert title="The free times could not be loaded" error={slots.error} />
        ) : !slots.data ? (
          <p className="text-sm text-muted-foreground">Looking for free times…</p>
        ) : slots.data.slots.length === 0 ? (
          <p className="text-sm text-muted-foreground">No free times on this day. Try another day.</p>
        ) : (
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-6" role="group" aria-label="Free times">
            {slots.data.slots.map((start) => (
              <Button key={start} type="button" variant={start === slot ? 'default' : 'outline'} aria-pressed={start === slot} onClick={() => setSlot(start)}>
                {timeIn(start, page.time_zone)}
              </Button>
            ))}
          </div>
        )}
      </fieldset>

      <fieldset className="grid gap-3" disabled={!slot}>
        <legend className="mb-1 font-semibold">3. Your details</legend>
        <Field>
          <Label htmlFor="booking-name">Name</Label>
          <Input id="booking-name" autoComplete="name" value={name} maxLength={120} onChange={(event) => setName(event.target.value)} />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field>
            <Label htmlFor="booking-email">E-mail</Label>
            <Input id="booking-email" type="email" autoComplete="email" value={email} maxLength={254} onChange={(event) => setEmail(event.target.value)} />
          </Field>
          <Field>
            <Label htmlFor="booking-phone">Phone</Label>
            <Input id="booking-phone" type="tel" autoComplete="tel" value={phone} maxLength={40} onChange={(event) => setPhone(event.target.value)} />
          </Field>
        </div>
        <FieldDescription>An e-mail address or a phone number, so we can confirm your booking.</FieldDescription>
        <Field>
          <Label htmlFor="booking-note">Note (optional)</Label>
          <Textarea id="booking-note" rows={2} maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} />
        </Field>
      </fieldset>

      {problem ? <ErrorAlert message={problem} /> : null}
      {book.error ? <ErrorAlert title="Not booked" error={book.error} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={book.isPending || !slot}>
          {book.isPending ? 'Booking…' : 'Book'}
        </Button>
        {service && slot ? (
          <span className="text-sm">
            {service.name} · {timeIn(slot, page.time_zone)} · {formatMoney(service.price, page.currency)}
          </span>
        ) : null}
      </div>
    </form>
  );
}
