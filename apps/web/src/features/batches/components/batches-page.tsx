import { daysLeftLabel, EXPIRING_SOON_DAYS, expiryStatus, formatMoney } from '@till/core';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { type ApiAnswer } from '@/lib/api';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import type { ReactNode } from 'react';
import { useBatches, useExpiringBatches, useSetBatchTracking, useWriteOffBatch, type Batch } from '../api/batches';

/** A product chosen in the picker the route hands in (stock control's, composed in app/routes). */
export type PickedProduct = ApiAnswer<'/api/products'>['products'][number];
export type ProductPickerSlot = (props: { id: string; value: PickedProduct | null; onChange: (product: PickedProduct | null) => void }) => ReactNode;

const units = new Intl.NumberFormat();
const formatUnits = (value: number) => units.format(value);
const selectClass = 'h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm';

/**
 * /batch-management (SPEC §2, inventory_management; decision 048): which products are sold by
 * batch, each lot's quantity and expiry per store, what expires soon, and writing a lot off.
 */
export function BatchesPage({ ProductPicker }: { ProductPicker: ProductPickerSlot }) {
  const currency = useMe().data?.business?.currency ?? 'USD';
  const [writingOff, setWritingOff] = useState<Batch | null>(null);
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Batch management" description="Lots and expiry dates per store. Sales take the lot that expires first; deliveries add to the lot you enter." />
      <div className="max-w-xl">
        <TrackBatchesCard ProductPicker={ProductPicker} />
      </div>
      <ExpiringSection currency={currency} onWriteOff={setWritingOff} />
      <BatchesSection currency={currency} onWriteOff={setWritingOff} />
      <WriteOffDialog batch={writingOff} currency={currency} onClose={() => setWritingOff(null)} />
    </div>
  );
}

