import { PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderStatus } from '@till/core';
import { Badge } from '@/components/ui/badge';

const VARIANT: Record<PurchaseOrderStatus, 'secondary' | 'outline' | 'success' | 'warning'> = {
  draft: 'outline',
  sent: 'secondary',
  partly_received: 'warning',
  received: 'success',
  cancelled: 'outline',
};

export function PurchaseOrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return (
    <Badge variant={VARIANT[status]} className={status === 'cancelled' ? 'text-muted-foreground' : undefined}>
      {PURCHASE_ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
