import type { Minor, PaymentMethod } from '@till/core';
import { BanknoteIcon, CircleAlertIcon, CreditCardIcon, GiftIcon, LoaderCircleIcon, RotateCwIcon, StarIcon, TicketIcon, XIcon } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import type { CheckoutProblem } from '../lib/checkout-errors';
import { money, parseAmount } from '../lib/format';
import {
  cashPayment,
  changeDue,
  MAX_PAYMENTS,
  nonCashPayment,
  paidTotal,
  quickCashAmounts,
  remainingDue,
  type PaymentEntry,
  type PaymentResult,
} from '../lib/payments';

const METHOD_LABELS: Record<PaymentMethod, string> = { cash: 'Cash', card: 'Card', other: 'Other', gift_card: 'Gift card', points: 'Points' };

// Decision 066: the gift card and points parts load when their tab is opened (decision 058's budget).
const loadLoyaltyPayment = () => import('./loyalty-payment');
const GiftCardPaymentForm = lazy(() => loadLoyaltyPayment().then((module) => ({ default: module.GiftCardPaymentForm })));
const PointsPaymentForm = lazy(() => loadLoyaltyPayment().then((module) => ({ default: module.PointsPaymentForm })));

const loadingPart = (
  <p role="status" className="flex items-center gap-2 py-3 text-muted-foreground">
    <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" /> Loading...
  </p>
);

export interface PaymentDialogProps {
  total: Minor;
  currency: string;
  multiplePayments: boolean;
  payments: PaymentEntry[];
  onPaymentsChange: (payments: PaymentEntry[]) => void;
  /** The checkout request is on its way. */
  sending: boolean;
  problem: CheckoutProblem | null;
  /** The cart's name for the product an insufficient_stock names. */
  outOfStockName: string | null;
  /** Nothing remains: send the sale with these payments. */
  onComplete: (payments: PaymentEntry[]) => void;
  /** Send the very same request again (same idempotency key). */
  onRetry: () => void;
  onAcceptTotal: (serverTotal: Minor) => void;
  onSellAsNew: () => void;
  onBackToSale: () => void;
  /**
   * loyalty_program (decision 064): gift cards pay; with a customer attached, their points do too.
   * Null when the feature is off.
   */
  loyalty: { customer: { id: string; name: string } | null } | null;
}

/**
 * Take payment: cash (what was handed over, quick buttons for exact and round notes, the change),
 * card on an external terminal (recorded, with an optional reference), or other; with
 * multiple_payments, as many as it takes until nothing remains. The sale goes to the server
 * the moment nothing remains.
 */
