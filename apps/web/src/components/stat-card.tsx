import { ArrowDownRightIcon, ArrowUpRightIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** One headline figure with its change against a comparison ("+12 % vs last Tuesday"). */
export function StatCard({
  label,
  value,
  change,
  comparisonText,
  hint,
}: {
  label: string;
  value: string;
  /** A fraction (0.12 = +12 %), or null when there is nothing to compare with. */
  change?: number | null | undefined;
  comparisonText?: string | undefined;
  hint?: string | undefined;
}) {
  const up = change !== null && change !== undefined && change >= 0;
  const Icon = up ? ArrowUpRightIcon : ArrowDownRightIcon;
  return (
    <div className="grid content-start gap-1 rounded-xl border bg-card p-4 shadow-sm">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-semibold tracking-tight tabular-nums">{value}</p>
      {change !== undefined || comparisonText ? (
        <p className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
          {change !== null && change !== undefined ? (
            <span className={cn('inline-flex items-center font-medium', up ? 'text-success' : 'text-destructive')}>
              <Icon aria-hidden="true" className="size-3.5" />
              {`${up ? '+' : '−'}${Math.abs(Math.round(change * 1000) / 10)} %`}
            </span>
          ) : null}
          {comparisonText ? <span>{comparisonText}</span> : null}
        </p>
      ) : null}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}