function TrackBatchesCard({ ProductPicker }: { ProductPicker: ProductPickerSlot }) {
  const tracked = useBatches(null).data?.products ?? [];
  const setTracking = useSetBatchTracking();
  const [product, setProduct] = useState<PickedProduct | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isTracked = product ? tracked.some((row) => row.id === product.id) : false;

  const toggle = () => {
    if (!product) return;
    setError(null);
    setTracking.mutate(
      { productId: product.id, trackBatches: !isTracked },
      {
        onSuccess: (result) => toast.success(result.track_batches ? `${result.name} is now tracked by batch` : `${result.name} is no longer tracked by batch`),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Track batches</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ProductPicker id="batch-product" value={product} onChange={setProduct} />
        {product ? (
          <>
            <p className="text-sm text-muted-foreground">
              {isTracked
                ? `${product.name} is tracked by batch. Stopping keeps its lots as they are.`
                : `Stock of ${product.name} already on the shelf goes into a batch without a lot number; deliveries add lots with their expiry dates.`}
            </p>
            <FieldError role="alert">{error}</FieldError>
            <Button type="button" className="h-11" variant={isTracked ? 'outline' : 'default'} onClick={toggle} disabled={setTracking.isPending}>
              {setTracking.isPending ? 'Saving...' : isTracked ? 'Stop tracking batches' : 'Track batches'}
            </Button>
          </>
        ) : null}
        {tracked.length > 0 ? (
          <div className="grid gap-1">
            <h3 className="text-sm font-medium">Tracked by batch</h3>
            <ul className="flex flex-wrap gap-1" aria-label="Products tracked by batch">
              {tracked.map((row) => (
                <li key={row.id}>
                  <Badge variant="outline">{row.name}</Badge>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function DaysLeft({ batch }: { batch: Batch }) {
  const status = expiryStatus(batch.days_left);
  const label = daysLeftLabel(batch.days_left);
  if (status === 'expired') return <Badge variant="destructive">{label}</Badge>;
  if (status === 'soon') return <Badge variant="warning">{label}</Badge>;
  return <span className="text-muted-foreground">{label}</span>;
}

const lotName = (batch: Batch) => batch.lot_number || 'No lot';

function BatchRows({ batches, currency, onWriteOff, showProduct }: { batches: Batch[]; currency: string; onWriteOff: (batch: Batch) => void; showProduct: boolean }) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table>
        <TableHeader>
          <TableRow>
            {showProduct ? <TableHead>Product</TableHead> : null}
            <TableHead>Lot</TableHead>
            <TableHead>Store</TableHead>
            <TableHead>Expiry</TableHead>
            <TableHead>Days left</TableHead>
            <TableHead className="text-right">Quantity</TableHead>
            <TableHead className="text-right">Cost</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {batches.map((batch) => (
            <TableRow key={batch.id} aria-label={`${batch.product_name} ${lotName(batch)}`}>
              {showProduct ? <TableCell className="font-medium">{batch.product_name}</TableCell> : null}
              <TableCell className={batch.lot_number ? 'font-mono whitespace-nowrap' : 'whitespace-nowrap text-muted-foreground'}>{lotName(batch)}</TableCell>
              <TableCell>{batch.store_name}</TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">{batch.expiry_date ?? '—'}</TableCell>
              <TableCell className="whitespace-nowrap">
                <DaysLeft batch={batch} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatUnits(batch.quantity)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(batch.cost_value, currency)}</TableCell>
              <TableCell className="text-right">
                <Button type="button" variant="outline" className="h-11 sm:h-8" disabled={batch.quantity <= 0} onClick={() => onWriteOff(batch)}>
                  <Trash2Icon aria-hidden="true" />
                  Write off<span className="sr-only"> {`${batch.product_name} ${lotName(batch)}`}</span>
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function ExpiringSection({ currency, onWriteOff }: { currency: string; onWriteOff: (batch: Batch) => void }) {
  const [daysText, setDaysText] = useState(String(EXPIRING_SOON_DAYS));
  const days = /^\d{1,3}$/.test(daysText) && Number(daysText) <= 365 ? Number(daysText) : EXPIRING_SOON_DAYS;
  const expiring = useExpiringBatches(days);
  return (
    <section aria-labelledby="expiring-heading" className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="expiring-heading" className="text-lg font-semibold">
          Expiring soon
        </h2>
        <Field className="w-36">
          <Label htmlFor="expiring-days">Within (days)</Label>
          <Input id="expiring-days" inputMode="numeric" value={daysText} onChange={(event) => setDaysText(event.target.value)} className="h-11 sm:h-9" />
        </Field>
      </div>
      {expiring.isError ? (
        <ErrorAlert error={expiring.error} />
      ) : expiring.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading...
        </p>
      ) : expiring.data.batches.length === 0 ? (
        <p className="text-muted-foreground">Nothing expires within {days} days.</p>
      ) : (
        <BatchRows batches={expiring.data.batches} currency={currency} onWriteOff={onWriteOff} showProduct />
      )}
    </section>
  );
}

function BatchesSection({ currency, onWriteOff }: { currency: string; onWriteOff: (batch: Batch) => void }) {
  const [productId, setProductId] = useState<string | null>(null);
  const list = useBatches(productId);
  const products = list.data?.products ?? [];
  return (
    <section aria-labelledby="batches-heading" className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="batches-heading" className="text-lg font-semibold">
          Batches
        </h2>
        <Field className="w-64">
          <Label htmlFor="batches-product">Product</Label>
          <select id="batches-product" value={productId ?? ''} onChange={(event) => setProductId(event.target.value || null)} className={selectClass}>
            <option value="">All products</option>
            {products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {list.isError ? (
        <ErrorAlert error={list.error} />
      ) : list.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading...
        </p>
      ) : list.data.batches.length === 0 ? (
        <p className="text-muted-foreground">
          No batches yet. Track a product by batch, then receive it on the <Link to="/purchase-orders" className="underline">Purchase orders</Link> page with its lot number and expiry date.
        </p>
      ) : (
        <BatchRows batches={list.data.batches} currency={currency} onWriteOff={onWriteOff} showProduct />
      )}
    </section>
  );
}

function WriteOffDialog({ batch, currency, onClose }: { batch: Batch | null; currency: string; onClose: () => void }) {
  return (
    <Dialog open={batch !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        {batch ? <WriteOffForm key={batch.id} batch={batch} currency={currency} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function WriteOffForm({ batch, currency, onClose }: { batch: Batch; currency: string; onClose: () => void }) {
  const writeOff = useWriteOffBatch();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const submit = () => {
    setError(null);
    writeOff.mutate(
      { batchId: batch.id, idempotencyKey, note: note.trim() || null },
      {
        onSuccess: (result) => {
          toast.success(`Wrote off ${formatUnits(result.waste.quantity)} × ${batch.product_name} (${formatMoney(result.waste.cost_value, currency)})`);
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          Write off {batch.product_name} {lotName(batch)}
        </DialogTitle>
        <DialogDescription>
          All {formatUnits(batch.quantity)} units of this lot in {batch.store_name} leave stock and are recorded as expired waste, at {formatMoney(batch.cost_value, currency)}.
        </DialogDescription>
      </DialogHeader>
      <Field>
        <Label htmlFor="write-off-note">Note (optional)</Label>
        <Input id="write-off-note" value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} placeholder="e.g. Past its date on the shelf" />
      </Field>
      <FieldError role="alert">{error}</FieldError>
      <DialogFooter>
        <Button type="button" variant="outline" className="h-11 sm:h-9" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" variant="destructive" className="h-11 sm:h-9" onClick={submit} disabled={writeOff.isPending}>
          {writeOff.isPending ? 'Writing off...' : 'Write off'}
        </Button>
      </DialogFooter>
    </>
  );
}
