import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { minorToDecimalText, parseMoneyText } from '@/lib/money';
import { useEnterInvoice, useInvoiceSuppliers, useOrdersToMatch, type PurchaseInvoice } from '../api/purchase-invoices';

const selectClass = 'h-11 rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm';

function EnterInvoiceForm({ currency, today, onEntered }: { currency: string; today: string; onEntered: (invoice: PurchaseInvoice) => void }) {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const suppliers = useInvoiceSuppliers(true);
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const orders = useOrdersToMatch(supplierId);
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [invoiceDate, setInvoiceDate] = useState(today);
  const [dueDate, setDueDate] = useState('');
  // Per order line: the invoiced quantity and unit cost as typed ("" quantity leaves the line off).
  const [lines, setLines] = useState<Record<string, { quantity: string; unitCost: string }>>({});
  const [error, setError] = useState<string | null>(null);
  const enter = useEnterInvoice();

  const valueOf = (lineId: string, fallback: { quantity: number; unitCost: number }) => lines[lineId] ?? { quantity: String(fallback.quantity), unitCost: minorToDecimalText(fallback.unitCost, currency) };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!supplierId) return setError('Choose the supplier');
    if (!invoiceNumber.trim()) return setError('Enter the supplier’s invoice number');
    if (!invoiceDate) return setError('Enter the invoice date');
    const payload = [];
    for (const order of orders.data ?? []) {
      for (const line of order.lines) {
        const values = valueOf(line.id, { quantity: line.quantity_received, unitCost: line.unit_cost });
        if (values.quantity.trim() === '' || values.quantity.trim() === '0') continue;
        if (!/^\d{1,7}$/.test(values.quantity.trim())) return setError(`Enter a whole number of units for ${line.product_name}`);
        const cost = parseMoneyText(values.unitCost, currency);
        if (!cost.ok) return setError(`${line.product_name}: ${cost.message}`);
        payload.push({ purchase_order_line_id: line.id, quantity: Number(values.quantity), unit_cost: cost.amount, tax_rate_bp: line.tax_rate_bp });
      }
    }
    if (payload.length === 0) return setError('Invoice at least one line');
    setError(null);
    const invoice = await enter.mutateAsync({ idempotency_key: idempotencyKey, supplier_id: supplierId, invoice_number: invoiceNumber.trim(), invoice_date: invoiceDate, ...(dueDate ? { due_date: dueDate } : {}), notes: '', lines: payload });
    onEntered(invoice);
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5 sm:col-span-2">
          <Label htmlFor="invoice-supplier">Supplier</Label>
          <select
            id="invoice-supplier"
            className={selectClass}
            value={supplierId ?? ''}
            onChange={(event) => {
              setSupplierId(event.target.value || null);
              setLines({});
            }}
          >
            <option value="">Choose a supplier</option>
            {(suppliers.data ?? []).map((supplier) => (
              <option key={supplier.id} value={supplier.id}>
                {supplier.name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="invoice-number">Invoice number</Label>
          <Input id="invoice-number" value={invoiceNumber} onChange={(event) => setInvoiceNumber(event.target.value)} autoComplete="off" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="invoice-date">Invoice date</Label>
          <Input id="invoice-date" type="date" min="1900-01-01" max="9999-12-31" value={invoiceDate} onChange={(event) => setInvoiceDate(event.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="invoice-due">Due date</Label>
          <Input id="invoice-due" type="date" min="1900-01-01" max="9999-12-31" value={dueDate} onChange={(event) => setDueDate(event.target.value)} aria-describedby="invoice-due-hint" />
          <p id="invoice-due-hint" className="text-xs text-muted-foreground">
            Leave blank to use the supplier’s payment terms.
          </p>
        </div>
      </div>
      {supplierId && orders.isSuccess ? (
        orders.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No goods have been received from this supplier yet.</p>
        ) : (
          orders.data.map((order) => (
            <fieldset key={order.id} className="grid gap-2 rounded-lg border p-3">
              <legend className="px-1 text-sm font-medium">{order.label}: invoiced quantities and unit costs</legend>
              {order.lines.map((line) => {
                const values = valueOf(line.id, { quantity: line.quantity_received, unitCost: line.unit_cost });
                const set = (key: 'quantity' | 'unitCost', value: string) => setLines((current) => ({ ...current, [line.id]: { ...values, [key]: value } }));
                return (
                  <div key={line.id} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_6rem_8rem]">
                    <div className="col-span-2 text-sm sm:col-span-1">
                      <div className="font-medium">{line.product_name}</div>
                      <div className="text-muted-foreground">
                        Ordered {line.quantity_ordered}, received {line.quantity_received}
                      </div>
                    </div>
                    <div className="grid gap-1">
                      <Label htmlFor={`invoice-qty-${line.id}`} className="text-xs">
                        Invoiced units
                      </Label>
                      <Input id={`invoice-qty-${line.id}`} inputMode="numeric" value={values.quantity} onChange={(event) => set('quantity', event.target.value)} aria-label={`Invoiced units of ${line.product_name}`} />
                    </div>
                    <div className="grid gap-1">
                      <Label htmlFor={`invoice-cost-${line.id}`} className="text-xs">
                        Unit cost ({currency})
                      </Label>
                      <Input id={`invoice-cost-${line.id}`} inputMode="decimal" value={values.unitCost} onChange={(event) => set('unitCost', event.target.value)} aria-label={`Invoiced unit cost of ${line.product_name}`} />
                    </div>
                  </div>
                );
              })}
            </fieldset>
          ))
        )
      ) : null}
      {orders.isError ? <ErrorAlert title="The supplier’s orders could not be loaded" error={orders.error} /> : null}
      {error ? <ErrorAlert message={error} /> : null}
      {enter.isError ? <ErrorAlert title="The invoice could not be entered" error={enter.error} /> : null}
      <DialogFooter>
        <Button type="submit" disabled={enter.isPending}>
          {enter.isPending ? 'Entering...' : 'Enter invoice'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Enter a supplier's invoice against the orders goods arrived for. */
export function EnterInvoiceDialog({ open, onOpenChange, currency, today, onEntered }: { open: boolean; onOpenChange: (open: boolean) => void; currency: string; today: string; onEntered: (invoice: PurchaseInvoice) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Enter supplier invoice</DialogTitle>
          <DialogDescription>Type what the invoice says; each line is checked against what was ordered and received.</DialogDescription>
        </DialogHeader>
        {open ? (
          <EnterInvoiceForm
            currency={currency}
            today={today}
            onEntered={(invoice) => {
              toast.success(`Invoice ${invoice.invoice_number} entered`);
              onOpenChange(false);
              onEntered(invoice);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
