import { lazy, Suspense } from 'react';
import { DrawerControl } from '@/features/cash-sessions/components/drawer-control';
import { CustomerPicker } from '@/features/customers/components/customer-picker';
import { TillInvoiceControl } from '@/features/invoices/components/till-invoice-control';
import { PosPage } from '@/features/pos/components/pos-page';
import { useMe } from '@/lib/me';

// The kitchen's till control is its own chunk: shops without the kitchen display never load its code.
const TillKitchenControl = lazy(() => import('@/features/kitchen/components/till-kitchen-control').then((module) => ({ default: module.TillKitchenControl })));

/** SPEC §2 /pos, /enhanced-pos and /employee-pos: the till, with the customers feature's picker, the drawer and the kitchen. */
export function PosRoute() {
  const kitchen = useMe().data?.settings?.enabled_features?.kitchen_display === true;
  return (
    <PosPage
      renderCustomerPicker={({ onSelect }) => <CustomerPicker onSelect={onSelect} />}
      renderDrawer={({ openRequest, onOpened }) => <DrawerControl openRequest={openRequest} onOpened={onOpened} />}
      renderInvoices={() => <TillInvoiceControl />}
      {...(kitchen
        ? {
            renderKitchen: (props) => (
              <Suspense fallback={null}>
                <TillKitchenControl {...props} />
              </Suspense>
            ),
          }
        : {})}
    />
  );
}
