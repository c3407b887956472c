import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSignedIn } from '../protected-layout';

export function DashboardRoute() {
  useDocumentTitle('Dashboard');
  const { user, profile, business, settings } = useSignedIn();
  return <DashboardOverview user={user} profile={profile} business={business} settings={settings} />;
}
