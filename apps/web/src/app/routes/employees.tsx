import { lazy, Suspense } from 'react';
import { EmployeesPage } from '@/features/employees/components/employees-page';
import { useEmployeeSession } from '@/lib/employee-session';
import { actorAdminPermissions } from '@/lib/guard-context';
import { useSignedIn } from '../protected-layout';

// Fetched when a performance card is first opened.
const EmployeePerformanceCard = lazy(() =>
  import('@/features/employee-performance/components/employee-performance-card').then((module) => ({ default: module.EmployeePerformanceCard })),
);

/** /employees (SPEC §2: employee_management; SPEC §6: can_add_employees or can_kick_employees). */
export function EmployeesRoute() {
  const me = useSignedIn();
  const session = useEmployeeSession();
  const permissions = actorAdminPermissions(me, session);
  const timeZone = me.business?.time_zone ?? 'UTC';
  // Issue 20 item 10: each employee's figures, for those SPEC §6 lets see reports, while employee_performance is on.
  const showPerformance = Boolean(me.settings.enabled_features.employee_performance) && permissions.can_view_reports;
  return (
    <EmployeesPage
      canAdd={permissions.can_add_employees}
      canKick={permissions.can_kick_employees}
      timeZone={timeZone}
      performanceOf={
        showPerformance
          ? (employee) => (
              <Suspense fallback={<div role="status" aria-label={`Loading the performance of ${employee.name}`} className="h-20 animate-pulse rounded-md bg-muted" />}>
                <EmployeePerformanceCard employeeId={employee.id} employeeName={employee.name} timeZone={timeZone} />
              </Suspense>
            )
          : undefined
      }
    />
  );
}
