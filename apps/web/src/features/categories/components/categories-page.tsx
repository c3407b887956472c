import { ArchiveIcon, ArchiveRestoreIcon, ArrowDownIcon, ArrowUpIcon, FolderPlusIcon, PencilIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCatalogueAccess } from '@/lib/catalogue-access';
import { useArchiveCategory } from '../api/archive-category';
import { useCategories, type CategoryStatus } from '../api/get-categories';
import { moveId, useReorderCategories } from '../api/reorder-categories';
import { useRestoreCategory } from '../api/restore-category';
import type { Category } from '../api/types';
import { CategoryDialog } from './category-dialog';

const count = (n: number) => (n === 1 ? '1 product' : `${n.toLocaleString()} products`);

function NoCategoriesYet({ canManage, onAdd }: { canManage: boolean; onAdd: () => void }) {
  return (
    <Card>
      <CardContent className="grid justify-items-center gap-4 py-10 text-center">
        <FolderPlusIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        <div className="grid max-w-md gap-1">
          <h2 className="text-lg font-semibold">Group what you sell</h2>
          <p className="text-sm text-muted-foreground">
            Categories such as Drinks, Food or Parts become the tabs on the till, filter the product list and split your sales reports.
          </p>
        </div>
        {canManage ? (
          <Button onClick={onAdd}>
            <PlusIcon aria-hidden="true" /> Add your first category
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">Ask the owner or an admin with the can_add_categories permission to add categories.</p>
        )}
      </CardContent>
    </Card>
  );
}

/** /categories: the till's tabs. Add, rename, colour, order and archive. */
export function CategoriesPage() {
  const access = useCatalogueAccess();
  const [status, setStatus] = useState<CategoryStatus>('active');
  const categories = useCategories(status);
  const reorder = useReorderCategories();
  const archive = useArchiveCategory();
  const restore = useRestoreCategory();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const list = categories.data ?? [];
  const canManage = access.canManageCategories;

  const move = (index: number, step: -1 | 1) => {
    const ids = moveId(
      list.map((category) => category.id),
      index,
      step,
    );
    reorder.mutate(ids, { onError: (error) => toast.error(`The order was not saved: ${error.message}`) });
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Categories"
        description="Group products for the till's tabs, the product list and reports."
        actions={
          canManage ? (
            <Button onClick={() => setEditing('new')}>
              <PlusIcon aria-hidden="true" /> Add category
            </Button>
          ) : null
        }
      />
      <Tabs value={status} onValueChange={(value) => setStatus(value as CategoryStatus)}>
        <TabsList>
          <TabsTrigger value="active">In use</TabsTrigger>
          <TabsTrigger value="archived">Archived</TabsTrigger>
        </TabsList>
      </Tabs>

      {categories.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading categories...
        </p>
      ) : categories.isError ? (
        <div className="grid max-w-lg gap-4">
          <ErrorAlert title="The categories did not load" error={categories.error} />
          <Button variant="outline" onClick={() => void categories.refetch()} className="justify-self-start">
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        status === 'active' ? (
          <NoCategoriesYet canManage={canManage} onAdd={() => setEditing('new')} />
        ) : (
          <p className="rounded-lg border border-dashed py-10 text-center text-sm text-muted-foreground">No archived categories.</p>
        )
      ) : (
        <>
          {status === 'active' && canManage && list.length > 1 ? (
            <p className="text-sm text-muted-foreground">The till shows categories in this order; move them with the arrows.</p>
          ) : null}
          <ol className="grid divide-y rounded-lg border" aria-label={status === 'active' ? 'Categories in till order' : 'Archived categories'}>
            {list.map((category, index) => (
              <li key={category.id} className="flex flex-wrap items-center gap-3 px-3 py-2 sm:flex-nowrap">
                <span
                  aria-hidden="true"
                  className="size-4 shrink-0 rounded-full border"
                  style={{ backgroundColor: category.color ?? 'transparent' }}
                />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <span className="truncate font-medium">{category.name}</span>
                  <span className="text-xs text-muted-foreground tabular-nums">{count(category.product_count)} on sale</span>
                </div>
                {canManage ? (
                  <div className="flex shrink-0 items-center gap-1">
                    {status === 'active' ? (
                      <>
                        <Button variant="ghost" size="icon" aria-label={`Move ${category.name} up`} disabled={index === 0 || reorder.isPending} onClick={() => move(index, -1)}>
                          <ArrowUpIcon aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Move ${category.name} down`}
                          disabled={index === list.length - 1 || reorder.isPending}
                          onClick={() => move(index, 1)}
                        >
                          <ArrowDownIcon aria-hidden="true" />
                        </Button>
                      </>
                    ) : null}
                    <Button variant="ghost" size="icon" aria-label={`Edit ${category.name}`} onClick={() => setEditing(category)}>
                      <PencilIcon aria-hidden="true" />
                    </Button>
                    {category.is_active ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Archive ${category.name}`}
                        onClick={() =>
                          archive.mutate(category.id, {
                            onSuccess: (saved) =>
                              toast.success(`${saved.name} archived`, {
                                description: 'Its products stay on sale, without this tab.',
                                action: { label: 'Undo', onClick: () => restore.mutate(saved.id) },
                              }),
                            onError: (error) => toast.error(error.message),
                          })
                        }
                      >
                        <ArchiveIcon aria-hidden="true" />
                      </Button>
                    ) : (
                      <Button
                        variant="outline"
                        onClick={() =>
                          restore.mutate(category.id, {
                            onSuccess: (saved) => toast.success(`${saved.name} is back on the till`),
                            onError: (error) => toast.error(error.message),
                          })
                        }
                      >
                        <ArchiveRestoreIcon aria-hidden="true" /> Restore
                      </Button>
                    )}
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      )}

      {editing ? <CategoryDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
