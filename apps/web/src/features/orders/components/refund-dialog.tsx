import { PAYMENT_METHODS, REFUND_METHOD_ORDER, type PaymentMethod } from '@till/core';
import { CheckCircle2Icon, MinusIcon, PlusIcon, ReceiptTextIcon } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useRefundOrder, type RefundOrderResult } from '../api/refund-order';
import { useOrderActions } from '../hooks/use-order-actions';
import type { OrderDetail, OrderLine } from '../api/types';
import { money, orderTitle, PAYMENT_METHOD_LABELS, paymentMethodLabel, refundSentences } from '../utils/format';
import { nextRefundAttempt, type RefundAttempt } from '../utils/refund-attempt';
import { clampRefundQuantity, previewRefund, refundedAmountsByLine, remainingQuantity, wholeOrderSelection } from '../utils/refund-preview';
import { refundReceiptPath } from './order-history';

const QUICK_REASONS = ['Returned', 'Damaged', 'Wrong item', 'Changed mind'];

/** The methods the customer paid with, in the order the server refunds them (allocateRefund). */
function methodsPaidWith(detail: OrderDetail): string[] {
  const used = new Set(detail.payments.filter((payment) => payment.amount > 0).map((payment) => payment.method));
  return REFUND_METHOD_ORDER.filter((method) => used.has(method));
}

