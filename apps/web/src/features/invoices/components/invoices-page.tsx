import { INVOICE_DISPLAY_STATUS_VALUES, INVOICE_STATUS_LABELS, type InvoiceDisplayStatus } from '@till/core';
import { FileTextIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useMe } from '@/lib/me';
import { formatMoney } from '@/lib/money';
import { useInvoices, type Invoice } from '../api/invoices';
import { InvoiceFormDialog, selectClass } from './invoice-form-dialog';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { InvoiceViewDialog } from './invoice-view-dialog';

const todayIn = (timeZone: string) => {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
};

/** /invoices (SPEC §2, invoice_generation): invoices to customers, what is owed and overdue, and each invoice's next step. */
export function InvoicesPage() {
  const me = useMe().data;
  const currency = me?.business?.currency ?? 'USD';
  const today = todayIn(me?.business?.time_zone ?? 'UTC');
  const [status, setStatus] = useState<InvoiceDisplayStatus | null>(null);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const list = useInvoices({ status, q, page });
  // ?open=<id> opens one invoice (a repair order links to its invoice, decision 038).
  const [searchParams] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(() => searchParams.get('open'));
  const [form, setForm] = useState<{ invoice: Invoice | null } | null>(null);
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  const money = (amount: number) => formatMoney(amount, list.data?.currency ?? currency, locale);
  const summary = list.data?.summary;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Invoices"
        description="Bill your customers: issue numbered invoices, send them with a PDF, and record what they pay."
        actions={
          <Button onClick={() => setForm({ invoice: null })}>
            <PlusIcon aria-hidden="true" />
            New invoice
          </Button>
        }
      />
      <dl className="grid grid-cols-2 gap-3 sm:max-w-lg">
        <div className="rounded-lg border p-3">
          <dt className="text-xs text-muted-foreground">Outstanding{summary ? ` (${summary.open_count})` : ''}</dt>
          <dd className="text-lg font-semibold tabular-nums">{summary ? money(summary.outstanding) : '…'}</dd>
        </div>
        <div className={`rounded-lg border p-3 ${summary && summary.overdue > 0 ? 'border-red-200 bg-red-50 text-red-900' : ''}`}>
          <dt className={`text-xs ${summary && summary.overdue > 0 ? '' : 'text-muted-foreground'}`}>Overdue{summary ? ` (${summary.overdue_count})` : ''}</dt>
          <dd className="text-lg font-semibold tabular-nums">{summary ? money(summary.overdue) : '…'}</dd>
        </div>
      </dl>
      <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,20rem)]">
        <div className="grid gap-1.5">
          <Label htmlFor="invoices-status">Status</Label>
          <select
            id="invoices-status"
            value={status ?? ''}
            onChange={(event) => {
              setStatus((event.target.value || null) as InvoiceDisplayStatus | null);
              setPage(0);
            }}
            className={selectClass}
          >
            <option value="">All invoices</option>
            {INVOICE_DISPLAY_STATUS_VALUES.map((value) => (
              <option key={value} value={value}>
                {INVOICE_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="invoices-search">Search</Label>
          <Input
            id="invoices-search"
            type="search"
            value={q}
            onChange={(event) => {
              setQ(event.target.value);
              setPage(0);
            }}
            placeholder="Customer, e-mail or INV-0001"
            autoComplete="off"
          />
        </div>
      </div>
      {list.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading invoices...
        </p>
      ) : list.isError ? (
        <ErrorAlert title="The invoices could not be loaded" error={list.error} className="max-w-lg" />
      ) : list.data.invoices.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
          <FileTextIcon aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="text-lg font-semibold">{status || q.trim() ? 'No invoices match' : 'No invoices yet'}</h2>
          <p className="max-w-md text-muted-foreground">Make an invoice by hand or from a completed order. It gets its number when you issue it, and its due date from the payment terms.</p>
          {status || q.trim() ? null : (
            <Button onClick={() => setForm({ invoice: null })}>
              <PlusIcon aria-hidden="true" />
              New invoice
            </Button>
          )}
        </div>
      ) : (
        <div className="grid gap-3">
          <Table aria-label="Invoices, newest first">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Invoice</TableHead>
                <TableHead className="hidden sm:table-cell">Customer</TableHead>
                <TableHead className="hidden md:table-cell">Due</TableHead>
                <TableHead className="hidden text-right md:table-cell">Total</TableHead>
                <TableHead className="text-right">Owed</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.invoices.map((invoice) => (
                <TableRow key={invoice.id}>
                  <TableCell>
                    <button
                      type="button"
                      onClick={() => setOpenId(invoice.id)}
                      className="min-h-11 text-left font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:min-h-0"
                    >
                      {invoice.label ?? 'Draft'}
                    </button>
                    <div className="text-xs text-muted-foreground sm:hidden">{invoice.customer_name}</div>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">{invoice.customer_name}</TableCell>
                  <TableCell className="hidden tabular-nums md:table-cell">{invoice.due_date ?? '—'}</TableCell>
                  <TableCell className="hidden text-right tabular-nums md:table-cell">{money(invoice.total)}</TableCell>
                  <TableCell className="text-right tabular-nums">{invoice.status === 'draft' ? '—' : money(invoice.balance)}</TableCell>
                  <TableCell>
                    <InvoiceStatusBadge status={invoice.display_status} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {page > 0 || list.data.has_more ? (
            <div className="flex gap-2">
              <Button variant="outline" disabled={page === 0} onClick={() => setPage((current) => current - 1)}>
                Newer
              </Button>
              <Button variant="outline" disabled={!list.data.has_more} onClick={() => setPage((current) => current + 1)}>
                Older
              </Button>
            </div>
          ) : null}
        </div>
      )}
      <InvoiceViewDialog
        invoiceId={openId}
        today={today}
        onOpenChange={(open) => {
          if (!open) setOpenId(null);
        }}
        onEdit={(invoice) => setForm({ invoice })}
      />
      <InvoiceFormDialog
        open={form !== null}
        invoice={form?.invoice ?? null}
        currency={currency}
        onOpenChange={(open) => {
          if (!open) setForm(null);
        }}
        onSaved={(invoice) => {
          setForm(null);
          setOpenId(invoice.id);
        }}
      />
    </div>
  );
}
