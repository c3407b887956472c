import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A progress bar; without a value it shows work of unknown length. */
export function Progress({ className, value, label, ...props }: ComponentProps<'div'> & { value: number | null; label: string }) {
  const clamped = value === null ? null : Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped === null ? undefined : Math.round(clamped)}
      data-slot="progress"
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      {clamped === null ? (
        <div className="absolute inset-y-0 left-0 w-1/3 animate-pulse rounded-full bg-primary/70" />
      ) : (
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${clamped}%` }} />
      )}
    </div>
  );
}