/** No answer, or the server failed: the refund may have been made (a 4xx means nothing was written). */
function outcomeUnknown(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

/** Shown beside a field before anything is submitted, so nobody learns it is required from an error. */
function RequiredMark() {
  return <span className="text-xs font-normal text-muted-foreground">(required)</span>;
}

/** By default no method is sent: the server gives the money back the way it came in, each method up to what it took. */
const AS_PAID = 'as_paid';

function QuantityStepper({ line, value, onChange }: { line: OrderLine; value: number; onChange: (quantity: number) => void }) {
  const max = remainingQuantity(line);
  return (
    <div className="flex items-center gap-1">
      <Button variant="outline" size="icon" onClick={() => onChange(value - 1)} disabled={value <= 0} aria-label={`One less ${line.name}`}>
        <MinusIcon aria-hidden="true" />
      </Button>
      <Input
        inputMode="numeric"
        value={String(value)}
        onChange={(event) => onChange(Number(event.target.value.replace(/\D/g, '') || '0'))}
        onFocus={(event) => event.target.select()}
        aria-label={`Quantity of ${line.name} to refund, up to ${max}`}
        className="w-14 text-center tabular-nums"
      />
      <Button variant="outline" size="icon" onClick={() => onChange(value + 1)} disabled={value >= max} aria-label={`One more ${line.name}`}>
        <PlusIcon aria-hidden="true" />
      </Button>
    </div>
  );
}

function Succeeded({ detail, result, onDone }: { detail: OrderDetail; result: RefundOrderResult; onDone: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Refund done</DialogTitle>
        <DialogDescription>{refundSentences(result.payments, detail.order.currency).join(' ')}</DialogDescription>
      </DialogHeader>
      <div role="status" className="flex items-center gap-3 rounded-lg border bg-muted/40 p-4">
        <CheckCircle2Icon aria-hidden="true" className="size-6 shrink-0 text-success" />
        <p className="text-sm">
          Refunded <span className="font-semibold tabular-nums">{money(result.total, detail.order.currency)}</span>
          {result.tax > 0 ? <span className="text-muted-foreground"> (tax {money(result.tax, detail.order.currency)})</span> : null}. Give the
          customer their refund receipt.
        </p>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Done
        </Button>
        <Button asChild>
          <Link to={refundReceiptPath(detail.order.id, result.refund_id)}>
            <ReceiptTextIcon aria-hidden="true" />
            Print refund receipt
          </Link>
        </Button>
      </DialogFooter>
    </>
  );
}

function RefundForm({ detail, onDone }: { detail: OrderDetail; onDone: () => void }) {
  const ids = { reason: useId(), method: useId(), mode: useId() };
  const currency = detail.order.currency;
  const refundable = detail.lines.filter((line) => remainingQuantity(line) > 0);
  const already = useMemo(() => refundedAmountsByLine(detail.refunds), [detail.refunds]);

  // Chosen items with nothing selected: one tap never refunds a whole order by accident.
  const [mode, setMode] = useState<'whole' | 'lines'>('lines');
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [restock, setRestock] = useState<Record<string, boolean>>({});
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<PaymentMethod | typeof AS_PAID>(AS_PAID);
  const paidWith = methodsPaidWith(detail);
  const { canChooseRefundMethod } = useOrderActions();
  const [submitted, setSubmitted] = useState(false);
  const refund = useRefundOrder();
  // One idempotency key per attempt; pressing Refund again after a failure re-sends it unchanged.
  const attempt = useRef<RefundAttempt | null>(null);

  const selection = mode === 'whole' ? wholeOrderSelection(detail.lines) : chosen;
  const preview = previewRefund(detail.lines, already, selection);
  const perLine = new Map(preview.lines.map((line) => [line.orderLineId, line]));
  const reasonError = submitted && !reason.trim() ? 'Say why the money goes back; it is kept with the refund.' : null;
  const nothingChosen = preview.lines.length === 0;

  if (refund.isSuccess) return <Succeeded detail={detail} result={refund.data} onDone={onDone} />;
  if (refundable.length === 0) {
    // Someone refunded the rest meanwhile (the order was reloaded after the server said so).
    return (
      <>
        <DialogHeader>
          <DialogTitle>Nothing left to refund</DialogTitle>
          <DialogDescription>Everything on {orderTitle(detail.order)} has been refunded; its refunds are listed on the order.</DialogDescription>
        </DialogHeader>
        {refund.isError ? <ErrorAlert title="The refund was not made" error={refund.error} /> : null}
        <DialogFooter>
          <Button onClick={onDone}>Close</Button>
        </DialogFooter>
      </>
    );
  }

  const submit = () => {
    setSubmitted(true);
    if (!reason.trim() || nothingChosen || refund.isPending) return;
    attempt.current = nextRefundAttempt(
      attempt.current,
      {
        orderId: detail.order.id,
        reason: reason.trim(),
        method: method === AS_PAID || !canChooseRefundMethod ? undefined : method,
        lines: preview.lines.map((line) => ({ orderLineId: line.orderLineId, quantity: line.quantity, restock: restock[line.orderLineId] ?? true })),
      },
      () => crypto.randomUUID(),
    );
    refund.mutate(attempt.current.body);
  };

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <DialogHeader>
        <DialogTitle>Refund {orderTitle(detail.order)}</DialogTitle>
        <DialogDescription>Tax comes back in proportion; restocked items go back into stock.</DialogDescription>
      </DialogHeader>

      <fieldset className="grid gap-2">
        <legend id={ids.mode} className="mb-2 text-sm font-medium">
          What to refund <RequiredMark />
        </legend>
        <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-labelledby={ids.mode}>
          {(
            [
              ['whole', 'Whole order'],
              ['lines', 'Chosen items'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className={cn(
                'flex min-h-11 cursor-pointer items-center justify-center rounded-md border px-3 text-sm font-medium has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                mode === value ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
              )}
            >
              <input type="radio" name="refund-mode" value={value} checked={mode === value} onChange={() => setMode(value)} className="sr-only" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      <ul className="grid gap-2" aria-label="Items">
        {refundable.map((line) => {
          const left = remainingQuantity(line);
          const quantity = selection[line.id] ?? 0;
          const amount = perLine.get(line.id);
          const restockId = `restock-${line.id}`;
          return (
            <li key={line.id} className={cn('grid gap-2 rounded-lg border p-3', quantity > 0 ? 'border-primary/40' : 'opacity-90')}>
              <div className="flex items-baseline justify-between gap-3">
                <div className="min-w-0">
                  <div className="font-medium">{line.name}</div>
                  <div className="text-xs text-muted-foreground">
                    {left} of {line.quantity} left to refund · {money(line.unit_price, currency)} each
                  </div>
                </div>
                <div className="text-right text-sm whitespace-nowrap tabular-nums">{amount ? money(amount.total, currency) : '—'}</div>
              </div>
              <div className="flex flex-wrap items-center justify-between gap-2">
                {mode === 'lines' ? (
                  <QuantityStepper
                    line={line}
                    value={quantity}
                    onChange={(next) => setChosen((current) => ({ ...current, [line.id]: clampRefundQuantity(line, next) }))}
                  />
                ) : (
                  <span className="text-sm text-muted-foreground tabular-nums">Refunding {quantity}</span>
                )}
                {line.product_id ? (
                  <label htmlFor={restockId} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
                    <input
                      id={restockId}
                      type="checkbox"
                      checked={restock[line.id] ?? true}
                      onChange={(event) => setRestock((current) => ({ ...current, [line.id]: event.target.checked }))}
                      className="size-5 accent-primary"
                    />
                    Restock<span className="sr-only"> {line.name}</span>
                  </label>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {mode === 'lines' ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" onClick={() => setChosen(wholeOrderSelection(detail.lines))}>
            Select everything
          </Button>
          {nothingChosen ? null : (
            <Button variant="ghost" onClick={() => setChosen({})}>
              Select nothing
            </Button>
          )}
        </div>
      ) : null}
      {nothingChosen ? (
        <p className={cn('text-sm', submitted ? 'text-destructive' : 'text-muted-foreground')}>Choose the items and quantities to refund.</p>
      ) : null}

      <div className="grid gap-2">
        <Label htmlFor={ids.reason}>
          Reason <RequiredMark />
        </Label>
        <Input
          id={ids.reason}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          required
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${ids.reason}-error` : undefined}
          placeholder="Returned unopened"
        />
        <div className="flex flex-wrap gap-2">
          {QUICK_REASONS.map((quick) => (
            <Button key={quick} variant="outline" onClick={() => setReason(quick)} aria-pressed={reason === quick}>
              {quick}
            </Button>
          ))}
        </div>
        <FieldError id={`${ids.reason}-error`}>{reasonError}</FieldError>
      </div>

      {canChooseRefundMethod ? (
        <div className="grid gap-2">
          <Label htmlFor={ids.method}>Refund to</Label>
          <Select value={method} onValueChange={(value) => setMethod(value as PaymentMethod | typeof AS_PAID)}>
            <SelectTrigger id={ids.method}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={AS_PAID}>
                {paidWith.length ? `The way they paid: ${paidWith.map(paymentMethodLabel).join(', then ')}` : 'The way they paid'}
              </SelectItem>
              {/* Gift cards and points take back only what they paid (decision 064): "the way they paid" covers them. */}
              {PAYMENT_METHODS.filter((option) => option !== 'gift_card' && option !== 'points').map((option) => (
                <SelectItem key={option} value={option}>
                  All to {PAYMENT_METHOD_LABELS[option].toLowerCase()}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : (
        <p className="text-sm" aria-label="Refund to">
          <span className="font-medium">Refund to: </span>
          {paidWith.length ? `the way they paid (${paidWith.map(paymentMethodLabel).join(', then ')})` : 'the way they paid'}.{' '}
          <span className="text-muted-foreground">A manager can pay it back another way.</span>
        </p>
      )}

      {/* The amount, the confirm button and what went wrong stay in view however long the list is. */}
      <div className="sticky -bottom-5 -mx-5 -mb-5 grid gap-3 border-t bg-background px-5 pt-3 pb-5 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6 sm:pb-6">
        {refund.isError ? (
          outcomeUnknown(refund.error) ? (
            <ErrorAlert
              title="The refund was not confirmed"
              message="The answer did not arrive, so it may have gone through. Press Refund again: it is sent with the same key and never made twice."
            />
          ) : (
            <ErrorAlert title="The refund was not made" error={refund.error} />
          )
        ) : null}
        <div className="grid gap-0.5 text-sm" aria-label="Refund amount" role="group">
          <p className="text-muted-foreground tabular-nums">
            {detail.order.prices_include_tax
              ? `Includes tax ${money(preview.tax, currency)}`
              : `Items ${money(preview.net, currency)} + tax ${money(preview.tax, currency)}`}
          </p>
          <p className="flex justify-between gap-4 text-base font-semibold">
            <span>To refund</span>
            <span className="tabular-nums">{money(preview.total, currency)}</span>
          </p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={refund.isPending || nothingChosen || (submitted && !reason.trim())}>
            {refund.isPending ? 'Refunding...' : `Refund ${money(preview.total, currency)}`}
          </Button>
        </DialogFooter>
      </div>
    </form>
  );
}

/** Whole order or chosen items and quantities, restock per item, a reason and the method; the amount is shown before confirming. */
export function RefundDialog({ detail, open, onOpenChange }: { detail: OrderDetail; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">{open ? <RefundForm detail={detail} onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}
