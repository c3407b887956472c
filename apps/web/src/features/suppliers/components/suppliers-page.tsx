import { DownloadIcon, PlusIcon, SearchIcon, TruckIcon, UploadIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { usePurchasingAccess } from '@/lib/purchasing-access';
import { useExportSuppliers, useSuppliers, type Supplier } from '../api/suppliers';
import { ImportSuppliersDialog } from './import-suppliers-dialog';
import { SupplierDetailDialog } from './supplier-detail-dialog';
import { SupplierFormDialog } from './supplier-form-dialog';

/** /suppliers: who the business buys from, the products each supplies, archive, CSV export (SPEC §2, purchase_orders). */
export function SuppliersPage() {
  const currency = useMe().data?.business?.currency ?? 'USD';
  const { canOrder, canChangeCosts } = usePurchasingAccess();
  const [search, setSearch] = useState('');
  const [includeArchived, setIncludeArchived] = useState(false);
  const q = useDebouncedValue(search.trim());
  const list = useSuppliers(q, includeArchived);
  const suppliers = list.data?.pages.flatMap((page) => page.suppliers) ?? [];
  const exporting = useExportSuppliers();
  const [openId, setOpenId] = useState<string | null>(null);
  const [form, setForm] = useState<{ supplier: Supplier | null } | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const nothingYet = q === '' && !includeArchived && list.isSuccess && suppliers.length === 0;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Suppliers"
        description="Who you buy from: contacts, terms and the products each supplies."
        actions={
          <>
            <Button variant="outline" onClick={() => exporting.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) })} disabled={exporting.isPending}>
              <DownloadIcon aria-hidden="true" />
              {exporting.isPending ? 'Exporting...' : 'Export CSV'}
            </Button>
            {canOrder ? (
              <>
                <Button variant="outline" onClick={() => setImportOpen(true)}>
                  <UploadIcon aria-hidden="true" />
                  Import CSV
                </Button>
                <Button onClick={() => setForm({ supplier: null })}>
                  <PlusIcon aria-hidden="true" />
                  Add supplier
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <div className="flex flex-wrap items-center gap-4">
        <div className="relative w-full max-w-md">
          <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Search by name, contact or email" aria-label="Search suppliers" className="pl-9" />
        </div>
        <div className="flex items-center gap-2">
          <Switch id="suppliers-archived" checked={includeArchived} onCheckedChange={setIncludeArchived} />
          <Label htmlFor="suppliers-archived">Show archived</Label>
        </div>
      </div>

      {list.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading suppliers...
        </p>
      ) : list.isError ? (
        <ErrorAlert title="The suppliers could not be loaded" error={list.error} className="max-w-lg" />
      ) : nothingYet ? (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
          <TruckIcon aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="text-lg font-semibold">Add the suppliers you buy from</h2>
          <p className="max-w-md text-muted-foreground">Record their contacts and terms and the products each supplies; then Purchase Orders can reorder what runs low in one step.</p>
          {canOrder ? (
            <Button onClick={() => setForm({ supplier: null })}>
              <PlusIcon aria-hidden="true" />
              Add your first supplier
            </Button>
          ) : null}
        </div>
      ) : suppliers.length === 0 ? (
        <p role="status">No supplier matches{q ? ` “${q}”` : ''}.</p>
      ) : (
        <div className="grid gap-3">
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Supplier</TableHead>
                <TableHead className="hidden md:table-cell">Contact</TableHead>
                <TableHead className="hidden lg:table-cell">Phone</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Terms</TableHead>
                <TableHead className="text-right">Products</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {suppliers.map((supplier) => (
                <TableRow key={supplier.id} className={supplier.is_active ? undefined : 'text-muted-foreground'}>
                  <TableCell>
                    <button
                      type="button"
                      onClick={() => setOpenId(supplier.id)}
                      className="min-h-11 text-left font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:min-h-0"
                    >
                      {supplier.name}
                    </button>
                    {supplier.is_active ? null : (
                      <Badge variant="outline" className="ml-2">
                        Archived
                      </Badge>
                    )}
                    {supplier.email ? <div className="text-xs break-all text-muted-foreground md:hidden">{supplier.email}</div> : null}
                  </TableCell>
                  <TableCell className="hidden md:table-cell">
                    <div>{supplier.contact_name ?? '—'}</div>
                    {supplier.email ? <div className="text-xs break-all text-muted-foreground">{supplier.email}</div> : null}
                  </TableCell>
                  <TableCell className="hidden lg:table-cell">{supplier.phone ?? '—'}</TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">{supplier.payment_terms_days} days</TableCell>
                  <TableCell className="text-right tabular-nums">{supplier.product_count}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.hasNextPage ? (
            <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} className="justify-self-start">
              {list.isFetchingNextPage ? 'Loading...' : 'Show more suppliers'}
            </Button>
          ) : null}
        </div>
      )}

      <SupplierDetailDialog
        supplierId={openId}
        onOpenChange={(open) => {
          if (!open) setOpenId(null);
        }}
        onEdit={(supplier) => setForm({ supplier })}
        currency={currency}
        canOrder={canOrder}
        canChangeCosts={canChangeCosts}
      />
      <ImportSuppliersDialog open={importOpen} onOpenChange={setImportOpen} />
      <SupplierFormDialog
        open={form !== null}
        onOpenChange={(open) => {
          if (!open) setForm(null);
        }}
        supplier={form?.supplier ?? null}
        onSaved={(saved) => {
          if (!form?.supplier) setOpenId(saved.id);
        }}
      />
    </div>
  );
}
