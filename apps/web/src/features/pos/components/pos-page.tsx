import { useQueryClient } from '@tanstack/react-query';
import type { ChosenModifier, Minor, ParkOrderWithLotsInput } from '@till/core';
import { GiftIcon, KeyboardIcon, LoaderCircleIcon, PauseIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useEmployeeSession } from '@/lib/employee-session';
import { useMe } from '@/lib/me';
import { browserStorage } from '@/lib/profile-cache';
import { cn } from '@/lib/utils';
import { getOrder } from '../api/get-order';
import { parkedOrdersQueryKey, useParkedOrders } from '../api/get-parked-orders';
import { fetchProductByBarcode } from '../api/get-product-by-barcode';
import { useParkOrder } from '../api/park-order';
import { usePlaceOrder } from '../api/place-order';
import { posProductsQueryKey } from '../api/get-pos-products';
import { usePosPromotions } from '../api/get-pos-promotions';
import type { OrderView, ParkedOrder, PosProduct } from '../api/types';
import { voidOrder } from '../api/void-order';
import { useFillHeight } from '../hooks/use-fill-height';
import { usePosKeyboard } from '../hooks/use-pos-keyboard';
import { cartFingerprint, cartReducer, cartTotals, giftCardSaleProblem, isCartEmpty, itemCount, toCheckoutGiftCards, toCheckoutLines } from '../lib/cart';
import { nextCheckoutAttempt, type CheckoutAttempt, type CheckoutRequest } from '../lib/checkout-attempt';
import { describeCheckoutError, type CheckoutProblem } from '../lib/checkout-errors';
import { money } from '../lib/format';
import { cartFromParkedOrder } from '../lib/parked-order';
import { toCheckoutPayments, type PaymentEntry } from '../lib/payments';
import { posAccess, pricesIncludeTax as pricesIncludeTaxOf } from '../lib/pos-access';
import { loadSavedSale, savedSaleKey, saveSale } from '../lib/saved-sale';
import { shortcutHints, type PosCommand } from '../lib/shortcuts';
import { CartPanel } from './cart-panel';
import { ProductsPanel } from './products-panel';
import {
  ClearSaleDialogContent,
  CustomerDialogContent,
  OrderDiscountDialogContent,
  SaleCompleteDialogContent,
  SaleNoteDialogContent,
  ShortcutsDialogContent,
} from './sale-dialogs';

/** The customer the customers feature's picker hands back. */
export interface PickedCustomer {
  id: string;
  name: string;
}

export interface PosPageProps {
  /**
   * The customers feature's picker (features do not import each other: the route composes
   * them). Without it, or with customer_management off, the till sells without customers.
   */
  renderCustomerPicker?: (props: { onSelect: (customer: PickedCustomer) => void }) => ReactNode;
  /** Where "Print receipt" goes; the receipts feature's page by default. */
  receiptPath?: (orderId: string) => string;
  /**
   * The cash-sessions feature's drawer button (issue 12). `openRequest` grows when the server
   * refused a cash sale because no drawer is open here: the control then asks to open one.
   */
  renderDrawer?: (props: { openRequest: number; onOpened: () => void }) => ReactNode;
  /**
   * The kitchen feature's "Send to kitchen" and open tickets (issue 16): it sends the cart's lines
   * as a ticket (then the cart is cleared), or loads an open ticket into the cart to pay it.
   */
  renderKitchen?: (props: {
    lines: { productId: string; name: string; quantity: number; note: string; modifiers?: ChosenModifier[] }[];
    ticketId: string | null;
    onSent: () => void;
    onPayTicket: (ticket: KitchenTicketForTill) => void;
  }) => ReactNode;
  /** The invoices feature's "pay an invoice" control (decision 038): it takes its own payment through checkout. */
  renderInvoices?: () => ReactNode;
}

/** An open kitchen ticket handed to the till to pay: its live items at today's catalogue prices. */
export interface KitchenTicketForTill {
  id: string;
  number: number;
  /** One part of its split bill (decision 036), paid as its own sale. */
  part?: { id: string; label: string };
  lines: { productId: string; name: string; quantity: number; note: string; unitPrice: Minor; taxRateBasisPoints: number; modifiers?: ChosenModifier[] }[];
}

