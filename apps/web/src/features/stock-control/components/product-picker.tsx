import { SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useProductOptions, type ProductOption } from '../api/stock-control';
import { formatUnits } from './format';

/** Search tracked products by name, SKU or barcode and pick one (big rows: a phone works). */
export function ProductPicker({ id, value, onChange }: { id: string; value: ProductOption | null; onChange: (product: ProductOption | null) => void }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const options = useProductOptions(q);

  if (value) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
        <div>
          <div className="font-medium">{value.name}</div>
          <div className="text-sm text-muted-foreground">{formatUnits(value.stock_quantity)} in stock</div>
        </div>
        <Button type="button" variant="outline" className="h-11 sm:h-9" onClick={() => onChange(null)}>
          Change
        </Button>
      </div>
    );
  }
  const found = options.data ?? [];
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Product</Label>
      <div className="relative">
        <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input id={id} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Name, SKU or barcode" className="h-11 pl-9" autoComplete="off" />
      </div>
      {options.isPending ? (
        <p className="text-sm text-muted-foreground">Loading products...</p>
      ) : found.length === 0 ? (
        <p className="text-sm text-muted-foreground">{q ? `No product with tracked stock matches “${q}”.` : 'No product tracks its stock yet: switch on stock tracking on the Products page.'}</p>
      ) : (
        <ul className="grid max-h-60 gap-1 overflow-y-auto" aria-label="Matching products">
          {found.map((product) => (
            <li key={product.id}>
              <button
                type="button"
                onClick={() => onChange(product)}
                className="flex min-h-11 w-full items-center justify-between gap-3 rounded-md border px-3 py-2 text-left outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span className="font-medium">{product.name}</span>
                <span className="text-sm text-muted-foreground tabular-nums">{formatUnits(product.stock_quantity)} in stock</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
