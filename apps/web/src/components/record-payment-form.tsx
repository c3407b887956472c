import { INVOICE_PAYMENT_METHOD_LABELS, INVOICE_PAYMENT_METHODS, type InvoicePaymentMethod } from '@till/core';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatMoney, minorToDecimalText, parseMoneyText } from '@/lib/money';

export interface PaymentEntry {
  idempotencyKey: string;
  amount: number;
  paidOn: string;
  method: InvoicePaymentMethod;
  reference: string | null;
}

interface RecordPaymentFormProps {
  currency: string;
  /** What is still owed: the amount the form starts with. */
  balance: number;
  today: string;
  /** A customer invoice is never paid beyond its balance; a supplier's bill may be (the server decides). */
  capAtBalance?: boolean;
  /** Records the payment and answers the invoice's new balance. */
  onRecord: (payment: PaymentEntry) => Promise<{ balance: number; currency: string }>;
  pending: boolean;
  /** The last failed attempt's error, shown under the fields. */
  failure: unknown;
}

/** "Record a payment" on an invoice, customers' (/invoices) and suppliers' (/expenses/invoices) alike. */
export function RecordPaymentForm({ currency, balance, today, capAtBalance = false, onRecord, pending, failure }: RecordPaymentFormProps) {
  const id = useId();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState(() => minorToDecimalText(balance, currency));
  const [paidOn, setPaidOn] = useState(today);
  const [method, setMethod] = useState<InvoicePaymentMethod>('bank_transfer');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseMoneyText(amount, currency);
    if (!parsed.ok) return setError(parsed.message);
    if (parsed.amount <= 0) return setError('Enter an amount above zero');
    if (capAtBalance && parsed.amount > balance) return setError(`Only ${formatMoney(balance, currency)} is still owed`);
    if (!paidOn) return setError('Enter the payment date');
    setError(null);
    // A retry after a lost answer sends the same key: the server returns the first payment.
    const after = await onRecord({ idempotencyKey, amount: parsed.amount, paidOn, method, reference: reference.trim() || null });
    toast.success(`Payment of ${formatMoney(parsed.amount, currency)} recorded`);
    // The next payment is another payment: a new key.
    setIdempotencyKey(crypto.randomUUID());
    setAmount(minorToDecimalText(after.balance, after.currency));
    setReference('');
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)} className="grid gap-3 rounded-lg border p-3" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="font-medium">
        Record a payment
      </h3>
      <div className="grid gap-3 sm:grid-cols-4">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-amount`}>Amount ({currency})</Label>
          <Input id={`${id}-amount`} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-date`}>Paid on</Label>
          <Input id={`${id}-date`} type="date" min="1900-01-01" max="9999-12-31" value={paidOn} onChange={(event) => setPaidOn(event.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-method`}>Method</Label>
          <select
            id={`${id}-method`}
            value={method}
            onChange={(event) => setMethod(event.target.value as InvoicePaymentMethod)}
            className="h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm"
          >
            {INVOICE_PAYMENT_METHODS.map((value) => (
              <option key={value} value={value}>
                {INVOICE_PAYMENT_METHOD_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-reference`}>Reference</Label>
          <Input id={`${id}-reference`} value={reference} onChange={(event) => setReference(event.target.value)} autoComplete="off" />
        </div>
      </div>
      {error ? <ErrorAlert message={error} /> : null}
      {failure ? <ErrorAlert title="The payment could not be recorded" error={failure} /> : null}
      <Button type="submit" disabled={pending} className="justify-self-start">
        {pending ? 'Recording...' : 'Record payment'}
      </Button>
    </form>
  );
}
