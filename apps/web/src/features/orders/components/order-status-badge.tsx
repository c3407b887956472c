import { Badge } from '@/components/ui/badge';
import type { OrderStatus } from '../api/types';
import { orderStatusLabel } from '../utils/format';

const VARIANTS: Record<OrderStatus, 'success' | 'secondary' | 'outline' | 'warning' | 'destructive'> = {
  paid: 'success',
  parked: 'secondary',
  voided: 'outline',
  partially_refunded: 'warning',
  refunded: 'destructive',
};

export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <Badge variant={VARIANTS[status] ?? 'secondary'} className={className}>
      {orderStatusLabel(status)}
    </Badge>
  );
}
