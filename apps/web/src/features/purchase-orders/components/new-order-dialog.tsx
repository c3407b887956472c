import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { formatMoney } from '@/lib/money';
import { useCreatePurchaseOrder, useSupplierOptions, useSupplierProductOptions, type PurchaseOrder } from '../api/purchase-orders';

function NewOrderForm({ currency, onCreated }: { currency: string; onCreated: (order: PurchaseOrder) => void }) {
  const suppliers = useSupplierOptions(true);
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const products = useSupplierProductOptions(supplierId);
  const [packs, setPacks] = useState<Record<string, string>>({});
  const [expectedDate, setExpectedDate] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePurchaseOrder();
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  const active = (suppliers.data ?? []).filter((supplier) => supplier.is_active);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!supplierId) return setError('Choose a supplier');
    const rows = products.data?.products ?? [];
    const bad = rows.find((row) => (packs[row.product_id] ?? '').trim() !== '' && !/^\d{1,6}$/.test(packs[row.product_id]!.trim()));
    if (bad) return setError(`Enter a whole number for ${bad.name}`);
    const lines = rows
      .filter((row) => Number(packs[row.product_id] ?? 0) > 0)
      .map((row) => ({ product_id: row.product_id, quantity: Number(packs[row.product_id]), pack_size: row.pack_size }));
    if (lines.length === 0) return setError('Order at least one product');
    setError(null);
    onCreated(await create.mutateAsync({ supplier_id: supplierId, expected_date: expectedDate || null, notes, lines }));
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)} className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor="new-order-supplier">Supplier</Label>
        <select
          id="new-order-supplier"
          value={supplierId ?? ''}
          onChange={(event) => {
            setSupplierId(event.target.value || null);
            setPacks({});
          }}
          className="h-11 rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm"
        >
          <option value="">Choose a supplier</option>
          {active.map((supplier) => (
            <option key={supplier.id} value={supplier.id}>
              {supplier.name}
            </option>
          ))}
        </select>
      </div>
      {supplierId && products.isSuccess ? (
        products.data.products.length === 0 ? (
          <p className="text-sm text-muted-foreground">This supplier has no products yet: add them on the Suppliers page first.</p>
        ) : (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Quantities (packs; blank for none)</legend>
            {products.data.products.map((row) => {
              const cost = row.last_cost ?? row.cost;
              return (
                <div key={row.product_id} className="grid grid-cols-[1fr_6rem] items-center gap-3 rounded-md border p-2">
                  <Label htmlFor={`new-order-${row.product_id}`} className="grid gap-0.5 font-normal">
                    <span className="font-medium">{row.name}</span>
                    <span className="text-xs text-muted-foreground">
                      {row.pack_size > 1 ? `Packs of ${row.pack_size}` : 'Units'}
                      {cost !== null ? ` · ${formatMoney(cost, currency, locale)} a unit` : ''}
                      {row.track_stock ? ` · ${row.stock_quantity} in stock` : ''}
                    </span>
                  </Label>
                  <Input id={`new-order-${row.product_id}`} inputMode="numeric" value={packs[row.product_id] ?? ''} onChange={(event) => setPacks((current) => ({ ...current, [row.product_id]: event.target.value }))} />
                </div>
              );
            })}
          </fieldset>
        )
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="new-order-expected">Expected delivery</Label>
          <Input id="new-order-expected" type="date" min="1900-01-01" max="9999-12-31" value={expectedDate} onChange={(event) => setExpectedDate(event.target.value)} />
        </div>
        <div className="grid gap-1.5 sm:col-span-2">
          <Label htmlFor="new-order-notes">Notes for the supplier</Label>
          <Textarea id="new-order-notes" rows={2} value={notes} onChange={(event) => setNotes(event.target.value)} />
        </div>
      </div>
      {error ? <ErrorAlert message={error} /> : null}
      {create.isError ? <ErrorAlert title="The order could not be created" error={create.error} /> : null}
      {suppliers.isError ? <ErrorAlert title="The suppliers could not be loaded" error={suppliers.error} /> : null}
      <DialogFooter>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create draft'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** A new draft purchase order: a supplier and packs of the products it supplies. */
export function NewOrderDialog({ open, onOpenChange, currency, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; currency: string; onCreated: (order: PurchaseOrder) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>New purchase order</DialogTitle>
          <DialogDescription>Costs come from the supplier’s last cost, else the product’s cost.</DialogDescription>
        </DialogHeader>
        {open ? (
          <NewOrderForm
            currency={currency}
            onCreated={(order) => {
              toast.success(`${order.label} drafted`);
              onOpenChange(false);
              onCreated(order);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
