import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';
import { useSignedIn } from '../protected-layout';
import { useShellModel } from '../shell/use-shell-model';

export function DashboardRoute() {
  const { user, profile, business, settings } = useSignedIn();
  const { sidebar, employeeSession } = useShellModel();
  const areas = sidebar.filter((group) => group.id !== 'dashboard');
  return <DashboardOverview user={user} profile={profile} business={business} settings={settings} areas={areas} greetingName={employeeSession?.employee_name ?? null} />;
}
