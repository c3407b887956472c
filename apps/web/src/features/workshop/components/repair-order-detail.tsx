import { INSPECTION_CONDITIONS, REPAIR_ORDER_STATUS_LABELS, invoiceLabel } from '@till/core';
import { ArrowLeftIcon, CameraIcon, CopyIcon, ReceiptTextIcon, SendIcon, TimerIcon, Trash2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PhotoThumbnails } from '@/components/photo-thumbnails';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { formatMoney, minorToDecimalText, parseMoneyText } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useCatalogueParts, useRepairOrder, useRepairOrderActions, useTechnicians, useWorkshopSettings, type RepairOrder } from '../api/workshop';
import { ApprovalBadge, CONDITION_CLASSES, CONDITION_LABELS, StatusBadge } from './status-badge';

const selectClass = 'h-11 rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm';
type Actions = ReturnType<typeof useRepairOrderActions>;
type Job = RepairOrder['jobs'][number];

const MOVE_LABELS: Partial<Record<RepairOrder['status'], string>> = {
  estimate: 'Back to estimate',
  approved: 'Approved by the customer',
  declined: 'Declined',
  in_progress: 'Start work',
  ready: 'Ready for pick-up',
  invoiced: 'Mark invoiced',
  paid: 'Mark paid',
};

type Point = RepairOrder['inspection'][number];

/** Photos per inspection point (decision 041). */
const PHOTOS_PER_POINT = 6;

/** A point's photos: thumbnails that open larger, each with a remove button, and a camera button to take or pick another. */
function PointPhoto({ point, editable, actions }: { point: Point; editable: boolean; actions: Actions }) {
  const inputId = `photo-${point.id}`;
  const uploading = actions.attachPhoto.isPending && actions.attachPhoto.variables?.pointId === point.id;
  const busy = uploading || (actions.removePhoto.isPending && actions.removePhoto.variables?.pointId === point.id);
  const full = point.photos.length >= PHOTOS_PER_POINT;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <PhotoThumbnails
        label={point.label}
        photos={point.photos}
        disabled={busy}
        onRemove={editable ? (photoId) => actions.removePhoto.mutate({ pointId: point.id, photoId }, { onError: (error) => toast.error(errorMessage(error)) }) : undefined}
      />
      {editable && !full ? (
        <>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            capture="environment"
            className="sr-only"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) actions.attachPhoto.mutate({ pointId: point.id, file }, { onError: (error) => toast.error(errorMessage(error)) });
            }}
          />
          <Button asChild variant="outline" aria-disabled={busy}>
            <label htmlFor={inputId} className="cursor-pointer">
              <CameraIcon aria-hidden="true" />
              {uploading ? 'Uploading…' : 'Add photo'}
              <span className="sr-only"> for {point.label}</span>
            </label>
          </Button>
        </>
      ) : null}
    </div>
  );
}

function Inspection({ order, actions }: { order: RepairOrder; actions: Actions }) {
  const editable = order.status === 'estimate' || order.status === 'approved' || order.status === 'in_progress';
  return (
    <section aria-labelledby="inspection-heading" className="grid gap-2 rounded-lg border p-4">
      <h2 id="inspection-heading" className="text-lg font-semibold">
        Inspection
      </h2>
      <ul className="grid gap-2">
        {order.inspection.map((point) => (
          <li key={point.id} className="grid gap-2 border-b pb-2 last:border-0 sm:grid-cols-[12rem_auto_1fr_auto] sm:items-center">
            <span className="font-medium">{point.label}</span>
            <div role="radiogroup" aria-label={`${point.label} condition`} className="flex gap-1">
              {INSPECTION_CONDITIONS.map((condition) => (
                <button
                  key={condition}
                  type="button"
                  role="radio"
                  aria-checked={point.condition === condition}
                  disabled={!editable}
                  onClick={() => actions.markPoint.mutate({ pointId: point.id, condition: point.condition === condition ? null : condition })}
                  className={cn(
                    'h-9 min-w-16 rounded-md border px-2 text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none disabled:opacity-60',
                    point.condition === condition ? CONDITION_CLASSES[condition] : 'bg-background text-muted-foreground',
                  )}
                >
                  {CONDITION_LABELS[condition]}
                </button>
              ))}
            </div>
            <Input
              aria-label={`${point.label} notes`}
              defaultValue={point.notes ?? ''}
              placeholder="Notes"
              disabled={!editable}
              onBlur={(event) => {
                if ((event.target.value || null) !== point.notes) actions.markPoint.mutate({ pointId: point.id, notes: event.target.value || null });
              }}
            />
            <PointPhoto point={point} editable={editable} actions={actions} />
          </li>
        ))}
      </ul>
      {actions.markPoint.isError ? <ErrorAlert error={actions.markPoint.error} /> : null}
    </section>
  );
}