export function PaymentDialogContent(props: PaymentDialogProps) {
  const { total, currency, payments, sending, problem } = props;
  const id = useId();
  const cashInput = useRef<HTMLInputElement>(null);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [cashText, setCashText] = useState('');
  const [amountText, setAmountText] = useState('');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);

  const formatted = (amount: Minor) => money(amount, currency);
  const remaining = remainingDue(total, payments);
  const paid = paidTotal(payments);
  const change = changeDue(payments);
  // After a request whose outcome is unknown, the payments must stay exactly as sent.
  const locked = sending || problem?.kind === 'unknown-outcome';
  const tendered = parseAmount(cashText, currency);
  const pointsCustomer = props.loyalty?.customer ?? null;
  const tabCount = 3 + (props.loyalty ? 1 : 0) + (pointsCustomer ? 1 : 0);

  const add = (result: PaymentResult) => {
    if (!result.ok) {
      setError(result.message);
      return;
    }
    if (payments.length >= MAX_PAYMENTS) {
      setError(`A sale takes at most ${MAX_PAYMENTS} payments.`);
      return;
    }
    setError(null);
    setCashText('');
    setAmountText('');
    setReference('');
    const next = [...payments, { id: crypto.randomUUID(), ...result.payment }];
    props.onPaymentsChange(next);
    if (remainingDue(total, next) === 0) props.onComplete(next);
  };

  const takeCash = (amount: Minor | null) => {
    if (amount === null) {
      setError('Enter the cash handed over, such as 20 or 12.50.');
      return;
    }
    add(cashPayment({ remaining, tendered: amount, multiplePayments: props.multiplePayments, formatted }));
  };

  const onCashSubmit = (event: FormEvent) => {
    event.preventDefault();
    takeCash(tendered);
  };

  const onOtherSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (method === 'cash') return;
    const amount = props.multiplePayments && amountText.trim() ? parseAmount(amountText, currency) : remaining;
    if (amount === null) {
      setError('Enter the amount paid, such as 10 or 12.50.');
      return;
    }
    add(nonCashPayment({ method, remaining, amount, reference, multiplePayments: props.multiplePayments, formatted }));
  };

  const removePayment = (paymentId: string) => {
    setError(null);
    props.onPaymentsChange(payments.filter((payment) => payment.id !== paymentId));
  };

  const quick = quickCashAmounts(remaining, currency);
  const cashPreview =
    tendered !== null && tendered > 0
      ? tendered >= remaining
        ? `Change ${formatted(tendered - remaining)}`
        : props.multiplePayments
          ? `Leaves ${formatted(remaining - tendered)} to pay`
          : `${formatted(remaining - tendered)} short`
      : null;

  return (
    <DialogContent
      className="max-w-2xl"
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        cashInput.current?.focus();
      }}
      onInteractOutside={(event) => event.preventDefault()}
      onEscapeKeyDown={(event) => {
        if (sending) event.preventDefault();
      }}
      showClose={!sending}
    >
      <DialogHeader>
        <DialogTitle>Take payment</DialogTitle>
        <DialogDescription>
          {props.multiplePayments ? 'Split across methods if the customer wants: add payments until nothing remains.' : 'One payment for the whole total.'}
        </DialogDescription>
      </DialogHeader>

      <dl className="grid grid-cols-3 gap-1.5 text-center sm:gap-2">
        <div className="rounded-lg border px-1 py-2">
          <dt className="text-xs text-muted-foreground">Total</dt>
          <dd className="text-base font-semibold tabular-nums sm:text-lg">{formatted(total)}</dd>
        </div>
        <div className="rounded-lg border px-1 py-2">
          <dt className="text-xs text-muted-foreground">Paid</dt>
          <dd className="text-base font-semibold tabular-nums sm:text-lg">{formatted(paid)}</dd>
        </div>
        <div className={cn('rounded-lg border px-1 py-2', remaining > 0 ? 'border-primary bg-primary text-primary-foreground' : 'bg-muted')}>
          <dt className={cn('text-xs', remaining > 0 ? 'opacity-80' : 'text-muted-foreground')}>{remaining > 0 ? 'Remaining' : change > 0 ? 'Change' : 'Remaining'}</dt>
          <dd className="text-lg font-bold tabular-nums sm:text-2xl" data-testid="payment-remaining">
            {remaining > 0 ? formatted(remaining) : formatted(change)}
          </dd>
        </div>
      </dl>

      {payments.length > 0 ? (
        <ul aria-label="Payments" className="grid gap-1">
          {payments.map((payment) => (
            <li key={payment.id} className="flex items-center gap-2 rounded-md bg-muted/60 py-1 pr-1 pl-3 text-sm">
              <span className="flex-1">
                {METHOD_LABELS[payment.method]}
                {payment.reference ? <span className="text-muted-foreground"> · {payment.reference}</span> : null}
                {payment.giftCardCode ? <span className="text-muted-foreground"> · •••• {payment.giftCardCode.slice(-4)}</span> : null}
                {payment.points ? <span className="text-muted-foreground"> · {payment.points.toLocaleString()} points</span> : null}
                {payment.method === 'cash' && payment.tendered !== undefined && payment.tendered > payment.amount ? (
                  <span className="text-muted-foreground">
                    {' '}
                    · {formatted(payment.tendered)} handed over, {formatted(payment.tendered - payment.amount)} change
                  </span>
                ) : null}
              </span>
              <span className="font-medium tabular-nums">{formatted(payment.amount)}</span>
              <Button variant="ghost" size="icon" aria-label={`Remove ${METHOD_LABELS[payment.method]} payment of ${formatted(payment.amount)}`} disabled={locked} onClick={() => removePayment(payment.id)}>
                <XIcon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}

      {problem ? <ProblemAlert {...props} /> : null}

      {sending ? (
        <p role="status" className="flex items-center justify-center gap-2 py-4 text-lg font-medium">
          <LoaderCircleIcon aria-hidden="true" className="size-5 animate-spin" /> Completing sale...
        </p>
      ) : remaining === 0 && !problem ? (
        <Button size="lg" className="min-h-14 text-lg" onClick={() => props.onComplete(payments)}>
          Complete sale
        </Button>
      ) : null}

      {remaining > 0 && !locked ? (
        <Tabs
          value={method}
          onValueChange={(value) => {
            setMethod(value as PaymentMethod);
            setError(null);
          }}
          className="grid gap-3"
        >
          <TabsList aria-label="Payment method" className={cn('grid w-full sm:w-full', tabCount === 5 ? 'grid-cols-6 [&>*]:col-span-2 [&>*:nth-child(n+4)]:col-span-3' : tabCount === 4 ? 'grid-cols-2 sm:grid-cols-4' : 'grid-cols-3')}>
            <TabsTrigger value="cash" className="gap-2">
              <BanknoteIcon aria-hidden="true" /> Cash
            </TabsTrigger>
            <TabsTrigger value="card" className="gap-2">
              <CreditCardIcon aria-hidden="true" /> Card
            </TabsTrigger>
            <TabsTrigger value="other" className="gap-2">
              <TicketIcon aria-hidden="true" /> Other
            </TabsTrigger>
            {props.loyalty ? (
              <TabsTrigger value="gift_card" className="gap-2">
                <GiftIcon aria-hidden="true" /> Gift card
              </TabsTrigger>
            ) : null}
            {pointsCustomer ? (
              <TabsTrigger value="points" className="gap-2">
                <StarIcon aria-hidden="true" /> Redeem points
              </TabsTrigger>
            ) : null}
          </TabsList>

          <TabsContent value="cash" className="grid gap-3">
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-5" role="group" aria-label="Quick cash amounts">
              {quick.map((amount, index) => (
                <Button key={amount} variant={index === 0 ? 'default' : 'outline'} className="min-h-14 flex-col gap-0 text-base tabular-nums" onClick={() => takeCash(amount)}>
                  {index === 0 ? <span className="text-xs font-normal opacity-80">Exact</span> : null}
                  {formatted(amount)}
                </Button>
              ))}
            </div>
            <form onSubmit={onCashSubmit} noValidate className="grid gap-2">
              <Label htmlFor={`${id}-cash`}>Cash received</Label>
              <div className="flex gap-2">
                <Input
                  ref={cashInput}
                  id={`${id}-cash`}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={formatted(remaining)}
                  value={cashText}
                  onChange={(event) => {
                    setCashText(event.target.value);
                    setError(null);
                  }}
                  className="h-12 text-right text-lg tabular-nums"
                />
                <Button type="submit" className="min-h-12 px-5">
                  Take cash
                </Button>
              </div>
              <p className="min-h-6 text-right text-base font-medium tabular-nums" aria-live="polite">
                {cashPreview}
              </p>
            </form>
          </TabsContent>

          {(['card', 'other'] as const).map((kind) => (
            <TabsContent key={kind} value={kind}>
              <form onSubmit={onOtherSubmit} noValidate className="grid gap-3">
                <Field>
                  <Label htmlFor={`${id}-${kind}-amount`}>Amount</Label>
                  <Input
                    id={`${id}-${kind}-amount`}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder={formatted(remaining)}
                    value={props.multiplePayments ? amountText : ''}
                    disabled={!props.multiplePayments}
                    onChange={(event) => {
                      setAmountText(event.target.value);
                      setError(null);
                    }}
                    className="h-12 text-right text-lg tabular-nums"
                  />
                  {props.multiplePayments ? <FieldDescription>Blank for everything that remains; less to split.</FieldDescription> : null}
                </Field>
                <Field>
                  <Label htmlFor={`${id}-${kind}-reference`}>Reference (optional)</Label>
                  <Input
                    id={`${id}-${kind}-reference`}
                    autoComplete="off"
                    maxLength={200}
                    placeholder={kind === 'card' ? 'Terminal receipt number or last 4 digits' : 'Voucher number, transfer reference...'}
                    value={reference}
                    onChange={(event) => setReference(event.target.value)}
                  />
                </Field>
                <Button type="submit" size="lg" className="min-h-12">
                  {kind === 'card' ? 'Card payment received' : 'Payment received'}
                </Button>
                {kind === 'card' ? <p className="text-sm text-muted-foreground">Take the card on the terminal first, then record it here.</p> : null}
              </form>
            </TabsContent>
          ))}

          {props.loyalty ? (
            <TabsContent value="gift_card">
              <Suspense fallback={loadingPart}>
                <GiftCardPaymentForm remaining={remaining} payments={payments} multiplePayments={props.multiplePayments} currency={currency} onAdd={add} />
              </Suspense>
            </TabsContent>
          ) : null}
          {pointsCustomer ? (
            <TabsContent value="points">
              <Suspense fallback={loadingPart}>
                <PointsPaymentForm
                  customerId={pointsCustomer.id}
                  customerName={pointsCustomer.name}
                  remaining={remaining}
                  payments={payments}
                  multiplePayments={props.multiplePayments}
                  currency={currency}
                  onAdd={add}
                />
              </Suspense>
            </TabsContent>
          ) : null}
        </Tabs>
      ) : null}

      <FieldError role="alert">{error}</FieldError>
    </DialogContent>
  );
}

/** A server message as a sentence, whether or not it ends in a full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

function ProblemAlert(props: PaymentDialogProps) {
  const { problem, currency } = props;
  if (!problem) return null;
  switch (problem.kind) {
    case 'unknown-outcome':
      return (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>The sale was not confirmed</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>{problem.message}</p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={props.onRetry} disabled={props.sending}>
                <RotateCwIcon aria-hidden="true" /> Retry
              </Button>
              <Button variant="outline" onClick={props.onBackToSale}>
                Back to the sale
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      );
    case 'total-changed':
      return (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>Prices changed — total is now {money(problem.serverTotal, currency)}</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>A price or tax changed since this till loaded it. Nothing was charged; confirm the new total and take payment again.</p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => props.onAcceptTotal(problem.serverTotal)}>Charge {money(problem.serverTotal, currency)}</Button>
              <Button variant="outline" onClick={props.onBackToSale}>
                Back to the sale
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      );
    case 'out-of-stock':
      return (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>{props.outOfStockName ? `Not enough ${props.outOfStockName} in stock` : problem.message}</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>Nothing was charged. Lower the quantity or remove it from the sale, then take payment again.</p>
            <Button variant="outline" className="justify-self-start" onClick={props.onBackToSale}>
              Back to the sale
            </Button>
          </AlertDescription>
        </Alert>
      );
    case 'not-parked':
      return (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>This parked sale was already completed or voided</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>{sentence(problem.message)} Nothing was charged.</p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={props.onSellAsNew}>Sell it as a new sale</Button>
              <Button variant="outline" onClick={props.onBackToSale}>
                Back to the sale
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      );
    case 'loyalty':
      return (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>{problem.title}</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>{problem.message} Nothing was charged.</p>
          </AlertDescription>
        </Alert>
      );
    case 'refused':
      return (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>The sale was refused</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>{sentence(problem.message)} Nothing was charged.</p>
            <Button variant="outline" className="justify-self-start" onClick={props.onBackToSale}>
              Back to the sale
            </Button>
          </AlertDescription>
        </Alert>
      );
  }
}
