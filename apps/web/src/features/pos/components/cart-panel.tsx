import {
  ArrowLeftIcon,
  BadgePercentIcon,
  CircleAlertIcon,
  GiftIcon,
  PauseIcon,
  ScanBarcodeIcon,
  StickyNoteIcon,
  UserIcon,
  UserPlusIcon,
  XIcon,
} from 'lucide-react';
import { lazy, Suspense, type Dispatch } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Kbd } from '@/components/ui/kbd';
import { giftCardsTotal, isCartEmpty, itemCount, type CartAction, type CartState, type CartTotals } from '../lib/cart';
import { discountLabel, money } from '../lib/format';
import type { PosAccess } from '../lib/pos-access';
import { CartLineRow } from './cart-line-row';

// The till's bundle has a budget (e2e/insight.spec.ts): the hint and its query load on demand.
const OftenBoughtWithChips = lazy(() => import('./often-bought-with').then((module) => ({ default: module.OftenBoughtWithChips })));
// Decision 066: the customer's points load only with loyalty_program on and a customer on the sale.
const CustomerPoints = lazy(() => import('./customer-points').then((module) => ({ default: module.CustomerPoints })));

interface CartPanelProps {
  cart: CartState;
  totals: CartTotals;
  dispatch: Dispatch<CartAction>;
  currency: string;
  pricesIncludeTax: boolean;
  access: PosAccess;
  /** A customer picker was given to the page (customer_management on). */
  customersAvailable: boolean;
  /** loyalty_program is on: the attached customer's points show (decision 064). */
  loyalty: boolean;
  /** The last payment may have reached the server without an answer. */
  uncertainSale: boolean;
  parking: boolean;
  onPay: () => void;
  onPark: () => void;
  onEditLine: (lineId: string) => void;
  onOrderDiscount: () => void;
  onNote: () => void;
  onCustomer: () => void;
  onClear: () => void;
  /** On a phone the cart is its own view: back to the products. */
  onBack?: () => void;
}

