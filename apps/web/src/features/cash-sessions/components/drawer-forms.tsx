import {
  CASH_MOVEMENT_LABELS,
  CASH_MOVEMENT_REASONS,
  countDenominations,
  denominationLabel,
  denominationsFor,
  PAYMENT_METHOD_LABELS,
  type CashMovementKind,
} from '@till/core';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formatMoney, minorToDecimalText } from '@/lib/money';
import { useApprovers, useCloseDrawer, useOpenDrawer, useRecordMovement, type CashReportView } from '../api/cash-sessions';
import { OverShort } from './over-short';
import { MoneyInput, readMoney } from './money-input';

/** Coins and notes counted one by one; the total follows. */
function DenominationCount({ currency, counts, onChange }: { currency: string; counts: Record<string, string>; onChange: (counts: Record<string, string>) => void }) {
  const faces = denominationsFor(currency);
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {faces.map((face) => (
        <label key={face} className="flex items-center gap-2 text-sm">
          <span className="w-16 shrink-0 text-right tabular-nums">{denominationLabel(face, currency)} ×</span>
          <Input
            inputMode="numeric"
            aria-label={`Number of ${denominationLabel(face, currency)}`}
            className="h-9 tabular-nums"
            value={counts[String(face)] ?? ''}
            onChange={(event) => onChange({ ...counts, [String(face)]: event.target.value.replace(/[^\d]/g, '').slice(0, 6) })}
          />
        </label>
      ))}
    </div>
  );
}

const toCounts = (counts: Record<string, string>) =>
  Object.fromEntries(Object.entries(counts).filter(([, value]) => value !== '' && Number(value) > 0).map(([face, value]) => [face, Number(value)]));

/** Counting cash: one total, or coin by coin where the currency has a list. */
function useCashCount(currency: string) {
  const [byDenomination, setByDenomination] = useState(false);
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [total, setTotal] = useState('');
  const canCountCoins = denominationsFor(currency).length > 0;
  const read = (): { ok: true; amount: number; denominations?: Record<string, number> } | { ok: false; message: string } => {
    if (byDenomination) {
      const denominations = toCounts(counts);
      return { ok: true, amount: countDenominations(currency, denominations), denominations };
    }
    return readMoney(total, currency);
  };
  const field = (label: string, error: string | null, autoFocus = false) => (
    <div className="grid gap-3">
      {canCountCoins ? (
        <label className="flex items-center gap-2 text-sm">
          <Switch checked={byDenomination} onCheckedChange={setByDenomination} /> Count coins and notes
        </label>
      ) : null}
      {byDenomination ? (
        <>
          <DenominationCount currency={currency} counts={counts} onChange={setCounts} />
          <p className="text-sm font-medium">
            {label}: <span className="tabular-nums">{formatMoney(countDenominations(currency, toCounts(counts)), currency)}</span>
          </p>
          {error ? <p className="text-sm text-destructive">{error}</p> : null}
        </>
      ) : (
        <MoneyInput label={label} value={total} onChange={setTotal} currency={currency} error={error} autoFocus={autoFocus} />
      )}
    </div>
  );
  return { read, field };
}

export function OpenDrawerForm({ currency, registerId, onOpened }: { currency: string; registerId?: string | undefined; onOpened: () => void }) {
  const open = useOpenDrawer();
  const count = useCashCount(currency);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(crypto.randomUUID());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const float = count.read();
    if (!float.ok) {
      setError(float.message);
      return;
    }
    setError(null);
    open.mutate(
      {
        idempotency_key: key.current,
        opening_float: float.amount,
        ...(registerId ? { register_id: registerId } : {}),
        ...(float.denominations ? { denominations: float.denominations } : {}),
      },
      { onSuccess: onOpened, onError: (cause) => setError(errorMessage(cause)) },
    );
  };
  return (
    <form className="grid gap-4" onSubmit={submit} aria-label="Open the drawer">
      <p className="text-sm text-muted-foreground">Count the cash in the drawer before the first sale: this is the opening float.</p>
      {count.field('Opening float', error, true)}
      <Button type="submit" disabled={open.isPending}>
        {open.isPending ? 'Opening…' : 'Open drawer'}
      </Button>
    </form>
  );
}

const OTHER = '__other__';

export function MovementForm({ sessionId, currency, kind, onDone }: { sessionId: string; currency: string; kind: CashMovementKind; onDone: () => void }) {
  const record = useRecordMovement();
  const [amount, setAmount] = useState('');
  const [choice, setChoice] = useState<string>(CASH_MOVEMENT_REASONS[kind][0] ?? OTHER);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const key = useRef(crypto.randomUUID());
  const reasonId = useId();
  const typedId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = kind === 'no_sale' ? { ok: true as const, amount: 0 } : readMoney(amount, currency);
    if (!value.ok) return setError(value.message);
    if (kind !== 'no_sale' && value.amount <= 0) return setError('Enter an amount above zero');
    const reason = (choice === OTHER || choice === 'Other' ? typed : choice).trim();
    if (!reason) return setError('Give a reason');
    setError(null);
    record.mutate({ sessionId, idempotency_key: key.current, kind, amount: value.amount, reason }, { onSuccess: onDone, onError: (cause) => setError(errorMessage(cause)) });
  };
  return (
    <form className="grid gap-4" onSubmit={submit} aria-label={CASH_MOVEMENT_LABELS[kind]}>
      {kind !== 'no_sale' ? <MoneyInput label="Amount" value={amount} onChange={setAmount} currency={currency} autoFocus /> : null}
      <div className="grid gap-1.5">
        <Label htmlFor={reasonId}>Reason</Label>
        <Select value={choice} onValueChange={setChoice}>
          <SelectTrigger id={reasonId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {CASH_MOVEMENT_REASONS[kind].map((reason) => (
              <SelectItem key={reason} value={reason}>
                {reason}
              </SelectItem>
            ))}
            {CASH_MOVEMENT_REASONS[kind].includes('Other') ? null : <SelectItem value={OTHER}>Something else</SelectItem>}
          </SelectContent>
        </Select>
      </div>
      {choice === OTHER || choice === 'Other' ? (
        <div className="grid gap-1.5">
          <Label htmlFor={typedId}>Describe it</Label>
          <Input id={typedId} value={typed} maxLength={200} onChange={(event) => setTyped(event.target.value)} />
        </div>
      ) : null}
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
      <Button type="submit" disabled={record.isPending}>
        {kind === 'no_sale' ? 'Open the drawer (no sale)' : `Record ${CASH_MOVEMENT_LABELS[kind].toLowerCase()}`}
      </Button>
    </form>
  );
}

