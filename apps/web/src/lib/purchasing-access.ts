import { useEmployeeSession } from '@/lib/employee-session';
import { actorAdminPermissions } from '@/lib/guard-context';
import { useMe } from '@/lib/me';

/** What the person at this screen may do in purchasing (issue 13 item 6, SPEC §6); the server decides, the UI mirrors it. */
export function usePurchasingAccess(): { canOrder: boolean; canChangeCosts: boolean } {
  const me = useMe().data;
  const session = useEmployeeSession();
  const admin = actorAdminPermissions(me, session);
  return { canOrder: admin.can_make_orders, canChangeCosts: admin.can_change_prices };
}
