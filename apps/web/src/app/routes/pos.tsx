import { CustomerPicker } from '@/features/customers/components/customer-picker';
import { PosPage } from '@/features/pos/components/pos-page';

/** SPEC §2 /pos, /enhanced-pos and /employee-pos: the till, with the customers feature's picker. */
export function PosRoute() {
  return <PosPage renderCustomerPicker={({ onSelect }) => <CustomerPicker onSelect={onSelect} />} />;
}
