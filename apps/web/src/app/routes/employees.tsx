import { EmployeesPage } from '@/features/employees/components/employees-page';
import { useEmployeeSession } from '@/lib/employee-session';
import { actorAdminPermissions } from '@/lib/guard-context';
import { useSignedIn } from '../protected-layout';

/** /employees (SPEC §2: employee_management; SPEC §6: can_add_employees or can_kick_employees). */
export function EmployeesRoute() {
  const me = useSignedIn();
  const session = useEmployeeSession();
  const permissions = actorAdminPermissions(me, session);
  return (
    <EmployeesPage
      canAdd={permissions.can_add_employees}
      canKick={permissions.can_kick_employees}
      timeZone={me.business?.time_zone ?? 'UTC'}
    />
  );
}
