import { ANALYTICS_TABS, dayInZone, isAnalyticsTab, safeTimeZone, type AnalyticsTab } from '@till/core';
import { UploadIcon } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useReport } from '../api/get-report';
import { useCanImportHistory } from '../api/sales-history';
import type { ReportQuery } from '../api/types';
import { readRangeChoice } from '../utils/range-choice';
import { CustomersTab } from './customers-tab';
import { DateRangePicker } from './date-range-picker';
import { InventoryTab } from './inventory-tab';
import { ProfitabilityTab } from './profitability-tab';
import { SalesTab } from './sales-tab';

const TAB_LABELS: Record<AnalyticsTab, string> = {
  sales: 'Sales',
  inventory: 'Inventory',
  profitability: 'Profitability',
  customers: 'Customers',
};

const DEAD_STOCK_DAYS = [30, 60, 90, 180] as const;

// Loaded when the owner opens it: most visits to /analytics never import.
const SalesHistoryImport = lazy(() => import('./sales-history-import').then((module) => ({ default: module.SalesHistoryImport })));

function TabReport({ tab, query, deadStockDays }: { tab: AnalyticsTab; query: ReportQuery; deadStockDays: number }) {
  const report = useReport(tab, query, tab === 'inventory' ? deadStockDays : undefined);
  if (report.isPending) return <div role="status" aria-label="Loading the report" className="h-64 animate-pulse rounded-xl bg-muted" />;
  if (report.isError) return <ErrorAlert title="This report could not be loaded" error={report.error} />;
  const data = report.data;
  return (
    <div className={report.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={report.isPlaceholderData}>
      {tab === 'sales' ? <SalesTab report={data as Parameters<typeof SalesTab>[0]['report']} /> : null}
      {tab === 'inventory' ? <InventoryTab report={data as Parameters<typeof InventoryTab>[0]['report']} /> : null}
      {tab === 'profitability' ? <ProfitabilityTab report={data as Parameters<typeof ProfitabilityTab>[0]['report']} /> : null}
      {tab === 'customers' ? <CustomersTab report={data as Parameters<typeof CustomersTab>[0]['report']} /> : null}
    </div>
  );
}

/** /analytics?tab=sales|inventory|profitability|customers (SPEC §2); another or no tab shows sales. */
export function AnalyticsPage({
  timeZone,
  currency,
  salesExtra,
}: {
  timeZone: string;
  currency: string;
  /** More for the sales tab, given by the route (employee performance, issue 20 item 10). */
  salesExtra?: ((range: { from: string; to: string }) => ReactNode) | undefined;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const canImport = useCanImportHistory();
  const importing = canImport && searchParams.get('import') === 'history';
  const requested = searchParams.get('tab');
  const tab: AnalyticsTab = isAnalyticsTab(requested) ? requested : ANALYTICS_TABS[0];
  const choice = readRangeChoice(searchParams, dayInZone(new Date(), safeTimeZone(timeZone)));
  const deadParam = Number(searchParams.get('dead'));
  const deadStockDays = (DEAD_STOCK_DAYS as readonly number[]).includes(deadParam) ? deadParam : 60;

  const update = (change: (params: URLSearchParams) => void) =>
    setSearchParams(
      (params) => {
        change(params);
        return params;
      },
      { replace: true },
    );

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Analytics"
        description="Reports on your sales, stock, margins and customers."
        actions={
          canImport && !importing ? (
            <Button variant="outline" onClick={() => update((params) => params.set('import', 'history'))}>
              <UploadIcon aria-hidden="true" /> Import sales history
            </Button>
          ) : null
        }
      />
      {importing ? (
        <Suspense fallback={<div role="status" aria-label="Loading the import" className="h-64 animate-pulse rounded-xl bg-muted" />}>
          <SalesHistoryImport currency={currency} onClose={() => update((params) => params.delete('import'))} />
        </Suspense>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <DateRangePicker
              value={choice}
              showCompare={tab !== 'inventory'}
              onPreset={(preset) =>
                update((params) => {
                  params.set('preset', preset);
                  params.delete('from');
                  params.delete('to');
                })
              }
              onDates={(from, to) =>
                update((params) => {
                  params.delete('preset');
                  params.set('from', from);
                  params.set('to', to);
                })
              }
              onCompare={(compare) => update((params) => params.set('compare', compare))}
            />
            {tab === 'inventory' ? (
              <div className="grid gap-1.5">
                <Label htmlFor="dead-stock-days">Dead stock after</Label>
                <Select value={String(deadStockDays)} onValueChange={(value) => update((params) => params.set('dead', value))}>
                  <SelectTrigger id="dead-stock-days" className="w-40">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {DEAD_STOCK_DAYS.map((days) => (
                      <SelectItem key={days} value={String(days)}>
                        {days} days
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            ) : null}
          </div>
          <Tabs value={tab} onValueChange={(next) => update((params) => params.set('tab', next))} className="grid gap-4">
            <TabsList aria-label="Analytics reports" className="grid grid-cols-2 sm:inline-flex">
              {ANALYTICS_TABS.map((value) => (
                <TabsTrigger key={value} value={value}>
                  {TAB_LABELS[value]}
                </TabsTrigger>
              ))}
            </TabsList>
            {ANALYTICS_TABS.map((value) => (
              <TabsContent key={value} value={value} className="min-w-0">
                {value === tab ? <TabReport tab={value} query={{ from: choice.from, to: choice.to, compare: choice.compare }} deadStockDays={deadStockDays} /> : null}
                {value === tab && tab === 'sales' && salesExtra ? <div className="mt-6">{salesExtra({ from: choice.from, to: choice.to })}</div> : null}
              </TabsContent>
            ))}
          </Tabs>
        </>
      )}
    </div>
  );
}
