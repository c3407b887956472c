import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { percentToBasisPoints, taxRateForm, useCreateTaxRate, type TaxRateForm } from '../api/create-tax-rate';
import { formatRate, useTaxRates } from '../api/get-tax-rates';
import type { TaxRate } from '../api/types';
import { useUpdateTaxRate } from '../api/update-tax-rate';

function RateForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: TaxRateForm;
  submitLabel: string;
  onSubmit: (values: { name: string; basis_points: number }) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const form = useForm<TaxRateForm>({ resolver: zodResolver(taxRateForm), defaultValues: initial });
  const { register, handleSubmit, formState, reset } = form;
  const [failure, setFailure] = useState<unknown>(null);
  const prefix = initial.name ? `rate-${initial.name}` : 'rate-new';
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={handleSubmit(async (values) => {
        setFailure(null);
        try {
          await onSubmit({ name: values.name.trim(), basis_points: percentToBasisPoints(values.percent)! });
          if (!onCancel) reset({ name: '', percent: '' });
        } catch (error) {
          setFailure(error);
        }
      })}
    >
      {failure ? <ErrorAlert error={failure} /> : null}
      <div className="grid items-start gap-3 sm:grid-cols-[1fr_8rem_auto]">
        <Field>
          <Label htmlFor={`${prefix}-name`}>Name</Label>
          <Input id={`${prefix}-name`} placeholder="Standard" aria-invalid={formState.errors.name ? true : undefined} {...register('name')} />
          <FieldError>{formState.errors.name?.message}</FieldError>
        </Field>
        <Field>
          <Label htmlFor={`${prefix}-percent`}>Rate %</Label>
          <Input
            id={`${prefix}-percent`}
            inputMode="decimal"
            placeholder="20"
            className="text-right tabular-nums"
            aria-invalid={formState.errors.percent ? true : undefined}
            {...register('percent')}
          />
          <FieldError>{formState.errors.percent?.message}</FieldError>
        </Field>
        <div className="flex gap-2 sm:pt-6">
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving...' : submitLabel}
          </Button>
          {onCancel ? (
            <Button type="button" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </div>
    </form>
  );
}

/** The business's tax rates; the default applies to every product without a rate of its own. */
export function TaxRatesDialog({ canChange, onClose }: { canChange: boolean; onClose: () => void }) {
  const rates = useTaxRates();
  const create = useCreateTaxRate();
  const update = useUpdateTaxRate();
  const [editing, setEditing] = useState<string | null>(null);

  const makeDefault = (rate: TaxRate) =>
    update.mutate({ id: rate.id, body: { is_default: true } }, { onSuccess: () => toast.success(`${rate.name} is now the default`) });

  return (
    <Dialog open onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Tax rates</DialogTitle>
          <DialogDescription>
            Products without a rate of their own are taxed at the default. Changing a rate changes what those products cost at the till.
          </DialogDescription>
        </DialogHeader>
        {rates.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading tax rates...
          </p>
        ) : rates.isError ? (
          <ErrorAlert title="The tax rates did not load" error={rates.error} />
        ) : rates.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tax rates yet: sales carry no tax until you add one. The first you add becomes the default.</p>
        ) : (
          <ul className="grid divide-y rounded-lg border">
            {rates.data.map((rate) => (
              <li key={rate.id} className="grid gap-2 px-3 py-2">
                {editing === rate.id ? (
                  <RateForm
                    initial={{ name: rate.name, percent: String(rate.basis_points / 100) }}
                    submitLabel="Save"
                    onCancel={() => setEditing(null)}
                    onSubmit={async (values) => {
                      await update.mutateAsync({ id: rate.id, body: values });
                      setEditing(null);
                      toast.success(`${values.name} saved`);
                    }}
                  />
                ) : (
                  <div className="flex min-h-11 flex-wrap items-center gap-3">
                    <span className="font-medium">{rate.name}</span>
                    <span className="tabular-nums text-muted-foreground">{formatRate(rate.basis_points)}</span>
                    {rate.is_default ? <Badge variant="secondary">Default</Badge> : null}
                    {canChange ? (
                      <span className="ml-auto flex gap-2">
                        {!rate.is_default ? (
                          <Button variant="ghost" onClick={() => makeDefault(rate)} disabled={update.isPending}>
                            Make default
                          </Button>
                        ) : null}
                        <Button variant="outline" onClick={() => setEditing(rate.id)}>
                          Edit
                        </Button>
                      </span>
                    ) : null}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {update.isError && editing === null ? <ErrorAlert error={update.error} /> : null}
        {canChange ? (
          <section aria-labelledby="new-rate" className="grid gap-2">
            <h3 id="new-rate" className="text-sm font-medium">
              Add a rate
            </h3>
            <RateForm
              initial={{ name: '', percent: '' }}
              submitLabel="Add"
              onSubmit={async (values) => {
                const created = await create.mutateAsync(values);
                toast.success(`${created.name} added${created.is_default ? ' as the default' : ''}`);
              }}
            />
          </section>
        ) : (
          <p className="text-sm text-muted-foreground">Changing tax rates needs the can_change_prices permission.</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
