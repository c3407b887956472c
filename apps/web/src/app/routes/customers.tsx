import { CustomersPage } from '@/features/customers/components/customers-page';
import { CustomerLoyaltyPanel } from '@/features/loyalty/components/customer-loyalty-panel';
import { useSignedIn } from '../protected-layout';

/** /customers (SPEC §2): the customer list, with each customer's loyalty points while loyalty_program is on (decision 064). */
export function CustomersRoute() {
  const me = useSignedIn();
  const loyaltyOn = Boolean(me.settings.enabled_features.loyalty_program);
  const currency = me.business?.currency ?? 'USD';
  const timeZone = me.business?.time_zone ?? 'UTC';
  return (
    <CustomersPage
      customerExtra={loyaltyOn ? (customerId) => <CustomerLoyaltyPanel key={customerId} customerId={customerId} currency={currency} timeZone={timeZone} /> : undefined}
    />
  );
}
