import { CopyIcon, ExternalLinkIcon } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { formatMoney } from '@/lib/money';
import { useBookingPageSettings, useSaveBookingPage, type AppointmentService, type BookingPageSettings } from '../api/appointments';

interface FormValues {
  enabled: boolean;
  serviceIds: string[];
  notice: string;
  horizon: string;
  welcome: string;
}

const toForm = (settings: BookingPageSettings): FormValues => ({
  enabled: settings.enabled,
  serviceIds: settings.service_ids,
  notice: String(settings.min_notice_hours),
  horizon: String(settings.horizon_days),
  welcome: settings.welcome_text ?? '',
});

/**
 * The public booking page's settings (decision 040): on or off, which services customers can book
 * themselves, how much notice and how far ahead, a welcome text, and the link to share.
 */
export function BookingPagePanel({ services, currency }: { services: AppointmentService[]; currency: string }) {
  const query = useBookingPageSettings(true);
  const save = useSaveBookingPage();
  const [form, setForm] = useState<FormValues | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (query.data && form === null) setForm(toForm(query.data));
  }, [query.data, form]);

  if (query.isError) return <ErrorAlert title="The booking page settings could not be loaded" error={query.error} />;
  if (!query.data || !form) return <p className="text-muted-foreground">Loading…</p>;
  const url = query.data.url;
  const offered = services.filter((service) => service.active);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const notice = Number(form.notice);
    const horizon = Number(form.horizon);
    if (!Number.isInteger(notice) || notice < 0 || notice > 720) return setProblem('Minimum notice is 0 to 720 whole hours');
    if (!Number.isInteger(horizon) || horizon < 1 || horizon > 365) return setProblem('How far ahead is 1 to 365 whole days');
    if (form.enabled && form.serviceIds.length === 0) return setProblem('Choose at least one service customers can book online');
    save.mutate(
      { enabled: form.enabled, service_ids: form.serviceIds, min_notice_hours: notice, horizon_days: horizon, welcome_text: form.welcome.trim() || null },
      {
        onSuccess: (answer) => {
          setForm(toForm(answer.settings));
          toast.success(answer.settings.enabled ? 'The booking page is on' : 'The booking page is off');
        },
      },
    );
  };

  const copy = () => {
    if (!url) return;
    void navigator.clipboard?.writeText(url).then(
      () => toast.success('Link copied'),
      () => toast.error('Copy the link by hand'),
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <form className="grid content-start gap-4 rounded-lg border p-4" onSubmit={submit} aria-label="Public booking page">
        <div className="grid gap-1">
          <h2 className="font-semibold">Public booking page</h2>
          <p className="text-sm text-muted-foreground">Customers pick a service and one of the free times, and book without signing in. They see free times only, never other bookings.</p>
        </div>
        <div className="flex items-center gap-2">
          <Switch id="booking-page-enabled" checked={form.enabled} onCheckedChange={(enabled) => setForm({ ...form, enabled })} />
          <Label htmlFor="booking-page-enabled">Let customers book online</Label>
        </div>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">Services customers can book</legend>
          {offered.length === 0 ? <FieldDescription>Add a service first (Services tab).</FieldDescription> : null}
          {offered.map((service) => (
            <label key={service.id} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
              <input
                type="checkbox"
                className="size-4"
                checked={form.serviceIds.includes(service.id)}
                onChange={(event) =>
                  setForm({ ...form, serviceIds: event.target.checked ? [...form.serviceIds, service.id] : form.serviceIds.filter((id) => id !== service.id) })
                }
              />
              <span>
                {service.name} <span className="text-muted-foreground">· {service.duration_minutes} min · {formatMoney(service.price, currency)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="grid grid-cols-2 gap-3">
          <Field>
            <Label htmlFor="booking-page-notice">Minimum notice (hours)</Label>
            <Input id="booking-page-notice" inputMode="numeric" value={form.notice} onChange={(event) => setForm({ ...form, notice: event.target.value })} />
          </Field>
          <Field>
            <Label htmlFor="booking-page-horizon">Book up to (days ahead)</Label>
            <Input id="booking-page-horizon" inputMode="numeric" value={form.horizon} onChange={(event) => setForm({ ...form, horizon: event.target.value })} />
          </Field>
        </div>
        <Field>
          <Label htmlFor="booking-page-welcome">Welcome text (optional)</Label>
          <Textarea id="booking-page-welcome" value={form.welcome} maxLength={1000} rows={3} onChange={(event) => setForm({ ...form, welcome: event.target.value })} />
        </Field>
        {problem ? <ErrorAlert message={problem} /> : null}
        {save.error ? <ErrorAlert title="Not saved" error={save.error} /> : null}
        <Button type="submit" className="justify-self-start" disabled={save.isPending}>
          Save booking page
        </Button>
      </form>
      <section className="grid content-start gap-3 rounded-lg border p-4" aria-labelledby="booking-link-title">
        <h2 id="booking-link-title" className="font-semibold">
          Your booking link
        </h2>
        {url ? (
          <>
            <Field>
              <Label htmlFor="booking-page-url">Link</Label>
              <Input id="booking-page-url" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
            </Field>
            <p className="text-sm text-muted-foreground">{query.data.enabled ? 'The page is on: anyone with the link can book.' : 'The page is off: the link shows nothing until you turn it on.'}</p>
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" onClick={copy}>
                <CopyIcon aria-hidden /> Copy link
              </Button>
              {query.data.enabled ? (
                <Button asChild variant="ghost">
                  <a href={url} target="_blank" rel="noreferrer">
                    <ExternalLinkIcon aria-hidden /> Open the page
                  </a>
                </Button>
              ) : null}
            </div>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">Save the settings once to get the link to share.</p>
        )}
      </section>
    </div>
  );
}