function AddLineForm({ job, order, actions, labourRate }: { job: Job; order: RepairOrder; actions: Actions; labourRate: number }) {
  const [kind, setKind] = useState<'labour' | 'part'>('labour');
  const [description, setDescription] = useState('');
  const [hours, setHours] = useState('');
  const [rate, setRate] = useState(minorToDecimalText(labourRate, order.currency));
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  const [partSearch, setPartSearch] = useState('');
  const [productId, setProductId] = useState('');
  const parts = useCatalogueParts(useDebouncedValue(partSearch.trim()), kind === 'part');
  const [error, setError] = useState<string | null>(null);
  const id = (name: string) => `line-${job.id}-${name}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    // A catalogue part takes its catalogue price unless one is typed.
    const money = productId && !price.trim() ? null : parseMoneyText(kind === 'labour' ? rate : price, order.currency);
    if (money && !money.ok) return setError(money.message);
    const amount = money?.ok ? money.amount : undefined;
    try {
      await actions.addLine.mutateAsync({
        jobId: job.id,
        body:
          kind === 'labour'
            ? { kind, description, hours, rate: amount }
            : productId
              ? { kind, product_id: productId, quantity: Number(quantity), ...(description.trim() ? { description } : {}), ...(amount === undefined ? {} : { unit_price: amount }) }
              : { kind, description, quantity: Number(quantity), unit_price: amount },
      });
      setDescription('');
      setHours('');
      setPrice('');
      setProductId('');
      setPartSearch('');
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }

  return (
    <form onSubmit={submit} aria-label={`Add a line to ${job.title}`} className="grid gap-2 sm:grid-cols-[8rem_1fr_7rem_8rem_auto] sm:items-end">
      <Field>
        <Label htmlFor={id('kind')}>Line</Label>
        <select id={id('kind')} className={selectClass} value={kind} onChange={(event) => setKind(event.target.value as 'labour' | 'part')}>
          <option value="labour">Labour</option>
          <option value="part">Part</option>
        </select>
      </Field>
      <Field>
        <Label htmlFor={id('description')}>{kind === 'labour' ? 'Work' : 'Part'}</Label>
        <Input id={id('description')} value={description} required={!productId} placeholder={productId ? 'As in the catalogue' : ''} onChange={(event) => setDescription(event.target.value)} />
      </Field>
      {kind === 'labour' ? (
        <>
          <Field>
            <Label htmlFor={id('hours')}>Hours</Label>
            <Input id={id('hours')} inputMode="decimal" value={hours} required placeholder="1.5" onChange={(event) => setHours(event.target.value)} />
          </Field>
          <Field>
            <Label htmlFor={id('rate')}>Rate / hour</Label>
            <Input id={id('rate')} inputMode="decimal" value={rate} required onChange={(event) => setRate(event.target.value)} />
          </Field>
        </>
      ) : (
        <>
          <Field>
            <Label htmlFor={id('quantity')}>Quantity</Label>
            <Input id={id('quantity')} inputMode="numeric" value={quantity} required onChange={(event) => setQuantity(event.target.value)} />
          </Field>
          <Field>
            <Label htmlFor={id('price')}>Unit price</Label>
            <Input id={id('price')} inputMode="decimal" value={price} required={!productId} placeholder={productId ? 'Catalogue price' : ''} onChange={(event) => setPrice(event.target.value)} />
          </Field>
        </>
      )}
      {kind === 'part' && parts.data ? (
        <div className="grid gap-2 sm:col-span-5 sm:grid-cols-2">
          <Field>
            <Label htmlFor={id('part-search')}>Find a catalogue part</Label>
            <Input id={id('part-search')} type="search" value={partSearch} placeholder="Name, SKU or barcode" onChange={(event) => setPartSearch(event.target.value)} />
          </Field>
          <Field>
            <Label htmlFor={id('product')}>Catalogue part</Label>
            <select id={id('product')} className={selectClass} value={productId} onChange={(event) => setProductId(event.target.value)}>
              <option value="">A one-off part (name and price above)</option>
              {parts.data.map((product) => (
                <option key={product.id} value={product.id}>
                  {product.name} · {formatMoney(product.price, order.currency)}
                </option>
              ))}
            </select>
          </Field>
        </div>
      ) : null}
      <Button type="submit" variant="outline" disabled={actions.addLine.isPending}>
        Add line
      </Button>
      {error ? <p className="text-sm text-destructive sm:col-span-5">{error}</p> : null}
    </form>
  );
}

function JobCard({ job, order, actions, labourRate }: { job: Job; order: RepairOrder; actions: Actions; labourRate: number }) {
  const editable = order.status === 'estimate';
  const technicians = useTechnicians();
  const working = order.status === 'approved' || order.status === 'in_progress' || order.status === 'ready';
  return (
    <article aria-label={job.title} className="grid gap-3 rounded-lg border p-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{job.title}</h3>
        <div className="flex items-center gap-2">
          <ApprovalBadge approval={job.approval} />
          {editable ? (
            <Button variant="ghost" size="icon" aria-label={`Remove ${job.title}`} onClick={() => actions.removeJob.mutate(job.id)}>
              <Trash2Icon aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      </header>
      {job.lines.length ? (
        <table className="w-full text-sm">
          <caption className="sr-only">Lines of {job.title}</caption>
          <thead className="text-left text-muted-foreground">
            <tr>
              <th className="font-medium">Line</th>
              <th className="font-medium">Qty / hours</th>
              <th className="text-right font-medium">Amount</th>
              {editable ? <th className="sr-only">Remove</th> : null}
            </tr>
          </thead>
          <tbody>
            {job.lines.map((line) => (
              <tr key={line.id} className="border-t">
                <td className="py-1">
                  {line.kind === 'labour' ? 'Labour: ' : ''}
                  {line.description}
                </td>
                <td>{line.kind === 'labour' ? `${line.hours} h × ${formatMoney(line.rate ?? 0, order.currency)}` : `${line.quantity} × ${formatMoney(line.unit_price ?? 0, order.currency)}`}</td>
                <td className="text-right tabular-nums">{formatMoney(line.amount, order.currency)}</td>
                {editable ? (
                  <td className="text-right">
                    <Button variant="ghost" size="icon" aria-label={`Remove ${line.description}`} onClick={() => actions.removeLine.mutate(line.id)}>
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-muted-foreground">No labour or parts yet.</p>
      )}
      <p className="flex flex-wrap justify-end gap-x-4 text-sm">
        <span>Labour {formatMoney(job.labour, order.currency)}</span>
        <span>Parts {formatMoney(job.parts, order.currency)}</span>
        <span>Tax {formatMoney(job.tax, order.currency)}</span>
        <span className="font-semibold">Job total {formatMoney(job.total, order.currency)}</span>
      </p>
      <div className="flex flex-wrap gap-3">
        {technicians.data ? (
          <Field className="min-w-48">
            <Label htmlFor={`tech-${job.id}`}>Technician</Label>
            <select
              id={`tech-${job.id}`}
              className={selectClass}
              value={job.technician_employee_id ?? ''}
              onChange={(event) => actions.updateJob.mutate({ jobId: job.id, technician_employee_id: event.target.value || null })}
            >
              <option value="">Not assigned</option>
              {technicians.data.map((employee) => (
                <option key={employee.id} value={employee.id}>
                  {employee.full_name}
                </option>
              ))}
            </select>
          </Field>
        ) : job.technician_name ? (
          <p className="text-sm">Technician: {job.technician_name}</p>
        ) : null}
        {working && job.approval === 'approved' ? (
          <Field className="w-36">
            <Label htmlFor={`actual-${job.id}`}>Hours spent</Label>
            <Input
              id={`actual-${job.id}`}
              key={job.actual_hours ?? ''}
              inputMode="decimal"
              defaultValue={job.actual_hours ?? ''}
              onBlur={(event) => {
                if (event.target.value !== (job.actual_hours ?? '')) actions.updateJob.mutate({ jobId: job.id, actual_hours: event.target.value || null });
              }}
            />
          </Field>
        ) : null}
      </div>
      {(order.status === 'approved' || order.status === 'in_progress') && job.approval === 'approved' ? <JobClock job={job} actions={actions} /> : null}
      {editable ? <AddLineForm job={job} order={order} actions={actions} labourRate={labourRate} /> : null}
    </article>
  );
}

/**
 * The technician's clock on a job (decision 038): they start and stop it from their own employee
 * session (the server refuses an account alone and anyone else's stop); the time adds to Hours spent.
 */
function JobClock({ job, actions }: { job: Job; actions: Actions }) {
  const running = job.running_clocks;
  const busy = actions.startClock.isPending || actions.stopClock.isPending;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      {running.length ? (
        <p role="status" className="flex items-center gap-1">
          <TimerIcon aria-hidden="true" className="size-4 text-emerald-600" />
          {running.map((clock) => `${clock.employee_name} since ${new Date(clock.started_at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`).join(', ')}
        </p>
      ) : null}
      <Button variant="outline" className="h-11" disabled={busy} onClick={() => actions.startClock.mutate(job.id)}>
        <TimerIcon aria-hidden="true" /> Start clock
      </Button>
      {running.length ? (
        <Button variant="secondary" className="h-11" disabled={busy} onClick={() => actions.stopClock.mutate(job.id)}>
          Stop clock
        </Button>
      ) : null}
    </div>
  );
}

function ApprovalBox({ order }: { order: RepairOrder }) {
  const approval = order.approval;
  if (!approval) return null;
  const url = `${window.location.origin}${approval.url}`;
  return (
    <section aria-label="Customer approval" className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50/50 p-4 text-sm">
      <h2 className="text-base font-semibold">Customer approval</h2>
      {approval.decided_at ? (
        <p role="status">
          Answered by <strong>{approval.customer_name}</strong> on {new Date(approval.decided_at).toLocaleString()}
          {approval.ip_address ? ` from ${approval.ip_address}` : ''}.
        </p>
      ) : (
        <>
          <p>
            Sent {new Date(approval.sent_at).toLocaleString()}
            {approval.emailed_to ? ` to ${approval.emailed_to}` : ' (the customer has no e-mail: share the link)'}; the link works until {new Date(approval.expires_at).toLocaleString()}.
          </p>
          <div className="flex gap-2">
            <Input readOnly value={url} aria-label="Approval link" className="font-mono text-xs" onFocus={(event) => event.target.select()} />
            <Button
              variant="outline"
              onClick={() => void navigator.clipboard?.writeText(url).then(() => toast.success('Link copied'), () => toast.error('Copy the link by hand'))}
            >
              <CopyIcon aria-hidden="true" /> Copy
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** The repair order's invoice (decision 038): its number, what is owed, the PDF, and where it is paid. */
function InvoiceBox({ order, invoice }: { order: RepairOrder; invoice: NonNullable<RepairOrder['invoice']> }) {
  const label = invoice.number === null ? 'Draft invoice' : invoiceLabel(invoice.number);
  const owed = invoice.total - invoice.paid_total;
  return (
    <section aria-label="Invoice" className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
      <p>
        <span className="font-medium">{label}</span> · {formatMoney(invoice.total, order.currency)}
        {owed > 0 ? ` · ${formatMoney(owed, order.currency)} to pay at the till` : ' · paid'}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a href={`/api/invoices/${invoice.id}/pdf`} target="_blank" rel="noreferrer">
            PDF
          </a>
        </Button>
        <Button asChild variant="outline">
          <Link to={`/invoices?open=${invoice.id}`}>Open invoice</Link>
        </Button>
        {owed > 0 ? (
          <Button asChild variant="secondary">
            <Link to="/pos">Take payment at the till</Link>
          </Button>
        ) : null}
      </div>
    </section>
  );
}

export function RepairOrderDetail({ id }: { id: string }) {
  const query = useRepairOrder(id);
  const actions = useRepairOrderActions(id);
  const settings = useWorkshopSettings();
  const [jobTitle, setJobTitle] = useState('');
  if (query.isError) return <ErrorAlert error={query.error} />;
  const order = query.data;
  if (!order) return <p className="text-muted-foreground">Loading repair order…</p>;
  const failure = [actions.move, actions.invoice, actions.startClock, actions.stopClock, actions.send, actions.addJob, actions.updateJob, actions.removeJob, actions.removeLine].find((mutation) => mutation.isError)?.error;

  async function addJob(event: FormEvent) {
    event.preventDefault();
    await actions.addJob.mutateAsync({ title: jobTitle });
    setJobTitle('');
  }

  return (
    <div className="grid gap-4">
      <Link to="?" className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
        <ArrowLeftIcon aria-hidden="true" className="size-4" /> Back to the board
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold">
            Repair order #{order.number} <StatusBadge status={order.status} />
          </h2>
          <p className="text-muted-foreground">
            {order.vehicle.label}
            {order.vehicle.plate ? ` · ${order.vehicle.plate}` : ''} · {order.customer.name}
            {order.odometer !== null ? ` · ${order.odometer.toLocaleString()} on the odometer` : ''}
          </p>
          {order.concerns ? <p>Concerns: {order.concerns}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {order.status === 'estimate' ? (
            <Button disabled={actions.send.isPending || order.jobs.length === 0} onClick={() => actions.send.mutate()}>
              <SendIcon aria-hidden="true" /> Send for approval
            </Button>
          ) : null}
          {order.status === 'ready' && !order.invoice ? (
            <Button disabled={actions.invoice.isPending} onClick={() => actions.invoice.mutate()}>
              <ReceiptTextIcon aria-hidden="true" /> Invoice
            </Button>
          ) : null}
          {/* Invoicing makes the invoice (above); paying is the till's or the invoice's. */}
          {order.next_statuses.filter((status) => status !== 'invoiced').map((status) => (
            <Button key={status} variant={status === 'declined' || status === 'estimate' ? 'outline' : 'secondary'} disabled={actions.move.isPending} onClick={() => actions.move.mutate(status)}>
              {MOVE_LABELS[status] ?? REPAIR_ORDER_STATUS_LABELS[status]}
            </Button>
          ))}
        </div>
      </header>
      {failure ? <ErrorAlert error={failure} /> : null}
      {order.invoice ? <InvoiceBox order={order} invoice={order.invoice} /> : null}
      <ApprovalBox order={order} />
      <Inspection order={order} actions={actions} />
      <section aria-labelledby="jobs-heading" className="grid gap-3">
        <h2 id="jobs-heading" className="text-lg font-semibold">
          Jobs
        </h2>
        {order.jobs.map((job) => (
          <JobCard key={job.id} job={job} order={order} actions={actions} labourRate={settings.data?.labour_rate ?? 0} />
        ))}
        {order.status === 'estimate' ? (
          <form onSubmit={addJob} className="flex flex-wrap items-end gap-2" aria-label="Add a job">
            <Field className="min-w-60 flex-1">
              <Label htmlFor="job-title">New job</Label>
              <Input id="job-title" value={jobTitle} required placeholder="e.g. Replace front brake pads" onChange={(event) => setJobTitle(event.target.value)} />
            </Field>
            <Button type="submit" disabled={actions.addJob.isPending}>
              Add job
            </Button>
          </form>
        ) : null}
      </section>
      <section aria-label="Totals" className="grid justify-end gap-1 rounded-lg border p-4 text-right">
        <p>Subtotal {formatMoney(order.totals.subtotal, order.currency)}</p>
        <p>Tax {formatMoney(order.totals.tax, order.currency)}</p>
        <p className="text-lg font-semibold">Total {formatMoney(order.totals.total, order.currency)}</p>
        {order.totals.quoted_total !== order.totals.total ? <p className="text-sm text-muted-foreground">Quoted {formatMoney(order.totals.quoted_total, order.currency)} before declined jobs</p> : null}
      </section>
    </div>
  );
}
