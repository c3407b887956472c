import { INVOICE_PAYMENT_METHOD_LABELS, type InvoicePaymentMethod } from '@till/core';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { RecordPaymentForm } from '@/components/record-payment-form';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatMoney } from '@/lib/money';
import { useAttachInvoiceFile, usePurchaseInvoice, useRecordPayment, type PurchaseInvoice } from '../api/purchase-invoices';
import { InvoiceStatusBadge } from './invoice-status-badge';

function SupplierPaymentForm({ invoice, today }: { invoice: PurchaseInvoice; today: string }) {
  const pay = useRecordPayment(invoice.id);
  return <RecordPaymentForm currency={invoice.currency} balance={invoice.balance} today={today} onRecord={(payment) => pay.mutateAsync({ idempotency_key: payment.idempotencyKey, amount: payment.amount, paid_on: payment.paidOn, method: payment.method, reference: payment.reference })} pending={pay.isPending} failure={pay.isError ? pay.error : null} />;
}

const differs = 'bg-amber-50 font-semibold text-amber-900';

function Attachment({ invoice }: { invoice: PurchaseInvoice }) {
  const attach = useAttachInvoiceFile(invoice.id);
  return (
    <section aria-labelledby="attachment-heading" className="grid gap-2">
      <h3 id="attachment-heading" className="font-semibold">
        Supplier’s document
      </h3>
      {invoice.attachment_url ? (
        <a href={invoice.attachment_url} target="_blank" rel="noreferrer" className="justify-self-start text-sm font-medium underline underline-offset-4">
          Open the attached file
        </a>
      ) : (
        <p className="text-sm text-muted-foreground">No file attached yet.</p>
      )}
      <div className="grid max-w-sm gap-1.5">
        <Label htmlFor="invoice-attachment">{invoice.attachment_url ? 'Replace with a PDF or photo' : 'Attach a PDF or photo'}</Label>
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
            {invoice ? `Invoice ${invoice.invoice_number} · ${invoice.supplier.name}` : 'Invoice'}
            {invoice ? <InvoiceStatusBadge status={invoice.status} daysOverdue={invoice.days_overdue} /> : null}
          </DialogTitle>
          <DialogDescription>{invoice ? `Dated ${invoice.invoice_date}, due ${invoice.due_date}.` : ''}</DialogDescription>
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
                            {match.purchase_order_label}
                            <span className="sm:hidden"> · {match.quantity_ordered} ordered</span>
                            {match.matched ? ' · matches' : ` · differs${match.amount_difference !== 0 ? ` by ${money(match.amount_difference)}` : ''}`}
                          </div>
                        ) : (
                          <div className="text-xs text-muted-foreground">Not on an order</div>
                        )}
                      </TableCell>
                      <TableCell className="hidden text-right tabular-nums sm:table-cell">{match ? match.quantity_ordered : '—'}</TableCell>
                      <TableCell className={`text-right tabular-nums ${match?.quantity_differs ? differs : ''}`}>{match ? match.quantity_received : '—'}</TableCell>
                      <TableCell className={`text-right tabular-nums ${match?.quantity_differs ? differs : ''}`}>
                        {line.quantity}
                        {match?.quantity_differs ? <span className="sr-only"> (differs from received)</span> : null}
                      </TableCell>
                      <TableCell className="hidden text-right tabular-nums sm:table-cell">{match ? money(match.unit_cost_ordered) : '—'}</TableCell>
                      <TableCell className={`text-right tabular-nums ${match?.cost_differs ? differs : ''}`}>
                        {money(line.unit_cost)}
                        {match?.cost_differs ? <span className="sr-only"> (differs from the order)</span> : null}
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
                ['Paid', invoice.paid_total],
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
                      <span className="tabular-nums">{payment.paid_on}</span>
                      <span className="font-medium tabular-nums">{money(payment.amount)}</span>
                      <Badge variant="outline">{INVOICE_PAYMENT_METHOD_LABELS[payment.method as InvoicePaymentMethod] ?? payment.method}</Badge>
                      {payment.reference ? <span className="text-muted-foreground">{payment.reference}</span> : null}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {invoice.balance > 0 ? <SupplierPaymentForm key={invoice.id} invoice={invoice} today={today} /> : null}
            <Attachment invoice={invoice} />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
