import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatMoney, minorToDecimalText, parseMoneyText } from '@/lib/money';
import { useAttachInvoiceFile, usePurchaseInvoice, useRecordPayment, type PurchaseInvoice } from '../api/purchase-invoices';
import { InvoiceStatusBadge } from './invoice-status-badge';

const METHODS = [
  ['bank_transfer', 'Bank transfer'],
  ['cash', 'Cash'],
  ['card', 'Card'],
  ['cheque', 'Cheque'],
  ['other', 'Other'],
] as const;

function PaymentForm({ invoice, today }: { invoice: PurchaseInvoice; today: string }) {
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState(() => minorToDecimalText(invoice.balance, invoice.currency));
  const [paidOn, setPaidOn] = useState(today);
  const [method, setMethod] = useState<(typeof METHODS)[number][0]>('bank_transfer');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pay = useRecordPayment(invoice.id);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseMoneyText(amount, invoice.currency);
    if (!parsed.ok) return setError(parsed.message);
    if (parsed.amount <= 0) return setError('Enter an amount above zero');
    if (!paidOn) return setError('Enter the payment date');
    setError(null);
    const after = await pay.mutateAsync({ idempotencyKey, amount: parsed.amount, paidOn, method, reference });
    toast.success(`Payment of ${formatMoney(parsed.amount, invoice.currency)} recorded`);
    // The next payment is another payment: a new key.
    setIdempotencyKey(crypto.randomUUID());
    setAmount(minorToDecimalText(after.balance, after.currency));
    setReference('');
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)} className="grid gap-3 rounded-lg border p-3">
      <h3 className="font-medium">Record a payment</h3>
      <div className="grid gap-3 sm:grid-cols-4">
        <div className="grid gap-1.5">
          <Label htmlFor="payment-amount">Amount ({invoice.currency})</Label>
          <Input id="payment-amount" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="payment-date">Paid on</Label>
          <Input id="payment-date" type="date" min="1900-01-01" max="9999-12-31" value={paidOn} onChange={(event) => setPaidOn(event.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="payment-method">Method</Label>
          <select id="payment-method" value={method} onChange={(event) => setMethod(event.target.value as (typeof METHODS)[number][0])} className="h-11 rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm">
            {METHODS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="payment-reference">Reference</Label>
          <Input id="payment-reference" value={reference} onChange={(event) => setReference(event.target.value)} autoComplete="off" />
        </div>
      </div>
      {error ? <ErrorAlert message={error} /> : null}
      {pay.isError ? <ErrorAlert title="The payment could not be recorded" error={pay.error} /> : null}
      <Button type="submit" disabled={pay.isPending} className="justify-self-start">
        {pay.isPending ? 'Recording...' : 'Record payment'}
      </Button>
    </form>
  );
}

const differs = 'bg-amber-50 font-semibold text-amber-900';

function Attachment({ invoice }: { invoice: PurchaseInvoice }) {
  const attach = useAttachInvoiceFile(invoice.id);
  return (
    <section aria-labelledby="attachment-heading" className="grid gap-2">
      <h3 id="attachment-heading" className="font-semibold">
        Supplier’s document
      </h3>
      {invoice.attachmentUrl ? (
        <a href={invoice.attachmentUrl} target="_blank" rel="noreferrer" className="justify-self-start text-sm font-medium underline underline-offset-4">
          Open the attached file
        </a>
      ) : (
        <p className="text-sm text-muted-foreground">No file attached yet.</p>
      )}
      <div className="grid max-w-sm gap-1.5">
        <Label htmlFor="invoice-attachment">{invoice.attachmentUrl ? 'Replace with a PDF or photo' : 'Attach a PDF or photo'}</Label>
        <Input
          id="invoice-attachment"
          type="file"
          accept="application/pdf,image/jpeg,image/png,image/webp,image/heic"
          disabled={attach.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) attach.mutate(file, { onSuccess: () => toast.success('File attached') });
          }}
        />
      </div>
      {attach.isPending ? <p role="status">Uploading...</p> : null}
      {attach.isError ? <ErrorAlert title="The file could not be attached" error={attach.error} /> : null}
    </section>
  );
}

