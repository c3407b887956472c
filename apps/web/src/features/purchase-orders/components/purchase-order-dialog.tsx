import { canPurchaseOrder } from '@till/core';
import { BanIcon, PackageCheckIcon, PrinterIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { openPurchaseOrderPdf, useCancelPurchaseOrder, usePurchaseOrder, useSendPurchaseOrder } from '../api/purchase-orders';
import { ReceiveDialog } from './receive-dialog';
import { PurchaseOrderStatusBadge } from './status-badge';

/** One purchase order: its lines (ordered and received), receipts, and what may be done next. */
export function PurchaseOrderDialog({
  orderId,
  onOpenChange,
  canOrder,
  canReceive,
  timeZone,
}: {
  orderId: string | null;
  onOpenChange: (open: boolean) => void;
  canOrder: boolean;
  canReceive: boolean;
  timeZone: string;
}) {
  const detail = usePurchaseOrder(orderId);
  const send = useSendPurchaseOrder();
  const cancel = useCancelPurchaseOrder();
  const [receiving, setReceiving] = useState(false);
  const order = detail.data;
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  const money = (amount: number) => formatMoney(amount, order?.currency ?? 'USD', locale);
  const when = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));

  return (
    <Dialog open={orderId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {order ? `${order.label} · ${order.supplier.name}` : 'Purchase order'}
            {order ? <PurchaseOrderStatusBadge status={order.status} /> : null}
          </DialogTitle>
          <DialogDescription>
            {order?.expected_date ? `Expected ${order.expected_date}. ` : ''}
            {order?.sent_at ? `Sent ${when(order.sent_at)}.` : order?.status === 'draft' ? 'A draft: check the lines, then send it.' : ''}
          </DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading order...
          </p>
        ) : detail.isError ? (
          <ErrorAlert title="The order could not be loaded" error={detail.error} />
        ) : order ? (
          <div className="grid gap-6">
            <div className="flex flex-wrap gap-2">
              {canOrder && canPurchaseOrder(order.status, 'send') ? (
                <Button
                  disabled={send.isPending}
                  onClick={() =>
                    send.mutate(order.id, {
                      onSuccess: (sent) => toast.success(sent.supplier.email ? `${sent.label} sent to ${sent.supplier.email}` : `${sent.label} marked as sent; print it for the supplier`),
                      onError: (error) => toast.error(errorMessage(error)),
                    })
                  }
                >
                  <SendIcon aria-hidden="true" /> {send.isPending ? 'Sending...' : 'Send order'}
                </Button>
              ) : null}
              {canReceive && canPurchaseOrder(order.status, 'receive') ? (
                <Button onClick={() => setReceiving(true)}>
                  <PackageCheckIcon aria-hidden="true" /> Receive delivery
                </Button>
              ) : null}
              <Button variant="outline" onClick={() => void openPurchaseOrderPdf(order.id).catch((error: unknown) => toast.error(errorMessage(error)))}>
                <PrinterIcon aria-hidden="true" /> Print PDF
              </Button>
              {canOrder && canPurchaseOrder(order.status, 'cancel') ? (
                <Button
                  variant="outline"
                  disabled={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(order.id, { onSuccess: (cancelled) => toast.success(`${cancelled.label} cancelled`), onError: (error) => toast.error(errorMessage(error)) })
                  }
                >
                  <BanIcon aria-hidden="true" /> Cancel order
                </Button>
              ) : null}
            </div>
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Product</TableHead>
                  <TableHead className="text-right">Ordered</TableHead>
                  <TableHead className="text-right">Received</TableHead>
                  <TableHead className="hidden text-right sm:table-cell">Unit cost</TableHead>
                  <TableHead className="text-right">Total</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {order.lines.map((line) => {
                  const short = line.quantity_received < line.quantity_ordered && order.status !== 'draft' && order.status !== 'sent';
                  const over = line.quantity_received > line.quantity_ordered;
                  return (
                    <TableRow key={line.id}>
                      <TableCell>
                        <div className="font-medium">{line.product_name}</div>
                        {line.pack_size > 1 ? <div className="text-xs text-muted-foreground">{line.quantity_ordered / line.pack_size} packs of {line.pack_size}</div> : null}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{line.quantity_ordered}</TableCell>
                      <TableCell className={`text-right tabular-nums ${short || over ? 'font-semibold text-amber-800' : ''}`}>
                        {line.quantity_received}
                        {short ? <span className="sr-only"> (short)</span> : over ? <span className="sr-only"> (over-delivered)</span> : null}
                      </TableCell>
                      <TableCell className="hidden text-right tabular-nums sm:table-cell">{money(line.unit_cost)}</TableCell>
                      <TableCell className="text-right tabular-nums">{money(line.net)}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            <dl className="grid justify-end gap-1 text-sm">
              {order.tax > 0 ? (
                <>
                  <div className="flex justify-between gap-8">
                    <dt>Net</dt>
                    <dd className="tabular-nums">{money(order.net)}</dd>
                  </div>
                  <div className="flex justify-between gap-8">
                    <dt>Tax</dt>
                    <dd className="tabular-nums">{money(order.tax)}</dd>
                  </div>
                </>
              ) : null}
              <div className="flex justify-between gap-8 font-semibold">
                <dt>Order total</dt>
                <dd className="tabular-nums">{money(order.total)}</dd>
              </div>
            </dl>
            {order.notes ? <p className="text-sm whitespace-pre-line">Notes: {order.notes}</p> : null}
            {order.receipts.length > 0 ? (
              <section aria-labelledby="receipts-heading" className="grid gap-2">
                <h3 id="receipts-heading" className="font-semibold">
                  Deliveries
                </h3>
                <ul className="grid gap-2 text-sm">
                  {order.receipts.map((receipt) => (
                    <li key={receipt.id} className="rounded-lg border p-3">
                      <div className="font-medium">{when(receipt.received_at)}</div>
                      <ul className="text-muted-foreground">
                        {receipt.lines.map((line) => (
                          <li key={line.id}>
                            {line.quantity} × {line.product_name} at {money(line.unit_cost)}: average cost {line.cost_before === null ? 'set to' : `${money(line.cost_before)} →`} {money(line.cost_after)}
                            {line.batch_number ? ` · batch ${line.batch_number}` : ''}
                            {line.expiry_date ? ` · expires ${line.expiry_date}` : ''}
                          </li>
                        ))}
                      </ul>
                      {receipt.note ? <p className="mt-1 whitespace-pre-line">{receipt.note}</p> : null}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <ReceiveDialog order={order} open={receiving} onOpenChange={setReceiving} />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
