import { loyaltySettingsOf, maskGiftCardCode, normalizeGiftCardCode, pointsValue, type Minor } from '@till/core';
import { LoaderCircleIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage, isApiError } from '@/lib/api-client';
import { checkGiftCard, useTillCustomerLoyalty, useTillLoyaltySettings } from '../api/loyalty';
import { money, parseAmount } from '../lib/format';
import { GiftCardCodeInput } from './gift-card-code-input';
import { giftCardAvailable, giftCardCheckMessage, giftCardPayment, mostPoints, pointsAvailable, pointsPayment } from '../lib/loyalty-payments';
import type { PaymentEntry, PaymentResult } from '../lib/payments';

/**
 * The payment dialog's "Gift card" and "Redeem points" parts (decision 064, 066): their own chunk,
 * loaded when the cashier opens one of the two tabs (decision 058's budget).
 */

interface PartProps {
  remaining: Minor;
  payments: PaymentEntry[];
  multiplePayments: boolean;
  currency: string;
  /** Adds the payment, as the dialog's other methods do (its refusals are shown here). */
  onAdd: (result: PaymentResult) => void;
}

/** Type or scan the card's 16 digits, check its balance, take up to the balance and what remains. */
export function GiftCardPaymentForm(props: PartProps) {
  const id = useId();
  const [codeText, setCodeText] = useState('');
  const [checked, setChecked] = useState<{ code: string; balance: Minor } | null>(null);
  const [checking, setChecking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [amountText, setAmountText] = useState('');
  const formatted = (amount: Minor) => money(amount, props.currency);

  const check = async () => {
    const code = normalizeGiftCardCode(codeText);
    if (!code) {
      setMessage('That is not a gift card code: 16 digits, as printed on the card.');
      return;
    }
    setChecking(true);
    setMessage(null);
    try {
      const answer = await checkGiftCard(code);
      setChecked({ code, balance: answer.balance });
      setAmountText('');
    } catch (error) {
      setMessage(isApiError(error) ? (giftCardCheckMessage(error) ?? errorMessage(error)) : errorMessage(error));
    } finally {
      setChecking(false);
    }
  };

  const take = () => {
    if (!checked) return;
    const typed = props.multiplePayments && amountText.trim() ? parseAmount(amountText, props.currency) : null;
    if (props.multiplePayments && amountText.trim() && typed === null) {
      setMessage('Enter the amount to take, such as 10 or 12.50.');
      return;
    }
    const result = giftCardPayment({ code: checked.code, balance: checked.balance, remaining: props.remaining, amount: typed, payments: props.payments, multiplePayments: props.multiplePayments, formatted });
    if (!result.ok) {
      setMessage(result.message);
      return;
    }
    setChecked(null);
    setCodeText('');
    setAmountText('');
    setMessage(null);
    props.onAdd(result);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (checked) take();
    else void check();
  };

  const available = checked ? giftCardAvailable(checked.balance, checked.code, props.payments) : 0;
  const most = Math.min(available, props.remaining);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label="Pay with a gift card">
      <Field>
        <Label htmlFor={`${id}-code`}>Gift card number</Label>
        <div className="flex gap-2">
          <GiftCardCodeInput
            id={`${id}-code`}
            autoFocus
            value={codeText}
            onCodeChange={(text) => {
              setCodeText(text);
              setChecked(null);
              setMessage(null);
            }}
          />
          {checked ? null : (
            <Button type="submit" className="min-h-12 px-4" disabled={checking || !codeText.trim()}>
              {checking ? <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> : null}
              Check balance
            </Button>
          )}
        </div>
      </Field>
      {checked ? (
        <>
          <p className="rounded-md bg-muted px-3 py-2 text-sm" role="status">
            Card {maskGiftCardCode(checked.code)} holds <strong className="tabular-nums">{formatted(checked.balance)}</strong>
            {available !== checked.balance ? <> · {formatted(available)} left after this sale&apos;s other payments</> : null}
          </p>
          {available > 0 ? (
            <>
              {props.multiplePayments ? (
                <Field>
                  <Label htmlFor={`${id}-amount`}>Amount from the card</Label>
                  <Input
                    id={`${id}-amount`}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder={formatted(most)}
                    value={amountText}
                    onChange={(event) => {
                      setAmountText(event.target.value);
                      setMessage(null);
                    }}
                    className="h-12 text-right text-lg tabular-nums"
                  />
                  <FieldDescription>Blank for {formatted(most)}: the card&apos;s balance or what remains, whichever is less.</FieldDescription>
                </Field>
              ) : null}
              <Button type="submit" size="lg" className="min-h-12">
                Take {formatted(props.multiplePayments && amountText.trim() ? (parseAmount(amountText, props.currency) ?? most) : most)} from the gift card
              </Button>
            </>
          ) : (
            <p className="text-sm font-medium text-destructive" role="alert">
              {checked.balance <= 0 ? 'This gift card is empty (it was spent or cancelled): take another payment.' : "This sale already takes everything on this card."}
            </p>
          )}
        </>
      ) : null}
      {message ? (
        <p className="text-sm font-medium text-destructive" role="alert">
          {message}
        </p>
      ) : null}
    </form>
  );
}