/** The modifier chooser (decision 035) is loaded on the first tap of a product with modifier groups. */
const ModifierChooserContent = lazy(() => import('./modifier-chooser'));
/**
 * The payment and line dialogs load with the sale's first item, the parked sales list when it is
 * opened: none is in the till's first download (decision 058).
 */
const loadPaymentDialog = () => import('./payment-dialog');
const loadLineDialog = () => import('./line-dialog');
const PaymentDialogContent = lazy(() => loadPaymentDialog().then((module) => ({ default: module.PaymentDialogContent })));
const LineDialogContent = lazy(() => loadLineDialog().then((module) => ({ default: module.LineDialogContent })));
/** Decision 066: selling a gift card, and the points a finished sale earned, load on demand. */
const GiftCardSaleDialogContent = lazy(() => import('./gift-card-sale-dialog').then((module) => ({ default: module.GiftCardSaleDialogContent })));
const SaleLoyaltySummary = lazy(() => import('./customer-points').then((module) => ({ default: module.SaleLoyaltySummary })));
const ParkedSalesDialogContent = lazy(() => import('./parked-sales-dialog').then((module) => ({ default: module.ParkedSalesDialogContent })));

type DialogState =
  | { kind: 'none' }
  | { kind: 'pay' }
  | { kind: 'line'; lineId: string }
  | { kind: 'orderDiscount' }
  | { kind: 'note' }
  | { kind: 'customer' }
  | { kind: 'parked' }
  | { kind: 'shortcuts' }
  | { kind: 'clear' }
  | { kind: 'giftCard' }
  | { kind: 'done'; order: OrderView; giftCardCodes: string[]; customerId: string | null }
  | { kind: 'modifiers'; product: PosProduct };

const NO_DIALOG: DialogState = { kind: 'none' };
const DRAWER_CLOSED_TOAST = 'drawer-closed';
const defaultReceiptPath = (orderId: string) => `/orders/${orderId}/receipt`;
const METHOD_NAMES: Record<string, string> = { cash: 'cash', card: 'card', other: 'other', gift_card: 'gift card', points: 'points' };
const GIFT_CARD_DISCOUNT_MESSAGE = 'A sale that sells a gift card cannot take a discount on the whole sale. Remove the gift card first, or sell it on its own.';

function paidBy(order: OrderView): string {
  const methods = [...new Set(order.payments.map((payment) => METHOD_NAMES[payment.method] ?? payment.method))];
  return methods.length ? methods.join(' and ') : 'cash';
}

/** The point-of-sale screen of SPEC §2 (/pos, /enhanced-pos, /employee-pos). */
export function PosPage(props: PosPageProps) {
  const me = useMe();
  const employeeSession = useEmployeeSession();
  if (!me.data) {
    return (
      <p role="status" className="flex items-center gap-2 p-6 text-muted-foreground">
        <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> Loading the till...
      </p>
    );
  }
  // Each person at the till has their own sale in progress: another one signing in starts afresh.
  const saleKey = savedSaleKey(
    me.data.business?.id ?? 'none',
    employeeSession ? { employeeId: employeeSession.employee_id } : { ownerUserId: me.data.user?.id ?? 'none' },
  );
  return <PosTerminal key={saleKey} saleKey={saleKey} {...props} />;
}

