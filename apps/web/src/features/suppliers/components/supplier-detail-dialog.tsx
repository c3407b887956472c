import { ArchiveIcon, ArchiveRestoreIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { useRemoveSupplierProduct, useSupplier, useUpdateSupplier, type Supplier, type SupplierProduct } from '../api/suppliers';
import { SupplierProductForm } from './supplier-product-form';

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words whitespace-pre-line">{value ?? '—'}</dd>
    </div>
  );
}

/** A supplier: details, archive or restore, and the products it supplies. */
export function SupplierDetailDialog({
  supplierId,
  onOpenChange,
  onEdit,
  currency,
  canOrder,
  canChangeCosts,
}: {
  supplierId: string | null;
  onOpenChange: (open: boolean) => void;
  onEdit: (supplier: Supplier) => void;
  currency: string;
  canOrder: boolean;
  canChangeCosts: boolean;
}) {
  const detail = useSupplier(supplierId);
  const update = useUpdateSupplier();
  const remove = useRemoveSupplierProduct(supplierId ?? '');
  const [form, setForm] = useState<{ editing: SupplierProduct | null } | null>(null);
  const supplier = detail.data?.supplier;
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  const money = (amount: number | null) => (amount === null ? '—' : formatMoney(amount, currency, locale));

  const setActive = (isActive: boolean) => {
    if (!supplier) return;
    update.mutate(
      { id: supplier.id, changes: { is_active: isActive } },
      {
        onSuccess: () => toast.success(isActive ? `${supplier.name} restored` : `${supplier.name} archived`),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <Dialog
      open={supplierId !== null}
      onOpenChange={(open) => {
        if (!open) setForm(null);
        onOpenChange(open);
      }}
    >
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {supplier?.name ?? 'Supplier'}
            {supplier && !supplier.is_active ? <Badge variant="outline">Archived</Badge> : null}
          </DialogTitle>
          <DialogDescription>Contact details, terms and the products this supplier supplies.</DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading supplier...
          </p>
        ) : detail.isError ? (
          <ErrorAlert title="The supplier could not be loaded" error={detail.error} />
        ) : supplier ? (
          <div className="grid gap-6">
            {canOrder ? (
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => onEdit(supplier)}>
                  <PencilIcon aria-hidden="true" /> Edit details
                </Button>
                {supplier.is_active ? (
                  <Button variant="outline" onClick={() => setActive(false)} disabled={update.isPending}>
                    <ArchiveIcon aria-hidden="true" /> Archive
                  </Button>
                ) : (
                  <Button variant="outline" onClick={() => setActive(true)} disabled={update.isPending}>
                    <ArchiveRestoreIcon aria-hidden="true" /> Restore
                  </Button>
                )}
              </div>
            ) : null}
            <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
              <Detail label="Contact person" value={supplier.contact_name} />
              <Detail label="Email" value={supplier.email} />
              <Detail label="Phone" value={supplier.phone} />
              <Detail label="Address" value={supplier.address} />
              <Detail label="Tax number" value={supplier.tax_number} />
              <Detail label="Payment terms" value={`${supplier.payment_terms_days} days`} />
              <Detail label="Lead time" value={supplier.lead_time_days === null ? null : `${supplier.lead_time_days} days`} />
              <Detail label="Currency note" value={supplier.currency_note} />
              <Detail label="Notes" value={supplier.notes} />
            </dl>
            <section aria-labelledby="supplier-products-heading" className="grid gap-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 id="supplier-products-heading" className="font-semibold">
                  Products supplied
                </h3>
                {canOrder && !form ? (
                  <Button onClick={() => setForm({ editing: null })}>
                    <PlusIcon aria-hidden="true" /> Add product
                  </Button>
                ) : null}
              </div>
              {form ? (
                <SupplierProductForm
                  key={form.editing?.product_id ?? 'new'}
                  supplierId={supplier.id}
                  currency={currency}
                  editing={form.editing}
                  canChangeCosts={canChangeCosts}
                  onDone={() => setForm(null)}
                />
              ) : null}
              {detail.data.products.length === 0 ? (
                <p className="text-sm text-muted-foreground">No products yet. Add the products you buy from {supplier.name} to reorder them in one step.</p>
              ) : (
                <Table>
                  <TableHeader>
                    <TableRow className="hover:bg-transparent">
                      <TableHead>Product</TableHead>
                      <TableHead className="hidden sm:table-cell">Code</TableHead>
                      <TableHead className="hidden text-right sm:table-cell">Pack</TableHead>
                      <TableHead className="text-right">Last cost</TableHead>
                      <TableHead className="text-right">Stock</TableHead>
                      <TableHead className="hidden text-right md:table-cell">Reorder at</TableHead>
                      <TableHead className="hidden text-right md:table-cell">Reorder qty</TableHead>
                      {canOrder ? (
                        <TableHead className="w-24 px-0">
                          <span className="sr-only">Actions</span>
                        </TableHead>
                      ) : null}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {detail.data.products.map((row) => (
                      <TableRow key={row.product_id}>
                        <TableCell className="font-medium">{row.name}</TableCell>
                        <TableCell className="hidden font-mono text-xs sm:table-cell">{row.supplier_code ?? '—'}</TableCell>
                        <TableCell className="hidden text-right tabular-nums sm:table-cell">{row.pack_size}</TableCell>
                        <TableCell className="text-right tabular-nums">{money(row.last_cost)}</TableCell>
                        <TableCell className="text-right tabular-nums">{row.track_stock ? row.stock_quantity : '—'}</TableCell>
                        <TableCell className="hidden text-right tabular-nums md:table-cell">{row.reorder_point ?? row.low_stock_threshold ?? '—'}</TableCell>
                        <TableCell className="hidden text-right tabular-nums md:table-cell">{row.reorder_quantity ?? '—'}</TableCell>
                        {canOrder ? (
                          <TableCell>
                            <div className="flex justify-end">
                              <Button variant="ghost" size="icon" aria-label={`Edit ${row.name}`} onClick={() => setForm({ editing: row })}>
                                <PencilIcon aria-hidden="true" />
                              </Button>
                              <Button
                                variant="ghost"
                                size="icon"
                                aria-label={`Remove ${row.name}`}
                                disabled={remove.isPending}
                                onClick={() => remove.mutate(row.product_id, { onError: (error) => toast.error(errorMessage(error)) })}
                              >
                                <Trash2Icon aria-hidden="true" />
                              </Button>
                            </div>
                          </TableCell>
                        ) : null}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </section>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
