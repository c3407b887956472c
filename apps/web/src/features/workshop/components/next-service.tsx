import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useServiceDue, useSetNextService, type NextServiceBody, type Vehicle } from '../api/workshop';

const wholeOrUndefined = (value: string) => (value.trim() === '' ? undefined : Number(value.replace(/[\s,]/g, '')));

/** When the vehicle's next service is due: a day and/or a mileage, or "in 12 months or 15,000". */
export function NextServiceForm({ vehicle }: { vehicle: Vehicle }) {
  const setNext = useSetNextService(vehicle.id);
  const [months, setMonths] = useState('12');
  const [distance, setDistance] = useState('15000');
  const { due_on, due_mileage } = vehicle.next_service;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: NextServiceBody = {};
    const inMonths = wholeOrUndefined(months);
    const inDistance = wholeOrUndefined(distance);
    if (inMonths !== undefined) body.in_months = inMonths;
    if (inDistance !== undefined) body.in_distance = inDistance;
    await setNext.mutateAsync(body).catch(() => undefined);
  }

  return (
    <div className="grid gap-2">
      <h3 className="font-semibold">Next service</h3>
      <p className="text-sm text-muted-foreground">
        {due_on || due_mileage !== null
          ? `Due ${[due_on ? `on ${due_on}` : null, due_mileage !== null ? `at ${due_mileage.toLocaleString()}` : null].filter(Boolean).join(' or ')}, whichever comes first.`
          : 'Not set.'}
      </p>
      <form onSubmit={submit} aria-label="Set the next service" className="flex flex-wrap items-end gap-3">
        <Field className="w-32">
          <Label htmlFor="next-months">In months</Label>
          <Input id="next-months" inputMode="numeric" value={months} onChange={(event) => setMonths(event.target.value)} />
        </Field>
        <Field className="w-40">
          <Label htmlFor="next-distance">Or in distance</Label>
          <Input id="next-distance" inputMode="numeric" value={distance} onChange={(event) => setDistance(event.target.value)} />
        </Field>
        <Button type="submit" variant="outline" disabled={setNext.isPending}>
          Set next service
        </Button>
        {due_on || due_mileage !== null ? (
          <Button type="button" variant="ghost" disabled={setNext.isPending} onClick={() => void setNext.mutateAsync({ due_on: null, due_mileage: null }).catch(() => undefined)}>
            Clear
          </Button>
        ) : null}
      </form>
      {setNext.isError ? <ErrorAlert error={setNext.error} /> : null}
    </div>
  );
}

/** The shop's list of vehicles whose next service is overdue or due within 30 days (or 1,000 on the odometer). */
export function ServiceDuePanel() {
  const due = useServiceDue();
  if (due.isError) return <ErrorAlert error={due.error} />;
  if (!due.data) return <p className="text-muted-foreground">Loading…</p>;
  if (due.data.vehicles.length === 0) return <p className="text-muted-foreground">No vehicle is due for a service in the next 30 days.</p>;
  return (
    <div className="overflow-x-auto">
      <Table aria-label="Vehicles due for a service">
        <TableHeader>
          <TableRow>
            <TableHead>Vehicle</TableHead>
            <TableHead>Owner</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Due</TableHead>
            <TableHead className="text-right">Odometer (estimated)</TableHead>
            <TableHead>Reminder</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {due.data.vehicles.map((row) => (
            <TableRow key={row.vehicle.id}>
              <TableCell className="font-medium">
                {row.vehicle.label}
                {row.vehicle.plate ? ` · ${row.vehicle.plate}` : ''}
              </TableCell>
              <TableCell>
                {row.vehicle.customer_name}
                <span className="block text-xs text-muted-foreground">{row.customer_email ?? row.customer_phone ?? 'No contact'}</span>
              </TableCell>
              <TableCell>
                <Badge variant={row.status === 'overdue' ? 'destructive' : 'warning'}>{row.status === 'overdue' ? 'Overdue' : 'Due soon'}</Badge>
              </TableCell>
              <TableCell>
                {[row.due_on, row.due_mileage !== null ? row.due_mileage.toLocaleString() : null].filter(Boolean).join(' or ')}
                {row.expected_on && row.expected_on !== row.due_on ? <span className="block text-xs text-muted-foreground">expected {row.expected_on}</span> : null}
              </TableCell>
              <TableCell className="text-right tabular-nums">{row.estimated_mileage !== null ? row.estimated_mileage.toLocaleString() : '—'}</TableCell>
              <TableCell>{row.reminded ? 'Sent' : 'Not yet'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
