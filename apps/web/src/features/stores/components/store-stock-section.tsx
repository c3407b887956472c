import { SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useStoreQuantities, useTrackedProducts, type Store } from '../api/stores';

const selectClass = 'h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm';
const units = new Intl.NumberFormat();

/** The stock list filtered by store: what one store holds of each tracked product, next to the business's total. */
export function StoreStockSection({ stores }: { stores: Store[] }) {
  const [storeId, setStoreId] = useState(stores[0]?.id ?? null);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const products = useTrackedProducts(q, 50);
  const list = products.data ?? [];
  const quantities = useStoreQuantities(storeId, list.map((product) => product.id));
  const storeName = stores.find((store) => store.id === storeId)?.name ?? '';

  return (
    <section aria-labelledby="store-stock-heading" className="grid grid-cols-1 gap-4">
      <h2 id="store-stock-heading" className="text-lg font-semibold">
        Stock by store
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <Field>
          <Label htmlFor="stock-store">Store</Label>
          <select id="stock-store" value={storeId ?? ''} onChange={(event) => setStoreId(event.target.value)} className={selectClass}>
            {stores.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
              </option>
            ))}
          </select>
        </Field>
        <Field>
          <Label htmlFor="stock-search">Product</Label>
          <div className="relative">
            <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input id="stock-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Name, SKU or barcode" className="h-11 pl-9 sm:h-9" autoComplete="off" />
          </div>
        </Field>
      </div>
      {products.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading stock...
        </p>
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed px-6 py-8 text-center text-muted-foreground">{q ? `No product with tracked stock matches “${q}”.` : 'No product tracks its stock yet.'}</p>
      ) : (
        <Table aria-label={`Stock in ${storeName}`}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Product</TableHead>
              <TableHead className="text-right">In {storeName}</TableHead>
              <TableHead className="text-right">All stores</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.map((product) => (
              <TableRow key={product.id}>
                <TableCell>
                  <Link to={`/products/${product.id}/stock`} className="font-medium underline-offset-4 hover:underline">
                    {product.name}
                  </Link>
                </TableCell>
                <TableCell className="text-right tabular-nums" data-testid={`store-stock-${product.id}`}>
                  {quantities.data ? units.format(quantities.data.get(product.id) ?? 0) : '…'}
                </TableCell>
                <TableCell className="text-right tabular-nums">{units.format(product.stock_quantity)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
