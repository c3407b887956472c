import { DrawerControl } from '@/features/cash-sessions/components/drawer-control';
import { CustomerPicker } from '@/features/customers/components/customer-picker';
import { PosPage } from '@/features/pos/components/pos-page';

/** SPEC §2 /pos, /enhanced-pos and /employee-pos: the till, with the customers feature's picker and the drawer. */
export function PosRoute() {
  return (
    <PosPage
      renderCustomerPicker={({ onSelect }) => <CustomerPicker onSelect={onSelect} />}
      renderDrawer={({ openRequest, onOpened }) => <DrawerControl openRequest={openRequest} onOpened={onOpened} />}
    />
  );
}
