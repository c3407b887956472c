import type { Discount } from '@till/core';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Kbd } from '@/components/ui/kbd';
import { Label } from '@/components/ui/label';
import { discountText, money, parseDiscount } from '../lib/format';
import type { ShortcutHint } from '../lib/shortcuts';
import { DiscountFields, type DiscountDraft } from './discount-fields';

/** A discount on the whole sale, shared across its lines in proportion. */
export function OrderDiscountDialogContent({
  discount,
  currency,
  onApply,
}: {
  discount: Discount | null;
  currency: string;
  onApply: (discount: Discount | null) => void;
}) {
  const [draft, setDraft] = useState<DiscountDraft>(() => discountText(discount, currency));
  const parsed = parseDiscount(draft.kind, draft.text, currency);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed !== undefined) onApply(parsed);
  };
  return (
    <DialogContent className="max-w-md">
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <DialogHeader>
          <DialogTitle>Discount on the sale</DialogTitle>
          <DialogDescription>Comes off after any line discounts, shared across the lines.</DialogDescription>
        </DialogHeader>
        <DiscountFields label="Sale discount" value={draft} onChange={setDraft} currency={currency} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={parsed === undefined}>
            Apply
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

/** A note on the whole sale (printed on the receipt by the receipts feature). */
export function SaleNoteDialogContent({ note, onSave }: { note: string; onSave: (note: string) => void }) {
  const id = useId();
  const [text, setText] = useState(note);
  return (
    <DialogContent className="max-w-md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave(text.trim());
        }}
        className="grid gap-4"
      >
        <DialogHeader>
          <DialogTitle>Note on the sale</DialogTitle>
        </DialogHeader>
        <Label htmlFor={`${id}-note`} className="sr-only">
          Note
        </Label>
        <textarea
          id={`${id}-note`}
          autoFocus
          maxLength={1000}
          rows={4}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm"
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit">Save note</Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

/** "Clear this sale?": a cart is work; throwing it away takes a second tap. */
export function ClearSaleDialogContent({ resumed, onClear }: { resumed: boolean; onClear: () => void }) {
  return (
    <DialogContent className="max-w-sm">
      <DialogHeader>
        <DialogTitle>Clear this sale?</DialogTitle>
        <DialogDescription>
          {resumed ? 'The items leave this till; the parked sale stays parked.' : 'Every item, discount and the customer are removed.'}
        </DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" autoFocus>
            Keep it
          </Button>
        </DialogClose>
        <Button variant="destructive" onClick={onClear}>
          Clear sale
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

export function ShortcutsDialogContent({ hints }: { hints: ShortcutHint[] }) {
  return (
    <DialogContent className="max-w-md">
      <DialogHeader>
        <DialogTitle>Keyboard shortcuts</DialogTitle>
        <DialogDescription>A barcode scanner works whatever has focus.</DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        {hints.map((hint) => (
          <div key={hint.label} className="contents">
            <dt className="flex gap-1">
              {hint.keys.map((key) => (
                <Kbd key={key} className="h-6 min-w-7 text-xs">
                  {key}
                </Kbd>
              ))}
            </dt>
            <dd>{hint.label}</dd>
          </div>
        ))}
      </dl>
    </DialogContent>
  );
}

/** The customer picker of the customers feature, given to the page by the route. */
export function CustomerDialogContent({
  attached,
  onRemove,
  children,
}: {
  attached: { name: string } | null;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <DialogContent className="max-w-lg content-start">
      <DialogHeader>
        <DialogTitle>Customer</DialogTitle>
        <DialogDescription>
          {attached ? `${attached.name} is on this sale. Pick another to change it.` : 'Find the customer, or add them from what you type.'}
        </DialogDescription>
      </DialogHeader>
      {attached ? (
        <Button variant="outline" className="justify-self-start" onClick={onRemove}>
          Remove {attached.name}
        </Button>
      ) : null}
      {children}
    </DialogContent>
  );
}

/** Shown once a payment has gone through: the change, big, and what next. */
export function SaleCompleteDialogContent({
  orderNumber,
  total,
  change,
  methods,
  currency,
  receiptHref,
  onNewSale,
  children,
}: {
  orderNumber: number | null;
  total: number;
  change: number;
  methods: string;
  currency: string;
  receiptHref: string;
  onNewSale: () => void;
  /** More about the sale: the gift cards it sold, the points it earned (decision 066). */
  children?: ReactNode;
}) {
  return (
    <DialogContent className="max-w-md" showClose={false} onEscapeKeyDown={onNewSale} onInteractOutside={(event) => event.preventDefault()}>
      <DialogHeader>
        <DialogTitle>Sale complete</DialogTitle>
        <DialogDescription>
          {orderNumber !== null ? `Order #${orderNumber}` : 'Order recorded'} · {money(total, currency)} paid by {methods}
        </DialogDescription>
      </DialogHeader>
      <div className="grid justify-items-center gap-1 rounded-xl bg-muted px-4 py-6 text-center" role="status">
        <p className="text-sm font-medium text-muted-foreground">{change > 0 ? 'Change due' : 'No change due'}</p>
        <p className="text-5xl font-bold tabular-nums" data-testid="change-due">
          {money(change, currency)}
        </p>
      </div>
      {children}
      <DialogFooter className="gap-2">
        <Button variant="outline" size="lg" asChild>
          <Link to={receiptHref}>Print receipt</Link>
        </Button>
        <Button size="lg" autoFocus onClick={onNewSale}>
          New sale <Kbd>Enter</Kbd>
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
