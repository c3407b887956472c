import { PlusIcon, SparklesIcon } from 'lucide-react';
import type { Dispatch } from 'react';
import { Button } from '@/components/ui/button';
import { useOftenBoughtWith } from '../api/get-often-bought-with';
import type { CartAction } from '../lib/cart';
import { money } from '../lib/format';

/**
 * "Often bought with" for the current cart (issue 15 item 4): up to three products, one tap
 * adds one. Loaded on demand (React.lazy from the cart panel) so the till's bundle does not grow;
 * nothing shows while it loads, when there is no hint, or when the hint cannot be had.
 */
export function OftenBoughtWithChips({ productIds, currency, dispatch }: { productIds: string[]; currency: string; dispatch: Dispatch<CartAction> }) {
  const hints = useOftenBoughtWith(productIds);
  const inCart = new Set(productIds);
  const suggestions = (hints.data ?? []).filter((hint) => !inCart.has(hint.product_id));
  if (suggestions.length === 0) return null;
  return (
    <section aria-label="Often bought with" className="flex items-center gap-2 overflow-x-auto border-t px-3 py-1.5">
      <SparklesIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span className="shrink-0 text-xs text-muted-foreground">Often bought with</span>
      {suggestions.map((hint) => (
        <Button
          key={hint.product_id}
          type="button"
          variant="outline"
          className="shrink-0 rounded-full"
          aria-label={`Add ${hint.name}, ${money(hint.price, currency)}`}
          onClick={() =>
            dispatch({ type: 'add', lineId: crypto.randomUUID(), product: { id: hint.product_id, name: hint.name, price: hint.price, taxRateBasisPoints: hint.tax_rate_basis_points } })
          }
        >
          <PlusIcon aria-hidden="true" />
          {hint.name}
        </Button>
      ))}
    </section>
  );
}
