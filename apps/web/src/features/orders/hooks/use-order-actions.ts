import { useEmployeeSession } from '@/lib/employee-session';
import { useMe } from '@/lib/me';
import { orderActionsFor } from '../utils/order-permissions';

/** Whether the refund and void buttons are offered to whoever is acting on this device. */
export function useOrderActions() {
  const session = useEmployeeSession();
  const me = useMe();
  return orderActionsFor(session, me.data?.settings?.enabled_features);
}
