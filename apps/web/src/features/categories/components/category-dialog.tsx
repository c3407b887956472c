import { zodResolver } from '@hookform/resolvers/zod';
import { CheckIcon } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { categoryForm, useCreateCategory, type CategoryForm } from '../api/create-category';
import { CATEGORY_COLORS, type Category } from '../api/types';
import { useUpdateCategory } from '../api/update-category';

/** Add a category, or rename and recolour one. */
export function CategoryDialog({ category, onClose }: { category: Category | null; onClose: () => void }) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const form = useForm<CategoryForm>({
    resolver: zodResolver(categoryForm),
    defaultValues: { name: category?.name ?? '', color: category?.color ?? null },
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const failure = create.error ?? update.error;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = category
        ? await update.mutateAsync({ id: category.id, body: { name: values.name.trim(), color: values.color } })
        : await create.mutateAsync(values);
      toast.success(category ? `${saved.name} saved` : `${saved.name} added`);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.code === 'category_name_taken') setError('name', { message: error.message }, { shouldFocus: true });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => (!open && !formState.isSubmitting ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{category ? `Edit ${category.name}` : 'Add category'}</DialogTitle>
          <DialogDescription>Categories group products into the till&apos;s tabs and your reports.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          {failure && !(isApiError(failure) && failure.code === 'category_name_taken') ? (
            <ErrorAlert title={category ? 'The category was not saved' : 'The category was not added'} error={failure} />
          ) : null}
          <Field>
            <Label htmlFor="category-name">Name</Label>
            <Input
              id="category-name"
              autoFocus
              autoComplete="off"
              aria-invalid={formState.errors.name ? true : undefined}
              aria-describedby="category-name-error"
              {...register('name')}
            />
            <FieldError id="category-name-error">{formState.errors.name?.message}</FieldError>
          </Field>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Colour</legend>
            <Controller
              control={control}
              name="color"
              render={({ field }) => (
                <div role="radiogroup" aria-label="Colour" className="flex flex-wrap gap-2">
                  {[null, ...CATEGORY_COLORS].map((color) => {
                    const selected = field.value === color;
                    return (
                      <button
                        key={color ?? 'none'}
                        type="button"
                        role="radio"
                        aria-checked={selected}
                        aria-label={color ? `Colour ${color}` : 'No colour'}
                        onClick={() => field.onChange(color)}
                        className={cn(
                          'flex size-11 items-center justify-center rounded-full border-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                          selected ? 'border-foreground' : 'border-transparent',
                        )}
                      >
                        <span
                          className={cn('flex size-8 items-center justify-center rounded-full border', color ? 'text-white' : 'bg-background text-muted-foreground')}
                          style={color ? { backgroundColor: color } : undefined}
                        >
                          {selected ? <CheckIcon aria-hidden="true" className="size-4" /> : color ? null : <span className="text-xs">—</span>}
                        </span>
                      </button>
                    );
                  })}
                </div>
              )}
            />
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={formState.isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Saving...' : category ? 'Save changes' : 'Add category'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
