import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { useCreatePairingCode, useMoveRegister, useRegisters, useRevokeRegister, useStoreOptions, type PairingCode, type PairedTill } from '../api/registers';
import { OpenTillHere } from './open-till-here';

function useSecondsLeft(until: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [until]);
  return until ? Math.max(0, Math.round((new Date(until).getTime() - now) / 1000)) : 0;
}

function ShownCode({ code }: { code: PairingCode }) {
  const secondsLeft = useSecondsLeft(code.expires_at);
  if (secondsLeft === 0) return <p className="text-sm text-muted-foreground">The code has expired. Make a new one.</p>;
  return (
    <div className="grid gap-1 rounded-lg border bg-muted/40 p-4" aria-live="polite">
      <p className="text-sm text-muted-foreground">On the new till, open /pos-terminal-login and type:</p>
      <p className="font-mono text-3xl font-semibold tracking-widest" data-testid="pairing-code">
        {code.code}
      </p>
      <p className="text-sm text-muted-foreground">
        Works once, for {Math.floor(secondsLeft / 60)}:{String(secondsLeft % 60).padStart(2, '0')} more.
      </p>
    </div>
  );
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

/** With more than one store: which store the till sells from. */
function TillStore({ till }: { till: PairedTill }) {
  const multiStore = useMe().data?.settings?.enabled_features.multi_store === true;
  const stores = useStoreOptions(multiStore);
  const move = useMoveRegister();
  if (!multiStore || !stores.data || stores.data.length < 2) return null;
  return (
    <label className="grid gap-1 text-sm">
      <span>Store of {till.name}</span>
      <select
        value={till.store_id}
        disabled={move.isPending}
        onChange={(event) =>
          move.mutate(
            { id: till.id, storeId: event.target.value },
            { onSuccess: () => toast.success(`${till.name} now sells from its new store`), onError: (error) => toast.error(errorMessage(error)) },
          )
        }
        className="h-11 rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm"
      >
        {stores.data.map((store) => (
          <option key={store.id} value={store.id}>
            {store.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function TillRow({ till }: { till: PairedTill }) {
  const revoke = useRevokeRegister();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 border-b py-3 last:border-b-0">
      <div className="grid min-w-0">
        <span className="font-medium">
          {till.name}
          {till.is_this_device ? <span className="ml-2 text-sm font-normal text-muted-foreground">(this device)</span> : null}
        </span>
        <span className="text-sm text-muted-foreground">
          {till.store_name} · paired {when(till.paired_at)} · last seen {when(till.last_seen_at)}
        </span>
      </div>
      <TillStore till={till} />
      {confirming ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="destructive"
           
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(till.id, {
                onSuccess: () => toast.success(`${till.name} is unpaired`),
                onError: (error) => toast.error('The till was not unpaired', { description: errorMessage(error) }),
              })
            }
          >
            Unpair {till.name}
          </Button>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      ) : (
        <Button variant="outline" onClick={() => setConfirming(true)}>
          Unpair
        </Button>
      )}
    </li>
  );
}

/**
 * Settings → Tills (issue 10 item 1): the paired devices with their store and when they were
 * last seen, unpairing, and a one-time code to pair another. `onAccount` offers to open the
 * till on the owner's own browser.
 */
export function TillsCard({ onAccount }: { onAccount: boolean }) {
  const createCode = useCreatePairingCode();
  const registers = useRegisters({ waitingForPairing: Boolean(createCode.data) });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tills</CardTitle>
        <CardDescription>
          Devices paired as tills. A till never holds your account: everyone signs in on it with their PIN, and an unpaired till
          stops working at once.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {registers.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading tills...
          </p>
        ) : registers.isError ? (
          <ErrorAlert title="The tills could not be loaded" error={registers.error} />
        ) : registers.data.length === 0 ? (
          <p className="text-muted-foreground">No till is paired yet.</p>
        ) : (
          <ul aria-label="Paired tills">
            {registers.data.map((till) => (
              <TillRow key={till.id} till={till} />
            ))}
          </ul>
        )}
        {createCode.data ? <ShownCode key={createCode.data.code} code={createCode.data} /> : null}
        {createCode.isError ? <ErrorAlert title="No pairing code" error={createCode.error} /> : null}
        <div className="flex flex-wrap gap-3">
          <Button variant={onAccount ? 'outline' : 'default'} onClick={() => createCode.mutate()} disabled={createCode.isPending}>
            {createCode.data ? 'New pairing code' : 'Pair a till'}
          </Button>
          {onAccount ? <OpenTillHere /> : null}
        </div>
      </CardContent>
    </Card>
  );
}
