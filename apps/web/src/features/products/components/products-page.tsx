import { ClipboardListIcon, DownloadIcon, FileUpIcon, PercentIcon, PlusIcon, SearchIcon } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { useStoreOptions } from '@/components/store-picker';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useCatalogueAccess } from '@/lib/catalogue-access';
import { useMe } from '@/lib/me';
import { cn } from '@/lib/utils';
import { useArchiveProduct } from '../api/archive-product';
import { useExportProducts } from '../api/export-products';
import { useCategoryOptions } from '../api/get-category-options';
import { PRODUCTS_PAGE_SIZE, useProducts, type ProductsFilter } from '../api/get-products';
import { useRestoreProduct } from '../api/restore-product';
import type { Product, ProductStatus } from '../api/types';
import { ExportProductsDialog } from './export-products-dialog';
import { ImportProductsDialog } from './import-products-dialog';
import { ModifierGroupsDialog } from './modifier-groups-dialog';
import { ProductFormDialog } from './product-form-dialog';
import { NoMatches, NoProductsYet } from './products-empty-state';
import { ProductsTable } from './products-table';
import { StockDialog } from './stock-dialog';
import { TaxRatesDialog } from './tax-rates-dialog';

const ALL = 'all';
const STATUSES: { value: ProductStatus; label: string }[] = [
  { value: 'active', label: 'On sale' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];

type OpenDialog = { kind: 'product'; product: Product | null } | { kind: 'stock'; product: Product } | { kind: 'modifiers'; product: Product } | { kind: 'import' } | { kind: 'export' } | { kind: 'tax' } | null;

/** Typing in a field must not trigger the page's keys. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** /products: the catalogue. Search (name, SKU, barcode), filters kept in the address, and everything done to a product. */
export function ProductsPage() {
  const me = useMe().data;
  const currency = me?.business?.currency ?? 'USD';
  const timeZone = me?.business?.time_zone ?? 'UTC';
  const access = useCatalogueAccess();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), 250);
  const status = (STATUSES.find((option) => option.value === params.get('status'))?.value ?? 'active') as ProductStatus;
  const categoryId = params.get('category');
  const lowStock = params.get('low') === '1';
  const filter: ProductsFilter = { q, categoryId, status, lowStock };
  const products = useProducts(filter);
  const categories = useCategoryOptions();
  const archive = useArchiveProduct();
  const restore = useRestoreProduct();
  const exporter = useExportProducts();
  // Several open stores: the export asks whose stock to write (decision 069); one store: straight to the file.
  const severalStores = useStoreOptions().length > 0;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const searchBox = useRef<HTMLInputElement>(null);

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  // Only the debounced text goes to the address, once it settles.
  const writeSearchToAddress = useEffectEvent((text: string) => {
    if ((params.get('q') ?? '') !== text) setParam('q', text || null);
  });
  useEffect(() => writeSearchToAddress(q), [q]);

  // "/" finds, "n" adds: the two things done most on this page, without the mouse.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (dialog || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (event.key === '/') {
        event.preventDefault();
        searchBox.current?.focus();
      } else if (event.key === 'n' && access.canAddProducts) {
        event.preventDefault();
        setDialog({ kind: 'product', product: null });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialog, access.canAddProducts]);

  const rows = products.data?.pages.flatMap((page) => page.products) ?? [];
  // A one- or two-letter search on a big catalogue may answer a short page that says "more":
  // read on by itself until the screen has a page's worth, rather than show a near-empty list.
  useEffect(() => {
    if (products.hasNextPage && !products.isFetching && rows.length < PRODUCTS_PAGE_SIZE) void products.fetchNextPage();
  }, [products, rows.length]);
  const filtered = Boolean(q) || categoryId !== null || status !== 'active' || lowStock;
  // A business with no products yet sees the first steps, not filters over nothing.
  const catalogueEmpty = products.isSuccess && !filtered && rows.length === 0 && !products.hasNextPage;
  const clearFilters = () => {
    setSearch('');
    setParams(new URLSearchParams(), { replace: true });
  };

  const onArchive = (product: Product) =>
    archive.mutate(product.id, {
      onSuccess: (saved) =>
        toast.success(`${saved.name} archived`, {
          description: 'It is off the till; find it under Archived.',
          action: { label: 'Undo', onClick: () => restore.mutate(saved.id) },
        }),
      onError: (error) => toast.error(error.message),
    });
  const onRestore = (product: Product) =>
    restore.mutate(product.id, { onSuccess: (saved) => toast.success(`${saved.name} is on sale again`), onError: (error) => toast.error(error.message) });

  return (
    // grid-cols-1 (minmax(0, 1fr)): a wide table scrolls inside its box instead of widening the page.
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Products"
        description="Everything you sell: prices, codes, categories and stock."
        actions={
          <>
            {access.canAdjustStock ? (
              <Button variant="outline" asChild>
                <Link to="/products/stock-counts">
                  <ClipboardListIcon aria-hidden="true" /> Stock counts
                </Link>
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => setDialog({ kind: 'tax' })}>
              <PercentIcon aria-hidden="true" /> Tax rates
            </Button>
            <Button
              variant="outline"
              disabled={exporter.isPending}
              onClick={() =>
                severalStores ? setDialog({ kind: 'export' }) : exporter.mutate({ status }, { onError: (error) => toast.error(`The export failed: ${error.message}`) })
              }
            >
              <DownloadIcon aria-hidden="true" /> {exporter.isPending ? 'Exporting...' : 'Export CSV'}
            </Button>
            {access.canAddProducts ? (
              <>
                <Button variant="outline" onClick={() => setDialog({ kind: 'import' })}>
                  <FileUpIcon aria-hidden="true" /> Import CSV
                </Button>
                <Button onClick={() => setDialog({ kind: 'product', product: null })} aria-keyshortcuts="n">
                  <PlusIcon aria-hidden="true" /> Add product
                </Button>
              </>
            ) : null}
          </>
        }
      />

      <div className={cn('grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_10rem_auto] md:items-end', catalogueEmpty && 'hidden')}>
        <div className="grid gap-2">
          <Label htmlFor="products-search">Search</Label>
          <div className="relative">
            <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              ref={searchBox}
              id="products-search"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Name, SKU or barcode"
              autoComplete="off"
              className="pl-9"
              aria-keyshortcuts="/"
              aria-controls="products-results"
            />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="products-category">Category</Label>
          <Select value={categoryId ?? ALL} onValueChange={(value) => setParam('category', value === ALL ? null : value)}>
            <SelectTrigger id="products-category">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All categories</SelectItem>
              {(categories.data ?? []).map((category) => (
                <SelectItem key={category.id} value={category.id}>
                  {category.name}
                  {category.is_active ? '' : ' (archived)'}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="products-status">Show</Label>
          <Select value={status} onValueChange={(value) => setParam('status', value === 'active' ? null : value)}>
            <SelectTrigger id="products-status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {STATUSES.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex min-h-11 items-center gap-3">
          <Switch id="products-low" checked={lowStock} onCheckedChange={(checked) => setParam('low', checked ? '1' : null)} />
          <Label htmlFor="products-low">Low stock only</Label>
        </div>
      </div>

      <section id="products-results" aria-label="Products" aria-busy={products.isFetching} className="grid grid-cols-1 gap-4">
        {products.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading products...
          </p>
        ) : products.isError ? (
          <div className="grid max-w-lg gap-4">
            <ErrorAlert title="The products did not load" error={products.error} />
            <Button variant="outline" onClick={() => void products.refetch()} className="justify-self-start">
              Try again
            </Button>
          </div>
        ) : rows.length === 0 && !products.hasNextPage ? (
          filtered ? (
            <NoMatches query={q} onClear={clearFilters} />
          ) : (
            <NoProductsYet canAdd={access.canAddProducts} onAdd={() => setDialog({ kind: 'product', product: null })} onImport={() => setDialog({ kind: 'import' })} />
          )
        ) : (
          <>
            <div className="rounded-lg border">
              <ProductsTable
                products={rows}
                currency={currency}
                access={access}
                onEdit={(product) => setDialog({ kind: 'product', product })}
                onStock={(product) => setDialog({ kind: 'stock', product })}
                onModifiers={access.canEditDetails && access.canChangePrices ? (product) => setDialog({ kind: 'modifiers', product }) : undefined}
                onArchive={onArchive}
                onRestore={onRestore}
              />
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {rows.length === 1 ? '1 product shown' : `${rows.length.toLocaleString()} products shown`}
                {products.hasNextPage ? '; there are more' : ''}
              </p>
              {products.hasNextPage ? (
                <Button variant="outline" onClick={() => void products.fetchNextPage()} disabled={products.isFetchingNextPage}>
                  {products.isFetchingNextPage ? 'Loading...' : 'Show more'}
                </Button>
              ) : null}
            </div>
          </>
        )}
      </section>

      {dialog?.kind === 'product' ? <ProductFormDialog product={dialog.product} currency={currency} access={access} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'stock' ? <StockDialog product={dialog.product} canAdjust={access.canAdjustStock} timeZone={timeZone} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'modifiers' ? <ModifierGroupsDialog product={dialog.product} currency={currency} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'import' ? <ImportProductsDialog onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'export' ? <ExportProductsDialog status={status} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'tax' ? <TaxRatesDialog canChange={access.canChangePrices} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
