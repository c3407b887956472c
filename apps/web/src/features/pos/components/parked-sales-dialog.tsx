import { LoaderCircleIcon, PlayIcon, Trash2Icon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useParkedOrders } from '../api/get-parked-orders';
import type { ParkedOrder } from '../api/types';
import { useVoidOrder } from '../api/void-order';
import { money } from '../lib/format';

const QUICK_REASONS = ['Customer left', 'Duplicate', 'Entered by mistake'];

function parkedAt(iso: string, timeZone: string | null): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(undefined, { ...options, ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(new Date(iso));
  }
}

function VoidForm({ order, currency, onDone }: { order: ParkedOrder; currency: string; onDone: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const voiding = useVoidOrder();
  const missing = !reason.trim();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (missing) return;
    voiding.mutate({ orderId: order.id, reason: reason.trim() }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-2 rounded-lg border border-red-200 bg-red-50/60 p-3">
      <Label htmlFor={`${id}-reason`}>Why is the {money(order.total, currency)} sale voided?</Label>
      <div className="flex flex-wrap gap-1">
        {QUICK_REASONS.map((quick) => (
          <Button key={quick} variant="outline" className="bg-background px-3" onClick={() => setReason(quick)}>
            {quick}
          </Button>
        ))}
      </div>
      <Input
        id={`${id}-reason`}
        autoFocus
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        aria-invalid={(touched && missing) || undefined}
        className="bg-background"
      />
      <FieldError>{touched && missing ? 'Give a reason: it is kept with the sale.' : null}</FieldError>
      {voiding.isError ? <ErrorAlert title="The sale was not voided" error={voiding.error} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" className="bg-background" onClick={onDone}>
          Keep it
        </Button>
        <Button type="submit" variant="destructive" disabled={voiding.isPending}>
          {voiding.isPending ? 'Voiding...' : 'Void sale'}
        </Button>
      </div>
    </form>
  );
}

/** Parked sales: resume one into the till, or void it with a reason. */
export function ParkedSalesDialogContent({
  currency,
  timeZone,
  cartItems,
  resumingId,
  onResume,
}: {
  currency: string;
  timeZone: string | null;
  /** Items in the current cart, which resuming would replace. */
  cartItems: number;
  resumingId: string | null;
  onResume: (order: ParkedOrder) => void;
}) {
  const parked = useParkedOrders();
  const [voidingId, setVoidingId] = useState<string | null>(null);
  const orders = parked.data?.orders ?? [];

  return (
    <DialogContent className="max-w-xl content-start">
      <DialogHeader>
        <DialogTitle>Parked sales</DialogTitle>
        <DialogDescription>Sales put aside to finish later. Nothing is charged and no stock is taken until they are paid.</DialogDescription>
      </DialogHeader>
      {cartItems > 0 ? (
        <Alert>
          <AlertDescription>
            Resuming replaces the {cartItems} {cartItems === 1 ? 'item' : 'items'} in the current sale. Park that first if you need it.
          </AlertDescription>
        </Alert>
      ) : null}
      {parked.isError ? <ErrorAlert title="Parked sales could not be loaded" error={parked.error} /> : null}
      {parked.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> Loading parked sales...
        </p>
      ) : orders.length === 0 ? (
        <p role="status" className="py-6 text-center text-muted-foreground">
          No parked sales. Park a sale with F8 when a customer steps away.
        </p>
      ) : (
        <ul aria-label="Parked sales" className="grid gap-2">
          {orders.map((order) => (
            <li key={order.id} className="grid gap-2 rounded-lg border p-3">
              <div className="flex flex-wrap items-center gap-2">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{order.customer_name ?? 'No customer'}</p>
                  <p className="text-sm text-muted-foreground">
                    {order.item_count} {order.item_count === 1 ? 'item' : 'items'} · parked {parkedAt(order.created_at, timeZone)}
                  </p>
                </div>
                <p className="text-lg font-semibold tabular-nums">{money(order.total, order.currency || currency)}</p>
              </div>
              {voidingId === order.id ? (
                <VoidForm order={order} currency={order.currency || currency} onDone={() => setVoidingId(null)} />
              ) : (
                <div className="flex flex-wrap justify-end gap-2">
                  <Button variant="ghost" className="text-red-700" onClick={() => setVoidingId(order.id)}>
                    <Trash2Icon aria-hidden="true" />
                    Void
                  </Button>
                  <Button onClick={() => onResume(order)} disabled={resumingId !== null}>
                    <PlayIcon aria-hidden="true" />
                    {resumingId === order.id ? 'Resuming...' : 'Resume'}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </DialogContent>
  );
}
