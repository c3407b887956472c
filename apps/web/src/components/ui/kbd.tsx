import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A key on the keyboard, as a shortcut hint next to the action it triggers. */
export function Kbd({ className, ...props }: ComponentProps<'kbd'>) {
  return (
    <kbd
      data-slot="kbd"
      className={cn(
        'pointer-events-none inline-flex h-5 min-w-5 items-center justify-center rounded border border-current/25 px-1 font-sans text-[0.7rem] font-medium select-none',
        className,
      )}
      {...props}
    />
  );
}
