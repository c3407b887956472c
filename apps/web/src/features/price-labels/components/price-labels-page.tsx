import { DownloadIcon, EyeIcon, PlusIcon, PrinterIcon, TagIcon, Trash2Icon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { CameraScanButton } from '@/components/camera-scan-button';
import { useBarcodeScanner } from '@/lib/use-barcode-scanner';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { formatMoney } from '@/lib/money';
import {
  LABEL_TEMPLATE_OPTIONS,
  useDropQueued,
  useLabelCategories,
  useLabelProducts,
  useLabelQueue,
  useLabelsPdf,
  useRecentReceipts,
  type LabelTemplate,
  type PrintRequest,
} from '../api/price-labels';

interface Chosen {
  productId: string;
  name: string;
  copies: string;
}

const selectClass = 'h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm';
const SOURCES = ['search', 'category', 'delivery'] as const;
type Source = (typeof SOURCES)[number];
const SOURCE_LABELS: Record<Source, string> = { search: 'Search', category: 'By category', delivery: 'From a delivery' };

/** Where to add products from: a search, a category, or a recent delivery. */
function ProductPicker({ onAdd }: { onAdd: (products: { productId: string; name: string; copies?: number }[]) => void }) {
  const [source, setSource] = useState<Source>('search');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const categories = useLabelCategories();
  const products = useLabelProducts(source === 'search' ? { q, categoryId: null } : { q: '', categoryId: source === 'category' ? categoryId : null });
  const receipts = useRecentReceipts();
  const shown = source === 'delivery' ? [] : (products.data ?? []);
  // A scanned code (the keyboard-wedge scanner or the camera) finds its product by barcode or SKU.
  const findScanned = (code: string) => {
    setSource('search');
    setSearch(code);
  };
  useBarcodeScanner({ enabled: true, onScan: findScanned });

  return (
    <section aria-label="Add products" className="grid gap-3 rounded-lg border p-4">
      <h2 className="text-lg font-semibold">Add products</h2>
      <div role="group" aria-label="Add from" className="flex flex-wrap gap-2">
        {SOURCES.map((option) => (
          <Button key={option} type="button" variant={option === source ? 'default' : 'outline'} aria-pressed={option === source} onClick={() => setSource(option)}>
            {SOURCE_LABELS[option]}
          </Button>
        ))}
      </div>
      {source === 'search' ? (
        <Field>
          <Label htmlFor="label-search">Product</Label>
          <div className="flex flex-wrap gap-2">
            <Input id="label-search" type="search" className="min-w-0 flex-1" value={search} autoComplete="off" placeholder="Name, SKU or barcode" onChange={(event) => setSearch(event.target.value)} />
            <CameraScanButton title="Find a product by its barcode" onScan={findScanned} />
          </div>
        </Field>
      ) : null}
      {source === 'category' ? (
        <Field>
          <Label htmlFor="label-category">Category</Label>
          <select id="label-category" className={selectClass} value={categoryId ?? ''} onChange={(event) => setCategoryId(event.target.value || null)}>
            <option value="">Choose a category</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {source !== 'delivery' ? (
        shown.length > 0 ? (
          <>
            {source === 'category' ? (
              <div>
                <Button type="button" variant="outline" onClick={() => onAdd(shown.map((product) => ({ productId: product.id, name: product.name })))}>
                  <PlusIcon aria-hidden="true" /> Add all {shown.length}
                </Button>
              </div>
            ) : null}
            <ul aria-label="Matching products" className="grid max-h-72 gap-1 overflow-y-auto">
              {shown.map((product) => (
                <li key={product.id} className="flex min-h-11 items-center justify-between gap-2 rounded-md border px-3 text-sm">
                  <span className="min-w-0 truncate">
                    {product.name}
                    {product.barcode ? <span className="ml-2 text-muted-foreground">{product.barcode}</span> : null}
                  </span>
                  <Button type="button" variant="outline" onClick={() => onAdd([{ productId: product.id, name: product.name }])}>
                    Add<span className="sr-only"> {product.name}</span>
                  </Button>
                </li>
              ))}
            </ul>
          </>
        ) : (source === 'search' && q) || (source === 'category' && categoryId) ? (
          <p role="status" className="text-sm text-muted-foreground">
            {products.isFetching ? 'Searching...' : 'No products match.'}
          </p>
        ) : null
      ) : receipts.isSuccess && receipts.data.length === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          No deliveries received yet. Goods received on Purchase orders show here.
        </p>
      ) : (
        <ul aria-label="Recent deliveries" className="grid gap-2">
          {(receipts.data ?? []).map((receipt) => (
            <li key={receipt.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
              <span>
                {new Date(receipt.received_at).toLocaleString()} · {receipt.supplier_name ?? 'No supplier'} · {receipt.lines.map((line) => line.name).join(', ')}
              </span>
              <Button type="button" variant="outline" onClick={() => onAdd(receipt.lines.map((line) => ({ productId: line.product_id, name: line.name, copies: line.quantity })))}>
                Add {receipt.lines.length === 1 ? 'its product' : `its ${receipt.lines.length} products`}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /price-labels (SPEC §2, price_labels; issue 14 item 7): choose products (the labels-to-print
 * queue filled by price changes, a search, a category or a delivery), copies and a template;
 * preview, print or download the PDF at the label stock's exact size.
 */
export function PriceLabelsPage() {
  const currency = useMe().data?.business?.currency ?? 'USD';
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  const queue = useLabelQueue();
  const drop = useDropQueued();
  const pdf = useLabelsPdf();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [template, setTemplate] = useState<LabelTemplate>('a4-3x8');
  const [skip, setSkip] = useState('0');
  const [outline, setOutline] = useState(false);

  const add = (products: { productId: string; name: string; copies?: number }[]) =>
    setChosen((current) => {
      const next = [...current];
      for (const product of products) {
        if (!next.some((row) => row.productId === product.productId)) next.push({ productId: product.productId, name: product.name, copies: String(Math.min(100, Math.max(1, product.copies ?? 1))) });
      }
      return next;
    });

  const copiesOk = (text: string) => /^\d{1,3}$/.test(text) && Number(text) >= 1 && Number(text) <= 100;
  const skipOk = /^\d{1,2}$/.test(skip) && Number(skip) <= 23;
  const invalid = chosen.length === 0 ? 'Add at least one product' : chosen.some((row) => !copiesOk(row.copies)) ? 'Copies are whole numbers from 1 to 100' : template === 'a4-3x8' && !skipOk ? 'Skip between 0 and 23 labels' : null;
  const total = chosen.reduce((sum, row) => sum + (copiesOk(row.copies) ? Number(row.copies) : 0), 0);

  const request = (clearQueue: boolean): PrintRequest => ({
    template,
    items: chosen.map((row) => ({ product_id: row.productId, copies: Number(row.copies) })),
    ...(template === 'a4-3x8' && Number(skip) > 0 ? { skip: Number(skip) } : {}),
    ...(outline ? { outline } : {}),
    ...(clearQueue ? { clear_queue: clearQueue } : {}),
  });

  // The PDF opens in the browser's own viewer, which previews and prints it at its exact page size.
  const render = async (clearQueue: boolean) => URL.createObjectURL(await pdf.mutateAsync(request(clearQueue)));
  const forget = (url: string) => window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  const open = (url: string) => {
    window.open(url, '_blank', 'noopener');
    forget(url);
  };
  const onPreview = () => void render(false).then(open).catch(() => undefined);
  const onPrint = () =>
    void render(true)
      .then((url) => {
        open(url);
        toast.success(`${total} ${total === 1 ? 'label' : 'labels'} ready: print them from the PDF at actual size`);
      })
      .catch(() => undefined);
  const onDownload = () =>
    void render(true)
      .then((url) => {
        const link = document.createElement('a');
        link.href = url;
        link.download = `price-labels-${template}.pdf`;
        link.click();
        forget(url);
        toast.success('Labels downloaded');
      })
      .catch(() => undefined);

  const queued = queue.data ?? [];
  return (
    <div className="grid gap-6">
      <PageHeader title="Price labels" description="Shelf labels with name, price and barcode, printed at the exact size of your label stock." />

      <section aria-label="Labels to print" className="grid gap-3 rounded-lg border p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Labels to print</h2>
          {queued.length > 0 ? (
            <Button type="button" variant="outline" onClick={() => add(queued.map((item) => ({ productId: item.product_id, name: item.name })))}>
              <PlusIcon aria-hidden="true" /> Add all {queued.length}
            </Button>
          ) : null}
        </div>
        {queue.isError ? (
          <ErrorAlert title="The labels to print could not be loaded" error={queue.error} />
        ) : queued.length === 0 ? (
          <p role="status" className="text-sm text-muted-foreground">
            {queue.isPending ? 'Loading...' : 'Nothing waiting. When a product’s price changes, it shows here until its new label is printed.'}
          </p>
        ) : (
          <ul aria-label="Price changes" className="grid gap-1">
            {queued.map((item) => (
              <li key={item.product_id} className="flex min-h-11 flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-1 text-sm">
                <span>
                  <span className="font-medium">{item.name}</span>{' '}
                  <span className="text-muted-foreground">
                    <s>{formatMoney(item.old_price, currency, locale)}</s> → {formatMoney(item.price, currency, locale)}
                  </span>
                </span>
                <span className="flex gap-1">
                  <Button type="button" variant="outline" onClick={() => add([{ productId: item.product_id, name: item.name }])}>
                    Add<span className="sr-only"> {item.name}</span>
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                   
                    aria-label={`Drop ${item.name} from the labels to print`}
                    onClick={() => drop.mutate(item.product_id, { onError: (error) => toast.error(errorMessage(error)) })}
                  >
                    <XIcon aria-hidden="true" />
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ProductPicker onAdd={add} />

      <section aria-label="Print" className="grid gap-4 rounded-lg border p-4">
        <h2 className="text-lg font-semibold">Print</h2>
        {chosen.length === 0 ? (
          <div className="grid justify-items-center gap-2 rounded-lg border border-dashed px-6 py-8 text-center">
            <TagIcon aria-hidden="true" className="size-8 text-muted-foreground" />
            <p role="status" className="text-muted-foreground">
              No labels chosen yet. Add products from the labels to print, a search, a category or a delivery.
            </p>
          </div>
        ) : (
          <ul aria-label="Labels chosen" className="grid gap-1">
            {chosen.map((row, index) => (
              <li key={row.productId} className="grid grid-cols-[1fr_6rem_auto] items-center gap-2 rounded-md border px-3 py-1 text-sm">
                <span className="min-w-0 truncate font-medium">{row.name}</span>
                <span>
                  <Label htmlFor={`label-copies-${index}`} className="sr-only">
                    Copies of {row.name}
                  </Label>
                  <Input
                    id={`label-copies-${index}`}
                    inputMode="numeric"
                    value={row.copies}
                    aria-invalid={copiesOk(row.copies) ? undefined : true}
                    onChange={(event) => setChosen((current) => current.map((item) => (item.productId === row.productId ? { ...item, copies: event.target.value } : item)))}
                  />
                </span>
                <Button type="button" variant="ghost" aria-label={`Remove ${row.name}`} onClick={() => setChosen((current) => current.filter((item) => item.productId !== row.productId))}>
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium">Template</legend>
          {LABEL_TEMPLATE_OPTIONS.map((option) => (
            <label key={option.value} className="flex min-h-11 items-start gap-2 rounded-md border p-3 text-sm">
              <input type="radio" name="label-template" className="mt-1 size-4" checked={template === option.value} onChange={() => setTemplate(option.value)} />
              <span>
                <span className="font-medium">{option.label}</span>
                <span className="block text-muted-foreground">{option.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          {template === 'a4-3x8' ? (
            <Field>
              <Label htmlFor="label-skip">Labels already used on the sheet</Label>
              <Input id="label-skip" inputMode="numeric" value={skip} onChange={(event) => setSkip(event.target.value)} aria-invalid={skipOk ? undefined : true} />
              <FieldDescription>Printing starts after them, left to right.</FieldDescription>
            </Field>
          ) : null}
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" checked={outline} onChange={(event) => setOutline(event.target.checked)} />
            Outline each label (a proof on plain paper)
          </label>
        </div>
        {invalid && chosen.length > 0 ? (
          <p role="alert" className="text-sm text-destructive">
            {invalid}
          </p>
        ) : null}
        {pdf.isError ? <ErrorAlert title="The labels could not be made" error={pdf.error} /> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={invalid !== null || pdf.isPending} onClick={onPreview}>
            <EyeIcon aria-hidden="true" /> Preview
          </Button>
          <Button type="button" disabled={invalid !== null || pdf.isPending} onClick={onPrint}>
            <PrinterIcon aria-hidden="true" /> Print {total > 0 ? `${total} ${total === 1 ? 'label' : 'labels'}` : ''}
          </Button>
          <Button type="button" variant="outline" disabled={invalid !== null || pdf.isPending} onClick={onDownload}>
            <DownloadIcon aria-hidden="true" /> Download PDF
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">Preview and Print open the PDF in a new tab: print it at 100 % (“actual size”), not “fit to page”. Printing or downloading takes the products out of the labels to print.</p>
      </section>
    </div>
  );
}
