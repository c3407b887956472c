import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Link } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { STOCK_REASONS, adjustStockForm, adjustmentFromForm, stockAfter, useAdjustStock, type AdjustStockForm } from '../api/adjust-stock';
import { useStockMovements } from '../api/get-stock-movements';
import type { Product, StockMovement } from '../api/types';

const MODES: { value: AdjustStockForm['mode']; label: string; hint: string }[] = [
  { value: 'add', label: 'Add', hint: 'Units received or found' },
  { value: 'remove', label: 'Remove', hint: 'Units damaged, lost or used' },
  { value: 'count', label: 'Set count', hint: 'What you counted on the shelf' },
];

const REASON_LABEL: Record<StockMovement['reason'], string> = {
  initial: 'Opening stock',
  sale: 'Sale',
  refund: 'Refund',
  adjustment: 'Adjustment',
  import: 'CSV import',
  void: 'Voided sale',
  receipt: 'Goods received',
  waste: 'Waste',
  count: 'Stock count',
  transfer_out: 'Transfer sent',
  transfer_in: 'Transfer received',
};

const number = new Intl.NumberFormat();
const signed = new Intl.NumberFormat(undefined, { signDisplay: 'always' });

function History({ productId, timeZone }: { productId: string; timeZone: string }) {
  const movements = useStockMovements(productId);
  const rows = movements.data?.pages.flatMap((page) => page.movements) ?? [];
  const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return (
    <section aria-labelledby="stock-history" className="grid gap-2">
      <h3 id="stock-history" className="text-sm font-medium">
        History
      </h3>
      {movements.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading history...
        </p>
      ) : movements.isError ? (
        <ErrorAlert title="The history did not load" error={movements.error} />
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No stock movements yet.</p>
      ) : (
        <ol className="grid divide-y rounded-lg border text-sm">
          {rows.map((movement) => (
            <li key={movement.id} className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 px-3 py-2">
              <span className="font-medium">{movement.note ? `${REASON_LABEL[movement.reason]}: ${movement.note}` : REASON_LABEL[movement.reason]}</span>
              <span className={cn('text-right font-medium tabular-nums', movement.quantity_delta < 0 ? 'text-red-700' : 'text-green-800')}>
                {signed.format(movement.quantity_delta)}
              </span>
              <span className="text-xs text-muted-foreground">
                <time dateTime={movement.created_at}>{when.format(new Date(movement.created_at))}</time>
                {movement.actor_name ? ` · ${movement.actor_name}` : ''}
              </span>
              <span className="text-right text-xs text-muted-foreground tabular-nums">then {number.format(movement.balance_after)}</span>
            </li>
          ))}
        </ol>
      )}
      {movements.hasNextPage ? (
        <Button variant="outline" onClick={() => void movements.fetchNextPage()} disabled={movements.isFetchingNextPage} className="justify-self-start">
          {movements.isFetchingNextPage ? 'Loading...' : 'Show older'}
        </Button>
      ) : null}
    </section>
  );
}