function PosTerminal({ renderCustomerPicker, renderDrawer, renderKitchen, renderInvoices, receiptPath = defaultReceiptPath, saleKey }: PosPageProps & { saleKey: string }) {
  const me = useMe().data;
  const employeeSession = useEmployeeSession();
  const queryClient = useQueryClient();
  const currency = me?.business?.currency ?? 'USD';
  const timeZone = me?.business?.time_zone ?? null;
  const includeTax = pricesIncludeTaxOf(me);
  const access = posAccess(me, employeeSession);
  const customersAvailable = access.customers && renderCustomerPicker !== undefined;
  const loyaltyOn = me?.settings?.enabled_features?.loyalty_program === true;

  // The sale in progress comes back after a refresh or a crashed tab, and is kept as it changes.
  const [cart, dispatch] = useReducer(cartReducer, saleKey, (key) => loadSavedSale(browserStorage(), key, Date.now()));
  const restoredLines = useRef(cart.lines.length);
  useEffect(() => {
    saveSale(browserStorage(), saleKey, cart, Date.now());
  }, [saleKey, cart]);
  useEffect(() => {
    if (restoredLines.current > 0) toast.info('Your sale in progress is back', { id: 'sale-restored' });
  }, []);
  // Decision 050: the active promotions price the cart here as checkout will.
  const offers = usePosPromotions(me?.settings?.enabled_features?.promotions_pricing === true).data;
  const totals = cartTotals(cart, includeTax, offers ? { ...offers, now: new Date() } : null);
  const fingerprint = cartFingerprint(cart);
  const [dialog, setDialog] = useState<DialogState>(NO_DIALOG);
  const [mobileView, setMobileView] = useState<'products' | 'cart'>('products');
  const [announcement, setAnnouncement] = useState('');
  const [resumingId, setResumingId] = useState<string | null>(null);
  const [drawerRequest, setDrawerRequest] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const { ref: fillRef, height } = useFillHeight<HTMLDivElement>();

  // Payments belong to one cart at one total: a changed cart or an accepted new total starts them over.
  const paymentsKey = `${fingerprint}|${totals.total}`;
  const [paymentState, setPaymentState] = useState<{ key: string; payments: PaymentEntry[] }>({ key: '', payments: [] });
  const payments = paymentState.key === paymentsKey ? paymentState.payments : [];
  const setPayments = (next: PaymentEntry[]) => {
    // A refused gift card or points payment is answered by changing the payments: its message has done its job.
    if (problem?.kind === 'loyalty') setProblemState(null);
    setPaymentState({ key: paymentsKey, payments: next });
  };
  // A checkout problem belongs to the request it came from: once the sale changes it no longer applies.
  const [problemState, setProblemState] = useState<{ key: string; problem: CheckoutProblem } | null>(null);
  const problem = problemState?.key === paymentsKey ? problemState.problem : null;
  const setProblem = (next: CheckoutProblem | null) => setProblemState(next ? { key: paymentsKey, problem: next } : null);
  // The last request's outcome is unknown (no answer): warn until a sale goes through or the cart is cleared.
  const [uncertain, setUncertain] = useState(false);
  /** A new sale starts with none of the last one's payments, problems or warnings. */
  const forgetSale = () => {
    setPaymentState({ key: '', payments: [] });
    setProblemState(null);
    setUncertain(false);
  };

  const placeOrder = usePlaceOrder();
  const park = useParkOrder();
  const parked = useParkedOrders();
  const parkedCount = parked.data?.orders.length ?? 0;
  const empty = isCartEmpty(cart);
  useEffect(() => {
    if (empty) return;
    void loadPaymentDialog().catch(() => undefined);
    void loadLineDialog().catch(() => undefined);
  }, [empty]);

  const addProduct = (product: PosProduct, modifiers?: ChosenModifier[]) => {
    // A product with modifier groups asks for its choices first (decision 035); others add in one tap.
    if (!modifiers && product.modifier_groups.length > 0) {
      setDialog({ kind: 'modifiers', product });
      return;
    }
    dispatch({
      type: 'add',
      lineId: crypto.randomUUID(),
      product: { id: product.id, name: product.name, price: product.price, taxRateBasisPoints: product.tax_rate?.basis_points ?? 0, categoryId: product.category_id },
      ...(modifiers?.length ? { modifiers } : {}),
    });
    setAnnouncement(`Added ${product.name}`);
  };

  const onScan = async (code: string) => {
    if (dialog.kind === 'done') {
      // The next customer's first item: the finished sale's dialog makes way for it.
      setDialog(NO_DIALOG);
    } else if (dialog.kind !== 'none') {
      toast.info('Close this window to scan more items.');
      return;
    }
    try {
      addProduct(await fetchProductByBarcode(queryClient, code));
    } catch (error) {
      const message = isApiError(error) && error.status === 404 ? `No product has the barcode ${code}` : errorMessage(error);
      setAnnouncement(message);
      toast.error(message);
    }
  };

  const send = (attempt: CheckoutAttempt) => {
    setProblem(null);
    placeOrder.mutate(attempt.body, {
      onSuccess: (order) => {
        dispatch({ type: 'clear' });
        forgetSale();
        setMobileView('products');
        setDialog({ kind: 'done', order, giftCardCodes: (attempt.body.giftCards ?? []).map((card) => card.code), customerId: attempt.body.customerId ?? null });
        setAnnouncement(`Sale complete. Change ${money(order.change, currency)}`);
      },
      onError: (error) => {
        const described = describeCheckoutError(error);
        if (described.kind === 'drawer-closed') {
          // Nothing was recorded: open the drawer, then Pay sends the same sale again.
          setDialog(NO_DIALOG);
          setDrawerRequest((count) => count + 1);
          toast.info(described.message, { id: DRAWER_CLOSED_TOAST });
          return;
        }
        setProblem(described);
        if (described.kind === 'unknown-outcome') setUncertain(true);
        if (described.kind === 'total-changed' || described.kind === 'out-of-stock') {
          void queryClient.invalidateQueries({ queryKey: posProductsQueryKey });
        }
      },
    });
  };

  const complete = (entries: PaymentEntry[]) => {
    const request: CheckoutRequest = {
      lines: toCheckoutLines(cart),
      ...(cart.orderDiscount ? { orderDiscount: cart.orderDiscount } : {}),
      ...(cart.customer ? { customerId: cart.customer.id } : {}),
      ...(cart.note.trim() ? { note: cart.note.trim() } : {}),
      payments: toCheckoutPayments(totals.total, entries),
      expectedTotal: totals.total,
      ...(cart.parkedOrderId ? { parkedOrderId: cart.parkedOrderId } : {}),
      ...(cart.kitchenTicketId ? { kitchenTicketId: cart.kitchenTicketId } : {}),
      ...(cart.kitchenBillPartId ? { kitchenBillPartId: cart.kitchenBillPartId } : {}),
      ...(cart.giftCards.length ? { giftCards: toCheckoutGiftCards(cart) } : {}),
    };
    const attempt = nextCheckoutAttempt(cart.attempt, request, () => crypto.randomUUID());
    dispatch({ type: 'attemptStarted', attempt });
    send(attempt);
  };

  const openPay = () => {
    if (empty || placeOrder.isPending) return;
    // A refusal is for the request that was refused; an unknown outcome stays, to retry.
    if (problem && problem.kind !== 'unknown-outcome') setProblem(null);
    setDialog({ kind: 'pay' });
  };

  const parkSale = () => {
    if (empty) {
      setDialog({ kind: 'parked' });
      return;
    }
    if (park.isPending) return;
    if (cart.giftCards.length) {
      toast.error('A sale that sells a gift card cannot be parked', { description: 'Take payment now, or remove the gift card and park the rest.' });
      return;
    }
    const body: ParkOrderWithLotsInput = {
      // A parked sale keeps catalogue prices (the server ignores a price sent with it) and the chosen lots (decision 069).
      lines: toCheckoutLines(cart).map(({ unitPrice: _unitPrice, ...line }) => line),
      ...(cart.orderDiscount ? { orderDiscount: cart.orderDiscount } : {}),
      ...(cart.customer ? { customerId: cart.customer.id } : {}),
      ...(cart.note.trim() ? { note: cart.note.trim() } : {}),
    };
    const hadOverride = cart.lines.some((line) => line.priceOverride !== null && line.priceOverride !== line.catalogPrice);
    const replaces = cart.parkedOrderId;
    park.mutate(body, {
      onSuccess: (result) => {
        dispatch({ type: 'clear' });
        forgetSale();
        setMobileView('products');
        toast.success(`Sale parked (${money(result.total, currency)})`, {
          description: hadOverride ? 'Changed prices are not kept on a parked sale: it comes back at catalogue prices.' : 'Find it under Parked.',
        });
        // A resumed sale parked again: the new copy replaces the old one.
        if (replaces) {
          voidOrder({ orderId: replaces, reason: 'Parked again with changes' })
            .then(() => queryClient.invalidateQueries({ queryKey: parkedOrdersQueryKey }))
            .catch(() => toast.warning('The earlier copy of this parked sale is still listed; void it under Parked.'));
        }
      },
      onError: (error) => toast.error('The sale was not parked', { description: errorMessage(error) }),
    });
  };

  const resume = async (order: ParkedOrder) => {
    setResumingId(order.id);
    try {
      const detail = await getOrder(order.id);
      if (detail.order.status !== 'parked') {
        toast.error('That sale is no longer parked.');
        await queryClient.invalidateQueries({ queryKey: parkedOrdersQueryKey });
        return;
      }
      const { cart: loaded, skipped } = cartFromParkedOrder(detail, () => crypto.randomUUID());
      dispatch({ type: 'load', cart: loaded });
      forgetSale();
      setDialog(NO_DIALOG);
      setMobileView('cart');
      if (skipped.length) toast.warning(`Left out (no longer in the catalogue): ${skipped.join(', ')}`);
      else toast.success('Parked sale resumed');
    } catch (error) {
      toast.error('The sale could not be resumed', { description: errorMessage(error) });
    } finally {
      setResumingId(null);
    }
  };

  const selected = cart.lines.find((line) => line.id === cart.selectedLineId) ?? null;
  const onCommand = (command: PosCommand) => {
    switch (command) {
      case 'focusSearch':
        setMobileView('products');
        searchRef.current?.focus();
        searchRef.current?.select();
        return;
      case 'customer':
        if (customersAvailable) setDialog({ kind: 'customer' });
        return;
      case 'park':
        parkSale();
        return;
      case 'pay':
        openPay();
        return;
      case 'increment':
        if (selected) dispatch({ type: 'increment', lineId: selected.id });
        return;
      case 'decrement':
        if (selected) dispatch({ type: 'decrement', lineId: selected.id });
        return;
      case 'removeLine':
        if (selected) dispatch({ type: 'remove', lineId: selected.id });
        return;
      case 'help':
        setDialog({ kind: 'shortcuts' });
        return;
    }
  };

  usePosKeyboard({
    scannerEnabled: access.barcodeScanning,
    dialogOpen: dialog.kind !== 'none',
    onScan: (code) => void onScan(code),
    onCommand,
  });

  const closeDialog = () => {
    if (dialog.kind === 'pay' && placeOrder.isPending) return;
    setDialog(NO_DIALOG);
  };

  const editedLine = dialog.kind === 'line' ? cart.lines.find((line) => line.id === dialog.lineId) : undefined;
  const outOfStockName = problem?.kind === 'out-of-stock' ? (cart.lines.find((line) => line.productId === problem.productId)?.name ?? null) : null;

  const toolbar = (
    <>
      {renderDrawer?.({ openRequest: drawerRequest, onOpened: () => toast.dismiss(DRAWER_CLOSED_TOAST) })}
      {renderKitchen?.({
        lines: cart.lines.map((line) => ({
          productId: line.productId,
          name: line.name,
          quantity: line.quantity,
          note: line.note,
          ...(line.modifiers?.length ? { modifiers: line.modifiers } : {}),
        })),
        ticketId: cart.kitchenTicketId,
        onSent: () => {
          dispatch({ type: 'clear' });
          forgetSale();
        },
        onPayTicket: (ticket) => {
          dispatch({
            type: 'load',
            cart: {
              lines: ticket.lines.map((line) => ({
                id: crypto.randomUUID(),
                productId: line.productId,
                name: line.name,
                catalogPrice: line.unitPrice,
                priceOverride: null,
                quantity: line.quantity,
                taxRateBasisPoints: line.taxRateBasisPoints,
                discount: null,
                note: line.note,
                ...(line.modifiers?.length ? { modifiers: line.modifiers } : {}),
              })),
              orderDiscount: null,
              customer: null,
              note: ticket.part ? `Ticket ${ticket.number} · ${ticket.part.label}` : `Ticket ${ticket.number}`,
              parkedOrderId: null,
              kitchenTicketId: ticket.id,
              kitchenBillPartId: ticket.part?.id ?? null,
            },
          });
          forgetSale();
          setMobileView('cart');
          setAnnouncement(ticket.part ? `Ticket ${ticket.number}, ${ticket.part.label}, is in the sale` : `Ticket ${ticket.number} is in the sale`);
        },
      })}
      {renderInvoices?.()}
      {loyaltyOn ? (
        <Button variant="outline" className="px-3" onClick={() => setDialog({ kind: 'giftCard' })} aria-label="Sell a gift card">
          <GiftIcon aria-hidden="true" />
          <span className="hidden @lg:inline">Gift card</span>
        </Button>
      ) : null}
      <Button variant="outline" className="px-3" onClick={() => setDialog({ kind: 'parked' })} aria-label={`Parked sales: ${parkedCount}`}>
        <PauseIcon aria-hidden="true" />
        <span className="hidden @lg:inline">Parked</span>
        {parkedCount > 0 ? <Badge className="tabular-nums">{parkedCount}</Badge> : null}
      </Button>
      <Button variant="ghost" size="icon" aria-label="Keyboard shortcuts" onClick={() => setDialog({ kind: 'shortcuts' })}>
        <KeyboardIcon aria-hidden="true" />
      </Button>
    </>
  );

  return (
    <div ref={fillRef} style={height ? { height } : undefined} className="@container flex min-h-[28rem] flex-col gap-2">
      <h1 className="sr-only">Point of sale</h1>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <div className="grid min-h-0 flex-1 auto-rows-[minmax(0,1fr)] grid-cols-[minmax(0,1fr)] gap-4 @2xl:grid-cols-[minmax(0,1fr)_20rem] @4xl:grid-cols-[minmax(0,1fr)_23rem]">
        <section aria-label="Products" className={cn('min-h-0 flex-col', mobileView === 'products' ? 'flex' : 'hidden', '@2xl:flex')}>
          <ProductsPanel currency={currency} onAdd={addProduct} searchRef={searchRef} toolbar={toolbar} />
        </section>
        <section
          aria-label="Current sale"
          className={cn('min-h-0 flex-col overflow-hidden rounded-xl border bg-background shadow-xs', mobileView === 'cart' ? 'flex' : 'hidden', '@2xl:flex')}
        >
          <CartPanel
            cart={cart}
            totals={totals}
            dispatch={dispatch}
            currency={currency}
            pricesIncludeTax={includeTax}
            access={access}
            customersAvailable={customersAvailable}
            loyalty={loyaltyOn}
            uncertainSale={uncertain && cart.attempt !== null}
            parking={park.isPending}
            onPay={openPay}
            onPark={parkSale}
            onEditLine={(lineId) => setDialog({ kind: 'line', lineId })}
            onOrderDiscount={() => (cart.giftCards.length ? toast.error(GIFT_CARD_DISCOUNT_MESSAGE) : setDialog({ kind: 'orderDiscount' }))}
            onNote={() => setDialog({ kind: 'note' })}
            onCustomer={() => setDialog({ kind: 'customer' })}
            onClear={() => setDialog({ kind: 'clear' })}
            onBack={() => setMobileView('products')}
          />
        </section>
      </div>

      {/* On a phone the products fill the screen; the total and the pay button stay at the bottom. */}
      <div className={cn('items-center gap-2 border-t pt-2', mobileView === 'products' ? 'flex' : 'hidden', '@2xl:hidden')}>
        <Button variant="outline" size="lg" className="min-w-0 flex-1 justify-between px-4" onClick={() => setMobileView('cart')}>
          <span className="truncate">
            Sale · {itemCount(cart)} {itemCount(cart) === 1 ? 'item' : 'items'}
          </span>
          <span className="font-semibold tabular-nums">{money(totals.total, currency)}</span>
        </Button>
        <Button size="lg" className="min-h-12 px-6 text-base" disabled={empty} onClick={openPay}>
          Pay
        </Button>
      </div>

      <Dialog open={dialog.kind !== 'none'} onOpenChange={(open) => (open ? undefined : closeDialog())}>
        {dialog.kind === 'modifiers' ? (
          <Suspense fallback={null}>
            <ModifierChooserContent
              key={dialog.product.id}
              product={dialog.product}
              currency={currency}
              onAdd={(modifiers) => {
                closeDialog();
                addProduct(dialog.product, modifiers);
              }}
            />
          </Suspense>
        ) : null}
        <Suspense fallback={null}>
          {dialog.kind === 'pay' ? (
            <PaymentDialogContent
              total={totals.total}
              currency={currency}
              multiplePayments={access.multiplePayments}
              payments={payments}
              onPaymentsChange={setPayments}
              sending={placeOrder.isPending}
              problem={problem}
              outOfStockName={outOfStockName}
              onComplete={complete}
              onRetry={() => (cart.attempt ? send(cart.attempt) : undefined)}
              onAcceptTotal={(serverTotal: Minor) => {
                dispatch({ type: 'acceptServerTotal', total: serverTotal, fingerprint });
                setProblem(null);
              }}
              onSellAsNew={() => {
                dispatch({ type: 'detachParked' });
                setProblem(null);
              }}
              onBackToSale={closeDialog}
              loyalty={loyaltyOn ? { customer: customersAvailable ? cart.customer : null } : null}
            />
          ) : dialog.kind === 'line' && editedLine ? (
            <LineDialogContent key={editedLine.id} line={editedLine} currency={currency} access={access} dispatch={dispatch} onDone={closeDialog} />
          ) : dialog.kind === 'orderDiscount' ? (
            <OrderDiscountDialogContent
              discount={cart.orderDiscount}
              currency={currency}
              onApply={(discount) => {
                dispatch({ type: 'setOrderDiscount', discount });
                closeDialog();
              }}
            />
          ) : dialog.kind === 'note' ? (
            <SaleNoteDialogContent
              note={cart.note}
              onSave={(note) => {
                dispatch({ type: 'setNote', note });
                closeDialog();
              }}
            />
          ) : dialog.kind === 'customer' && renderCustomerPicker ? (
            <CustomerDialogContent
              attached={cart.customer}
              onRemove={() => {
                dispatch({ type: 'setCustomer', customer: null });
                closeDialog();
              }}
            >
              {renderCustomerPicker({
                onSelect: (customer) => {
                  dispatch({ type: 'setCustomer', customer: { id: customer.id, name: customer.name } });
                  closeDialog();
                },
              })}
            </CustomerDialogContent>
          ) : dialog.kind === 'giftCard' ? (
            <GiftCardSaleDialogContent
              currency={currency}
              problem={giftCardSaleProblem(cart)}
              onAdd={(giftCard) => {
                dispatch({ type: 'addGiftCard', giftCard });
                closeDialog();
                setAnnouncement(`Gift card of ${money(giftCard.amount, currency)} added`);
              }}
            />
          ) : dialog.kind === 'parked' ? (
            <ParkedSalesDialogContent currency={currency} timeZone={timeZone} cartItems={itemCount(cart)} resumingId={resumingId} onResume={(order) => void resume(order)} />
          ) : dialog.kind === 'shortcuts' ? (
            <ShortcutsDialogContent hints={shortcutHints({ customers: customersAvailable })} />
          ) : dialog.kind === 'clear' ? (
            <ClearSaleDialogContent
              resumed={cart.parkedOrderId !== null}
              onClear={() => {
                dispatch({ type: 'clear' });
                forgetSale();
                closeDialog();
              }}
            />
          ) : dialog.kind === 'done' ? (
            <SaleCompleteDialogContent
              orderNumber={dialog.order.order.number}
              total={dialog.order.order.total}
              change={dialog.order.change}
              methods={paidBy(dialog.order)}
              currency={dialog.order.order.currency || currency}
              receiptHref={receiptPath(dialog.order.order.id)}
              onNewSale={closeDialog}
            >
              {dialog.giftCardCodes.length ? <SoldGiftCards codes={dialog.giftCardCodes} /> : null}
              {loyaltyOn && dialog.customerId ? <SaleLoyaltySummary customerId={dialog.customerId} orderId={dialog.order.order.id} /> : null}
            </SaleCompleteDialogContent>
          ) : null}
        </Suspense>
      </Dialog>
    </div>
  );
}

/** The codes of the cards just sold, whole, once: the customer needs them to spend the cards (the receipt masks them). */
function SoldGiftCards({ codes }: { codes: string[] }) {
  return (
    <div className="grid gap-1 rounded-lg border px-3 py-2 text-sm" data-testid="sold-gift-cards">
      <p className="font-medium">{codes.length === 1 ? 'Gift card sold' : 'Gift cards sold'}: give the customer the code</p>
      <ul className="grid gap-0.5">
        {codes.map((code) => (
          <li key={code} className="font-mono text-base tracking-wider">
            {code.replace(/(\d{4})(?=\d)/g, '$1 ')}
          </li>
        ))}
      </ul>
    </div>
  );
}
