import { canManageTasks, type Actor } from '@till/core';
import { useStores } from '@/features/stores/api/stores';
import { TasksPage } from '@/features/tasks/components/tasks-page';
import { useEmployeeSession } from '@/lib/employee-session';
import { useSignedIn } from '../protected-layout';

/** /tasks (SPEC §2, login guarded): who may hand out work mirrors the server's rule (decision 022). */
export function TasksRoute() {
  const me = useSignedIn();
  const session = useEmployeeSession();
  const stores = useStores(Boolean(me.settings.enabled_features.multi_store));
  const actor: Actor = session ? { kind: 'employee', role: session.employee_role, permissions: null, adminPermissions: null } : { kind: 'owner' };
  return <TasksPage canManage={canManageTasks(actor)} myEmployeeId={session?.employee_id ?? null} stores={(stores.data ?? []).filter((store) => store.is_active)} />;
}
