import { checkVin, decodeVin } from '@till/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatMoney } from '@/lib/money';
import { useCreateCustomer, useCreateRepairOrder, useCreateVehicle, useCustomerChoices, useVehicle, useVehicles, type Vehicle } from '../api/workshop';
import { NextServiceForm } from './next-service';
import { StatusBadge } from './status-badge';

const selectClass = 'h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm';
const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** Adds a vehicle for an existing customer or a new one (name and e-mail). */
function AddVehicleForm({ onAdded }: { onAdded: (vehicle: Vehicle) => void }) {
  const [customerSearch, setCustomerSearch] = useState('');
  const customers = useCustomerChoices(useDebouncedValue(customerSearch.trim()));
  const [customerId, setCustomerId] = useState('');
  const [newName, setNewName] = useState('');
  const [newEmail, setNewEmail] = useState('');
  const [fields, setFields] = useState({ vin: '', plate: '', make: '', model: '', year: '', engine: '', colour: '', odometer: '', notes: '' });
  const createCustomer = useCreateCustomer();
  const createVehicle = useCreateVehicle();
  const [error, setError] = useState<unknown>(null);
  const vin = fields.vin.trim() ? checkVin(fields.vin) : null;
  const decoded = vin?.ok ? decodeVin(vin.value) : null;
  const set = (key: keyof typeof fields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [key]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const owner = customerId || (await createCustomer.mutateAsync({ name: newName.trim(), ...(newEmail.trim() ? { email: newEmail.trim() } : {}) })).id;
      const vehicle = await createVehicle.mutateAsync({
        customer_id: owner,
        vin: fields.vin || null,
        plate: fields.plate || null,
        make: fields.make || null,
        model: fields.model || null,
        year: numberOrUndefined(fields.year) ?? null,
        engine: fields.engine || null,
        colour: fields.colour || null,
        notes: fields.notes || null,
        odometer: numberOrUndefined(fields.odometer),
      });
      onAdded(vehicle);
    } catch (caught) {
      setError(caught);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border p-4" aria-label="Add a vehicle">
      <h2 className="text-lg font-semibold">Add a vehicle</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field>
          <Label htmlFor="vehicle-customer-search">Find the owner</Label>
          <Input id="vehicle-customer-search" type="search" value={customerSearch} placeholder="Name, e-mail or phone" onChange={(event) => setCustomerSearch(event.target.value)} />
        </Field>
        <Field>
          <Label htmlFor="vehicle-customer">Owner</Label>
          <select id="vehicle-customer" className={selectClass} value={customerId} onChange={(event) => setCustomerId(event.target.value)}>
            <option value="">A new customer</option>
            {(customers.data ?? []).map((customer) => (
              <option key={customer.id} value={customer.id}>
                {customer.name}
                {customer.email ? ` (${customer.email})` : ''}
              </option>
            ))}
          </select>
        </Field>
        {customerId ? null : (
          <>
            <Field>
              <Label htmlFor="vehicle-new-name">New customer’s name</Label>
              <Input id="vehicle-new-name" value={newName} required onChange={(event) => setNewName(event.target.value)} />
            </Field>
            <Field>
              <Label htmlFor="vehicle-new-email">New customer’s e-mail (for approval links)</Label>
              <Input id="vehicle-new-email" type="email" value={newEmail} onChange={(event) => setNewEmail(event.target.value)} />
            </Field>
          </>
        )}
        <Field className="sm:col-span-2">
          <Label htmlFor="vehicle-vin">VIN</Label>
          <Input id="vehicle-vin" value={fields.vin} autoComplete="off" spellCheck={false} className="font-mono uppercase" onChange={set('vin')} aria-invalid={vin ? !vin.ok : undefined} />
          <FieldDescription>
            {vin === null
              ? '17 characters, on the windscreen or the door pillar.'
              : vin.ok
                ? `Valid VIN${decoded?.manufacturer ? ` · ${decoded.manufacturer}` : ''}${decoded?.modelYear ? ` · model year ${decoded.modelYear}` : ''} · plant ${decoded?.plant ?? ''}`
                : vin.message}
          </FieldDescription>
        </Field>
        <Field>
          <Label htmlFor="vehicle-plate">Plate</Label>
          <Input id="vehicle-plate" value={fields.plate} autoComplete="off" className="uppercase" onChange={set('plate')} />
        </Field>
        <Field>
          <Label htmlFor="vehicle-odometer">Odometer</Label>
          <Input id="vehicle-odometer" inputMode="numeric" value={fields.odometer} onChange={set('odometer')} />
        </Field>
        <Field>
          <Label htmlFor="vehicle-make">Make</Label>
          <Input id="vehicle-make" value={fields.make} placeholder={decoded?.manufacturer ?? ''} onChange={set('make')} />
        </Field>
        <Field>
          <Label htmlFor="vehicle-model">Model</Label>
          <Input id="vehicle-model" value={fields.model} onChange={set('model')} />
        </Field>
        <Field>
          <Label htmlFor="vehicle-year">Year</Label>
          <Input id="vehicle-year" inputMode="numeric" value={fields.year} placeholder={decoded?.modelYear ? String(decoded.modelYear) : ''} onChange={set('year')} />
        </Field>
        <Field>
          <Label htmlFor="vehicle-engine">Engine</Label>
          <Input id="vehicle-engine" value={fields.engine} onChange={set('engine')} />
        </Field>
        <Field>
          <Label htmlFor="vehicle-colour">Colour</Label>
          <Input id="vehicle-colour" value={fields.colour} onChange={set('colour')} />
        </Field>
        <Field className="sm:col-span-2">
          <Label htmlFor="vehicle-notes">Notes</Label>
          <Textarea id="vehicle-notes" value={fields.notes} onChange={set('notes')} />
        </Field>
      </div>
      {error ? <ErrorAlert error={error} /> : null}
      <div>
        <Button type="submit" disabled={createVehicle.isPending || createCustomer.isPending || (vin !== null && !vin.ok)}>
          Add vehicle
        </Button>
      </div>
    </form>
  );
}