/** An invoice: its lines matched three ways (differences highlighted), its payments and what is still open. */
export function InvoiceDialog({ invoiceId, onOpenChange, today }: { invoiceId: string | null; onOpenChange: (open: boolean) => void; today: string }) {
  const detail = usePurchaseInvoice(invoiceId);
  const invoice = detail.data;
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  const money = (amount: number) => formatMoney(amount, invoice?.currency ?? 'USD', locale);
  const mismatches = invoice?.lines.filter((line) => line.match && !line.match.matched).length ?? 0;

  return (
    <Dialog open={invoiceId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {invoice ? `Invoice ${invoice.invoiceNumber} · ${invoice.supplier.name}` : 'Invoice'}
            {invoice ? <InvoiceStatusBadge status={invoice.status} daysOverdue={invoice.daysOverdue} /> : null}
          </DialogTitle>
          <DialogDescription>{invoice ? `Dated ${invoice.invoiceDate}, due ${invoice.dueDate}.` : ''}</DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading invoice...
          </p>
        ) : detail.isError ? (
          <ErrorAlert title="The invoice could not be loaded" error={detail.error} />
        ) : invoice ? (
          <div className="grid gap-6">
            {mismatches > 0 ? (
              <p role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
                {mismatches === 1 ? '1 line does not match' : `${mismatches} lines do not match`} what was ordered and received: check before paying.
              </p>
            ) : null}
            <Table aria-label="Three-way match">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Line</TableHead>
                  <TableHead className="hidden text-right sm:table-cell">Ordered</TableHead>
                  <TableHead className="text-right">Received</TableHead>
                  <TableHead className="text-right">Invoiced</TableHead>
                  <TableHead className="hidden text-right sm:table-cell">Order cost</TableHead>
                  <TableHead className="text-right">Invoice cost</TableHead>
                  <TableHead className="hidden text-right md:table-cell">Net</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {invoice.lines.map((line) => {
                  const match = line.match;
                  return (
                    <TableRow key={line.id}>
                      <TableCell>
                        <div className="font-medium">{line.description}</div>
                        {match ? (
                          <div className="text-xs text-muted-foreground">
                            {match.purchaseOrderLabel}
                            <span className="sm:hidden"> · {match.quantityOrdered} ordered</span>
                            {match.matched ? ' · matches' : ` · differs${match.amountDifference !== 0 ? ` by ${money(match.amountDifference)}` : ''}`}
                          </div>
                        ) : (
                          <div className="text-xs text-muted-foreground">Not on an order</div>
                        )}
                      </TableCell>
                      <TableCell className="hidden text-right tabular-nums sm:table-cell">{match ? match.quantityOrdered : '—'}</TableCell>
                      <TableCell className={`text-right tabular-nums ${match?.quantityDiffers ? differs : ''}`}>{match ? match.quantityReceived : '—'}</TableCell>
                      <TableCell className={`text-right tabular-nums ${match?.quantityDiffers ? differs : ''}`}>
                        {line.quantity}
                        {match?.quantityDiffers ? <span className="sr-only"> (differs from received)</span> : null}
                      </TableCell>
                      <TableCell className="hidden text-right tabular-nums sm:table-cell">{match ? money(match.unitCostOrdered) : '—'}</TableCell>
                      <TableCell className={`text-right tabular-nums ${match?.costDiffers ? differs : ''}`}>
                        {money(line.unitCost)}
                        {match?.costDiffers ? <span className="sr-only"> (differs from the order)</span> : null}
                      </TableCell>
                      <TableCell className="hidden text-right tabular-nums md:table-cell">{money(line.net)}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            <dl className="grid justify-end gap-1 text-sm">
              {[
                ['Net', invoice.net],
                ['Tax', invoice.tax],
                ['Total', invoice.total],
                ['Paid', invoice.paidTotal],
                ['Balance', invoice.balance],
              ].map(([label, amount]) => (
                <div key={label} className={`flex justify-between gap-8 ${label === 'Balance' ? 'font-semibold' : ''}`}>
                  <dt>{label}</dt>
                  <dd className="tabular-nums">{money(amount as number)}</dd>
                </div>
              ))}
            </dl>
            {invoice.payments.length > 0 ? (
              <section aria-labelledby="payments-heading" className="grid gap-2">
                <h3 id="payments-heading" className="font-semibold">
                  Payments
                </h3>
                <ul className="grid gap-1 text-sm">
                  {invoice.payments.map((payment) => (
                    <li key={payment.id} className="flex flex-wrap gap-x-3">
                      <span className="tabular-nums">{payment.paidOn}</span>
                      <span className="font-medium tabular-nums">{money(payment.amount)}</span>
                      <Badge variant="outline">{METHODS.find(([value]) => value === payment.method)?.[1] ?? payment.method}</Badge>
                      {payment.reference ? <span className="text-muted-foreground">{payment.reference}</span> : null}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {invoice.balance > 0 ? <PaymentForm key={invoice.id} invoice={invoice} today={today} /> : null}
            <Attachment invoice={invoice} />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
