import { REPAIR_ORDER_STATUS_LABELS } from '@till/core';
import { Badge } from '@/components/ui/badge';
import type { RepairOrderStatus } from '../api/workshop';

const VARIANT: Record<RepairOrderStatus, 'default' | 'secondary' | 'outline' | 'success' | 'warning' | 'destructive'> = {
  estimate: 'outline',
  waiting_for_approval: 'warning',
  approved: 'success',
  in_progress: 'default',
  ready: 'success',
  invoiced: 'secondary',
  paid: 'secondary',
  declined: 'destructive',
};

export function StatusBadge({ status }: { status: RepairOrderStatus }) {
  return <Badge variant={VARIANT[status]}>{REPAIR_ORDER_STATUS_LABELS[status]}</Badge>;
}

export function ApprovalBadge({ approval }: { approval: 'pending' | 'approved' | 'declined' }) {
  if (approval === 'approved') return <Badge variant="success">Approved</Badge>;
  if (approval === 'declined') return <Badge variant="destructive">Declined</Badge>;
  return <Badge variant="outline">Awaiting answer</Badge>;
}

/** Green, yellow, red as words and colour (the colour is never the only sign). */
export const CONDITION_LABELS = { green: 'Good', yellow: 'Soon', red: 'Urgent' } as const;
export const CONDITION_CLASSES = {
  green: 'border-green-700 bg-green-50 text-green-900',
  yellow: 'border-amber-700 bg-amber-50 text-amber-900',
  red: 'border-red-700 bg-red-50 text-red-900',
} as const;