/** Redeem the attached customer's points: whole points, up to their balance and what remains. */
export function PointsPaymentForm(props: PartProps & { customerId: string; customerName: string }) {
  const id = useId();
  const settings = useTillLoyaltySettings();
  const customer = useTillCustomerLoyalty(props.customerId);
  const [pointsText, setPointsText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const formatted = (amount: Minor) => money(amount, props.currency);

  if (settings.isPending || customer.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-3 text-muted-foreground">
        <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" /> Loading {props.customerName}&apos;s points...
      </p>
    );
  }
  if (settings.isError || customer.isError) {
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        The points could not be loaded: {errorMessage(settings.error ?? customer.error)}
      </p>
    );
  }
  const rules = loyaltySettingsOf(settings.data.settings);
  const available = pointsAvailable(customer.data.points, props.payments);
  const most = mostPoints(rules, available, props.remaining);
  const typed = pointsText.trim() ? Number(pointsText.trim()) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (typed !== null && !Number.isSafeInteger(typed)) {
      setMessage('Enter a whole number of points.');
      return;
    }
    const result = pointsPayment({ settings: rules, balance: customer.data.points, remaining: props.remaining, points: typed, payments: props.payments, multiplePayments: props.multiplePayments, formatted });
    if (!result.ok) {
      setMessage(result.message);
      return;
    }
    setPointsText('');
    setMessage(null);
    props.onAdd(result);
  };

  const shown = typed !== null && Number.isSafeInteger(typed) && typed > 0 ? typed : most.points;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label="Redeem points">
      <p className="rounded-md bg-muted px-3 py-2 text-sm" role="status">
        {props.customerName} has <strong className="tabular-nums">{customer.data.points.toLocaleString()} points</strong> (worth {formatted(pointsValue(rules, customer.data.points))}
        {customer.data.tier ? `, ${customer.data.tier.name}` : ''})
        {available !== customer.data.points ? ` · ${available.toLocaleString()} left after this sale's other payments` : ''}
      </p>
      {most.points > 0 ? (
        <>
          {props.multiplePayments ? (
            <Field>
              <Label htmlFor={`${id}-points`}>Points to redeem</Label>
              <Input
                id={`${id}-points`}
                autoFocus
                inputMode="numeric"
                autoComplete="off"
                placeholder={String(most.points)}
                value={pointsText}
                onChange={(event) => {
                  setPointsText(event.target.value);
                  setMessage(null);
                }}
                className="h-12 text-right text-lg tabular-nums"
              />
              <FieldDescription>
                Whole points; one pays {formatted(rules.pointValue)}. Blank for {most.points.toLocaleString()} ({formatted(most.amount)}).
              </FieldDescription>
            </Field>
          ) : null}
          <Button type="submit" size="lg" className="min-h-12">
            Redeem {shown.toLocaleString()} points ({formatted(pointsValue(rules, shown))})
          </Button>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          {available <= 0 ? `${props.customerName} has no points to redeem yet.` : `One point pays ${formatted(rules.pointValue)}, more than remains.`}
        </p>
      )}
      {message ? (
        <p className="text-sm font-medium text-destructive" role="alert">
          {message}
        </p>
      ) : null}
    </form>
  );
}
