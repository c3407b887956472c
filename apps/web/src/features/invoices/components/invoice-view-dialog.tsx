import { INVOICE_PAYMENT_METHOD_LABELS, PAYMENT_TERMS_LABELS, canInvoice, type InvoicePaymentMethod } from '@till/core';
import { DownloadIcon, MailIcon, PencilIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { RecordPaymentForm } from '@/components/record-payment-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatMoney } from '@/lib/money';
import {
  useCreateCreditNote,
  useDeleteInvoice,
  useDownloadInvoicePdf,
  useInvoice,
  useIssueInvoice,
  useRecordInvoicePayment,
  useSendInvoice,
  useVoidInvoice,
  type Invoice,
} from '../api/invoices';
import { InvoiceStatusBadge } from './invoice-status-badge';

function InvoicePaymentForm({ invoice, today }: { invoice: Invoice; today: string }) {
  const pay = useRecordInvoicePayment(invoice.id);
  return <RecordPaymentForm currency={invoice.currency} balance={invoice.balance} today={today} capAtBalance onRecord={(payment) => pay.mutateAsync({ idempotency_key: payment.idempotencyKey, amount: payment.amount, paid_on: payment.paidOn, method: payment.method, reference: payment.reference })} pending={pay.isPending} failure={pay.isError ? pay.error : null} />;
}

function CreditNoteForm({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const open = invoice.lines.filter((line) => line.quantity > line.credited_quantity);
  const [quantities, setQuantities] = useState<Record<string, string>>(() => Object.fromEntries(open.map((line) => [line.id, '0'])));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const credit = useCreateCreditNote(invoice.id);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const lines = [];
    for (const line of open) {
      const text = (quantities[line.id] ?? '0').trim();
      if (!/^\d{1,7}$/.test(text)) return setError(`${line.description}: enter a whole number`);
      const quantity = Number(text);
      if (quantity > line.quantity - line.credited_quantity) return setError(`${line.description}: at most ${line.quantity - line.credited_quantity} can be credited`);
      if (quantity > 0) lines.push({ invoice_line_id: line.id, quantity });
    }
    if (lines.length === 0) return setError('Enter how many of at least one line to credit');
    setError(null);
    await credit.mutateAsync({ idempotency_key: idempotencyKey, reason: reason.trim() || null, lines });
    toast.success('Credit note issued');
    onDone();
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)} className="grid gap-3 rounded-lg border p-3" aria-labelledby="credit-heading">
      <h3 id="credit-heading" className="font-medium">
        Credit note
      </h3>
      <div className="grid gap-2">
        {open.map((line) => (
          <div key={line.id} className="grid grid-cols-[minmax(0,1fr)_6rem] items-end gap-3">
            <Label htmlFor={`credit-${line.id}`} className="leading-snug">
              {line.description} <span className="text-muted-foreground">(up to {line.quantity - line.credited_quantity})</span>
            </Label>
            <Input id={`credit-${line.id}`} inputMode="numeric" value={quantities[line.id] ?? '0'} onChange={(event) => setQuantities((current) => ({ ...current, [line.id]: event.target.value }))} />
          </div>
        ))}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="credit-reason">Reason</Label>
        <Input id="credit-reason" value={reason} onChange={(event) => setReason(event.target.value)} autoComplete="off" />
      </div>
      {error ? <ErrorAlert message={error} /> : null}
      {credit.isError ? <ErrorAlert title="The credit note could not be issued" error={credit.error} /> : null}
      <Button type="submit" disabled={credit.isPending} className="justify-self-start">
        {credit.isPending ? 'Issuing...' : 'Issue credit note'}
      </Button>
    </form>
  );
}

