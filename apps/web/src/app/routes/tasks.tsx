import { canManageTasks, type Actor } from '@till/core';
import { TasksPage } from '@/features/tasks/components/tasks-page';
import { useEmployeeSession } from '@/lib/employee-session';

/** /tasks (SPEC §2, login guarded): who may hand out work mirrors the server's rule (decision 022). */
export function TasksRoute() {
  const session = useEmployeeSession();
  const actor: Actor = session ? { kind: 'employee', role: session.employee_role, permissions: null, adminPermissions: null } : { kind: 'owner' };
  return <TasksPage canManage={canManageTasks(actor)} myEmployeeId={session?.employee_id ?? null} />;
}
