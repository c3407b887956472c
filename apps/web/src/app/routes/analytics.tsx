import { ANALYTICS_TABS, isAnalyticsTab, type AnalyticsTab } from '@till/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

const TAB_TEXT: Record<AnalyticsTab, { label: string; text: string }> = {
  sales: { label: 'Sales', text: 'Sales by day, product and payment type will be charted here.' },
  inventory: { label: 'Inventory', text: 'Stock value, turnover and slow movers will be charted here.' },
  profitability: { label: 'Profitability', text: 'Margins by product and category, after costs, will be charted here.' },
  customers: { label: 'Customers', text: 'New and returning customers, and what they spend, will be charted here.' },
};

/** /analytics?tab=sales|inventory|profitability|customers (SPEC §2); another or no tab shows sales. */
export function AnalyticsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: AnalyticsTab = isAnalyticsTab(requested) ? requested : ANALYTICS_TABS[0];

  return (
    <div className="grid gap-6">
      <PageHeader title="Analytics" description="Reports on your sales, stock, margins and customers." />
      <Tabs
        value={tab}
        onValueChange={(next) =>
          setSearchParams(
            (params) => {
              params.set('tab', next);
              return params;
            },
            { replace: true },
          )
        }
        className="grid gap-4"
      >
        <TabsList aria-label="Analytics reports" className="grid grid-cols-2 sm:inline-flex">
          {ANALYTICS_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {TAB_TEXT[value].label}
            </TabsTrigger>
          ))}
        </TabsList>
        {ANALYTICS_TABS.map((value) => (
          <TabsContent key={value} value={value}>
            <p className="text-muted-foreground">{TAB_TEXT[value].text}</p>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
