import { LoaderCircleIcon, PackageSearchIcon, SearchIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Kbd } from '@/components/ui/kbd';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePosCategories } from '../api/get-pos-categories';
import { getPosProducts, usePosProducts } from '../api/get-pos-products';
import type { PosProduct } from '../api/types';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { ProductTile } from './product-tile';

const ALL = 'all';

/** The product a typed query means exactly: its barcode or SKU, else the only product found. */
function exactMatch(products: PosProduct[], query: string, complete: boolean): PosProduct | null {
  const wanted = query.trim().toLowerCase();
  const byCode = products.find((product) => product.barcode?.toLowerCase() === wanted || product.sku?.toLowerCase() === wanted);
  if (byCode) return byCode;
  return complete && products.length === 1 ? products[0]! : null;
}

interface ProductsPanelProps {
  currency: string;
  onAdd: (product: PosProduct) => void;
  searchRef: Ref<HTMLInputElement>;
  /** Buttons beside the search box (parked sales, shortcuts). */
  toolbar?: ReactNode;
}

/**
 * Category tabs ("All" first), a server-side search, and the product grid a page at a time:
 * more loads as the grid scrolls to its end (or with the button), never the whole catalogue.
 */
export function ProductsPanel({ currency, onAdd, searchRef, toolbar }: ProductsPanelProps) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>(ALL);
  const q = useDebouncedValue(search.trim(), 250);
  const searching = q.length > 0;
  // A search looks in every category: a cashier typing "milk" on the Bakery tab still finds it.
  const products = usePosProducts({ q, categoryId: searching || category === ALL ? null : category });
  const categories = usePosCategories();
  const [enterBusy, setEnterBusy] = useState(false);

  const list = products.data?.pages.flatMap((page) => page.products) ?? [];
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = products;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, list.length]);

  // Enter adds what was typed when it names one product (a barcode typed by hand, a SKU, a unique name).
  const onSearchKeyDown = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && search) {
      event.preventDefault();
      setSearch('');
      return;
    }
    if (event.key !== 'Enter' || !search.trim() || enterBusy) return;
    event.preventDefault();
    const typed = search.trim();
    let match = typed === q && !products.isPlaceholderData ? exactMatch(list, typed, !hasNextPage) : null;
    if (!match) {
      setEnterBusy(true);
      try {
        const page = await getPosProducts({ q: typed, categoryId: null, cursor: null });
        match = exactMatch(page.products, typed, page.next_cursor === null);
      } catch {
        match = null;
      } finally {
        setEnterBusy(false);
      }
    }
    if (match) {
      onAdd(match);
      setSearch('');
    }
  };

  const tabs = categories.data ?? [];
  const grid = (
    <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain pr-1" aria-busy={products.isFetching}>
      {products.isError && !products.data ? (
        <ErrorAlert title="Products could not be loaded" error={products.error} />
      ) : products.isPending ? (
        <p role="status" className="flex items-center gap-2 p-4 text-sm text-muted-foreground">
          <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> Loading products...
        </p>
      ) : list.length === 0 && !hasNextPage ? (
        <div className="grid justify-items-center gap-2 p-8 text-center text-muted-foreground">
          <PackageSearchIcon aria-hidden="true" className="size-8" />
          <p role="status">
            {searching ? `No product matches “${q}”.` : category === ALL ? 'No products for sale yet. Add them under Products.' : 'No products in this category.'}
          </p>
        </div>
      ) : (
        <ul aria-label={searching ? `Products matching ${q}` : 'Products'} className="grid grid-cols-[repeat(auto-fill,minmax(7.5rem,1fr))] gap-2 pb-2">
          {list.map((product) => (
            <li key={product.id} className="grid">
              <ProductTile product={product} currency={currency} onAdd={onAdd} />
            </li>
          ))}
        </ul>
      )}
      {hasNextPage ? (
        <div ref={sentinel} className="flex justify-center py-2">
          <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading...' : 'Load more products'}
          </Button>
        </div>
      ) : null}
    </div>
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      {/* The till's buttons (drawer, kitchen, tables, invoices, parked…) wrap under the search box rather than overlap it on a narrow screen. */}
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-48 flex-1">
          <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            ref={searchRef}
            type="search"
            aria-label="Search products by name, SKU or barcode"
            placeholder="Search or scan"
            autoComplete="off"
            enterKeyHint="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => void onSearchKeyDown(event)}
            className="pr-20 pl-9 [&::-webkit-search-cancel-button]:hidden"
          />
          <span className="absolute top-1/2 right-2 flex -translate-y-1/2 items-center gap-1">
            {search ? (
              <Button variant="ghost" size="icon" className="size-9 min-h-9" aria-label="Clear search" onClick={() => setSearch('')}>
                <XIcon aria-hidden="true" />
              </Button>
            ) : (
              <Kbd className="hidden @2xl:inline-flex">F2</Kbd>
            )}
          </span>
        </div>
        {toolbar}
      </div>

      <Tabs value={category} onValueChange={setCategory} className="flex min-h-0 flex-1 flex-col gap-3" activationMode="manual">
        <TabsList
          aria-label="Categories"
          className={`flex w-full flex-nowrap justify-start overflow-x-auto sm:w-full ${searching ? 'opacity-60' : ''}`}
        >
          <TabsTrigger value={ALL} className="flex-none px-4">
            All
          </TabsTrigger>
          {tabs.map((tab) => (
            <TabsTrigger key={tab.id} value={tab.id} className="flex-none gap-2 px-4">
              {tab.color ? <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: tab.color }} /> : null}
              {tab.name}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={category} className="flex min-h-0 flex-1 flex-col" tabIndex={-1}>
          {searching ? (
            <p className="mb-2 text-sm text-muted-foreground">
              Results for “{q}” in all categories{products.isFetching ? '...' : ''}
            </p>
          ) : null}
          {grid}
        </TabsContent>
      </Tabs>
    </div>
  );
}
