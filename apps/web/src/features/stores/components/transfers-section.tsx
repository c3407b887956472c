import { PlusIcon, SearchIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useBarcodeScanner } from '@/lib/use-barcode-scanner';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { useCreateTransfer, useTrackedProducts, useTransfers, useTransferStep, type ProductOption, type Store, type Transfer } from '../api/stores';

const selectClass = 'h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm';
const STATUS_LABEL: Record<Transfer['status'], string> = { draft: 'Draft', sent: 'On its way', received: 'Received', cancelled: 'Cancelled' };
const units = new Intl.NumberFormat();

/** Transfers between stores: draft one, send it (stock leaves), receive it as counted (stock arrives), or cancel it. */
export function TransfersSection({ stores }: { stores: Store[] }) {
  const open = stores.filter((store) => store.is_active);
  return (
    <section aria-labelledby="transfers-heading" className="grid grid-cols-1 gap-4">
      <h2 id="transfers-heading" className="text-lg font-semibold">
        Transfers
      </h2>
      {open.length < 2 ? (
        <p className="rounded-lg border border-dashed px-6 py-8 text-center text-muted-foreground">Open a second store to move stock between stores.</p>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start">
          <NewTransferCard stores={open} />
          <TransferList />
        </div>
      )}
    </section>
  );
}

interface DraftLine {
  product: ProductOption;
  quantity: string;
}

