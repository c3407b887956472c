import { cn } from '@/lib/utils';

/** The product's picture, or its first letter on its category's colour. */
export function ProductThumbnail({ name, imageUrl, color, className }: { name: string; imageUrl: string | null; color?: string | null; className?: string }) {
  if (imageUrl) {
    return <img src={imageUrl} alt="" loading="lazy" className={cn('size-10 shrink-0 rounded-md border object-cover', className)} />;
  }
  return (
    <span
      aria-hidden="true"
      className={cn('flex size-10 shrink-0 items-center justify-center rounded-md border bg-muted text-sm font-semibold text-muted-foreground', className)}
      style={color ? { backgroundColor: `${color}26`, borderColor: `${color}66`, color } : undefined}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
