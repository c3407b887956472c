import { useState, type FormEvent } from 'react';
import { StorePicker, useChosenStore } from '@/components/store-picker';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { formatMoney } from '@/lib/money';
import { useReceiveGoods, type PurchaseOrder } from '../api/purchase-orders';

interface LineValues {
  quantity: string;
  batchNumber: string;
  expiryDate: string;
}

function ReceiveForm({ order, onDone }: { order: PurchaseOrder; onDone: () => void }) {
  // One key per delivery: kept for every retry of this form, so a retry never adds stock twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [lines, setLines] = useState<Record<string, LineValues>>(() =>
    Object.fromEntries(order.lines.map((line) => [line.id, { quantity: String(Math.max(0, line.quantity_ordered - line.quantity_received)), batchNumber: '', expiryDate: '' }])),
  );
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  // With several stores the delivery names where it arrived (decision 049); the main store by default.
  const [stores, storeId, setStoreId] = useChosenStore();
  const receive = useReceiveGoods();
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const bad = order.lines.find((line) => !/^\d{1,7}$/.test(lines[line.id]!.quantity.trim()));
    if (bad) return setError(`Enter a whole number of units for ${bad.product_name} (0 for none)`);
    const received = order.lines
      .map((line) => ({ line, values: lines[line.id]! }))
      .filter(({ values }) => Number(values.quantity) > 0)
      .map(({ line, values }) => ({
        purchase_order_line_id: line.id,
        quantity: Number(values.quantity),
        ...(values.batchNumber.trim() ? { batch_number: values.batchNumber.trim() } : {}),
        ...(values.expiryDate ? { expiry_date: values.expiryDate } : {}),
      }));
    if (received.length === 0) return setError('Enter how many units arrived of at least one line');
    setError(null);
    await receive.mutateAsync({ idempotency_key: idempotencyKey, purchase_order_id: order.id, note, lines: received, ...(storeId ? { store_id: storeId } : {}) });
    const units = received.reduce((sum, line) => sum + line.quantity, 0);
    toast.success(`${units} unit${units === 1 ? '' : 's'} received; stock and average costs updated`);
    onDone();
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)} className="grid gap-4">
      <StorePicker id="receive-store" stores={stores} value={storeId} onChange={setStoreId} label="Arrived at" />
      <div className="grid gap-3">
        {order.lines.map((line) => {
          const id = `receive-${line.id}`;
          const values = lines[line.id]!;
          const set = (key: keyof LineValues, value: string) => setLines((current) => ({ ...current, [line.id]: { ...current[line.id]!, [key]: value } }));
          return (
            <fieldset key={line.id} className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_7rem_8rem_9rem] sm:items-end">
              <legend className="sr-only">{line.product_name}</legend>
              <div className="grid gap-0.5 text-sm">
                <span className="font-medium">{line.product_name}</span>
                <span className="text-muted-foreground">
                  {line.quantity_received} of {line.quantity_ordered} received · {formatMoney(line.unit_cost, order.currency, locale)} each
                </span>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-quantity`}>Units arrived</Label>
                <Input id={`${id}-quantity`} inputMode="numeric" value={values.quantity} onChange={(event) => set('quantity', event.target.value)} aria-label={`Units of ${line.product_name} arrived`} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-batch`}>Batch</Label>
                <Input id={`${id}-batch`} value={values.batchNumber} onChange={(event) => set('batchNumber', event.target.value)} autoComplete="off" />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-expiry`}>Expiry</Label>
                <Input id={`${id}-expiry`} type="date" min="1900-01-01" max="9999-12-31" value={values.expiryDate} onChange={(event) => set('expiryDate', event.target.value)} />
              </div>
            </fieldset>
          );
        })}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="receive-note">Note</Label>
        <Textarea id="receive-note" rows={2} value={note} onChange={(event) => setNote(event.target.value)} placeholder="Delivery note number, damage, who signed" />
      </div>
      {error ? <ErrorAlert message={error} /> : null}
      {receive.isError ? <ErrorAlert title="The delivery could not be received" error={receive.error} /> : null}
      <DialogFooter>
        <Button type="submit" disabled={receive.isPending}>
          {receive.isPending ? 'Receiving...' : 'Receive delivery'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Receive all or part of an order: units per line (more or fewer than ordered), batch and expiry. */
export function ReceiveDialog({ order, open, onOpenChange }: { order: PurchaseOrder; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Receive {order.label}</DialogTitle>
          <DialogDescription>Count what arrived from {order.supplier.name}. Each unit adds to stock and the product’s average cost.</DialogDescription>
        </DialogHeader>
        {open ? <ReceiveForm order={order} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
