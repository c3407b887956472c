import { currencyDecimals, formatGiftCardCode, GIFT_CARD_MAX_AMOUNT, makeGiftCardCode, normalizeGiftCardCode } from '@till/core';
import { LoaderCircleIcon, RefreshCwIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage, isApiError } from '@/lib/api-client';
import { checkGiftCard } from '../api/loyalty';
import type { CartGiftCard } from '../lib/cart';
import { money, parseAmount } from '../lib/format';
import { GiftCardCodeInput } from './gift-card-code-input';

/** A digit 0–9 from the browser's cryptographic generator, without modulo bias. */
function randomDigit(): number {
  const byte = new Uint8Array(1);
  do crypto.getRandomValues(byte);
  while (byte[0]! >= 250);
  return byte[0]! % 10;
}

/**
 * Sell a gift card from the till (decision 064, 066): the amount it is loaded with and its code,
 * a new one made here (core's Luhn code) or read from a physical card. Its own chunk, loaded
 * when the cashier taps "Gift card".
 */
export function GiftCardSaleDialogContent({
  currency,
  problem,
  onAdd,
}: {
  currency: string;
  /** Why a card cannot be sold in this cart now (a sale discount, ten cards): shown instead of the form. */
  problem: string | null;
  onAdd: (card: CartGiftCard) => void;
}) {
  const id = useId();
  const [amountText, setAmountText] = useState('');
  const [source, setSource] = useState<'new' | 'card'>('new');
  const [newCode, setNewCode] = useState(() => makeGiftCardCode(randomDigit));
  const [codeText, setCodeText] = useState('');
  const [checking, setChecking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const amount = parseAmount(amountText, currency);
  const unit = 10 ** currencyDecimals(currency);
  const quick = [10, 25, 50, 100].map((major) => major * unit);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (amount === null || amount <= 0) return setMessage('Enter what the card is loaded with, such as 25 or 50.');
    if (amount > GIFT_CARD_MAX_AMOUNT) return setMessage(`A gift card holds at most ${money(GIFT_CARD_MAX_AMOUNT, currency)}.`);
    let code = newCode;
    if (source === 'card') {
      const typed = normalizeGiftCardCode(codeText);
      if (!typed) return setMessage('That is not a gift card code: the 16 digits printed on the card.');
      // A code already sold would be refused at payment: say so now.
      setChecking(true);
      try {
        const sold = await checkGiftCard(typed);
        return setMessage(`This card was already sold (it holds ${money(sold.balance, currency)}). Take another card.`);
      } catch (error) {
        if (!(isApiError(error) && error.code === 'gift_card_not_found')) return setMessage(errorMessage(error));
      } finally {
        setChecking(false);
      }
      code = typed;
    }
    onAdd({ id: crypto.randomUUID(), code, amount });
  };

  return (
    <DialogContent className="max-w-md">
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
        <DialogHeader>
          <DialogTitle>Sell a gift card</DialogTitle>
          <DialogDescription>Added to this sale as its own line: no tax, no discount, no points until it is spent.</DialogDescription>
        </DialogHeader>
        {problem ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{problem}</AlertDescription>
          </Alert>
        ) : (
          <>
            <Field>
              <Label htmlFor={`${id}-amount`}>Amount on the card</Label>
              <Input
                id={`${id}-amount`}
                autoFocus
                inputMode="decimal"
                autoComplete="off"
                placeholder={money(quick[1]!, currency)}
                value={amountText}
                onChange={(event) => {
                  setAmountText(event.target.value);
                  setMessage(null);
                }}
                className="h-12 text-right text-lg tabular-nums"
              />
              <div className="grid grid-cols-4 gap-2" role="group" aria-label="Quick amounts">
                {quick.map((value) => (
                  <Button
                    key={value}
                    type="button"
                    variant="outline"
                    className="tabular-nums"
                    onClick={() => {
                      setAmountText(String(value / unit));
                      setMessage(null);
                    }}
                  >
                    {money(value, currency)}
                  </Button>
                ))}
              </div>
            </Field>
            <Tabs
              value={source}
              onValueChange={(value) => {
                setSource(value === 'card' ? 'card' : 'new');
                setMessage(null);
              }}
              className="grid gap-3"
            >
              <TabsList aria-label="Card code" className="grid w-full grid-cols-2 sm:w-full">
                <TabsTrigger value="new">New code</TabsTrigger>
                <TabsTrigger value="card">Physical card</TabsTrigger>
              </TabsList>
              <TabsContent value="new" className="grid gap-2">
                <div className="flex items-center gap-2 rounded-md border px-3 py-2">
                  <span className="flex-1 font-mono text-lg tracking-wider" data-testid="new-gift-card-code">
                    {formatGiftCardCode(newCode)}
                  </span>
                  <Button type="button" variant="ghost" size="icon" aria-label="Another code" onClick={() => setNewCode(makeGiftCardCode(randomDigit))}>
                    <RefreshCwIcon aria-hidden="true" />
                  </Button>
                </div>
                <FieldDescription>Write it on the card or give it to the customer: the whole code is what spends the card. The receipt shows only its last 4 digits.</FieldDescription>
              </TabsContent>
              <TabsContent value="card">
                <Field>
                  <Label htmlFor={`${id}-code`}>Card number</Label>
                  <GiftCardCodeInput
                    id={`${id}-code`}
                    value={codeText}
                    onCodeChange={(text) => {
                      setCodeText(text);
                      setMessage(null);
                    }}
                  />
                </Field>
              </TabsContent>
            </Tabs>
            {message ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {message}
              </p>
            ) : null}
          </>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          {problem ? null : (
            <Button type="submit" disabled={checking}>
              {checking ? <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> : null}
              Add gift card{amount ? ` ${money(amount, currency)}` : ''}
            </Button>
          )}
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

export default GiftCardSaleDialogContent;
