import { lazy, Suspense } from 'react';
import { AnalyticsPage } from '@/features/analytics/components/analytics-page';
import { useEmployeeSession } from '@/lib/employee-session';
import { actorAdminPermissions } from '@/lib/guard-context';
import { useSignedIn } from '../protected-layout';

const EmployeePerformanceSection = lazy(() =>
  import('@/features/employee-performance/components/employee-performance-section').then((module) => ({ default: module.EmployeePerformanceSection })),
);

/** /analytics?tab=sales|inventory|profitability|customers (SPEC §2), in the business's time zone. */
export function AnalyticsRoute() {
  const me = useSignedIn();
  const session = useEmployeeSession();
  const { business } = me;
  // Issue 20 item 10: employee performance under the sales tab while employee_performance is on (the page already needs can_view_reports).
  const showPerformance = Boolean(me.settings.enabled_features.employee_performance) && actorAdminPermissions(me, session).can_view_reports;
  return (
    <AnalyticsPage
      timeZone={business?.time_zone ?? 'UTC'}
      currency={business?.currency ?? 'USD'}
      salesExtra={
        showPerformance
          ? (range) => (
              <Suspense fallback={<div role="status" aria-label="Loading employee performance" className="h-32 animate-pulse rounded-xl bg-muted" />}>
                <EmployeePerformanceSection from={range.from} to={range.to} />
              </Suspense>
            )
          : undefined
      }
    />
  );
}
