import { BrandColor } from '@/features/branding/components/brand-color';
import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';
import { TodayPanel } from '@/features/dashboard/components/today-panel';
import { FirstRunChecklist } from '@/features/onboarding/components/first-run-checklist';
import { useStores } from '@/features/stores/api/stores';
import { ChecklistsTodayCard } from '@/features/tasks/components/checklists-today-card';
import { OverdueTasksCard } from '@/features/tasks/components/overdue-tasks-card';
import { useEmployeeSession } from '@/lib/employee-session';
import { actorAdminPermissions } from '@/lib/guard-context';
import { useMe } from '@/lib/me';
import { useSignedIn } from '../protected-layout';
import { useShellModel } from '../shell/use-shell-model';

export function DashboardRoute() {
  const { user, till, profile, business, settings } = useSignedIn();
  const { sidebar, employeeSession } = useShellModel();
  const me = useMe().data;
  // The checklist is for whoever sets the business up (SPEC §6 settings page access).
  const canSetUp = actorAdminPermissions(me, useEmployeeSession()).can_change_settings;
  const areas = sidebar.filter((group) => group.id !== 'dashboard');
  const stores = useStores(Boolean(settings.enabled_features.multi_store));
  const openStores = (stores.data ?? []).filter((store) => store.is_active);
  // The business's colour is painted from here and /settings, not the shell: the till's bundle is at its budget (decision 057).
  return (
    <>
      <BrandColor />
      <DashboardOverview
        user={user}
        tillName={till?.name ?? null}
        profile={profile}
        business={business}
        settings={settings}
        areas={areas}
        greetingName={employeeSession?.employee_name ?? null}
        today={<TodayPanel />}
        firstRun={
          <>
            <FirstRunChecklist features={settings.enabled_features} canSetUp={canSetUp} />
            <ChecklistsTodayCard stores={openStores} />
            <OverdueTasksCard />
          </>
        }
      />
    </>
  );
}
