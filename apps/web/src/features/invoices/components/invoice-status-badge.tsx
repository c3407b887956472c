import { INVOICE_STATUS_LABELS, type InvoiceDisplayStatus } from '@till/core';
import { Badge } from '@/components/ui/badge';

const VARIANT: Record<InvoiceDisplayStatus, 'secondary' | 'outline' | 'success' | 'warning' | 'destructive' | 'default'> = {
  draft: 'outline',
  issued: 'secondary',
  sent: 'secondary',
  partly_paid: 'warning',
  paid: 'success',
  overdue: 'destructive',
  void: 'outline',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceDisplayStatus }) {
  return (
    <Badge variant={VARIANT[status]} className={status === 'void' ? 'line-through' : undefined}>
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
