import { invoiceTotals, MoneyError, PAYMENT_TERMS_LABELS, PAYMENT_TERMS_VALUES, type PaymentTerms } from '@till/core';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { formatMoney, minorToDecimalText, parseMoneyText } from '@/lib/money';
import { useCreateInvoice, useCreateInvoiceFromOrder, useInvoiceChoices, useUpdateInvoice, type Invoice } from '../api/invoices';

export const selectClass = 'h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:text-sm';

interface LineState {
  key: string;
  description: string;
  quantity: string;
  unitPrice: string;
  taxRateId: string;
}

const newLine = (taxRateId = ''): LineState => ({ key: crypto.randomUUID(), description: '', quantity: '1', unitPrice: '', taxRateId });

type Source = 'hand' | 'order';

function InvoiceForm({ invoice, currency, onSaved }: { invoice: Invoice | null; currency: string; onSaved: (invoice: Invoice) => void }) {
  const [source, setSource] = useState<Source>('hand');
  const [customerQuery, setCustomerQuery] = useState('');
  const choices = useInvoiceChoices(customerQuery, true);
  const rates = choices.data?.tax_rates ?? [];
  const defaultRate = rates.find((rate) => rate.is_default)?.id ?? '';
  const [customerId, setCustomerId] = useState(invoice?.customer.id ?? '');
  const [customerName, setCustomerName] = useState(invoice && !invoice.customer.id ? invoice.customer.name : '');
  const [customerEmail, setCustomerEmail] = useState(invoice && !invoice.customer.id ? (invoice.customer.email ?? '') : '');
  const [customerAddress, setCustomerAddress] = useState(invoice?.customer.address ?? '');
  const [paymentTerms, setPaymentTerms] = useState<PaymentTerms>(invoice?.payment_terms ?? 'net_14');
  const [notes, setNotes] = useState(invoice?.notes ?? '');
  const [paymentInstructions, setPaymentInstructions] = useState(invoice?.payment_instructions ?? '');
  const [orderId, setOrderId] = useState('');
  const [lines, setLines] = useState<LineState[]>(() =>
    invoice
      ? invoice.lines.map((line) => ({ key: line.id, description: line.description, quantity: String(line.quantity), unitPrice: minorToDecimalText(line.unit_price, currency), taxRateId: line.tax_rate_id ?? '' }))
      : [newLine()],
  );
  const [error, setError] = useState<string | null>(null);
  const create = useCreateInvoice();
  const fromOrder = useCreateInvoiceFromOrder();
  const update = useUpdateInvoice(invoice?.id ?? '');
  const saving = create.isPending || update.isPending || fromOrder.isPending;
  const failure = create.error ?? update.error ?? fromOrder.error;
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  const money = (amount: number) => formatMoney(amount, currency, locale);

  const setLine = (key: string, change: Partial<LineState>) => setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const rateOf = (id: string) => rates.find((rate) => rate.id === id)?.basis_points ?? 0;

  // The same rule as the server (core's invoiceTotals); the server recomputes and keeps its own.
  let preview: ReturnType<typeof invoiceTotals> | null = null;
  try {
    const parsed = lines.map((line) => ({ quantity: Number(line.quantity), unitPrice: parseMoneyText(line.unitPrice || '0', currency), taxRateBp: rateOf(line.taxRateId) }));
    if (parsed.every((line) => line.unitPrice.ok && Number.isInteger(line.quantity) && line.quantity > 0)) {
      preview = invoiceTotals(parsed.map((line) => ({ quantity: line.quantity, unitPrice: line.unitPrice.ok ? line.unitPrice.amount : 0, taxRateBp: line.taxRateBp })));
    }
  } catch (caught) {
    if (!(caught instanceof MoneyError)) throw caught;
  }

  const customerFields = () => ({
    customer_id: customerId || null,
    customer_name: customerId ? null : customerName.trim() || null,
    customer_email: customerId ? null : customerEmail.trim() || null,
    customer_address: customerAddress.trim() || null,
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!customerId && !customerName.trim()) return setError('Choose a customer or type the name to bill');
    const common = { ...customerFields(), payment_terms: paymentTerms, notes: notes.trim() || null, payment_instructions: paymentInstructions.trim() || null };
    if (source === 'order') {
      if (!orderId) return setError('Choose the order to invoice');
      setError(null);
      const saved = await fromOrder.mutateAsync({ order_id: orderId, ...common });
      toast.success('Draft invoice made from the order');
      return onSaved(saved);
    }
    const body = [];
    for (const [index, line] of lines.entries()) {
      const label = line.description.trim() || `Line ${index + 1}`;
      if (!line.description.trim()) return setError(`Describe line ${index + 1}`);
      if (!/^\d{1,7}$/.test(line.quantity.trim()) || Number(line.quantity) < 1) return setError(`${label}: enter a whole quantity of at least 1`);
      const price = parseMoneyText(line.unitPrice, currency);
      if (!price.ok) return setError(`${label}: ${price.message}`);
      body.push({ description: line.description.trim(), quantity: Number(line.quantity), unit_price: price.amount, tax_rate_id: line.taxRateId || null });
    }
    if (body.length === 0) return setError('Add at least one line');
    setError(null);
    const saved = invoice ? await update.mutateAsync({ ...common, lines: body }) : await create.mutateAsync({ ...common, lines: body });
    toast.success(invoice ? 'Draft saved' : 'Draft invoice created');
    onSaved(saved);
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)} className="grid gap-5">
      {invoice ? null : (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Lines from</legend>
          <div className="flex flex-wrap gap-4">
            {(
              [
                ['hand', 'Typed by hand'],
                ['order', 'A completed order'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
                <input type="radio" name="invoice-source" value={value} checked={source === value} onChange={() => setSource(value)} className="size-4" />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <fieldset className="grid gap-3">
        <legend className="mb-1 font-semibold">Customer</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="invoice-customer-search">Find a customer</Label>
            <Input id="invoice-customer-search" type="search" value={customerQuery} onChange={(event) => setCustomerQuery(event.target.value)} placeholder="Name or e-mail" autoComplete="off" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="invoice-customer">Customer</Label>
            <select id="invoice-customer" value={customerId} onChange={(event) => setCustomerId(event.target.value)} className={selectClass}>
              <option value="">Someone else (type below)</option>
              {invoice?.customer.id && !choices.data?.customers.some((customer) => customer.id === invoice.customer.id) ? <option value={invoice.customer.id}>{invoice.customer.name}</option> : null}
              {choices.data?.customers.map((customer) => (
                <option key={customer.id} value={customer.id}>
                  {customer.name}
                  {customer.email ? ` (${customer.email})` : ''}
                </option>
              ))}
            </select>
          </div>
        </div>
        {customerId ? null : (
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="invoice-customer-name">Bill to (name)</Label>
              <Input id="invoice-customer-name" value={customerName} onChange={(event) => setCustomerName(event.target.value)} autoComplete="off" />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="invoice-customer-email">E-mail</Label>
              <Input id="invoice-customer-email" type="email" value={customerEmail} onChange={(event) => setCustomerEmail(event.target.value)} autoComplete="off" />
            </div>
          </div>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor="invoice-customer-address">Address</Label>
          <Textarea id="invoice-customer-address" rows={2} value={customerAddress} onChange={(event) => setCustomerAddress(event.target.value)} />
        </div>
      </fieldset>

      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor="invoice-terms">Payment terms</Label>
        <select id="invoice-terms" value={paymentTerms} onChange={(event) => setPaymentTerms(event.target.value as PaymentTerms)} className={selectClass}>
          {PAYMENT_TERMS_VALUES.map((terms) => (
            <option key={terms} value={terms}>
              {PAYMENT_TERMS_LABELS[terms]}
            </option>
          ))}
        </select>
      </div>

      {source === 'order' ? (
        <div className="grid gap-1.5">
          <Label htmlFor="invoice-order">Completed order</Label>
          <select id="invoice-order" value={orderId} onChange={(event) => setOrderId(event.target.value)} className={selectClass}>
            <option value="">Choose an order</option>
            {choices.data?.orders.map((order) => (
              <option key={order.id} value={order.id}>
                Order #{order.number ?? '—'} · {money(order.total)}
                {order.customer_name ? ` · ${order.customer_name}` : ''}
                {order.paid_at ? ` · ${order.paid_at.slice(0, 10)}` : ''}
              </option>
            ))}
          </select>
          <p className="text-sm text-muted-foreground">Its lines, prices, tax and discounts are copied; you can edit the draft afterwards.</p>
        </div>
      ) : (
        <fieldset className="grid gap-3">
          <legend className="mb-1 font-semibold">Lines</legend>
          {lines.map((line, index) => (
            <div key={line.key} className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,3fr)_5rem_8rem_minmax(0,2fr)_auto] sm:items-end">
              <div className="grid gap-1.5">
                <Label htmlFor={`line-${line.key}-description`}>Description {index + 1}</Label>
                <Input id={`line-${line.key}-description`} value={line.description} onChange={(event) => setLine(line.key, { description: event.target.value })} autoComplete="off" />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`line-${line.key}-quantity`}>Quantity</Label>
                <Input id={`line-${line.key}-quantity`} inputMode="numeric" value={line.quantity} onChange={(event) => setLine(line.key, { quantity: event.target.value })} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`line-${line.key}-price`}>Unit price</Label>
                <Input id={`line-${line.key}-price`} inputMode="decimal" value={line.unitPrice} onChange={(event) => setLine(line.key, { unitPrice: event.target.value })} placeholder="0.00" />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`line-${line.key}-tax`}>Tax rate</Label>
                <select id={`line-${line.key}-tax`} value={line.taxRateId} onChange={(event) => setLine(line.key, { taxRateId: event.target.value })} className={selectClass}>
                  <option value="">No tax</option>
                  {rates.map((rate) => (
                    <option key={rate.id} value={rate.id}>
                      {rate.name} ({rate.basis_points / 100}%)
                    </option>
                  ))}
                </select>
              </div>
              <Button type="button" variant="ghost" size="icon" className="size-11 sm:size-9" aria-label={`Remove line ${index + 1}`} disabled={lines.length === 1} onClick={() => setLines((current) => current.filter((other) => other.key !== line.key))}>
                <Trash2Icon aria-hidden="true" />
              </Button>
            </div>
          ))}
          <Button type="button" variant="outline" className="justify-self-start" onClick={() => setLines((current) => [...current, newLine(defaultRate)])}>
            <PlusIcon aria-hidden="true" />
            Add line
          </Button>
          {preview ? (
            <dl className="grid justify-end gap-1 text-sm" aria-label="Totals">
              <div className="flex justify-between gap-8">
                <dt>Net</dt>
                <dd className="tabular-nums">{money(preview.net)}</dd>
              </div>
              {preview.taxByRate
                .filter((rate) => rate.rateBp > 0)
                .map((rate) => (
                  <div key={rate.rateBp} className="flex justify-between gap-8">
                    <dt>Tax {rate.rateBp / 100}%</dt>
                    <dd className="tabular-nums">{money(rate.tax)}</dd>
                  </div>
                ))}
              <div className="flex justify-between gap-8 font-semibold">
                <dt>Total</dt>
                <dd className="tabular-nums">{money(preview.total)}</dd>
              </div>
            </dl>
          ) : null}
        </fieldset>
      )}

      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="invoice-instructions">Payment instructions</Label>
          <Textarea id="invoice-instructions" rows={3} value={paymentInstructions} onChange={(event) => setPaymentInstructions(event.target.value)} placeholder="Bank account, reference to quote" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="invoice-notes">Notes</Label>
          <Textarea id="invoice-notes" rows={3} value={notes} onChange={(event) => setNotes(event.target.value)} />
        </div>
      </div>

      {error ? <ErrorAlert message={error} /> : null}
      {failure ? <ErrorAlert title="The invoice could not be saved" error={failure} /> : null}
      <DialogFooter>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : invoice ? 'Save draft' : 'Create draft'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Creating a draft (typed or from an order) or editing one. */
export function InvoiceFormDialog({ open, invoice, currency, onOpenChange, onSaved }: { open: boolean; invoice: Invoice | null; currency: string; onOpenChange: (open: boolean) => void; onSaved: (invoice: Invoice) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>{invoice ? 'Edit draft invoice' : 'New invoice'}</DialogTitle>
          <DialogDescription>A draft has no number yet: it takes the next one when you issue it.</DialogDescription>
        </DialogHeader>
        {open ? <InvoiceForm key={invoice?.id ?? 'new'} invoice={invoice} currency={currency} onSaved={onSaved} /> : null}
      </DialogContent>
    </Dialog>
  );
}
