import { ClipboardListIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { StorePicker, useChosenStore, useStoreOptions } from '@/components/store-picker';
import { useCategoryOptions, useStartStockCount, useStockCounts } from '../api/stock-control';
import { formatMoment, formatUnits, selectClass } from './format';

const STATUS_LABEL = { counting: 'Counting', posted: 'Posted', cancelled: 'Cancelled' } as const;

/** /products/stock-counts: start a count (full, one category or one shelf; of one store) and find earlier ones. */
export function StockCountsPage() {
  const timeZone = useMe().data?.business?.time_zone;
  const counts = useStockCounts();
  const list = counts.data?.counts ?? [];
  // With several stores each count names the store it counted.
  const several = useStoreOptions().length > 0;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Stock counts" description="Count what is on the shelves, compare it with what the system expects, and post the differences." />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start">
        <StartCountCard />
        <section aria-labelledby="counts-heading" className="grid min-w-0 gap-3">
          <h2 id="counts-heading" className="text-lg font-semibold">
            Counts
          </h2>
          {counts.isPending ? (
            <p role="status" className="text-muted-foreground">
              Loading counts...
            </p>
          ) : counts.isError ? (
            <ErrorAlert title="The counts could not be loaded" error={counts.error} className="max-w-lg" />
          ) : list.length === 0 ? (
            <div className="grid justify-items-center gap-3 rounded-lg border border-dashed px-6 py-10 text-center">
              <ClipboardListIcon aria-hidden="true" className="size-10 text-muted-foreground" />
              <p className="max-w-md text-muted-foreground">No count yet. Start one to check the shelves against your stock: on a phone, or with a barcode scanner.</p>
            </div>
          ) : (
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Started</TableHead>
                  <TableHead>What</TableHead>
                  <TableHead className="text-right">Counted</TableHead>
                  <TableHead>Status</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.map((count) => (
                  <TableRow key={count.id}>
                    <TableCell className="whitespace-nowrap">
                      <Link to={`/products/stock-counts/${count.id}`} className="inline-flex min-h-11 items-center font-medium underline-offset-4 hover:underline sm:min-h-0">
                        {formatMoment(count.started_at, timeZone)}
                      </Link>
                    </TableCell>
                    <TableCell>
                      {count.scope === 'full' ? 'Everything' : count.scope === 'shelf' ? `Shelf ${count.shelf ?? ''}` : (count.category_name ?? 'A category')}
                      {several && count.store_name ? <span className="block text-sm text-muted-foreground">{count.store_name}</span> : null}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatUnits(count.counted_count)} of {formatUnits(count.line_count)}
                    </TableCell>
                    <TableCell>
                      <Badge variant={count.status === 'counting' ? 'default' : 'outline'}>{STATUS_LABEL[count.status]}</Badge>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </section>
      </div>
    </div>
  );
}

function StartCountCard() {
  const navigate = useNavigate();
  const start = useStartStockCount();
  const categories = useCategoryOptions();
  const [stores, storeId, setStoreId] = useChosenStore();
  // '' everything, 'shelf', or a category's id.
  const [what, setWhat] = useState('');
  const [shelf, setShelf] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (what === 'shelf' && !shelf.trim()) {
      setError('Enter the shelf to count');
      return;
    }
    setError(null);
    const store = storeId ? { store_id: storeId } : {};
    const body = what === 'shelf' ? { scope: 'shelf' as const, shelf: shelf.trim(), ...store } : what ? { scope: 'category' as const, category_id: what, ...store } : { scope: 'full' as const, ...store };
    start.mutate(body, {
      onSuccess: (result) => void navigate(`/products/stock-counts/${result.count.id}`),
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Start a count</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" aria-label="Start a count">
          <StorePicker id="count-store" stores={stores} value={storeId} onChange={setStoreId} label="Store to count" />
          <Field>
            <Label htmlFor="count-scope">What to count</Label>
            <select id="count-scope" value={what} onChange={(event) => setWhat(event.target.value)} className={selectClass}>
              <option value="">Every product that tracks stock</option>
              <option value="shelf">One shelf</option>
              {(categories.data?.categories ?? []).map((category) => (
                <option key={category.id} value={category.id}>
                  Category: {category.name}
                </option>
              ))}
            </select>
          </Field>
          {what === 'shelf' ? (
            <Field>
              <Label htmlFor="count-shelf">Shelf</Label>
              <Input id="count-shelf" value={shelf} onChange={(event) => setShelf(event.target.value)} maxLength={60} placeholder="A3" className="h-11 sm:h-9" />
            </Field>
          ) : null}
          <p className="text-sm text-muted-foreground">The expected quantities are taken now. You can keep selling while you count: sales are accounted for when you post.</p>
          <FieldError role="alert">{error}</FieldError>
          <Button type="submit" className="h-11" disabled={start.isPending}>
            {start.isPending ? 'Starting...' : 'Start count'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
