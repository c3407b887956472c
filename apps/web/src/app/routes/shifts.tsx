import { ShiftsPage } from '@/features/time-clock/components/shifts-page';
import { useEmployeeSession } from '@/lib/employee-session';
import { useSignedIn } from '../protected-layout';

/** Who sees everyone's hours, corrects them and exports them: the server's rule, mirrored. */
const MANAGING_ROLES = ['business_owner', 'admin', 'manager'] as const;

/** /shifts (SPEC §2: time_tracking). */
export function ShiftsRoute() {
  const me = useSignedIn();
  const session = useEmployeeSession();
  const manages = session ? (MANAGING_ROLES as readonly string[]).includes(session.employee_role) : me.is_business_owner;
  return <ShiftsPage timeZone={me.business?.time_zone} employeeName={session?.employee_name ?? null} managesTimeClock={manages} />;
}
