import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatMoney, minorToDecimalText, parseMoneyText } from '@/lib/money';
import { useSaveService, type AppointmentService, type StaffSchedule } from '../api/appointments';

interface FormValues {
  id: string | null;
  name: string;
  duration: string;
  price: string;
  active: boolean;
  staffIds: string[];
}
const empty: FormValues = { id: null, name: '', duration: '30', price: '', active: true, staffIds: [] };

/** The services you book: name, minutes, price, and who does them. */
export function ServicesPanel({ services, staff, currency, canSetUp }: { services: AppointmentService[]; staff: StaffSchedule[]; currency: string; canSetUp: boolean }) {
  const [form, setForm] = useState<FormValues>(empty);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveService();
  const names = new Map(staff.map((person) => [person.id, person.full_name]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const duration = Number(form.duration);
    const price = parseMoneyText(form.price || '0', currency);
    if (!form.name.trim()) return setProblem('Give the service a name');
    if (!Number.isInteger(duration) || duration < 5 || duration > 720 || duration % 5 !== 0) return setProblem('The duration is 5 to 720 minutes, in steps of 5');
    if (!price.ok) return setProblem(price.message);
    save.mutate(
      { id: form.id, body: { name: form.name.trim(), duration_minutes: duration, price: price.amount, active: form.active, staff_ids: form.staffIds } },
      {
        onSuccess: (answer) => {
          toast.success(`${answer.service.name} saved`);
          setForm(empty);
        },
      },
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="overflow-x-auto rounded-lg border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Service</TableHead>
              <TableHead className="text-right">Minutes</TableHead>
              <TableHead className="text-right">Price</TableHead>
              <TableHead>Staff</TableHead>
              {canSetUp ? <TableHead className="sr-only">Actions</TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {services.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} className="py-8 text-center text-muted-foreground">
                  No services yet. Add what customers book: a name, how long it takes and its price.
                </TableCell>
              </TableRow>
            ) : (
              services.map((service) => (
                <TableRow key={service.id}>
                  <TableCell className="font-medium">
                    {service.name} {service.active ? null : <Badge variant="secondary">Inactive</Badge>}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{service.duration_minutes}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(service.price, currency)}</TableCell>
                  <TableCell className="text-sm">{service.staff_ids.length ? service.staff_ids.map((id) => names.get(id) ?? '—').join(', ') : 'Anyone'}</TableCell>
                  {canSetUp ? (
                    <TableCell className="text-right">
                      <Button
                        variant="ghost"
                       
                        onClick={() =>
                          setForm({
                            id: service.id,
                            name: service.name,
                            duration: String(service.duration_minutes),
                            price: minorToDecimalText(service.price, currency),
                            active: service.active,
                            staffIds: service.staff_ids,
                          })
                        }
                      >
                        Edit<span className="sr-only"> {service.name}</span>
                      </Button>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      {canSetUp ? (
        <form className="grid content-start gap-4 rounded-lg border p-4" onSubmit={submit} aria-label={form.id ? 'Edit the service' : 'Add a service'}>
          <h2 className="font-semibold">{form.id ? 'Edit the service' : 'Add a service'}</h2>
          <Field>
            <Label htmlFor="service-name">Name</Label>
            <Input id="service-name" value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} maxLength={120} />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field>
              <Label htmlFor="service-duration">Duration (minutes)</Label>
              <Input id="service-duration" inputMode="numeric" value={form.duration} onChange={(event) => setForm({ ...form, duration: event.target.value })} />
            </Field>
            <Field>
              <Label htmlFor="service-price">Price</Label>
              <Input id="service-price" inputMode="decimal" value={form.price} onChange={(event) => setForm({ ...form, price: event.target.value })} placeholder="0.00" />
            </Field>
          </div>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Who does it</legend>
            <FieldDescription>None ticked: anyone.</FieldDescription>
            {staff.map((person) => (
              <label key={person.id} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={form.staffIds.includes(person.id)}
                  onChange={(event) =>
                    setForm({ ...form, staffIds: event.target.checked ? [...form.staffIds, person.id] : form.staffIds.filter((id) => id !== person.id) })
                  }
                />
                {person.full_name}
              </label>
            ))}
          </fieldset>
          <div className="flex items-center gap-2">
            <Switch id="service-active" checked={form.active} onCheckedChange={(active) => setForm({ ...form, active })} />
            <Label htmlFor="service-active">Bookable</Label>
          </div>
          {problem ? <ErrorAlert message={problem} /> : null}
          {save.error ? <ErrorAlert title="Not saved" error={save.error} /> : null}
          <div className="flex gap-2">
            <Button type="submit" disabled={save.isPending}>
              {form.id ? 'Save service' : 'Add service'}
            </Button>
            {form.id ? (
              <Button type="button" variant="outline" onClick={() => setForm(empty)}>
                New service
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
    </div>
  );
}
