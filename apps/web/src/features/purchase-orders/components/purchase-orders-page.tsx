import { PURCHASE_ORDER_STATUS_LABELS, PURCHASE_ORDER_STATUS_VALUES, type PurchaseOrderStatus } from '@till/core';
import { ClipboardListIcon, PlusIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { useCatalogueAccess } from '@/lib/catalogue-access';
import { useMe } from '@/lib/me';
import { formatMoney } from '@/lib/money';
import { usePurchasingAccess } from '@/lib/purchasing-access';
import { usePurchaseOrders, useReorder } from '../api/purchase-orders';
import { NewOrderDialog } from './new-order-dialog';
import { PurchaseOrderDialog } from './purchase-order-dialog';
import { PurchaseOrderStatusBadge } from './status-badge';

/** /purchase-orders: orders to suppliers from draft to received; Reorder drafts what runs low (SPEC §2, purchase_orders). */
export function PurchaseOrdersPage() {
  const me = useMe().data;
  const currency = me?.business?.currency ?? 'USD';
  const timeZone = me?.business?.time_zone ?? 'UTC';
  const { canOrder } = usePurchasingAccess();
  const canReceive = useCatalogueAccess().canAdjustStock;
  const [status, setStatus] = useState<PurchaseOrderStatus | null>(null);
  const list = usePurchaseOrders(status);
  const orders = list.data?.pages.flatMap((page) => page.purchase_orders) ?? [];
  const reorder = useReorder();
  const [openId, setOpenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;

  const runReorder = () =>
    reorder.mutate(undefined, {
      onSuccess: (result) => {
        const missing = result.without_supplier.length > 0 ? ` No supplier for ${result.without_supplier.map((row) => row.name).join(', ')}.` : '';
        if (result.purchase_orders.length === 0) toast.info(`Nothing to reorder: no product is at or below its reorder point without an open order.${missing}`);
        else toast.success(`Drafted ${result.purchase_orders.map((order) => order.label).join(', ')}.${missing}`);
        if (result.purchase_orders.length === 1) setOpenId(result.purchase_orders[0]!.id);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Purchase Orders"
        description="Order from your suppliers, send the order, and receive what arrives into stock."
        actions={
          canOrder ? (
            <>
              <Button variant="outline" onClick={runReorder} disabled={reorder.isPending}>
                <RefreshCwIcon aria-hidden="true" />
                {reorder.isPending ? 'Reordering...' : 'Reorder'}
              </Button>
              <Button onClick={() => setCreating(true)}>
                <PlusIcon aria-hidden="true" />
                New order
              </Button>
            </>
          ) : null
        }
      />
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor="purchase-orders-status">Status</Label>
        <select
          id="purchase-orders-status"
          value={status ?? ''}
          onChange={(event) => setStatus((event.target.value || null) as PurchaseOrderStatus | null)}
          className="h-11 rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm"
        >
          <option value="">All orders</option>
          {PURCHASE_ORDER_STATUS_VALUES.map((value) => (
            <option key={value} value={value}>
              {PURCHASE_ORDER_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      {list.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading purchase orders...
        </p>
      ) : list.isError ? (
        <ErrorAlert title="The purchase orders could not be loaded" error={list.error} className="max-w-lg" />
      ) : orders.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
          <ClipboardListIcon aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="text-lg font-semibold">{status ? `No ${PURCHASE_ORDER_STATUS_LABELS[status].toLowerCase()} orders` : 'No purchase orders yet'}</h2>
          <p className="max-w-md text-muted-foreground">
            Reorder drafts an order per supplier for every product at or below its reorder point (set on the Suppliers page), or start one yourself.
          </p>
        </div>
      ) : (
        <div className="grid gap-3">
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Order</TableHead>
                <TableHead>Supplier</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="hidden md:table-cell">Expected</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Lines</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Net</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {orders.map((order) => (
                <TableRow key={order.id}>
                  <TableCell>
                    <button
                      type="button"
                      onClick={() => setOpenId(order.id)}
                      className="min-h-11 font-medium whitespace-nowrap underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:min-h-0"
                    >
                      {order.label}
                    </button>
                  </TableCell>
                  <TableCell className="break-words">{order.supplier.name}</TableCell>
                  <TableCell>
                    <PurchaseOrderStatusBadge status={order.status} />
                  </TableCell>
                  <TableCell className="hidden md:table-cell">{order.expected_date ?? '—'}</TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">{order.line_count}</TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">{formatMoney(order.net, order.currency, locale)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.hasNextPage ? (
            <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} className="justify-self-start">
              {list.isFetchingNextPage ? 'Loading...' : 'Show more orders'}
            </Button>
          ) : null}
        </div>
      )}
      <PurchaseOrderDialog
        orderId={openId}
        onOpenChange={(open) => {
          if (!open) setOpenId(null);
        }}
        canOrder={canOrder}
        canReceive={canReceive}
        timeZone={timeZone}
      />
      <NewOrderDialog open={creating} onOpenChange={setCreating} currency={currency} onCreated={(order) => setOpenId(order.id)} />
    </div>
  );
}
