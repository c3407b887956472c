import { useId, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useVoidOrder } from '../api/void-order';
import type { OrderDetail } from '../api/types';
import { money } from '../utils/format';

function VoidForm({ detail, onDone }: { detail: OrderDetail; onDone: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const voidOrder = useVoidOrder();
  const reasonError = submitted && !reason.trim() ? 'Say why the sale is voided; it is kept in the history.' : null;
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (!reason.trim() || voidOrder.isPending) return;
        voidOrder.mutate({ orderId: detail.order.id, reason: reason.trim() }, { onSuccess: onDone });
      }}
    >
      <DialogHeader>
        <DialogTitle>Void this parked sale?</DialogTitle>
        <DialogDescription>
          The {money(detail.order.total, detail.order.currency)} cart is dropped: it can no longer be resumed at the till. Nothing was paid, so
          nothing is refunded.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={id}>Reason</Label>
        <Input
          id={id}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          required
          placeholder="Customer left without paying"
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-error` : undefined}
        />
        <FieldError id={`${id}-error`}>{reasonError}</FieldError>
      </div>
      {voidOrder.isError ? <ErrorAlert title="The sale was not voided" error={voidOrder.error} /> : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Keep it
        </Button>
        <Button type="submit" variant="destructive" disabled={voidOrder.isPending}>
          {voidOrder.isPending ? 'Voiding...' : 'Void sale'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Voids a parked (unpaid) sale, with a reason. */
export function VoidDialog({ detail, open, onOpenChange }: { detail: OrderDetail; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open ? <VoidForm detail={detail} onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}
