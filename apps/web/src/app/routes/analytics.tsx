import { AnalyticsPage } from '@/features/analytics/components/analytics-page';
import { useSignedIn } from '../protected-layout';

/** /analytics?tab=sales|inventory|profitability|customers (SPEC §2), in the business's time zone. */
export function AnalyticsRoute() {
  const { business } = useSignedIn();
  return <AnalyticsPage timeZone={business?.time_zone ?? 'UTC'} currency={business?.currency ?? 'USD'} />;
}
