import { Badge } from '@/components/ui/badge';
import type { Product } from '../api/types';

const quantity = new Intl.NumberFormat();

/** Stock on hand with a warning when it is low or gone; untracked products show a dash. */
export function StockCell({ product }: { product: Product }) {
  if (!product.track_stock) {
    return (
      <span className="text-muted-foreground" title="Stock is not tracked for this product">
        —<span className="sr-only">Not tracked</span>
      </span>
    );
  }
  return (
    <span className="inline-flex items-center justify-end gap-2 whitespace-nowrap">
      {product.stock_quantity <= 0 ? (
        <Badge variant="destructive">Out of stock</Badge>
      ) : product.low_stock ? (
        <Badge variant="warning">Low</Badge>
      ) : null}
      <span className="tabular-nums">{quantity.format(product.stock_quantity)}</span>
    </span>
  );
}
