import { ADJUSTMENT_REASON_LABELS, ADJUSTMENT_REASONS, STOCK_MOVEMENT_LABELS, type AdjustmentReason } from '@till/core';
import { ArrowLeftIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { StorePicker, useChosenStore, useStoreOptions } from '@/components/store-picker';
import { useAdjustStock, useProductStoreStock, useSetShelf, useStockHistory, type HistoryProduct } from '../api/stock-control';
import { formatMoment, formatSigned, formatUnits, selectClass } from './format';

/** /products/:productId/stock: a product's stock, an adjustment with a reason, and every movement with its running balance. */
export function StockHistoryPage() {
  const { productId = '' } = useParams();
  const me = useMe().data;
  const timeZone = me?.business?.time_zone;
  const multiStore = me?.settings?.enabled_features.multi_store === true;
  const stores = useStoreOptions();
  const [storeId, setStoreId] = useState('');
  const history = useStockHistory(productId, storeId || null);
  const product = history.data?.pages[0]?.product;
  const movements = history.data?.pages.flatMap((page) => page.movements) ?? [];

  return (
    <div className="grid grid-cols-1 gap-6">
      <Link to="/products" className="inline-flex min-h-11 items-center gap-2 text-sm text-muted-foreground hover:text-foreground sm:min-h-0">
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        Products
      </Link>
      {history.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading stock history...
        </p>
      ) : history.isError || !product ? (
        <ErrorAlert title="The stock history could not be loaded" error={history.error} className="max-w-lg" />
      ) : (
        <>
          <PageHeader title={`Stock of ${product.name}`} description={product.sku ? `SKU ${product.sku}` : 'Every change to its stock, newest first.'} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
            <section aria-labelledby="history-heading" className="grid min-w-0 gap-3">
              <div className="flex flex-wrap items-end justify-between gap-3">
                <h2 id="history-heading" className="text-lg font-semibold">
                  History
                </h2>
                <StorePicker id="history-store" className="w-full sm:w-56" stores={stores} value={storeId} onChange={setStoreId} label="Store" allLabel="All stores" />
              </div>
              {movements.length === 0 ? (
                <p className="rounded-lg border border-dashed px-6 py-10 text-center text-muted-foreground">No stock has moved yet. Adjust the stock to record what is on the shelf.</p>
              ) : (
                <Table>
                  <TableHeader>
                    <TableRow className="hover:bg-transparent">
                      <TableHead>When</TableHead>
                      <TableHead>What</TableHead>
                      <TableHead className="hidden md:table-cell">By</TableHead>
                      <TableHead className="text-right">Change</TableHead>
                      <TableHead className="text-right">Stock after</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {movements.map((movement) => (
                      <TableRow key={movement.id}>
                        <TableCell className="whitespace-nowrap">{formatMoment(movement.created_at, timeZone)}</TableCell>
                        <TableCell>
                          <div className="font-medium">
                            {STOCK_MOVEMENT_LABELS[movement.reason]}
                            {movement.order_id && movement.order_number !== null ? (
                              <>
                                {' '}
                                <Link to={`/orders/${movement.order_id}`} className="underline underline-offset-4">
                                  #{movement.order_number}
                                </Link>
                              </>
                            ) : null}
                          </div>
                          {movement.note ? <div className="text-sm break-words text-muted-foreground">{movement.note}</div> : null}
                          <div className="text-xs text-muted-foreground md:hidden">{movement.actor_name}</div>
                        </TableCell>
                        <TableCell className="hidden md:table-cell">{movement.actor_name}</TableCell>
                        <TableCell className={`text-right tabular-nums ${movement.quantity_delta < 0 ? 'text-red-700 dark:text-red-400' : ''}`}>{formatSigned(movement.quantity_delta)}</TableCell>
                        <TableCell className="text-right font-medium tabular-nums">{formatUnits(movement.balance_after)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
              {history.hasNextPage ? (
                <Button variant="outline" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage} className="justify-self-start">
                  {history.isFetchingNextPage ? 'Loading...' : 'Show older movements'}
                </Button>
              ) : null}
            </section>
            <div className="grid gap-6">
              {multiStore ? <StoreStockCard productId={product.id} /> : null}
              <AdjustStockCard key={storeId} product={product} storeFilter={storeId} shownStore={stores.find((store) => store.id === storeId)?.name ?? null} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}

function AdjustStockCard({ product, storeFilter, shownStore }: { product: HistoryProduct; storeFilter: string; shownStore: string | null }) {
  const adjust = useAdjustStock();
  // Adjusts the store whose history is shown, unless another is picked.
  const [stores, storeId, setStoreId] = useChosenStore(storeFilter);
  const [direction, setDirection] = useState<'add' | 'remove'>('add');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState<AdjustmentReason>('received');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One key per intended adjustment: a retry after a lost answer does not adjust twice.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = quantity.trim();
    if (!/^\d+$/.test(text) || Number(text) < 1) {
      setError('Enter a whole number of units, 1 or more');
      return;
    }
    if (Number(text) > 1_000_000) {
      setError('Enter at most 1,000,000 units');
      return;
    }
    setError(null);
    const delta = direction === 'add' ? Number(text) : -Number(text);
    adjust.mutate(
      { idempotency_key: idempotencyKey, product_id: product.id, quantity_delta: delta, reason, note: note.trim() || null, ...(storeId ? { store_id: storeId } : {}) },
      {
        onSuccess: (result) => {
          const where = stores.find((store) => store.id === storeId);
          toast.success(`Stock of ${product.name}${where ? ` in ${where.name}` : ''} is now ${formatUnits(result.adjustment.quantity_after)}`);
          setQuantity('');
          setNote('');
          setIdempotencyKey(crypto.randomUUID());
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span className="text-muted-foreground">In stock{shownStore ? ` in ${shownStore}` : ''}:</span> <span className="tabular-nums">{formatUnits(product.stock_quantity)}</span>
        </CardTitle>
        {product.low_stock_threshold !== null && product.stock_quantity <= product.low_stock_threshold ? (
          <p className="text-sm font-medium text-amber-700 dark:text-amber-400">Low: at or below {formatUnits(product.low_stock_threshold)}</p>
        ) : null}
      </CardHeader>
      <CardContent>
        {product.track_stock ? (
          <form onSubmit={submit} className="grid gap-4" aria-label="Adjust stock">
            <h2 className="font-semibold">Adjust stock</h2>
            <StorePicker id="adjust-store" stores={stores} value={storeId} onChange={setStoreId} />
            <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label="Add or remove">
              {(['add', 'remove'] as const).map((value) => (
                <Button key={value} type="button" role="radio" aria-checked={direction === value} variant={direction === value ? 'default' : 'outline'} className="h-11" onClick={() => setDirection(value)}>
                  {value === 'add' ? 'Add units' : 'Remove units'}
                </Button>
              ))}
            </div>
            <Field>
              <Label htmlFor="adjust-quantity">Quantity</Label>
              <Input id="adjust-quantity" inputMode="numeric" autoComplete="off" value={quantity} onChange={(event) => setQuantity(event.target.value)} className="h-11 text-lg" />
            </Field>
            <Field>
              <Label htmlFor="adjust-reason">Reason</Label>
              <select id="adjust-reason" value={reason} onChange={(event) => setReason(event.target.value as AdjustmentReason)} className={selectClass}>
                {ADJUSTMENT_REASONS.map((value) => (
                  <option key={value} value={value}>
                    {ADJUSTMENT_REASON_LABELS[value]}
                  </option>
                ))}
              </select>
            </Field>
            <Field>
              <Label htmlFor="adjust-note">Note (optional)</Label>
              <Input id="adjust-note" value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} placeholder="e.g. Crate dropped in the stockroom" />
            </Field>
            <FieldError role="alert">{error}</FieldError>
            <Button type="submit" className="h-11" disabled={adjust.isPending}>
              {adjust.isPending ? 'Saving...' : 'Save adjustment'}
            </Button>
          </form>
        ) : (
          <p className="text-muted-foreground">Stock is not tracked for this product. Switch on stock tracking in its details on the Products page to adjust and count it.</p>
        )}
      </CardContent>
    </Card>
  );
}

/** With multi_store on: the product's stock in each store, and the units on their way there. */
function StoreStockCard({ productId }: { productId: string }) {
  const stock = useProductStoreStock(productId, true);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Stock by store</CardTitle>
      </CardHeader>
      <CardContent>
        {stock.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading...
          </p>
        ) : stock.isError ? (
          <ErrorAlert title="Stock by store could not be loaded" error={stock.error} />
        ) : (
          <Table aria-label="Stock by store">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Store</TableHead>
                <TableHead className="text-right">In stock</TableHead>
                <TableHead className="text-right">On its way</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {stock.data.map((row) => (
                <TableRow key={row.store_id}>
                  <TableCell className="whitespace-normal">
                    <div>
                      {row.name}
                      {row.is_active ? '' : ' (closed)'}
                    </div>
                    {row.is_active ? (
                      <ShelfInput key={row.shelf ?? ''} productId={productId} storeId={row.store_id} storeName={row.name} shelf={row.shelf} />
                    ) : row.shelf ? (
                      <div className="text-sm text-muted-foreground">Shelf {row.shelf}</div>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatUnits(row.quantity)}</TableCell>
                  <TableCell className="text-right tabular-nums">{row.in_transit ? formatUnits(row.in_transit) : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** Where the product sits in one store (decision 049): saved when the field is left. */
function ShelfInput({ productId, storeId, storeName, shelf }: { productId: string; storeId: string; storeName: string; shelf: string | null }) {
  const setShelf = useSetShelf();
  const [value, setValue] = useState(shelf ?? '');
  const save = () => {
    const next = value.trim() || null;
    if (next === shelf) return;
    // mutateAsync, not mutate's callbacks: the refetch that brings the new shelf remounts this
    // field (its key is the shelf), and a callback of an unmounted mutate never runs.
    setShelf.mutateAsync({ storeId, productId, shelf: next }).then(
      () => toast.success(next ? `Shelf in ${storeName}: ${next}` : `Taken off its shelf in ${storeName}`),
      (failure: unknown) => toast.error(errorMessage(failure)),
    );
  };
  return (
    <Input
      aria-label={`Shelf in ${storeName}`}
      value={value}
      maxLength={60}
      placeholder="Shelf"
      onChange={(event) => setValue(event.target.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save();
      }}
      className="mt-1 h-11 w-28 sm:h-8"
    />
  );
}