/** A vehicle's odometer readings and service history, and a new repair order for it. */
function VehicleHistory({ vehicleId, appointmentId }: { vehicleId: string; appointmentId: string | null }) {
  const detail = useVehicle(vehicleId);
  const navigate = useNavigate();
  const createOrder = useCreateRepairOrder();
  const [concerns, setConcerns] = useState('');
  const [odometer, setOdometer] = useState('');
  if (detail.isError) return <ErrorAlert error={detail.error} />;
  if (!detail.data) return <p className="text-muted-foreground">Loading…</p>;
  const { vehicle, history, odometer: readings, currency } = detail.data;

  async function open(event: FormEvent) {
    event.preventDefault();
    const order = await createOrder.mutateAsync({ vehicle_id: vehicleId, concerns, odometer: numberOrUndefined(odometer), ...(appointmentId ? { appointment_id: appointmentId } : {}) });
    void navigate(`?ro=${order.id}`);
  }

  return (
    <section aria-label={`${vehicle.label} history`} className="grid gap-4 rounded-lg border p-4">
      <div>
        <h2 className="text-lg font-semibold">{vehicle.label}</h2>
        <p className="text-muted-foreground">
          {vehicle.customer_name}
          {vehicle.plate ? ` · ${vehicle.plate}` : ''}
          {vehicle.vin ? ` · VIN ${vehicle.vin}` : ''}
          {vehicle.engine ? ` · ${vehicle.engine}` : ''}
          {vehicle.colour ? ` · ${vehicle.colour}` : ''}
        </p>
      </div>
      {appointmentId ? <p className="text-sm">For the booked appointment: the concerns default to its service and notes.</p> : null}
      <form onSubmit={open} className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end" aria-label="Open a repair order">
        <Field>
          <Label htmlFor="ro-concerns">Customer’s concerns</Label>
          <Textarea id="ro-concerns" value={concerns} rows={2} onChange={(event) => setConcerns(event.target.value)} />
        </Field>
        <Field>
          <Label htmlFor="ro-odometer">Odometer today</Label>
          <Input id="ro-odometer" inputMode="numeric" value={odometer} onChange={(event) => setOdometer(event.target.value)} />
        </Field>
        <Button type="submit" disabled={createOrder.isPending}>
          Open repair order
        </Button>
      </form>
      {createOrder.isError ? <ErrorAlert error={createOrder.error} /> : null}
      <div className="grid gap-2">
        <h3 className="font-semibold">Service history</h3>
        {history.length === 0 ? <p className="text-sm text-muted-foreground">No repair orders yet.</p> : null}
        <ul className="grid gap-2">
          {history.map((order) => (
            <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
              <Button variant="link" className="h-auto p-0" onClick={() => void navigate(`?ro=${order.id}`)}>
                #{order.number} · {new Date(order.created_at).toLocaleDateString()}
              </Button>
              <span className="text-muted-foreground">{order.jobs.map((job) => job.title).join(', ') || order.concerns || '—'}</span>
              <StatusBadge status={order.status} />
              <span className="tabular-nums">{formatMoney(order.total, currency)}</span>
            </li>
          ))}
        </ul>
      </div>
      <NextServiceForm vehicle={vehicle} />
      {readings.length ? (
        <p className="text-sm text-muted-foreground">
          Odometer: {readings.map((reading) => `${reading.reading.toLocaleString()} (${new Date(reading.recorded_at).toLocaleDateString()})`).join(' · ')}
        </p>
      ) : null}
    </section>
  );
}

