import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatMoney, parseMoneyText } from '@/lib/money';
import { usePayableInvoices, usePayInvoiceAtTill, type PayableInvoice, type TillSale } from '../api/pay-invoice-at-till';

type Method = 'card' | 'cash';

/** The till's invoice payment (decision 038): its own chunk, fetched when the cashier opens it. */
export function PayInvoice({ onClose }: { onClose: () => void }) {
  const [q, setQ] = useState('');
  const search = useDebouncedValue(q.trim(), 250);
  const [chosen, setChosen] = useState<PayableInvoice | null>(null);
  const [done, setDone] = useState<TillSale | null>(null);
  const invoices = usePayableInvoices(search, chosen === null && done === null);

  if (done) {
    const change = done.payments.reduce((sum, payment) => sum + (payment.change ?? 0), 0);
    return (
      <>
        <DialogHeader>
          <DialogTitle>Invoice paid</DialogTitle>
          <DialogDescription>
            Sale #{done.order.number} · {formatMoney(done.order.total, done.order.currency)}
          </DialogDescription>
        </DialogHeader>
        {change > 0 ? <p className="text-2xl font-semibold tabular-nums">Change {formatMoney(change, done.order.currency)}</p> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline">
            <Link to={`/orders/${done.order.id}/receipt`}>Print receipt</Link>
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </>
    );
  }
  if (chosen) return <TakePayment invoice={chosen} onBack={() => setChosen(null)} onPaid={setDone} />;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Pay an invoice</DialogTitle>
        <DialogDescription>Find it by its number (INV-0007) or the customer’s name.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="till-invoice-search">Invoice number or customer</Label>
        <Input id="till-invoice-search" autoFocus value={q} onChange={(event) => setQ(event.target.value)} className="h-11" />
      </div>
      {invoices.isError ? <ErrorAlert error={invoices.error} /> : null}
      <ul className="grid gap-2" aria-label="Unpaid invoices">
        {(invoices.data ?? []).map((invoice) => (
          <li key={invoice.id}>
            <Button variant="outline" className="h-auto min-h-11 w-full justify-between gap-3 py-2 text-left" onClick={() => setChosen(invoice)}>
              <span className="grid">
                <span className="font-medium">{invoice.label}</span>
                <span className="text-sm text-muted-foreground">{invoice.customer_name}</span>
              </span>
              <span className="tabular-nums">{formatMoney(invoice.balance, invoice.currency)}</span>
            </Button>
          </li>
        ))}
      </ul>
      {invoices.data && invoices.data.length === 0 ? <p className="text-muted-foreground">No unpaid invoice matches. Issue one on the Invoices page or from a repair order.</p> : null}
    </>
  );
}

function TakePayment({ invoice, onBack, onPaid }: { invoice: PayableInvoice; onBack: () => void; onPaid: (sale: TillSale) => void }) {
  const pay = usePayInvoiceAtTill();
  const [method, setMethod] = useState<Method>('card');
  const [tendered, setTendered] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // One key per attempt: a retry after a lost answer sends the same key and gets the first sale back.
  const [attempt, setAttempt] = useState<{ key: string; body: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    let cash: number | undefined;
    if (method === 'cash' && tendered.trim()) {
      const parsed = parseMoneyText(tendered, invoice.currency);
      if (!parsed.ok) return setProblem(parsed.message);
      if (parsed.amount < invoice.balance) return setProblem('The cash handed over is less than the amount due');
      cash = parsed.amount;
    }
    const payment = { method, amount: invoice.balance, ...(cash !== undefined ? { tendered: cash } : {}) };
    const fingerprint = JSON.stringify(payment);
    const key = attempt && attempt.body === fingerprint ? attempt.key : crypto.randomUUID();
    setAttempt({ key, body: fingerprint });
    const sale = await pay.mutateAsync({ idempotency_key: key, lines: [], payments: [payment], expected_total: invoice.balance, invoice_id: invoice.id }).catch(() => null);
    if (sale) onPaid(sale);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>
          {invoice.label} · {invoice.customer_name}
        </DialogTitle>
        <DialogDescription>Take what is still owed as a till sale.</DialogDescription>
      </DialogHeader>
      <p className="flex items-baseline justify-between text-2xl font-semibold">
        <span>To pay</span>
        <span className="tabular-nums">{formatMoney(invoice.balance, invoice.currency)}</span>
      </p>
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="sr-only">Payment method</legend>
        {(['card', 'cash'] as const).map((option) => (
          <Button key={option} type="button" className="h-11" variant={method === option ? 'default' : 'outline'} aria-pressed={method === option} onClick={() => setMethod(option)}>
            {option === 'card' ? 'Card' : 'Cash'}
          </Button>
        ))}
      </fieldset>
      {method === 'cash' ? (
        <div className="grid gap-2">
          <Label htmlFor="till-invoice-tendered">Cash handed over (optional)</Label>
          <Input id="till-invoice-tendered" inputMode="decimal" value={tendered} onChange={(event) => setTendered(event.target.value)} className="h-11" />
        </div>
      ) : null}
      {problem ? <p className="text-destructive">{problem}</p> : null}
      {pay.isError ? <ErrorAlert error={pay.error} /> : null}
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="outline" className="h-11" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" className="h-11" disabled={pay.isPending}>
          Take {formatMoney(invoice.balance, invoice.currency)}
        </Button>
      </div>
    </form>
  );
}
