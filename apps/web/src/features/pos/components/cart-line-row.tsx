import type { AppliedPromotion, PricedLine } from '@till/core';
import { MinusIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useRef, type Dispatch } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { effectivePrice, MAX_QUANTITY, type CartAction, type CartLine } from '../lib/cart';
import { discountLabel, money } from '../lib/format';

interface CartLineRowProps {
  line: CartLine;
  priced: PricedLine | undefined;
  /** The promotion the line takes (decision 050). */
  promotion?: AppliedPromotion | null | undefined;
  currency: string;
  selected: boolean;
  dispatch: Dispatch<CartAction>;
  onEdit: (lineId: string) => void;
}

/**
 * A line of the sale: name and total, then unit price × quantity beside − and + (at one, − takes
 * the line off, as on most tills) and Edit for the rest. A tap anywhere selects it for + and −
 * on the keyboard.
 */
export function CartLineRow({ line, priced, promotion, currency, selected, dispatch, onEdit }: CartLineRowProps) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  const afterLineDiscount = priced ? priced.gross - priced.lineDiscount : effectivePrice(line) * line.quantity;
  const details = [
    `${line.quantity} × ${money(effectivePrice(line), currency)}`,
    line.priceOverride !== null && line.priceOverride !== line.catalogPrice ? `was ${money(line.catalogPrice, currency)}` : null,
    line.discount ? discountLabel(line.discount, currency) : null,
  ].filter(Boolean);
  const last = line.quantity <= 1;

  return (
    <li
      ref={ref}
      aria-current={selected ? 'true' : undefined}
      onClick={() => dispatch({ type: 'select', lineId: line.id })}
      className={cn('grid gap-0.5 border-b py-1.5 pr-2 pl-3 last:border-b-0', selected ? 'bg-accent' : 'bg-background')}
    >
      <div className="flex items-baseline gap-2">
        <p className="min-w-0 flex-1 leading-snug font-medium break-words">{line.name}</p>
        <p className="text-right font-semibold tabular-nums">
          {priced && priced.lineDiscount > 0 ? (
            <span className="mr-1.5 text-xs font-normal text-muted-foreground line-through">{money(priced.gross, currency)}</span>
          ) : null}
          {money(afterLineDiscount, currency)}
        </p>
      </div>
      <div className="flex items-center gap-1">
        <div className="min-w-0 flex-1 text-xs text-muted-foreground tabular-nums">
          {line.modifiers?.length ? (
            <p data-testid="line-modifiers" className="font-medium break-words text-foreground">
              {line.modifiers
                .map((modifier) => `+ ${modifier.name}${modifier.priceDelta !== 0 ? ` (${modifier.priceDelta > 0 ? '+' : '−'}${money(Math.abs(modifier.priceDelta), currency)})` : ''}`)
                .join(' · ')}
            </p>
          ) : null}
          <p className="truncate">{details.join(' · ')}</p>
          {promotion ? (
            <p data-testid="line-promotion" className="truncate font-medium text-emerald-700 dark:text-emerald-400">
              {promotion.name}: −{money(promotion.amount, currency)}
            </p>
          ) : null}
          {line.lotNumber ? <p className="truncate">Lot {line.lotNumber}</p> : null}
          {line.note.trim() ? <p className="truncate italic">“{line.note.trim()}”</p> : null}
        </div>
        <Button
          variant="outline"
          size="icon"
          aria-label={last ? `Remove ${line.name}` : `One fewer ${line.name}`}
          onClick={() => dispatch(last ? { type: 'remove', lineId: line.id } : { type: 'decrement', lineId: line.id })}
        >
          {last ? <Trash2Icon aria-hidden="true" /> : <MinusIcon aria-hidden="true" />}
        </Button>
        <Button
          variant="ghost"
          className="min-w-11 px-1 text-base font-semibold tabular-nums"
          aria-label={`Quantity of ${line.name}: ${line.quantity}. Change`}
          onClick={() => onEdit(line.id)}
        >
          {line.quantity}
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={`One more ${line.name}`}
          disabled={line.quantity >= MAX_QUANTITY}
          onClick={() => dispatch({ type: 'increment', lineId: line.id })}
        >
          <PlusIcon aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Edit ${line.name}`} onClick={() => onEdit(line.id)}>
          <PencilIcon aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