function NewTransferCard({ stores }: { stores: Store[] }) {
  const create = useCreateTransfer();
  const [fromStoreId, setFrom] = useState(stores[0]!.id);
  const [toStoreId, setTo] = useState(stores[1]!.id);
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [note, setNote] = useState('');
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const q = useDebouncedValue(search.trim());
  const options = useTrackedProducts(q, 8);

  const add = (product: ProductOption) => {
    setLines((current) =>
      current.some((line) => line.product.id === product.id)
        ? current.map((line) => (line.product.id === product.id ? { ...line, quantity: String((Number(line.quantity) || 0) + 1) } : line))
        : [...current, { product, quantity: '1' }],
    );
    setSearch('');
  };
  // A scanned barcode or SKU: one unit of its product when it is already listed, else it is searched for.
  const scanning = useMe().data?.settings?.enabled_features.barcode_scanning !== false;
  useBarcodeScanner({
    enabled: scanning,
    onScan: (code) => {
      const found = options.data?.find((product) => product.barcode === code || product.sku === code);
      if (found) add(found);
      else setSearch(code);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fromStoreId === toStoreId) return setError('Choose two different stores');
    if (lines.length === 0) return setError('Add at least one product');
    const bad = lines.find((line) => !/^\d+$/.test(line.quantity.trim()) || Number(line.quantity) < 1);
    if (bad) return setError(`Enter a whole number of units for ${bad.product.name}`);
    setError(null);
    create.mutate(
      { from_store_id: fromStoreId, to_store_id: toStoreId, note: note.trim() || null, lines: lines.map((line) => ({ product_id: line.product.id, quantity: Number(line.quantity) })) },
      {
        onSuccess: () => {
          toast.success('Transfer saved as a draft');
          setLines([]);
          setNote('');
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  const found = options.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>New transfer</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" aria-label="New transfer">
          <div className="grid grid-cols-2 gap-3">
            <Field>
              <Label htmlFor="transfer-from">From</Label>
              <select id="transfer-from" value={fromStoreId} onChange={(event) => setFrom(event.target.value)} className={selectClass}>
                {stores.map((store) => (
                  <option key={store.id} value={store.id}>
                    {store.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field>
              <Label htmlFor="transfer-to">To</Label>
              <select id="transfer-to" value={toStoreId} onChange={(event) => setTo(event.target.value)} className={selectClass}>
                {stores.map((store) => (
                  <option key={store.id} value={store.id}>
                    {store.name}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="transfer-search">Add a product (search or scan)</Label>
            <div className="relative">
              <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input id="transfer-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Name, SKU or barcode" className="h-11 pl-9" autoComplete="off" />
            </div>
            {q ? (
              found.length === 0 ? (
                <p className="text-sm text-muted-foreground">No product with tracked stock matches “{q}”.</p>
              ) : (
                <ul className="grid max-h-48 gap-1 overflow-y-auto" aria-label="Matching products">
                  {found.map((product) => (
                    <li key={product.id}>
                      <button
                        type="button"
                        onClick={() => add(product)}
                        className="flex min-h-11 w-full items-center justify-between gap-3 rounded-md border px-3 py-2 text-left outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50"
                      >
                        <span className="font-medium">{product.name}</span>
                        <PlusIcon aria-hidden="true" className="size-4" />
                      </button>
                    </li>
                  ))}
                </ul>
              )
            ) : null}
          </div>
          {lines.length > 0 ? (
            <ul className="grid gap-2" aria-label="Transfer lines">
              {lines.map((line) => (
                <li key={line.product.id} className="flex items-end gap-2">
                  <Field className="flex-1">
                    <Label htmlFor={`transfer-qty-${line.product.id}`}>{line.product.name}</Label>
                    <Input
                      id={`transfer-qty-${line.product.id}`}
                      inputMode="numeric"
                      autoComplete="off"
                      value={line.quantity}
                      onChange={(event) => setLines((current) => current.map((other) => (other.product.id === line.product.id ? { ...other, quantity: event.target.value } : other)))}
                      className="h-11 sm:h-9"
                    />
                  </Field>
                  <Button
                    type="button"
                    variant="outline"
                    className="h-11 sm:h-9"
                    aria-label={`Remove ${line.product.name}`}
                    onClick={() => setLines((current) => current.filter((other) => other.product.id !== line.product.id))}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <Field>
            <Label htmlFor="transfer-note">Note (optional)</Label>
            <Input id="transfer-note" value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} className="h-11 sm:h-9" />
          </Field>
          <FieldError role="alert">{error}</FieldError>
          <Button type="submit" className="h-11 sm:h-9" disabled={create.isPending}>
            {create.isPending ? 'Saving...' : 'Save draft'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function TransferList() {
  const [status, setStatus] = useState<Transfer['status'] | null>(null);
  const transfers = useTransfers(status);
  return (
    <div className="grid min-w-0 gap-3">
      <Field className="max-w-xs">
        <Label htmlFor="transfer-status">Show</Label>
        <select id="transfer-status" value={status ?? ''} onChange={(event) => setStatus((event.target.value || null) as Transfer['status'] | null)} className={selectClass}>
          <option value="">All transfers</option>
          {(Object.keys(STATUS_LABEL) as Transfer['status'][]).map((value) => (
            <option key={value} value={value}>
              {STATUS_LABEL[value]}
            </option>
          ))}
        </select>
      </Field>
      {transfers.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading transfers...
        </p>
      ) : transfers.isError ? (
        <ErrorAlert title="The transfers could not be loaded" error={transfers.error} className="max-w-lg" />
      ) : transfers.data.length === 0 ? (
        <p className="rounded-lg border border-dashed px-6 py-8 text-center text-muted-foreground">No transfers yet.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Transfers">
          {transfers.data.map((transfer) => (
            <TransferCard key={transfer.id} transfer={transfer} />
          ))}
        </ul>
      )}
    </div>
  );
}

function TransferCard({ transfer }: { transfer: Transfer }) {
  const timeZone = useMe().data?.business?.time_zone;
  const step = useTransferStep();
  const [receiving, setReceiving] = useState(false);
  const [counted, setCounted] = useState<Record<string, string>>(() => Object.fromEntries(transfer.lines.map((line) => [line.product_id, String(line.quantity)])));
  const [keys] = useState(() => ({ send: crypto.randomUUID(), receive: crypto.randomUUID() }));
  const [error, setError] = useState<string | null>(null);
  const when = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
  const title = `${transfer.from_store_name} → ${transfer.to_store_name}`;

  const run = (action: 'send' | 'cancel') =>
    step.mutate(action === 'send' ? { action, id: transfer.id, idempotencyKey: keys.send } : { action, id: transfer.id }, {
      onSuccess: () => toast.success(action === 'send' ? `Sent: ${title}` : 'Transfer cancelled'),
      onError: (failure) => setError(errorMessage(failure)),
    });
  const receive = (event: FormEvent) => {
    event.preventDefault();
    const lines = transfer.lines.map((line) => ({ productId: line.product_id, text: (counted[line.product_id] ?? '').trim(), name: line.name }));
    const bad = lines.find((line) => !/^\d+$/.test(line.text));
    if (bad) return setError(`Enter the units of ${bad.name} that arrived (0 or more)`);
    setError(null);
    step.mutate(
      { action: 'receive', id: transfer.id, idempotencyKey: keys.receive, lines: lines.map((line) => ({ productId: line.productId, receivedQuantity: Number(line.text) })) },
      { onSuccess: () => (toast.success(`Received at ${transfer.to_store_name}`), setReceiving(false)), onError: (failure) => setError(errorMessage(failure)) },
    );
  };

  return (
    <li className="grid gap-3 rounded-lg border p-4" aria-label={`Transfer ${title}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <div className="font-medium">{title}</div>
          <div className="text-sm text-muted-foreground">
            {when(transfer.received_at ?? transfer.sent_at ?? transfer.cancelled_at ?? transfer.created_at)}
            {transfer.note ? ` · ${transfer.note}` : ''}
          </div>
        </div>
        <Badge variant={transfer.status === 'sent' ? 'default' : 'secondary'}>{STATUS_LABEL[transfer.status]}</Badge>
      </div>
      {receiving ? (
        <form onSubmit={receive} className="grid gap-3" aria-label={`Receive ${title}`}>
          {transfer.lines.map((line) => (
            <Field key={line.product_id}>
              <Label htmlFor={`received-${transfer.id}-${line.product_id}`}>
                {line.name}: {units.format(line.quantity)} sent, received
              </Label>
              <Input
                id={`received-${transfer.id}-${line.product_id}`}
                inputMode="numeric"
                autoComplete="off"
                value={counted[line.product_id] ?? ''}
                onChange={(event) => setCounted((current) => ({ ...current, [line.product_id]: event.target.value }))}
                className="h-11 sm:h-9"
              />
            </Field>
          ))}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" className="h-11 sm:h-9" disabled={step.isPending}>
              {step.isPending ? 'Saving...' : 'Confirm received'}
            </Button>
            <Button type="button" variant="outline" className="h-11 sm:h-9" onClick={() => setReceiving(false)}>
              Back
            </Button>
          </div>
        </form>
      ) : (
        <ul className="grid gap-1 text-sm">
          {transfer.lines.map((line) => (
            <li key={line.product_id} className="flex justify-between gap-3">
              <span>{line.name}</span>
              <span className="tabular-nums">
                {units.format(line.quantity)}
                {line.received_quantity !== null && line.difference !== 0 ? ` (received ${units.format(line.received_quantity)}, ${units.format(line.difference ?? 0)})` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <FieldError role="alert">{error}</FieldError>
      {!receiving && (transfer.status === 'draft' || transfer.status === 'sent') ? (
        <div className="flex flex-wrap gap-2">
          {transfer.status === 'draft' ? (
            <Button className="h-11 sm:h-9" onClick={() => run('send')} disabled={step.isPending}>
              <SendIcon aria-hidden="true" />
              Send
            </Button>
          ) : (
            <Button className="h-11 sm:h-9" onClick={() => setReceiving(true)}>
              Receive
            </Button>
          )}
          <Button variant="outline" className="h-11 sm:h-9" onClick={() => run('cancel')} disabled={step.isPending}>
            {transfer.status === 'sent' ? 'Cancel and return stock' : 'Cancel draft'}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