/** The current sale: its lines, totals that never scroll away, and the pay button. */
export function CartPanel(props: CartPanelProps) {
  const { cart, totals, dispatch, currency, access } = props;
  const count = itemCount(cart);
  const empty = isCartEmpty(cart);
  const { priced } = totals;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex min-h-15 items-center gap-2 border-b px-3 py-2">
        {props.onBack ? (
          <Button variant="ghost" size="icon" className="@2xl:hidden" aria-label="Back to products" onClick={props.onBack}>
            <ArrowLeftIcon aria-hidden="true" />
          </Button>
        ) : null}
        <h2 className="min-w-0 flex-1 truncate font-semibold">
          {cart.parkedOrderId ? 'Resumed sale' : 'Current sale'}
          <span className="ml-2 text-sm font-normal text-muted-foreground tabular-nums">
            {count} {count === 1 ? 'item' : 'items'}
          </span>
        </h2>
        {!empty || cart.parkedOrderId ? (
          <Button variant="ghost" className="px-3 text-muted-foreground" onClick={props.onClear}>
            <XIcon aria-hidden="true" />
            Clear
          </Button>
        ) : null}
      </div>

      {props.customersAvailable ? (
        <div className="flex items-center gap-1 border-b px-3 py-1">
          {cart.customer ? (
            <>
              <Button variant="ghost" className="min-w-0 flex-1 justify-start px-2" onClick={props.onCustomer}>
                <UserIcon aria-hidden="true" />
                <span className="truncate">{cart.customer.name}</span>
              </Button>
              <Button variant="ghost" size="icon" aria-label={`Remove customer ${cart.customer.name}`} onClick={() => dispatch({ type: 'setCustomer', customer: null })}>
                <XIcon aria-hidden="true" />
              </Button>
            </>
          ) : (
            <Button variant="ghost" className="flex-1 justify-start px-2 text-muted-foreground" onClick={props.onCustomer}>
              <UserPlusIcon aria-hidden="true" />
              Add customer
              <Kbd className="ml-auto hidden @2xl:inline-flex">F4</Kbd>
            </Button>
          )}
        </div>
      ) : null}

      {props.customersAvailable && props.loyalty && cart.customer ? (
        <Suspense fallback={null}>
          <div className="border-b">
            <CustomerPoints customerId={cart.customer.id} currency={currency} total={totals.total} giftCardsSold={giftCardsTotal(cart)} />
          </div>
        </Suspense>
      ) : null}

      {props.uncertainSale ? (
        <Alert variant="destructive" role="alert" className="rounded-none border-x-0 border-t-0">
          <CircleAlertIcon aria-hidden="true" />
          <AlertDescription>The last payment was not confirmed by the server. Pay again without changing the sale to retry it safely, or check Orders before charging again.</AlertDescription>
        </Alert>
      ) : null}

      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {empty ? (
          <div className="grid h-full content-center justify-items-center gap-3 p-6 text-center">
            <ScanBarcodeIcon aria-hidden="true" className="size-10 text-muted-foreground" />
            <p className="font-medium">Scan a barcode or tap a product to start a sale.</p>
            <p className="text-sm text-muted-foreground">
              Search by name with <Kbd className="align-middle">F2</Kbd>; parked sales are under Parked.
            </p>
          </div>
        ) : (
          <ul aria-label="Items in this sale">
            {cart.lines.map((line, index) => (
              <CartLineRow
                key={line.id}
                line={line}
                priced={priced.lines[index]}
                promotion={totals.promotions[index]}
                currency={currency}
                selected={line.id === cart.selectedLineId}
                dispatch={dispatch}
                onEdit={props.onEditLine}
              />
            ))}
            {cart.giftCards.map((card) => (
              <li key={card.id} className="flex items-center gap-2 border-b py-2 pr-1 pl-3" aria-label={`Gift card ending ${card.code.slice(-4)}`}>
                <GiftIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">Gift card •••• {card.code.slice(-4)}</span>
                  <span className="block text-xs text-muted-foreground">No tax · no discount</span>
                </span>
                <span className="font-medium tabular-nums">{money(card.amount, currency)}</span>
                <Button variant="ghost" size="icon" aria-label={`Remove gift card ending ${card.code.slice(-4)}`} onClick={() => dispatch({ type: 'removeGiftCard', id: card.id })}>
                  <XIcon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>

      {cart.lines.length === 0 ? null : (
        <Suspense fallback={null}>
          <OftenBoughtWithChips productIds={cart.lines.map((line) => line.productId)} currency={currency} dispatch={dispatch} />
        </Suspense>
      )}

      <div className="grid gap-2 border-t bg-muted/40 px-3 pt-2 pb-3">
        {cart.note.trim() ? <p className="truncate text-xs text-muted-foreground italic">Note: {cart.note.trim()}</p> : null}
        <dl aria-label="Totals" className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-sm">
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd className="text-right tabular-nums">{money(totals.itemsTotal, currency)}</dd>
          {priced.discountTotal > 0 ? (
            <>
              <dt className="text-muted-foreground">
                Discounts{cart.orderDiscount ? ` (sale ${discountLabel(cart.orderDiscount, currency)})` : ''}
              </dt>
              <dd className="text-right tabular-nums">−{money(priced.discountTotal, currency)}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">{props.pricesIncludeTax ? 'Tax (included)' : 'Tax'}</dt>
          <dd className="text-right tabular-nums">{money(priced.taxTotal, currency)}</dd>
          <dt className="self-end text-base font-semibold">Total</dt>
          <dd className="text-right text-2xl font-bold tabular-nums" data-testid="cart-total">
            {money(totals.total, currency)}
          </dd>
        </dl>
        {totals.serverAdjusted ? <p className="text-xs text-muted-foreground">Total as the server prices it now; the receipt shows the details.</p> : null}

        <div className="flex gap-1">
          {access.canDiscount ? (
            <Button variant="outline" className="flex-1 px-2" disabled={empty} onClick={props.onOrderDiscount}>
              <BadgePercentIcon aria-hidden="true" />
              Discount
            </Button>
          ) : null}
          <Button variant="outline" className="flex-1 px-2" disabled={empty} onClick={props.onNote}>
            <StickyNoteIcon aria-hidden="true" />
            Note
          </Button>
          <Button variant="outline" className="flex-1 px-2" disabled={empty || props.parking} onClick={props.onPark}>
            <PauseIcon aria-hidden="true" />
            {props.parking ? 'Parking...' : 'Park'}
            <Kbd className="hidden @4xl:inline-flex">F8</Kbd>
          </Button>
        </div>
        <Button size="lg" className="min-h-14 w-full justify-between text-lg" disabled={empty} onClick={props.onPay}>
          <span className="flex items-center gap-2">
            Pay <Kbd className="hidden @2xl:inline-flex">F9</Kbd>
          </span>
          <span className="tabular-nums">{money(totals.total, currency)}</span>
        </Button>
      </div>
    </div>
  );
}
