import { cn } from '@/lib/utils';
import type { PosProduct } from '../api/types';
import { money } from '../lib/format';

function stockNote(product: PosProduct): { text: string; tone: 'muted' | 'warning' } | null {
  if (!product.track_stock) return null;
  if (product.stock_quantity <= 0) return { text: 'Out of stock', tone: 'warning' };
  if (product.low_stock) return { text: `${product.stock_quantity} left`, tone: 'warning' };
  return null;
}

/** One product on the grid: a big tap target with its name and price; a tap adds one to the sale. */
export function ProductTile({ product, currency, onAdd }: { product: PosProduct; currency: string; onAdd: (product: PosProduct) => void }) {
  const stock = stockNote(product);
  const color = product.category?.color ?? null;
  return (
    <button
      type="button"
      onClick={() => onAdd(product)}
      className={cn(
        'relative flex min-h-24 flex-col justify-between gap-2 overflow-hidden rounded-lg border bg-card p-3 text-left shadow-xs outline-none',
        'transition-[background-color,transform] hover:bg-accent active:scale-[0.98] focus-visible:ring-[3px] focus-visible:ring-ring/50',
      )}
    >
      {color ? <span aria-hidden="true" className="absolute inset-x-0 top-0 h-1" style={{ backgroundColor: color }} /> : null}
      <span className="line-clamp-3 text-sm leading-snug font-medium break-words">{product.name}</span>
      <span className="flex items-end justify-between gap-2">
        {stock ? (
          <span className={cn('text-xs', stock.tone === 'warning' ? 'font-medium text-amber-800' : 'text-muted-foreground')}>{stock.text}</span>
        ) : (
          <span />
        )}
        <span className="text-right text-base font-semibold tabular-nums">{money(product.price, currency)}</span>
      </span>
    </button>
  );
}
