import { lazy, Suspense } from 'react';
import { BackOfficePage } from '@/features/back-office/components/back-office-page';
import { useEmployeeSession } from '@/lib/employee-session';
import { actorAdminPermissions } from '@/lib/guard-context';
import { useSignedIn } from '../protected-layout';

// The statement (and its chart) is fetched when its tab is opened.
const ProfitAndLossSection = lazy(() =>
  import('@/features/accounting/components/profit-and-loss-section').then((module) => ({ default: module.ProfitAndLossSection })),
);

/**
 * /back-office, with the profit and loss as its second tab (decision 047) for those SPEC §6 lets
 * see reports (can_view_reports) while basic_accounting is on.
 */
export function BackOfficeRoute() {
  const me = useSignedIn();
  const session = useEmployeeSession();
  const allowed = Boolean(me.settings.enabled_features.basic_accounting) && actorAdminPermissions(me, session).can_view_reports;
  return (
    <BackOfficePage
      profitAndLoss={
        allowed ? (
          <Suspense fallback={<div role="status" aria-label="Loading the profit and loss" className="h-64 animate-pulse rounded-xl bg-muted" />}>
            <ProfitAndLossSection timeZone={me.business?.time_zone ?? 'UTC'} />
          </Suspense>
        ) : undefined
      }
    />
  );
}
