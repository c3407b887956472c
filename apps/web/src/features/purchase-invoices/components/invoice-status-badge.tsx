import type { InvoicePaymentStatus } from '@till/core';
import { Badge } from '@/components/ui/badge';

const LABEL: Record<InvoicePaymentStatus, string> = { unpaid: 'Unpaid', partly_paid: 'Partly paid', paid: 'Paid' };

export function InvoiceStatusBadge({ status, daysOverdue }: { status: InvoicePaymentStatus; daysOverdue: number }) {
  if (status !== 'paid' && daysOverdue > 0) {
    return (
      <Badge variant="destructive">
        {LABEL[status]} · {daysOverdue} {daysOverdue === 1 ? 'day' : 'days'} overdue
      </Badge>
    );
  }
  return <Badge variant={status === 'paid' ? 'success' : status === 'partly_paid' ? 'warning' : 'secondary'}>{LABEL[status]}</Badge>;
}
