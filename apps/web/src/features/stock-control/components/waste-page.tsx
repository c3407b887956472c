import { formatMoney, WASTE_REASON_LABELS, WASTE_REASONS, type WasteReason } from '@till/core';
import { DownloadIcon, Trash2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
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
import { useExportWaste, useRecordWaste, useWasteReport, type ProductOption, type WasteFilter } from '../api/stock-control';
import { formatMoment, formatUnits, localToday, selectClass } from './format';
import { ProductPicker } from './product-picker';

/** /waste-tracking (SPEC §2, inventory_management): record waste and see the cost lost by reason and product. */
export function WastePage() {
  const me = useMe().data;
  const timeZone = me?.business?.time_zone;
  const [filter, setFilter] = useState<WasteFilter>(() => ({ from: localToday(timeZone, -29), to: localToday(timeZone), reason: null, storeId: null }));

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Waste" description="Record what is thrown away and see what it cost, by reason and by product." />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start">
        <RecordWasteCard />
        <WasteReportSection filter={filter} onFilter={setFilter} timeZone={timeZone} />
      </div>
    </div>
  );
}

function RecordWasteCard() {
  const record = useRecordWaste();
  const [stores, storeId, setStoreId] = useChosenStore();
  const [product, setProduct] = useState<ProductOption | null>(null);
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState<WasteReason>('expired');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!product) {
      setError('Choose the product that was wasted');
      return;
    }
    const text = quantity.trim();
    if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 1_000_000) {
      setError('Enter a whole number of units, from 1 to 1,000,000');
      return;
    }
    setError(null);
    record.mutate(
      { idempotency_key: idempotencyKey, product_id: product.id, quantity: Number(text), reason, note: note.trim() || null, ...(storeId ? { store_id: storeId } : {}) },
      {
        onSuccess: () => {
          toast.success(`Recorded ${text} × ${product.name} as waste`);
          setProduct(null);
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
        <CardTitle>Record waste</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" aria-label="Record waste">
          <StorePicker id="waste-store" stores={stores} value={storeId} onChange={setStoreId} />
          <ProductPicker id="waste-product" value={product} onChange={setProduct} />
          <Field>
            <Label htmlFor="waste-quantity">Quantity</Label>
            <Input id="waste-quantity" inputMode="numeric" autoComplete="off" value={quantity} onChange={(event) => setQuantity(event.target.value)} className="h-11 text-lg" />
          </Field>
          <Field>
            <Label htmlFor="waste-reason">Reason</Label>
            <select id="waste-reason" value={reason} onChange={(event) => setReason(event.target.value as WasteReason)} className={selectClass}>
              {WASTE_REASONS.map((value) => (
                <option key={value} value={value}>
                  {WASTE_REASON_LABELS[value]}
                </option>
              ))}
            </select>
          </Field>
          <Field>
            <Label htmlFor="waste-note">Note (optional)</Label>
            <Input id="waste-note" value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} placeholder="e.g. Past its date on the shelf" />
          </Field>
          <p className="text-sm text-muted-foreground">The units leave stock; the cost lost is the product’s cost today.</p>
          <FieldError role="alert">{error}</FieldError>
          <Button type="submit" className="h-11" disabled={record.isPending}>
            <Trash2Icon aria-hidden="true" />
            {record.isPending ? 'Saving...' : 'Record waste'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function WasteReportSection({ filter, onFilter, timeZone }: { filter: WasteFilter; onFilter: (filter: WasteFilter) => void; timeZone: string | undefined }) {
  const report = useWasteReport(filter);
  const stores = useStoreOptions();
  const exporting = useExportWaste();
  const currency = report.data?.currency ?? 'USD';
  const money = (amount: number) => formatMoney(amount, currency);

  return (
    <section aria-labelledby="waste-report-heading" className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="waste-report-heading" className="text-lg font-semibold">
          Waste report
        </h2>
        <Button variant="outline" onClick={() => exporting.mutate(filter, { onError: (failure) => toast.error(errorMessage(failure)) })} disabled={exporting.isPending}>
          <DownloadIcon aria-hidden="true" />
          {exporting.isPending ? 'Exporting...' : 'Export CSV'}
        </Button>
      </div>
      <div className={`grid grid-cols-2 gap-3 ${stores.length > 0 ? 'sm:grid-cols-4' : 'sm:grid-cols-3'}`}>
        <Field>
          <Label htmlFor="waste-from">From</Label>
          <Input id="waste-from" type="date" value={filter.from} max={filter.to} onChange={(event) => event.target.value && onFilter({ ...filter, from: event.target.value })} className="h-11 sm:h-9" />
        </Field>
        <Field>
          <Label htmlFor="waste-to">To</Label>
          <Input id="waste-to" type="date" value={filter.to} min={filter.from} onChange={(event) => event.target.value && onFilter({ ...filter, to: event.target.value })} className="h-11 sm:h-9" />
        </Field>
        <Field className="col-span-2 sm:col-span-1">
          <Label htmlFor="waste-filter-reason">Reason</Label>
          <select id="waste-filter-reason" value={filter.reason ?? ''} onChange={(event) => onFilter({ ...filter, reason: (event.target.value || null) as WasteReason | null })} className={selectClass}>
            <option value="">All reasons</option>
            {WASTE_REASONS.map((value) => (
              <option key={value} value={value}>
                {WASTE_REASON_LABELS[value]}
              </option>
            ))}
          </select>
        </Field>
        <StorePicker
          id="waste-filter-store"
          className="col-span-2 sm:col-span-1"
          stores={stores}
          value={filter.storeId ?? ''}
          onChange={(storeId) => onFilter({ ...filter, storeId: storeId || null })}
          allLabel="All stores"
        />
      </div>
      {report.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading the report...
        </p>
      ) : report.isError ? (
        <ErrorAlert title="The waste report could not be loaded" error={report.error} className="max-w-lg" />
      ) : report.data.totals.records === 0 ? (
        <p className="rounded-lg border border-dashed px-6 py-10 text-center text-muted-foreground">No waste recorded in this period. Record waste with the form to see what it costs you.</p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3">
            <div className="rounded-lg border p-4">
              <dt className="text-sm text-muted-foreground">Cost lost</dt>
              <dd className="text-2xl font-semibold tabular-nums" data-testid="waste-cost-total">
                {money(report.data.totals.cost_value)}
              </dd>
            </div>
            <div className="rounded-lg border p-4">
              <dt className="text-sm text-muted-foreground">Units wasted</dt>
              <dd className="text-2xl font-semibold tabular-nums">{formatUnits(report.data.totals.quantity)}</dd>
            </div>
          </dl>
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            <div className="min-w-0">
              <h3 className="mb-2 font-medium">By reason</h3>
              <Table aria-label="Waste by reason">
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead>Reason</TableHead>
                    <TableHead className="text-right">Units</TableHead>
                    <TableHead className="text-right">Cost lost</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {report.data.by_reason.map((row) => (
                    <TableRow key={row.reason}>
                      <TableCell>{WASTE_REASON_LABELS[row.reason]}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatUnits(row.quantity)}</TableCell>
                      <TableCell className="text-right tabular-nums">{money(row.cost_value)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <div className="min-w-0">
              <h3 className="mb-2 font-medium">By product</h3>
              <Table aria-label="Waste by product">
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead>Product</TableHead>
                    <TableHead className="text-right">Units</TableHead>
                    <TableHead className="text-right">Cost lost</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {report.data.by_product.map((row) => (
                    <TableRow key={row.product_id}>
                      <TableCell>
                        <Link to={`/products/${row.product_id}/stock`} className="underline-offset-4 hover:underline">
                          {row.name}
                        </Link>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{formatUnits(row.quantity)}</TableCell>
                      <TableCell className="text-right tabular-nums">{money(row.cost_value)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </div>
          <div className="min-w-0">
            <h3 className="mb-2 font-medium">Latest records</h3>
            <Table aria-label="Latest waste records">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>When</TableHead>
                  <TableHead>Product</TableHead>
                  <TableHead className="hidden sm:table-cell">Reason</TableHead>
                  <TableHead className="text-right">Units</TableHead>
                  <TableHead className="text-right">Cost</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {report.data.records.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell className="whitespace-nowrap">{formatMoment(row.created_at, timeZone)}</TableCell>
                    <TableCell>
                      <div>{row.product_name}</div>
                      <div className="text-xs text-muted-foreground sm:hidden">{WASTE_REASON_LABELS[row.reason]}</div>
                      {row.note ? <div className="text-xs break-words text-muted-foreground">{row.note}</div> : null}
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">{WASTE_REASON_LABELS[row.reason]}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatUnits(row.quantity)}</TableCell>
                    <TableCell className="text-right tabular-nums">{money(row.cost_value)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </>
      )}
    </section>
  );
}
