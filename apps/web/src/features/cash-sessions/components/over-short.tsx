import { Badge } from '@/components/ui/badge';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';

/** "+1.00 over", "−1.00 short" or "Balanced". */
export function OverShort({ difference, currency }: { difference: number | null; currency: string }) {
  if (difference === null) return <span className="text-muted-foreground">—</span>;
  if (difference === 0) return <Badge variant="secondary">Balanced</Badge>;
  return (
    <span className={cn('font-medium tabular-nums', difference < 0 ? 'text-destructive' : 'text-amber-700 dark:text-amber-400')}>
      {formatMoney(Math.abs(difference), currency)} {difference < 0 ? 'short' : 'over'}
    </span>
  );
}
