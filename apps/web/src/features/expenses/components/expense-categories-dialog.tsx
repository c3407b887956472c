import { ArchiveIcon, ArchiveRestoreIcon, PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { useCreateExpenseCategory, useExpenseCategories, useUpdateExpenseCategory } from '../api/expenses-api';
import type { ExpenseCategory } from '../api/types';

function CategoryRow({ category }: { category: ExpenseCategory }) {
  const update = useUpdateExpenseCategory();
  const [name, setName] = useState(category.name);
  const id = useId();
  const changed = name.trim() !== '' && name.trim() !== category.name;
  return (
    <li className="flex flex-wrap items-center gap-2 py-2">
      <Label htmlFor={id} className="sr-only">
        Name of {category.name}
      </Label>
      <Input id={id} value={name} onChange={(event) => setName(event.target.value)} className="min-w-0 flex-1" disabled={category.archived} />
      {changed ? (
        <Button
          variant="outline"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { id: category.id, name: name.trim() },
              { onSuccess: (saved) => toast.success(`Renamed to ${saved.name}`), onError: (error) => toast.error(isApiError(error) ? error.message : 'Not renamed') },
            )
          }
        >
          Rename
        </Button>
      ) : null}
      <Button
        variant="ghost"
        disabled={update.isPending}
        onClick={() =>
          update.mutate(
            { id: category.id, archived: !category.archived },
            { onSuccess: (saved) => toast.success(saved.archived ? `${saved.name} archived` : `${saved.name} is back`), onError: (error) => toast.error(error.message) },
          )
        }
      >
        {category.archived ? <ArchiveRestoreIcon aria-hidden="true" /> : <ArchiveIcon aria-hidden="true" />}
        {category.archived ? 'Restore' : 'Archive'}
        <span className="sr-only"> {category.name}</span>
      </Button>
    </li>
  );
}

/** The business's own list of expense categories: add, rename, archive (kept on past expenses) or restore. */
export function ExpenseCategoriesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const categories = useExpenseCategories();
  const create = useCreateExpenseCategory();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Expense categories</DialogTitle>
          <DialogDescription>Archived categories stay on past expenses but are no longer offered.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim() === '') return setError('Enter a category name');
            create.mutate(name.trim(), {
              onSuccess: (category) => {
                toast.success(`${category.name} added`);
                setName('');
                setError(null);
              },
              onError: (failure) => setError(isApiError(failure) ? failure.message : 'Not added'),
            });
          }}
        >
          <Label htmlFor={id}>New category</Label>
          <div className="flex gap-2">
            <Input id={id} value={name} onChange={(event) => setName(event.target.value)} placeholder="Marketing, Insurance…" aria-invalid={error ? true : undefined} />
            <Button type="submit" disabled={create.isPending}>
              <PlusIcon aria-hidden="true" /> Add
            </Button>
          </div>
          {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
        </form>
        <ul className="divide-y">
          {(categories.data ?? []).map((category) => (
            <CategoryRow key={`${category.id}-${category.name}-${category.archived}`} category={category} />
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
