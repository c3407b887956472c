import { ReceiptIcon, ShoppingCartIcon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useMe } from '@/lib/me';
import { useEmployeeOptions } from '../api/get-employee-options';
import { useOrders } from '../api/get-orders';
import { safeTimeZone } from '../utils/date-range';
import { EMPTY_ORDER_FILTERS, hasActiveFilters, parseOrderFilters, serializeOrderFilters, toOrdersQuery, type OrderFilters } from '../utils/order-filters';
import { useStoreOptions } from '@/components/store-picker';
import { OrderFiltersBar } from './order-filters';
import { OrdersTable } from './orders-table';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function NoSalesYet({ canSell }: { canSell: boolean }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
      <ReceiptIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">No sales yet</h2>
      <p className="max-w-md text-muted-foreground">
        Every sale rung up at the till shows here: find one by its number, date, payment or customer, reprint its receipt, or refund it.
      </p>
      {canSell ? (
        <Button asChild>
          <Link to="/pos">
            <ShoppingCartIcon aria-hidden="true" />
            Make your first sale
          </Link>
        </Button>
      ) : null}
    </div>
  );
}

function NothingMatches({ onClear }: { onClear: () => void }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-lg border border-dashed px-6 py-10 text-center">
      <h2 className="text-lg font-semibold">No orders match these filters</h2>
      <p className="max-w-md text-muted-foreground">Try another date range or fewer filters.</p>
      <Button variant="outline" onClick={onClear}>
        Clear filters
      </Button>
    </div>
  );
}

/** /orders: every sale, filtered by date (business time zone), status, employee, payment, customer or number. */
export function OrdersPage() {
  const me = useMe();
  const timeZone = safeTimeZone(me.data?.business?.time_zone);
  const features = me.data?.settings?.enabled_features;

  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseOrderFilters(searchParams), [searchParams]);
  // Presets resolve to instants at each render: "Today" moves on at midnight by itself.
  const query = toOrdersQuery(filters, new Date(), timeZone);
  const list = useOrders(query);
  const orders = list.data?.pages.flatMap((page) => page.orders) ?? [];

  const employees = useEmployeeOptions(features?.employee_management === true);
  const employeeOptions = employees.isSuccess ? employees.data : null;
  const stores = useStoreOptions();

  const setFilters = (next: OrderFilters) => setSearchParams(serializeOrderFilters(next), { replace: true });
  const listSearch = serializeOrderFilters(filters).toString();
  // The list is the only place the customer's name comes from: keep it once seen, for when
  // other filters leave none of their orders on screen.
  const [knownCustomer, setKnownCustomer] = useState<{ id: string; name: string } | null>(null);
  const seenName = filters.customerId ? (orders.find((order) => order.customer_id === filters.customerId)?.customer_name ?? null) : null;
  if (filters.customerId && seenName && (knownCustomer?.id !== filters.customerId || knownCustomer.name !== seenName)) {
    setKnownCustomer({ id: filters.customerId, name: seenName });
  }
  const customerName = filters.customerId && knownCustomer?.id === filters.customerId ? knownCustomer.name : null;

  const numberRef = useRef<HTMLInputElement>(null);
  // "/" jumps to the sale-number search (when not typing in a field).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (event.key === '/') {
        event.preventDefault();
        numberRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const filtered = hasActiveFilters(filters);
  const canSell = features?.pos_system === true;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Orders"
        description="Every sale from the till: find one, reprint its receipt, or refund it."
        actions={
          canSell ? (
            <Button asChild variant="outline">
              <Link to="/pos">
                <ShoppingCartIcon aria-hidden="true" />
                New sale
              </Link>
            </Button>
          ) : null
        }
      />

      <OrderFiltersBar
        filters={filters}
        onChange={setFilters}
        timeZone={timeZone}
        employees={employeeOptions}
        stores={stores}
        customerName={customerName}
        numberInputRef={numberRef}
      />

      {list.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading orders...
        </p>
      ) : list.isError ? (
        <div className="grid max-w-lg gap-4">
          <ErrorAlert title="The orders could not be loaded" error={list.error} />
          <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching} className="justify-self-start">
            {list.isFetching ? 'Retrying...' : 'Try again'}
          </Button>
        </div>
      ) : orders.length === 0 ? (
        filtered ? (
          <NothingMatches onClear={() => setFilters(EMPTY_ORDER_FILTERS)} />
        ) : (
          <NoSalesYet canSell={canSell} />
        )
      ) : (
        <div className={list.isPlaceholderData ? 'grid gap-3 opacity-60 transition-opacity' : 'grid gap-3'} aria-busy={list.isPlaceholderData}>
          <OrdersTable orders={orders} timeZone={timeZone} listSearch={listSearch} />
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-muted-foreground" role="status">
              {list.hasNextPage ? `Showing the newest ${orders.length} orders` : `${orders.length} ${orders.length === 1 ? 'order' : 'orders'}`}
              {timeZone !== 'UTC' ? ` · times in ${timeZone.replace(/_/g, ' ')}` : ''}
            </p>
            {list.hasNextPage ? (
              <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}
