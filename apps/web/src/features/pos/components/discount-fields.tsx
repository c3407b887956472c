import { currencyDecimals } from '@till/core';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { parseDiscount, type DiscountKind } from '../lib/format';

const QUICK_PERCENTS = [5, 10, 15, 20, 50];

export interface DiscountDraft {
  kind: DiscountKind;
  text: string;
}

function currencySymbol(currency: string): string {
  const part = new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
    .formatToParts(0)
    .find((item) => item.type === 'currency');
  return part?.value ?? currency;
}

/** A discount as a percentage or an amount, with one-tap common percentages. */
export function DiscountFields({
  value,
  onChange,
  currency,
  label,
}: {
  value: DiscountDraft;
  onChange: (value: DiscountDraft) => void;
  currency: string;
  label: string;
}) {
  const id = useId();
  const invalid = parseDiscount(value.kind, value.text, currency) === undefined;
  const decimals = currencyDecimals(currency);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      <div className="flex gap-2">
        <div role="group" aria-label="Discount type" className="flex shrink-0 rounded-md border p-0.5">
          {(['percent', 'amount'] as const).map((kind) => (
            <Button
              key={kind}
              variant={value.kind === kind ? 'secondary' : 'ghost'}
              className={cn('min-h-10 px-3', value.kind === kind && 'shadow-xs')}
              aria-pressed={value.kind === kind}
              onClick={() => onChange({ kind, text: '' })}
            >
              {kind === 'percent' ? '%' : currencySymbol(currency)}
              <span className="sr-only">{kind === 'percent' ? 'Percentage' : 'Amount'}</span>
            </Button>
          ))}
        </div>
        <Label htmlFor={`${id}-value`} className="sr-only">
          {value.kind === 'percent' ? 'Discount percentage' : 'Discount amount'}
        </Label>
        <Input
          id={`${id}-value`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={value.kind === 'percent' ? 'e.g. 10' : decimals ? 'e.g. 2.50' : 'e.g. 200'}
          value={value.text}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => onChange({ ...value, text: event.target.value })}
          className="text-right tabular-nums"
        />
      </div>
      <FieldError id={`${id}-error`}>
        {invalid ? (value.kind === 'percent' ? 'Enter a percentage from 0 to 100.' : 'Enter an amount such as 2.50.') : null}
      </FieldError>
      <div className="flex flex-wrap gap-1">
        {QUICK_PERCENTS.map((percent) => (
          <Button key={percent} variant="outline" className="min-w-14 px-2 tabular-nums" onClick={() => onChange({ kind: 'percent', text: String(percent) })}>
            {percent}%
          </Button>
        ))}
        <Button variant="ghost" className="px-3" onClick={() => onChange({ kind: value.kind, text: '' })}>
          No discount
        </Button>
      </div>
    </fieldset>
  );
}