function Actions({ invoice, onEdit, onClose }: { invoice: Invoice; onEdit: () => void; onClose: () => void }) {
  const issue = useIssueInvoice(invoice.id);
  const send = useSendInvoice(invoice.id);
  const voiding = useVoidInvoice(invoice.id);
  const remove = useDeleteInvoice(invoice.id);
  const download = useDownloadInvoicePdf();
  const [email, setEmail] = useState(invoice.customer.email ?? '');
  const [panel, setPanel] = useState<'none' | 'send' | 'credit' | 'void'>('none');
  const [voidReason, setVoidReason] = useState('');
  const failure = issue.error ?? send.error ?? voiding.error ?? remove.error ?? download.error;
  const canVoid = canInvoice(invoice.status, 'void') && invoice.paid_total === 0 && invoice.credited_total === 0;

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        {invoice.status === 'draft' ? (
          <>
            <Button onClick={() => issue.mutate(undefined, { onSuccess: (after) => toast.success(`Invoice ${after.label} issued`) })} disabled={issue.isPending}>
              {issue.isPending ? 'Issuing...' : 'Issue invoice'}
            </Button>
            <Button variant="outline" onClick={onEdit}>
              <PencilIcon aria-hidden="true" />
              Edit draft
            </Button>
            <Button
              variant="outline"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    toast.success('Draft deleted');
                    onClose();
                  },
                })
              }
            >
              Delete draft
            </Button>
          </>
        ) : null}
        {canInvoice(invoice.status, 'send') ? (
          <Button variant="outline" onClick={() => setPanel(panel === 'send' ? 'none' : 'send')}>
            <MailIcon aria-hidden="true" />
            Send by e-mail
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => download.mutate({ id: invoice.id, label: invoice.label })} disabled={download.isPending}>
          <DownloadIcon aria-hidden="true" />
          {download.isPending ? 'Preparing...' : 'Download PDF'}
        </Button>
        {canInvoice(invoice.status, 'credit') && invoice.balance > 0 ? (
          <Button variant="outline" onClick={() => setPanel(panel === 'credit' ? 'none' : 'credit')}>
            Credit note
          </Button>
        ) : null}
        {canVoid ? (
          <Button variant="outline" onClick={() => setPanel(panel === 'void' ? 'none' : 'void')}>
            Void
          </Button>
        ) : null}
      </div>
      {panel === 'send' ? (
        <form
          noValidate
          className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate(email.trim(), {
              onSuccess: (after) => {
                toast.success(`Invoice ${after.label} sent to ${after.emailed_to}`);
                setPanel('none');
              },
            });
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="send-email">Send to</Label>
            <Input id="send-email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
          </div>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send with PDF'}
          </Button>
        </form>
      ) : null}
      {panel === 'credit' ? <CreditNoteForm invoice={invoice} onDone={() => setPanel('none')} /> : null}
      {panel === 'void' ? (
        <form
          noValidate
          className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            voiding.mutate(voidReason, {
              onSuccess: () => {
                toast.success('Invoice voided');
                setPanel('none');
              },
            });
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="void-reason">Why void it?</Label>
            <Input id="void-reason" value={voidReason} onChange={(event) => setVoidReason(event.target.value)} autoComplete="off" />
          </div>
          <Button type="submit" variant="destructive" disabled={voiding.isPending}>
            {voiding.isPending ? 'Voiding...' : 'Void invoice'}
          </Button>
        </form>
      ) : null}
      {failure ? <ErrorAlert title="That did not work" error={failure} /> : null}
    </div>
  );
}

