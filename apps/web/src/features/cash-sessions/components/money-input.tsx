import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { currencySymbol, parseMoneyText } from '@/lib/money';

/** A typed amount in the business currency; `error` is shown under it. */
export function MoneyInput({
  label,
  value,
  onChange,
  currency,
  error,
  autoFocus,
  name,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  currency: string;
  error?: string | null | undefined;
  autoFocus?: boolean;
  name?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground">
          {currencySymbol(currency)}
        </span>
        <Input
          id={id}
          name={name}
          inputMode="decimal"
          autoComplete="off"
          className="pl-8 tabular-nums"
          value={value}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The minor units of a money field, or the message to show. Empty counts as zero when `emptyIsZero`. */
export function readMoney(text: string, currency: string, emptyIsZero = false): { ok: true; amount: number } | { ok: false; message: string } {
  if (emptyIsZero && text.trim() === '') return { ok: true, amount: 0 };
  const parsed = parseMoneyText(text, currency);
  if (parsed.ok && parsed.amount < 0) return { ok: false, message: 'Enter zero or more' };
  return parsed;
}
