import { useId } from 'react';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useSaleLots } from '../api/get-sale-lots';

/** "Expires 2026-12-01 · 5 days left" (days from the business's today, as the server counts them). */
function expiryText(expiryDate: string | null, daysLeft: number | null): string {
  if (!expiryDate || daysLeft === null) return 'No expiry date';
  const left = daysLeft < 0 ? (daysLeft === -1 ? 'expired yesterday' : `expired ${-daysLeft} days ago`) : daysLeft === 0 ? 'expires today' : daysLeft === 1 ? '1 day left' : `${daysLeft} days left`;
  return `Expires ${expiryDate} · ${left}`;
}

interface LotPickerProps {
  productId: string;
  /** The chosen lot; null: automatic (first to expire). */
  value: string | null;
  onChange: (lotNumber: string | null) => void;
  /** The line's quantity, to flag a lot holding fewer. */
  quantity: number;
}

/**
 * The lot a batch-tracked line sells from (issue 14, decisions 048 and 058): automatic (the
 * server takes the lot that expires first) or one of the store's lots. Loaded with the line's
 * dialog, in a chunk of its own; renders nothing for a product without batch tracking.
 */
export function LotPicker({ productId, value, onChange, quantity }: LotPickerProps) {
  const id = useId();
  const lots = useSaleLots(productId);
  if (lots.isPending) return <p className="text-sm text-muted-foreground">Loading lots...</p>;
  if (lots.isError) return <FieldError>{`The lots could not be loaded: ${errorMessage(lots.error)}`}</FieldError>;
  if (!lots.data.track_batches) return null;
  const chosen = value === null ? null : lots.data.lots.find((lot) => lot.lot_number === value);
  const options = [
    { key: '', lotNumber: null, title: 'Automatic (first to expire)', detail: 'The lot that expires first in this store', short: false },
    ...lots.data.lots.map((lot) => ({
      key: lot.lot_number,
      lotNumber: lot.lot_number,
      title: `Lot ${lot.lot_number}`,
      detail: `${expiryText(lot.expiry_date, lot.days_left)} · ${lot.quantity} in stock`,
      short: lot.quantity < quantity,
    })),
  ];
  return (
    <Field>
      <fieldset className="grid gap-2" aria-describedby={`${id}-hint`}>
        <legend className="mb-1 text-sm font-medium">Lot</legend>
        {options.map((option) => (
          <label
            key={option.key}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="radio"
              name={`${id}-lot`}
              className="mt-1 accent-primary"
              checked={option.lotNumber === value}
              onChange={() => onChange(option.lotNumber)}
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{option.title}</span>
              <span className={cn('text-muted-foreground', option.short && 'text-amber-700 dark:text-amber-400')}>
                {option.detail}
                {option.short ? ` (fewer than ${quantity})` : ''}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <FieldDescription id={`${id}-hint`}>
        {lots.data.lots.length === 0 ? 'No lot holds stock in this store: the sale takes what there is.' : 'Choose a lot to sell from it instead of the first to expire.'}
      </FieldDescription>
      {value !== null && !chosen ? <FieldError>{`Lot ${value} holds no stock in this store any more; choose another or Automatic.`}</FieldError> : null}
    </Field>
  );
}
