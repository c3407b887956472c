import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { isApiError } from '@/lib/api-client';
import type { CatalogueAccess } from '@/lib/catalogue-access';
import { currencySymbol } from '@/lib/money';
import { useCreateProduct } from '../api/create-product';
import { useDeleteProductImage } from '../api/delete-product-image';
import { useCategoryOptions } from '../api/get-category-options';
import { formatRate, useTaxRates } from '../api/get-tax-rates';
import type { Product } from '../api/types';
import { productChanges, useUpdateProduct } from '../api/update-product';
import { useUploadProductImage } from '../api/upload-product-image';
import {
  DEFAULT_TAX,
  NO_CATEGORY,
  emptyProductForm,
  formFieldOf,
  formToBody,
  productFormSchema,
  productToForm,
  type ProductFormValues,
} from '../utils/product-form';
import { ProductImageField, type PendingImage } from './product-image-field';

interface ProductFormDialogProps {
  /** The product to edit, or null to add one. */
  product: Product | null;
  currency: string;
  access: CatalogueAccess;
  onClose: () => void;
}

/** Add or edit a product: price typed in the business currency, saved as minor units. */
export function ProductFormDialog({ product, currency, access, onClose }: ProductFormDialogProps) {
  const creating = product === null;
  const schema = useMemo(() => productFormSchema(currency), [currency]);
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(schema),
    defaultValues: product ? productToForm(product, currency) : emptyProductForm(),
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const trackStock = useWatch({ control, name: 'trackStock' });
  const categories = useCategoryOptions();
  const taxRates = useTaxRates();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const upload = useUploadProductImage();
  const removeImage = useDeleteProductImage();
  const [image, setImage] = useState<PendingImage>({ kind: 'keep' });
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  // Mirror of the server's rules: fields this person may not change are shown but locked.
  const detailsLocked = !creating && !access.canEditDetails;
  const priceLocked = !creating && !access.canChangePrices;
  const defaultRate = taxRates.data?.find((rate) => rate.is_default);
  const busy = formState.isSubmitting;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const body = formToBody(values, currency);
    try {
      let saved: Product;
      if (product) {
        const changes = productChanges(product, body);
        saved = Object.keys(changes).length ? await update.mutateAsync({ id: product.id, body: changes }) : product;
      } else {
        saved = await create.mutateAsync(body);
      }
      if (image.kind === 'replace') {
        setUploadPercent(0);
        try {
          await upload.mutateAsync({ id: saved.id, file: image.file, onProgress: setUploadPercent });
        } finally {
          setUploadPercent(null);
        }
      } else if (image.kind === 'remove' && product?.image_url) {
        await removeImage.mutateAsync(saved.id);
      }
      toast.success(creating ? `${saved.name} added` : `${saved.name} saved`);
      onClose();
    } catch (error) {
      const field = isApiError(error) ? formFieldOf(error.details['field']) : null;
      if (field && isApiError(error)) setError(field, { message: error.message }, { shouldFocus: true });
      else setFailure(error);
    }
  });

  const symbol = currencySymbol(currency);
  const fieldId = (name: string) => `product-${name}`;
  const errorId = (name: string) => `product-${name}-error`;
  const invalid = (name: keyof ProductFormValues) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(name) } : {};

  return (
    <Dialog open onOpenChange={(open) => (!open && !busy ? onClose() : undefined)}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{creating ? 'Add product' : `Edit ${product.name}`}</DialogTitle>
          <DialogDescription>
            {creating ? 'What you sell: its price, and optionally codes, a category and stock.' : 'Changes show on the till at once.'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          {failure ? <ErrorAlert title={creating ? 'The product was not added' : 'The product was not saved'} error={failure} /> : null}
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field className="sm:col-span-2">
              <Label htmlFor={fieldId('name')}>Name</Label>
              <Input id={fieldId('name')} autoFocus={creating} disabled={detailsLocked} {...invalid('name')} {...register('name')} />
              <FieldError id={errorId('name')}>{errors.name?.message}</FieldError>
            </Field>

            <Field>
              <Label htmlFor={fieldId('price')}>Price</Label>
              <div className="relative">
                <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground">
                  {symbol}
                </span>
                <Input
                  id={fieldId('price')}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  className="pl-9 text-right tabular-nums"
                  disabled={priceLocked}
                  aria-describedby={errors.price ? errorId('price') : priceLocked ? `${fieldId('price')}-hint` : undefined}
                  aria-invalid={errors.price ? true : undefined}
                  {...register('price')}
                />
              </div>
              {priceLocked ? <FieldDescription id={`${fieldId('price')}-hint`}>Changing prices needs the can_change_prices permission.</FieldDescription> : null}
              <FieldError id={errorId('price')}>{errors.price?.message}</FieldError>
            </Field>

            <Field>
              <Label htmlFor={fieldId('cost')}>Cost (optional)</Label>
              <div className="relative">
                <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground">
                  {symbol}
                </span>
                <Input
                  id={fieldId('cost')}
                  inputMode="decimal"
                  autoComplete="off"
                  className="pl-9 text-right tabular-nums"
                  disabled={detailsLocked}
                  {...invalid('cost')}
                  {...register('cost')}
                />
              </div>
              <FieldError id={errorId('cost')}>{errors.cost?.message}</FieldError>
            </Field>

            <Field>
              <Label htmlFor={fieldId('category')}>Category</Label>
              <Controller
                control={control}
                name="categoryId"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} disabled={detailsLocked}>
                    <SelectTrigger id={fieldId('category')} ref={field.ref} onBlur={field.onBlur} aria-invalid={errors.categoryId ? true : undefined}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NO_CATEGORY}>No category</SelectItem>
                      {(categories.data ?? [])
                        .filter((category) => category.is_active || category.id === field.value)
                        .map((category) => (
                          <SelectItem key={category.id} value={category.id}>
                            {category.name}
                            {category.is_active ? '' : ' (archived)'}
                          </SelectItem>
                        ))}
                    </SelectContent>
                  </Select>
                )}
              />
              <FieldError>{errors.categoryId?.message}</FieldError>
            </Field>

            <Field>
              <Label htmlFor={fieldId('tax')}>Tax rate</Label>
              <Controller
                control={control}
                name="taxRateId"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} disabled={detailsLocked}>
                    <SelectTrigger id={fieldId('tax')} ref={field.ref} onBlur={field.onBlur} aria-describedby={`${fieldId('tax')}-hint`}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={DEFAULT_TAX}>
                        {defaultRate ? `Business default (${defaultRate.name}, ${formatRate(defaultRate.basis_points)})` : 'Business default (none set)'}
                      </SelectItem>
                      {(taxRates.data ?? []).map((rate) => (
                        <SelectItem key={rate.id} value={rate.id}>
                          {rate.name} ({formatRate(rate.basis_points)})
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
              <FieldDescription id={`${fieldId('tax')}-hint`}>Set up rates with the Tax rates button on the products page.</FieldDescription>
              <FieldError>{errors.taxRateId?.message}</FieldError>
            </Field>

            <Field>
              <Label htmlFor={fieldId('sku')}>SKU (optional)</Label>
              <Input id={fieldId('sku')} autoComplete="off" disabled={detailsLocked} {...invalid('sku')} {...register('sku')} />
              <FieldError id={errorId('sku')}>{errors.sku?.message}</FieldError>
            </Field>

            <Field>
              <Label htmlFor={fieldId('barcode')}>Barcode (optional)</Label>
              <Input
                id={fieldId('barcode')}
                autoComplete="off"
                inputMode="numeric"
                placeholder="Scan or type"
                className="font-mono"
                disabled={detailsLocked}
                {...invalid('barcode')}
                {...register('barcode')}
              />
              <FieldError id={errorId('barcode')}>{errors.barcode?.message}</FieldError>
            </Field>
          </div>

          <fieldset className="grid gap-4 rounded-lg border p-4">
            <legend className="px-1 text-sm font-medium">Stock</legend>
            <div className="flex min-h-11 items-center justify-between gap-4">
              <div className="grid gap-0.5">
                <Label htmlFor={fieldId('track')}>Track stock</Label>
                <span id={`${fieldId('track')}-hint`} className="text-xs text-muted-foreground">
                  Count units: sales take them off, deliveries and counts put them right.
                </span>
              </div>
              <Controller
                control={control}
                name="trackStock"
                render={({ field }) => (
                  <Switch
                    id={fieldId('track')}
                    ref={field.ref}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    disabled={detailsLocked}
                    aria-describedby={`${fieldId('track')}-hint`}
                  />
                )}
              />
            </div>
            {trackStock ? (
              <div className="grid items-start gap-4 sm:grid-cols-2">
                {creating ? (
                  <Field>
                    <Label htmlFor={fieldId('initial')}>Units in stock now</Label>
                    <Input id={fieldId('initial')} inputMode="numeric" placeholder="0" className="text-right tabular-nums" {...invalid('initialStock')} {...register('initialStock')} />
                    <FieldError id={errorId('initialStock')}>{errors.initialStock?.message}</FieldError>
                  </Field>
                ) : (
                  <div className="grid gap-1 text-sm">
                    <span className="font-medium">In stock</span>
                    <span className="text-muted-foreground">
                      <span className="tabular-nums">{product.stock_quantity}</span> — change it with Adjust stock.
                    </span>
                  </div>
                )}
                <Field>
                  <Label htmlFor={fieldId('low')}>Low-stock warning at</Label>
                  <Input
                    id={fieldId('low')}
                    inputMode="numeric"
                    placeholder="0"
                    className="text-right tabular-nums"
                    disabled={detailsLocked}
                    {...invalid('lowStockThreshold')}
                    {...register('lowStockThreshold')}
                  />
                  <FieldError id={errorId('lowStockThreshold')}>{errors.lowStockThreshold?.message}</FieldError>
                </Field>
              </div>
            ) : null}
          </fieldset>

          <ProductImageField currentUrl={product?.image_url ?? null} pending={image} onChange={setImage} disabled={detailsLocked || busy} />
          {uploadPercent !== null ? <Progress value={uploadPercent >= 100 ? null : uploadPercent} label="Uploading the picture" /> : null}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || (detailsLocked && priceLocked)}>
              {busy ? 'Saving...' : creating ? 'Add product' : 'Save changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
