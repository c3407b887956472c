import { MinusIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { lazy, Suspense, useId, useState, type Dispatch, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { clampQuantity, MAX_QUANTITY, type CartAction, type CartLine } from '../lib/cart';
import { amountText, discountText, money, parseAmount, parseDiscount } from '../lib/format';
import type { PosAccess } from '../lib/pos-access';
import { DiscountFields, type DiscountDraft } from './discount-fields';

// The lot picker (decision 058) and its request load when a line's dialog opens, never with the till.
const LotPicker = lazy(() => import('./lot-picker').then((module) => ({ default: module.LotPicker })));

interface LineDialogProps {
  line: CartLine;
  currency: string;
  access: PosAccess;
  dispatch: Dispatch<CartAction>;
  onDone: () => void;
}

/** Everything about one line: quantity, discount (with the permission), price (owner/admin with can_change_prices), note, lot (batch-tracked products). */
export function LineDialogContent({ line, currency, access, dispatch, onDone }: LineDialogProps) {
  const id = useId();
  const [quantityText, setQuantityText] = useState(String(line.quantity));
  const [discount, setDiscount] = useState<DiscountDraft>(() => discountText(line.discount, currency));
  const [priceText, setPriceText] = useState(() => (line.priceOverride === null ? '' : amountText(line.priceOverride, currency)));
  const [note, setNote] = useState(line.note);
  const [lotNumber, setLotNumber] = useState<string | null>(line.lotNumber ?? null);

  const quantity = /^\s*\d+\s*$/.test(quantityText) ? Number(quantityText) : Number.NaN;
  const quantityInvalid = !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY;
  const parsedDiscount = parseDiscount(discount.kind, discount.text, currency);
  const price = priceText.trim() ? parseAmount(priceText, currency) : null;
  const priceInvalid = priceText.trim() !== '' && price === null;
  const invalid = quantityInvalid || (access.canDiscount && parsedDiscount === undefined) || (access.canOverridePrice && priceInvalid);

  const step = (delta: number) => setQuantityText(String(clampQuantity((Number.isNaN(quantity) ? line.quantity : quantity) + delta)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    dispatch({
      type: 'updateLine',
      lineId: line.id,
      changes: {
        quantity,
        note: note.trim(),
        lotNumber,
        ...(access.canDiscount ? { discount: parsedDiscount ?? null } : {}),
        ...(access.canOverridePrice ? { priceOverride: price === null || price === line.catalogPrice ? null : price } : {}),
      },
    });
    onDone();
  };

  return (
    <DialogContent className="max-w-md">
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <DialogHeader>
          <DialogTitle>{line.name}</DialogTitle>
          <DialogDescription>{money(line.catalogPrice, currency)} each</DialogDescription>
        </DialogHeader>

        <Field>
          <Label htmlFor={`${id}-quantity`}>Quantity</Label>
          <div className="flex gap-2">
            <Button variant="outline" size="icon" aria-label="One fewer" onClick={() => step(-1)}>
              <MinusIcon aria-hidden="true" />
            </Button>
            <Input
              id={`${id}-quantity`}
              inputMode="numeric"
              autoComplete="off"
              autoFocus
              value={quantityText}
              onChange={(event) => setQuantityText(event.target.value)}
              onFocus={(event) => event.target.select()}
              aria-invalid={quantityInvalid || undefined}
              className="text-center text-lg font-semibold tabular-nums"
            />
            <Button variant="outline" size="icon" aria-label="One more" onClick={() => step(1)}>
              <PlusIcon aria-hidden="true" />
            </Button>
          </div>
          <FieldError>{quantityInvalid ? `Enter a whole number from 1 to ${MAX_QUANTITY.toLocaleString('en-US')}.` : null}</FieldError>
        </Field>

        {access.canDiscount ? <DiscountFields label="Line discount" value={discount} onChange={setDiscount} currency={currency} /> : null}

        {access.canOverridePrice ? (
          <Field>
            <Label htmlFor={`${id}-price`}>Price each</Label>
            <Input
              id={`${id}-price`}
              inputMode="decimal"
              autoComplete="off"
              placeholder={amountText(line.catalogPrice, currency)}
              value={priceText}
              onChange={(event) => setPriceText(event.target.value)}
              aria-invalid={priceInvalid || undefined}
              className="text-right tabular-nums"
            />
            <FieldDescription>Leave blank for the catalogue price. A changed price is recorded with your name.</FieldDescription>
            <FieldError>{priceInvalid ? 'Enter a price such as 4.50.' : null}</FieldError>
          </Field>
        ) : null}

        <Field>
          <Label htmlFor={`${id}-note`}>Note</Label>
          <Input id={`${id}-note`} maxLength={500} placeholder="e.g. no sugar, gift wrap" value={note} onChange={(event) => setNote(event.target.value)} />
        </Field>

        <Suspense fallback={null}>
          <LotPicker productId={line.productId} value={lotNumber} onChange={setLotNumber} quantity={Number.isNaN(quantity) ? line.quantity : quantity} />
        </Suspense>

        <DialogFooter className="sm:justify-between">
          <Button
            variant="ghost"
            className="text-red-700"
            onClick={() => {
              dispatch({ type: 'remove', lineId: line.id });
              onDone();
            }}
          >
            <Trash2Icon aria-hidden="true" />
            Remove from sale
          </Button>
          <Button type="submit" disabled={invalid}>
            Done
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
