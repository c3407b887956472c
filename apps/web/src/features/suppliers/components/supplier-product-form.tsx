import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { minorToDecimalText, parseMoneyText } from '@/lib/money';
import { useCatalogueSearch, useSetSupplierProduct, type SupplierProduct, type SupplierProductPayload } from '../api/suppliers';

interface Values {
  supplierCode: string;
  packSize: string;
  lastCost: string;
  reorderPoint: string;
  reorderQuantity: string;
}

const count = (text: string, min: number) => /^\d{1,9}$/.test(text.trim()) && Number(text) >= min;

/** Link a product to the supplier (or edit the link): the supplier's code, pack size, last cost, and the product's reorder point and quantity. */
export function SupplierProductForm({
  supplierId,
  currency,
  editing,
  canChangeCosts,
  onDone,
}: {
  supplierId: string;
  currency: string;
  editing: SupplierProduct | null;
  canChangeCosts: boolean;
  onDone: () => void;
}) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const matches = useCatalogueSearch(q);
  const [product, setProduct] = useState<{ id: string; name: string } | null>(editing ? { id: editing.product_id, name: editing.name } : null);
  const [values, setValues] = useState<Values>({
    supplierCode: editing?.supplier_code ?? '',
    packSize: String(editing?.pack_size ?? 1),
    lastCost: editing?.last_cost === null || editing?.last_cost === undefined ? '' : minorToDecimalText(editing.last_cost, currency),
    reorderPoint: editing?.reorder_point === null || editing?.reorder_point === undefined ? '' : String(editing.reorder_point),
    reorderQuantity: editing?.reorder_quantity === null || editing?.reorder_quantity === undefined ? '' : String(editing.reorder_quantity),
  });
  const [submitted, setSubmitted] = useState(false);
  const save = useSetSupplierProduct(supplierId);

  const cost = values.lastCost.trim() ? parseMoneyText(values.lastCost, currency) : null;
  const errors: Partial<Record<keyof Values | 'product', string>> = {};
  if (!product) errors.product = 'Choose a product';
  if (!count(values.packSize, 1)) errors.packSize = 'A whole number, at least 1';
  if (cost && !cost.ok) errors.lastCost = cost.message;
  if (values.reorderPoint.trim() && !count(values.reorderPoint, 0)) errors.reorderPoint = 'A whole number, or blank';
  if (values.reorderQuantity.trim() && !count(values.reorderQuantity, 1)) errors.reorderQuantity = 'A whole number, at least 1, or blank';
  const shown = (key: keyof typeof errors) => (submitted ? errors[key] : undefined);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!product || Object.keys(errors).length > 0) return;
    const payload: SupplierProductPayload = {
      supplier_code: values.supplierCode.trim() || null,
      pack_size: Number(values.packSize),
      reorder_point: values.reorderPoint.trim() ? Number(values.reorderPoint) : null,
      reorder_quantity: values.reorderQuantity.trim() ? Number(values.reorderQuantity) : null,
    };
    // A cost typed by hand needs can_change_prices: sent only by those who may, and only when changed.
    const newCost = cost && cost.ok ? cost.amount : null;
    if (canChangeCosts && newCost !== (editing?.last_cost ?? null)) payload.last_cost = newCost;
    await save.mutateAsync({ productId: product.id, payload });
    toast.success(`${product.name} saved for this supplier`);
    onDone();
  };

  const field = (key: keyof Values, label: string, props: { inputMode?: 'numeric' | 'decimal'; disabled?: boolean } = {}) => {
    const id = `supplier-product-${key}`;
    const error = shown(key);
    return (
      <Field>
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          value={values[key]}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
          {...props}
        />
        {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
      </Field>
    );
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)} className="grid gap-4 rounded-lg border p-4">
      <h3 className="font-medium">{editing ? `Edit ${editing.name}` : 'Add a product this supplier supplies'}</h3>
      {editing ? null : (
        <Field>
          <Label htmlFor="supplier-product-search">Product</Label>
          <Input id="supplier-product-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Search the catalogue by name, SKU or barcode" autoComplete="off" />
          <div role="listbox" aria-label="Matching products" className="grid max-h-44 gap-1 overflow-y-auto">
            {(matches.data?.products ?? []).map((match) => (
              <button
                key={match.id}
                type="button"
                role="option"
                aria-selected={product?.id === match.id}
                onClick={() => setProduct({ id: match.id, name: match.name })}
                className="min-h-11 rounded-md border px-3 text-left text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-selected:border-primary aria-selected:bg-accent"
              >
                {match.name}
                {match.sku ? <span className="ml-2 text-muted-foreground">SKU {match.sku}</span> : null}
              </button>
            ))}
          </div>
          {shown('product') ? <FieldError>{errors.product}</FieldError> : product ? <p className="text-sm">Chosen: {product.name}</p> : null}
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        {field('supplierCode', 'Supplier’s code')}
        {field('packSize', 'Units per pack', { inputMode: 'numeric' })}
        {field('lastCost', `Last cost per unit (${currency})`, { inputMode: 'decimal', disabled: !canChangeCosts })}
        {field('reorderPoint', 'Reorder at or below', { inputMode: 'numeric' })}
        {field('reorderQuantity', 'Reorder quantity (units)', { inputMode: 'numeric' })}
      </div>
      {save.isError ? <ErrorAlert title="The product could not be saved" error={save.error} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : editing ? 'Save product' : 'Add product'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