export function VehiclesPanel() {
  // From an appointment (decision 038): ?appointment=<id>&q=<customer> finds the car and opens its repair order for that booking.
  const [params] = useSearchParams();
  const appointmentId = params.get('appointment');
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const vehicles = useVehicles(useDebouncedValue(search.trim()));
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <Field className="min-w-60 flex-1">
          <Label htmlFor="vehicle-search">Find a vehicle</Label>
          <Input id="vehicle-search" type="search" value={search} placeholder="Plate, VIN or owner’s name" onChange={(event) => setSearch(event.target.value)} />
        </Field>
        <Button variant={adding ? 'outline' : 'default'} onClick={() => setAdding(!adding)}>
          {adding ? 'Close' : 'Add a vehicle'}
        </Button>
      </div>
      {adding ? (
        <AddVehicleForm
          onAdded={(vehicle) => {
            setAdding(false);
            setSelected(vehicle.id);
          }}
        />
      ) : null}
      {selected ? <VehicleHistory vehicleId={selected} appointmentId={appointmentId} /> : null}
      {vehicles.isError ? <ErrorAlert error={vehicles.error} /> : null}
      <ul className="grid gap-2" aria-label="Vehicles">
        {(vehicles.data ?? []).map((vehicle) => (
          <li key={vehicle.id}>
            <button
              type="button"
              aria-pressed={selected === vehicle.id}
              onClick={() => setSelected(vehicle.id)}
              className="grid w-full gap-0.5 rounded-md border p-3 text-left text-sm hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none aria-pressed:border-primary"
            >
              <span className="font-medium">
                {vehicle.label}
                {vehicle.plate ? ` · ${vehicle.plate}` : ''}
              </span>
              <span className="text-muted-foreground">
                {vehicle.customer_name}
                {vehicle.vin ? ` · ${vehicle.vin}` : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {vehicles.data && vehicles.data.length === 0 ? <p className="text-muted-foreground">{search ? 'No vehicle matches.' : 'No vehicles yet. Add the first one.'}</p> : null}
    </div>
  );
}