/** One invoice: customer, dates, lines, tax by rate, totals, payments, credit notes, and what can be done next. */
export function InvoiceViewDialog({ invoiceId, today, onOpenChange, onEdit }: { invoiceId: string | null; today: string; onOpenChange: (open: boolean) => void; onEdit: (invoice: Invoice) => void }) {
  const detail = useInvoice(invoiceId);
  const invoice = detail.data;
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  const money = (amount: number) => formatMoney(amount, invoice?.currency ?? 'USD', locale);

  return (
    <Dialog open={invoiceId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {invoice ? `${invoice.label ?? 'Draft invoice'} · ${invoice.customer.name}` : 'Invoice'}
            {invoice ? <InvoiceStatusBadge status={invoice.display_status} /> : null}
          </DialogTitle>
          <DialogDescription>
            {invoice
              ? invoice.issue_date
                ? `Issued ${invoice.issue_date}, due ${invoice.due_date} (${PAYMENT_TERMS_LABELS[invoice.payment_terms]}).`
                : `${PAYMENT_TERMS_LABELS[invoice.payment_terms]}. Not issued yet: no number.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading invoice...
          </p>
        ) : detail.isError ? (
          <ErrorAlert title="The invoice could not be loaded" error={detail.error} />
        ) : invoice ? (
          <div className="grid gap-6">
            <Actions key={`${invoice.id}-${invoice.status}`} invoice={invoice} onEdit={() => onEdit(invoice)} onClose={() => onOpenChange(false)} />
            <div className="grid gap-1 text-sm">
              <span className="font-medium">Bill to</span>
              <span>{invoice.customer.name}</span>
              {invoice.customer.address ? <span className="whitespace-pre-line text-muted-foreground">{invoice.customer.address}</span> : null}
              {invoice.customer.email ? <span className="text-muted-foreground">{invoice.customer.email}</span> : null}
              {invoice.emailed_to && invoice.sent_at ? <span className="text-muted-foreground">E-mailed to {invoice.emailed_to} on {invoice.sent_at.slice(0, 10)}</span> : null}
            </div>
            <Table aria-label="Invoice lines">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Description</TableHead>
                  <TableHead className="text-right">Qty</TableHead>
                  <TableHead className="hidden text-right sm:table-cell">Unit price</TableHead>
                  <TableHead className="hidden text-right sm:table-cell">Tax</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {invoice.lines.map((line) => (
                  <TableRow key={line.id}>
                    <TableCell>
                      <div className="font-medium">{line.description}</div>
                      <div className="text-xs text-muted-foreground sm:hidden">
                        {money(line.unit_price)} · {line.tax_rate_bp / 100}% tax
                      </div>
                      {line.credited_quantity > 0 ? <div className="text-xs text-muted-foreground">{line.credited_quantity} credited</div> : null}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{line.quantity}</TableCell>
                    <TableCell className="hidden text-right tabular-nums sm:table-cell">{money(line.unit_price)}</TableCell>
                    <TableCell className="hidden text-right tabular-nums sm:table-cell">{line.tax_rate_name ? `${line.tax_rate_name} ${line.tax_rate_bp / 100}%` : `${line.tax_rate_bp / 100}%`}</TableCell>
                    <TableCell className="text-right tabular-nums">{money(invoice.prices_include_tax ? line.total : line.net)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <dl className="grid justify-end gap-1 text-sm" aria-label="Invoice totals">
              <div className="flex justify-between gap-8">
                <dt>Net</dt>
                <dd className="tabular-nums">{money(invoice.net)}</dd>
              </div>
              {invoice.tax_by_rate
                .filter((rate) => rate.rate_bp > 0)
                .map((rate) => (
                  <div key={rate.rate_bp} className="flex justify-between gap-8">
                    <dt>
                      Tax {rate.rate_bp / 100}% on {money(rate.net)}
                    </dt>
                    <dd className="tabular-nums">{money(rate.tax)}</dd>
                  </div>
                ))}
              <div className="flex justify-between gap-8 font-semibold">
                <dt>Total</dt>
                <dd className="tabular-nums">{money(invoice.total)}</dd>
              </div>
              {invoice.credited_total > 0 ? (
                <div className="flex justify-between gap-8">
                  <dt>Credited</dt>
                  <dd className="tabular-nums">−{money(invoice.credited_total)}</dd>
                </div>
              ) : null}
              {invoice.paid_total > 0 ? (
                <div className="flex justify-between gap-8">
                  <dt>Paid</dt>
                  <dd className="tabular-nums">−{money(invoice.paid_total)}</dd>
                </div>
              ) : null}
              {invoice.status !== 'draft' && invoice.status !== 'void' ? (
                <div className="flex justify-between gap-8 text-base font-semibold">
                  <dt>Amount due</dt>
                  <dd className="tabular-nums">{money(invoice.balance)}</dd>
                </div>
              ) : null}
            </dl>
            {invoice.payments.length > 0 ? (
              <section aria-labelledby="payments-heading" className="grid gap-2">
                <h3 id="payments-heading" className="font-semibold">
                  Payments
                </h3>
                <ul className="grid gap-1 text-sm">
                  {invoice.payments.map((payment) => (
                    <li key={payment.id} className="flex flex-wrap gap-x-3">
                      <span className="tabular-nums">{payment.paid_on}</span>
                      <span className="font-medium tabular-nums">{money(payment.amount)}</span>
                      <Badge variant="outline">{INVOICE_PAYMENT_METHOD_LABELS[payment.method as InvoicePaymentMethod] ?? payment.method}</Badge>
                      {payment.reference ? <span className="text-muted-foreground">{payment.reference}</span> : null}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {invoice.credit_notes.length > 0 ? (
              <section aria-labelledby="credit-notes-heading" className="grid gap-2">
                <h3 id="credit-notes-heading" className="font-semibold">
                  Credit notes
                </h3>
                <ul className="grid gap-1 text-sm">
                  {invoice.credit_notes.map((note) => (
                    <li key={note.id} className="flex flex-wrap gap-x-3">
                      <span className="font-medium">{note.label}</span>
                      <span className="tabular-nums">{note.issue_date}</span>
                      <span className="tabular-nums">{money(note.total)}</span>
                      <span className="text-muted-foreground">{note.lines.map((line) => `${line.quantity} × ${line.description}`).join(', ')}</span>
                      {note.reason ? <span className="text-muted-foreground">{note.reason}</span> : null}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {canInvoice(invoice.status, 'pay') && invoice.balance > 0 ? <InvoicePaymentForm key={`${invoice.id}-${invoice.balance}`} invoice={invoice} today={today} /> : null}
            {invoice.payment_instructions ? (
              <section aria-labelledby="instructions-heading" className="grid gap-1 text-sm">
                <h3 id="instructions-heading" className="font-semibold">
                  Payment instructions
                </h3>
                <p className="whitespace-pre-line">{invoice.payment_instructions}</p>
              </section>
            ) : null}
            {invoice.notes ? <p className="text-sm whitespace-pre-line text-muted-foreground">{invoice.notes}</p> : null}
            {invoice.void_reason ? <p className="text-sm text-muted-foreground">Voided: {invoice.void_reason}</p> : null}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