/** Stock of one product: change it with a reason (an adjustment in the ledger), and its history. */
export function StockDialog({ product, canAdjust, timeZone, onClose }: { product: Product; canAdjust: boolean; timeZone: string; onClose: () => void }) {
  const adjust = useAdjustStock();
  const form = useForm<AdjustStockForm>({
    resolver: zodResolver(adjustStockForm),
    defaultValues: { mode: 'add', quantity: '', reason: '' },
  });
  const { register, handleSubmit, setValue, control, formState } = form;
  const values = useWatch({ control });
  // The stock as last heard from the server: after a change, or from a 409 saying it moved meanwhile.
  const [current, setCurrent] = useState(product.stock_quantity);
  const after = stockAfter({ mode: values.mode ?? 'add', quantity: values.quantity ?? '' }, current);

  const onSubmit = handleSubmit(async (input) => {
    const body = adjustmentFromForm(input, current);
    if (!body) {
      toast.info('The count matches the stock: nothing to change');
      return;
    }
    try {
      const saved = await adjust.mutateAsync({ id: product.id, body });
      setCurrent(saved.stock_quantity);
      toast.success(`${saved.name}: ${number.format(saved.stock_quantity)} in stock`);
      form.reset({ mode: input.mode, quantity: '', reason: '' });
    } catch (error) {
      // Shown below from adjust.error; a sale meanwhile tells the real number.
      const latest = isApiError(error) ? error.details['stock_quantity'] : undefined;
      if (typeof latest === 'number') setCurrent(latest);
    }
  });

  return (
    <Dialog open onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Stock of {product.name}</DialogTitle>
          <DialogDescription>
            <span className="text-2xl font-semibold text-foreground tabular-nums">{number.format(current)}</span> in stock
            {product.low_stock_threshold !== null ? ` · warning at ${number.format(product.low_stock_threshold)}` : ''}
            {' · '}
            <Link to={`/products/${product.id}/stock`} className="text-foreground underline underline-offset-4">
              Full stock history
            </Link>
          </DialogDescription>
        </DialogHeader>

        {canAdjust ? (
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            {adjust.isError ? (
              <ErrorAlert
                title="The stock was not changed"
                error={adjust.error}
                {...(isApiError(adjust.error) && adjust.error.code === 'stock_changed' ? { message: `${adjust.error.message}. The number above is up to date now.` } : {})}
              />
            ) : null}
            <div role="radiogroup" aria-label="Kind of change" className="grid grid-cols-3 gap-2">
              {MODES.map((mode) => (
                <label
                  key={mode.value}
                  className={cn(
                    'flex min-h-11 cursor-pointer flex-col items-center justify-center rounded-md border px-2 py-2 text-center text-sm font-medium has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                    values.mode === mode.value ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
                  )}
                >
                  <input type="radio" value={mode.value} className="sr-only" {...register('mode')} />
                  {mode.label}
                  <span className={cn('text-xs font-normal', values.mode === mode.value ? 'text-primary-foreground/80' : 'text-muted-foreground')}>{mode.hint}</span>
                </label>
              ))}
            </div>
            <Field>
              <Label htmlFor="stock-quantity">{values.mode === 'count' ? 'Units counted' : 'Units'}</Label>
              <Input
                id="stock-quantity"
                inputMode="numeric"
                autoComplete="off"
                className="text-right text-lg tabular-nums"
                aria-invalid={formState.errors.quantity ? true : undefined}
                aria-describedby="stock-quantity-after stock-quantity-error"
                {...register('quantity')}
              />
              <p id="stock-quantity-after" className="text-sm text-muted-foreground" aria-live="polite">
                {after !== null && after !== current ? (
                  <>
                    Stock goes from <span className="tabular-nums">{number.format(current)}</span> to{' '}
                    <span className={cn('font-medium tabular-nums', after < 0 ? 'text-red-700' : 'text-foreground')}>{number.format(after)}</span>
                  </>
                ) : (
                  ' '
                )}
              </p>
              <FieldError id="stock-quantity-error">{formState.errors.quantity?.message}</FieldError>
            </Field>
            <Field>
              <Label htmlFor="stock-reason">Reason</Label>
              <div className="flex flex-wrap gap-2">
                {STOCK_REASONS.map((reason) => (
                  <Button key={reason} type="button" variant={values.reason === reason ? 'default' : 'outline'} onClick={() => setValue('reason', reason, { shouldValidate: true })}>
                    {reason}
                  </Button>
                ))}
              </div>
              <Input
                id="stock-reason"
                placeholder="Or type a reason"
                aria-invalid={formState.errors.reason ? true : undefined}
                aria-describedby="stock-reason-error"
                {...register('reason')}
              />
              <FieldError id="stock-reason-error">{formState.errors.reason?.message}</FieldError>
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Close
              </Button>
              <Button type="submit" disabled={formState.isSubmitting}>
                {formState.isSubmitting ? 'Saving...' : 'Save change'}
              </Button>
            </DialogFooter>
          </form>
        ) : (
          <p className="text-sm text-muted-foreground">Changing stock needs the can_manage_inventory permission.</p>
        )}
        <History productId={product.id} timeZone={timeZone} />
      </DialogContent>
    </Dialog>
  );
}
