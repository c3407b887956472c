import { AGED_PAYABLE_BUCKETS, AGED_PAYABLE_LABELS, type InvoicePaymentStatus } from '@till/core';
import { DownloadIcon, FileTextIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { formatMoney } from '@/lib/money';
import { usePurchasingAccess } from '@/lib/purchasing-access';
import { useAgedPayables, useExportInvoices, usePurchaseInvoices } from '../api/purchase-invoices';
import { EnterInvoiceDialog } from './enter-invoice-dialog';
import { InvoiceDialog } from './invoice-dialog';
import { InvoiceStatusBadge } from './invoice-status-badge';

const todayIn = (timeZone: string) => {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
};

/** /purchases/invoices: suppliers' invoices matched to what was ordered and received, payments, aged payables (SPEC §2, purchase_orders). */
export function PurchaseInvoicesPage() {
  const me = useMe().data;
  const currency = me?.business?.currency ?? 'USD';
  const today = todayIn(me?.business?.time_zone ?? 'UTC');
  const { canOrder } = usePurchasingAccess();
  const [status, setStatus] = useState<InvoicePaymentStatus | null>(null);
  const list = usePurchaseInvoices(status, canOrder);
  const aged = useAgedPayables(canOrder);
  const exporting = useExportInvoices();
  const invoices = list.data?.pages.flatMap((page) => page.invoices) ?? [];
  const [openId, setOpenId] = useState<string | null>(null);
  const [entering, setEntering] = useState(false);
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  const money = (amount: number) => formatMoney(amount, currency, locale);

  if (!canOrder) {
    return (
      <div className="grid gap-6">
        <PageHeader title="Purchasing Invoices" />
        <ErrorAlert message="Supplier invoices and payments need the can_make_orders permission. Ask the business owner." className="max-w-lg" />
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Purchasing Invoices"
        description="Your suppliers’ invoices, checked against what was ordered and received, and what you still owe."
        actions={
          <>
            <Button variant="outline" onClick={() => exporting.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) })} disabled={exporting.isPending}>
              <DownloadIcon aria-hidden="true" />
              {exporting.isPending ? 'Exporting...' : 'Export CSV'}
            </Button>
            <Button onClick={() => setEntering(true)}>
              <PlusIcon aria-hidden="true" />
              Enter invoice
            </Button>
          </>
        }
      />
      <section aria-labelledby="aged-heading" className="grid gap-2">
        <h2 id="aged-heading" className="font-semibold">
          Aged payables{aged.data ? ` on ${aged.data.as_of}` : ''}
        </h2>
        {aged.isError ? (
          <ErrorAlert title="Aged payables could not be loaded" error={aged.error} className="max-w-lg" />
        ) : (
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
            {AGED_PAYABLE_BUCKETS.map((bucket) => (
              <div key={bucket} className="rounded-lg border p-3">
                <dt className="text-xs text-muted-foreground">{AGED_PAYABLE_LABELS[bucket]}</dt>
                <dd className="text-lg font-semibold tabular-nums">{aged.data ? money(aged.data.totals[bucket]) : '…'}</dd>
              </div>
            ))}
            <div className="rounded-lg border bg-muted p-3">
              <dt className="text-xs text-muted-foreground">Total owed</dt>
              <dd className="text-lg font-semibold tabular-nums">{aged.data ? money(aged.data.total) : '…'}</dd>
            </div>
          </dl>
        )}
      </section>
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor="invoices-status">Status</Label>
        <select
          id="invoices-status"
          value={status ?? ''}
          onChange={(event) => setStatus((event.target.value || null) as InvoicePaymentStatus | null)}
          className="h-11 rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm"
        >
          <option value="">All invoices</option>
          <option value="unpaid">Unpaid</option>
          <option value="partly_paid">Partly paid</option>
          <option value="paid">Paid</option>
        </select>
      </div>
      {list.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading invoices...
        </p>
      ) : list.isError ? (
        <ErrorAlert title="The invoices could not be loaded" error={list.error} className="max-w-lg" />
      ) : invoices.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
          <FileTextIcon aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="text-lg font-semibold">{status ? 'No invoices with this status' : 'No supplier invoices yet'}</h2>
          <p className="max-w-md text-muted-foreground">Enter an invoice when it arrives: each line is matched against what you ordered and received, and its due date follows the supplier’s terms.</p>
        </div>
      ) : (
        <div className="grid gap-3">
          <Table aria-label="Purchasing invoices by due date">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Invoice</TableHead>
                <TableHead className="hidden sm:table-cell">Supplier</TableHead>
                <TableHead className="hidden md:table-cell">Due</TableHead>
                <TableHead className="hidden text-right md:table-cell">Total</TableHead>
                <TableHead className="text-right">Balance</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {invoices.map((invoice) => (
                <TableRow key={invoice.id}>
                  <TableCell>
                    <button
                      type="button"
                      onClick={() => setOpenId(invoice.id)}
                      className="min-h-11 text-left font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:min-h-0"
                    >
                      {invoice.invoice_number}
                    </button>
                    <div className="text-xs text-muted-foreground sm:hidden">{invoice.supplier.name}</div>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">{invoice.supplier.name}</TableCell>
                  <TableCell className="hidden tabular-nums md:table-cell">{invoice.due_date}</TableCell>
                  <TableCell className="hidden text-right tabular-nums md:table-cell">{money(invoice.total)}</TableCell>
                  <TableCell className="text-right tabular-nums">{money(invoice.balance)}</TableCell>
                  <TableCell>
                    <InvoiceStatusBadge status={invoice.status} daysOverdue={invoice.days_overdue} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.hasNextPage ? (
            <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} className="justify-self-start">
              {list.isFetchingNextPage ? 'Loading...' : 'Show more invoices'}
            </Button>
          ) : null}
        </div>
      )}
      <InvoiceDialog
        invoiceId={openId}
        onOpenChange={(open) => {
          if (!open) setOpenId(null);
        }}
        today={today}
      />
      <EnterInvoiceDialog open={entering} onOpenChange={setEntering} currency={currency} today={today} onEntered={(invoice) => setOpenId(invoice.id)} />
    </div>
  );
}