/**
 * Closing: count the cash, confirm card and other totals (prefilled with what is expected), and
 * when the difference is over the business's threshold, a manager's PIN and a note.
 */
export function CloseDrawerForm({ sessionId, report, onClosed }: { sessionId: string; report: CashReportView; onClosed: (z: CashReportView) => void }) {
  const currency = report.currency;
  const close = useCloseDrawer();
  const count = useCashCount(currency);
  const others = report.by_method.filter((row) => row.method !== 'cash');
  const [confirmed, setConfirmed] = useState<Record<string, string>>(() => Object.fromEntries(others.map((row) => [row.method, minorToDecimalText(row.expected, currency)])));
  const [note, setNote] = useState('');
  const [needsApproval, setNeedsApproval] = useState<{ needs: string[]; message: string } | null>(null);
  const [approverId, setApproverId] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const approvers = useApprovers(needsApproval?.needs.includes('approval') === true);
  const key = useRef(crypto.randomUUID());
  const noteId = useId();
  const approverFieldId = useId();
  const pinId = useId();

  const counted = count.read();
  const countedCash = counted.ok ? counted.amount : null;
  const preview = countedCash === null ? null : countedCash - report.cash.expected;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!counted.ok) return setError(counted.message);
    const confirmedAmounts: Record<string, number> = {};
    for (const row of others) {
      const value = readMoney(confirmed[row.method] ?? '', currency);
      if (!value.ok) return setError(`${PAYMENT_METHOD_LABELS[row.method]}: ${value.message}`);
      confirmedAmounts[row.method] = value.amount;
    }
    if (needsApproval?.needs.includes('approval') && (!approverId || !/^\d{4,6}$/.test(pin))) return setError("Choose the approving manager and type their PIN");
    if (needsApproval && !note.trim()) return setError('Write a note explaining the difference');
    setError(null);
    close.mutate(
      {
        sessionId,
        idempotency_key: key.current,
        ...(counted.denominations ? { denominations: counted.denominations } : { counted_cash: counted.amount }),
        ...(confirmedAmounts['card'] !== undefined ? { counted_card: confirmedAmounts['card'] } : {}),
        ...(confirmedAmounts['other'] !== undefined ? { counted_other: confirmedAmounts['other'] } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(approverId && pin ? { approval: { employee_id: approverId, pin } } : {}),
      },
      {
        onSuccess: onClosed,
        onError: (cause) => {
          // A refused close wrote nothing: the next attempt is a new request.
          key.current = crypto.randomUUID();
          if (isApiError(cause) && cause.code === 'approval_required') {
            const needs = Array.isArray(cause.details['needs']) ? (cause.details['needs'] as string[]) : ['approval', 'note'];
            setNeedsApproval({ needs, message: cause.message });
            return;
          }
          setPin('');
          setError(errorMessage(cause));
        },
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={submit} aria-label="Close the drawer">
      {count.field('Counted cash', null, true)}
      <p className="text-sm">
        Expected in the drawer: <strong className="tabular-nums">{formatMoney(report.cash.expected, currency)}</strong>
        {preview !== null ? (
          <>
            {' '}
            · <OverShort difference={preview} currency={currency} />
          </>
        ) : null}
      </p>
      {others.map((row) => (
        <MoneyInput
          key={row.method}
          label={`${PAYMENT_METHOD_LABELS[row.method]} total (expected ${formatMoney(row.expected, currency)})`}
          value={confirmed[row.method] ?? ''}
          onChange={(text) => setConfirmed({ ...confirmed, [row.method]: text })}
          currency={currency}
        />
      ))}
      {needsApproval ? (
        <Alert variant="destructive">
          <AlertDescription>{needsApproval.message}</AlertDescription>
        </Alert>
      ) : null}
      {needsApproval?.needs.includes('approval') ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={approverFieldId}>Approving manager</Label>
            <Select value={approverId} onValueChange={setApproverId}>
              <SelectTrigger id={approverFieldId}>
                <SelectValue placeholder="Choose a manager" />
              </SelectTrigger>
              <SelectContent>
                {(approvers.data?.employees ?? [])
                  .filter((employee) => ['manager', 'admin', 'business_owner'].includes(employee.role))
                  .map((employee) => (
                    <SelectItem key={employee.id} value={employee.id}>
                      {employee.full_name}
                    </SelectItem>
                  ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={pinId}>Manager PIN</Label>
            <Input id={pinId} type="password" inputMode="numeric" autoComplete="off" maxLength={6} value={pin} onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))} />
          </div>
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor={noteId}>Note{needsApproval ? ' (required)' : ' (optional)'}</Label>
        <Textarea id={noteId} value={note} maxLength={1000} onChange={(event) => setNote(event.target.value)} rows={2} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={close.isPending}>
        {close.isPending ? 'Closing…' : needsApproval ? 'Approve and close' : 'Close drawer and print Z'}
      </Button>
    </form>
  );
}
