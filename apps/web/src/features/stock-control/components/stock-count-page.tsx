import { ArrowLeftIcon, ScanBarcodeIcon, SearchIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { useBarcodeScanner } from '@/lib/use-barcode-scanner';
import { CameraScanButton } from '@/components/camera-scan-button';
import { useFinishStockCount, useRecordCounts, useStockCount, type CountLine, type StockCount } from '../api/stock-control';
import { formatMoment, formatSigned, formatUnits } from './format';

/** /products/stock-counts/:countId: count each product (big inputs for a phone, or scan), then post the differences. */
export function StockCountPage() {
  const { countId = '' } = useParams();
  const query = useStockCount(countId);
  return query.isPending ? (
    <p role="status" className="text-muted-foreground">
      Loading the count...
    </p>
  ) : query.isError ? (
    <ErrorAlert title="The count could not be loaded" error={query.error} className="max-w-lg" />
  ) : (
    <CountSheet key={query.data.count.id} count={query.data.count} />
  );
}

function CountSheet({ count }: { count: StockCount }) {
  const me = useMe().data;
  const timeZone = me?.business?.time_zone;
  const scanning = me?.settings?.enabled_features.barcode_scanning !== false;
  const record = useRecordCounts(count.id);
  const finish = useFinishStockCount(count.id);
  const [search, setSearch] = useState('');
  // What has been counted here, over what the server last sent.
  const [counted, setCounted] = useState<Record<string, number | null>>({});
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [lastScanned, setLastScanned] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const open = count.status === 'counting';

  const countedOf = (line: CountLine) => (line.product_id in counted ? counted[line.product_id]! : line.counted_quantity);
  const save = (productId: string, value: number | null) => {
    const before = counted[productId];
    setCounted((current) => ({ ...current, [productId]: value }));
    record.mutate(
      { lines: [{ product_id: productId, counted_quantity: value }] },
      {
        onError: (failure) => {
          setCounted((current) => ({ ...current, [productId]: before ?? null }));
          toast.error(errorMessage(failure));
        },
      },
    );
  };

  const byCode = useMemo(() => {
    const map = new Map<string, CountLine>();
    for (const line of count.lines) {
      if (line.barcode) map.set(line.barcode, line);
      if (line.sku) map.set(line.sku.toLowerCase(), line);
    }
    return map;
  }, [count.lines]);

  const countScan = (code: string) => {
    const line = byCode.get(code) ?? byCode.get(code.toLowerCase());
    if (!line) {
      toast.error(`No product of this count has the code ${code}`);
      return;
    }
    const next = (countedOf(line) ?? 0) + 1;
    save(line.product_id, next);
    setDrafts((current) => ({ ...current, [line.product_id]: String(next) }));
    setLastScanned(line.product_id);
  };
  useBarcodeScanner({ enabled: open && scanning, onScan: countScan });

  const lines = count.lines;
  const needle = search.trim().toLowerCase();
  const shown = needle ? lines.filter((line) => line.name.toLowerCase().includes(needle) || line.sku?.toLowerCase() === needle || line.barcode === needle) : lines;
  const countedLines = lines.filter((line) => countedOf(line) !== null);
  const differing = countedLines.filter((line) => countedOf(line) !== line.expected_quantity);

  const commit = (line: CountLine) => {
    const text = (drafts[line.product_id] ?? '').trim();
    const current = countedOf(line);
    if (text === '') {
      if (current !== null && line.product_id in drafts) save(line.product_id, null);
      return;
    }
    if (!/^\d+$/.test(text) || Number(text) > 1_000_000) {
      toast.error(`Enter a whole number of ${line.name}`);
      return;
    }
    if (Number(text) !== current) save(line.product_id, Number(text));
  };

  const post = () =>
    finish.mutate('post', {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Count posted: stock now matches the shelves');
      },
      onError: (failure) => toast.error(errorMessage(failure)),
    });

  return (
    <div className="grid grid-cols-1 gap-6">
      <Link to="/products/stock-counts" className="inline-flex min-h-11 items-center gap-2 text-sm text-muted-foreground hover:text-foreground sm:min-h-0">
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        Stock counts
      </Link>
      <PageHeader
        title={`${count.scope === 'shelf' && count.shelf ? `Shelf ${count.shelf}: count` : 'Count'} of ${formatMoment(count.started_at, timeZone)}`}
        description={
          open
            ? 'Type what is on the shelf, or scan each item: every scan adds one. Expected quantities were taken when the count started.'
            : count.status === 'posted'
              ? `Posted ${count.posted_at ? formatMoment(count.posted_at, timeZone) : ''}: the differences below were written to stock.`
              : 'This count was cancelled; nothing was written to stock.'
        }
        actions={<Badge variant={open ? 'default' : 'outline'}>{open ? 'Counting' : count.status === 'posted' ? 'Posted' : 'Cancelled'}</Badge>}
      />
      <div className="flex flex-wrap items-center gap-3">
        <div className="relative w-full max-w-md">
          <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Find a product" aria-label="Find a product" className="h-11 pl-9" />
        </div>
        {open && scanning ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <ScanBarcodeIcon aria-hidden="true" className="size-4" />
            Scanner ready
          </p>
        ) : null}
        {open && scanning ? <CameraScanButton title="Count with the camera" keepOpen onScan={countScan} /> : null}
      </div>
      <ul className="grid gap-2" aria-label="Products to count">
        {shown.map((line) => {
          const value = countedOf(line);
          const difference = count.status === 'posted' ? line.posted_difference : value === null ? null : value - line.expected_quantity;
          return (
            <li
              key={line.product_id}
              className={`grid grid-cols-[minmax(0,1fr)_auto] items-center gap-3 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_8rem_6rem] ${lastScanned === line.product_id ? 'border-primary ring-2 ring-primary/30' : ''}`}
            >
              <div className="min-w-0">
                <div className="font-medium break-words">{line.name}</div>
                <div className="text-sm text-muted-foreground">
                  Expected <span className="tabular-nums">{formatUnits(line.expected_quantity)}</span>
                  {line.sku ? ` · ${line.sku}` : ''}
                  {line.shelf ? ` · Shelf ${line.shelf}` : ''}
                </div>
              </div>
              {open ? (
                <Input
                  aria-label={`Counted ${line.name}`}
                  inputMode="numeric"
                  autoComplete="off"
                  value={drafts[line.product_id] ?? (value === null ? '' : String(value))}
                  onChange={(event) => setDrafts((current) => ({ ...current, [line.product_id]: event.target.value }))}
                  onBlur={() => commit(line)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      commit(line);
                    }
                  }}
                  placeholder="Count"
                  className="h-12 w-24 text-right text-lg tabular-nums sm:w-full"
                />
              ) : (
                <div className="text-right text-lg tabular-nums">{value === null ? '—' : formatUnits(value)}</div>
              )}
              <div
                className={`col-span-2 text-right text-sm tabular-nums sm:col-span-1 ${difference !== null && difference < 0 ? 'text-red-700 dark:text-red-400' : ''}`}
                aria-label={`Difference for ${line.name}`}
              >
                {difference === null ? <span className="text-muted-foreground">Not counted</span> : difference === 0 ? 'Matches' : `${formatSigned(difference)}`}
              </div>
            </li>
          );
        })}
        {shown.length === 0 ? <li className="text-muted-foreground">No product of this count matches “{search}”.</li> : null}
      </ul>
      {open ? (
        <div className="sticky bottom-0 z-10 -mx-4 border-t bg-background/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm">
              <span className="font-medium tabular-nums">{formatUnits(countedLines.length)}</span> of {formatUnits(lines.length)} counted ·{' '}
              <span className="font-medium tabular-nums">{formatUnits(differing.length)}</span> {differing.length === 1 ? 'difference' : 'differences'}
            </p>
            <div className="flex flex-wrap gap-2">
              {confirming ? (
                <>
                  <Button variant="outline" className="h-11" onClick={() => setConfirming(false)}>
                    Keep counting
                  </Button>
                  <Button className="h-11" onClick={post} disabled={finish.isPending}>
                    {finish.isPending ? 'Posting...' : `Post ${differing.length} ${differing.length === 1 ? 'difference' : 'differences'}`}
                  </Button>
                </>
              ) : (
                <>
                  <Button
                    variant="outline"
                    className="h-11"
                    disabled={finish.isPending}
                    onClick={() => finish.mutate('cancel', { onError: (failure) => toast.error(errorMessage(failure)) })}
                  >
                    Cancel count
                  </Button>
                  <Button className="h-11" disabled={countedLines.length === 0 || record.isPending} onClick={() => setConfirming(true)}>
                    Post count
                  </Button>
                </>
              )}
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
