import type { FeatureName } from '@till/core';
import { BarChart3Icon, ChevronRightIcon, PackageIcon, SettingsIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useMe } from '@/lib/me';
import { useBackOfficeSummary, type BackOfficeSummary } from '../api/back-office';

interface HubLink {
  to: string;
  label: string;
  feature?: FeatureName;
}

const SECTIONS: { title: string; icon: LucideIcon; links: HubLink[] }[] = [
  {
    title: 'Stock',
    icon: PackageIcon,
    links: [
      { to: '/products', label: 'Products', feature: 'inventory_management' },
      { to: '/products/stock-counts', label: 'Stock counts', feature: 'inventory_management' },
      { to: '/waste-tracking', label: 'Waste', feature: 'inventory_management' },
      { to: '/purchase-orders', label: 'Purchase orders', feature: 'purchase_orders' },
      { to: '/purchases/invoices', label: 'Supplier invoices', feature: 'purchase_orders' },
      { to: '/suppliers', label: 'Suppliers', feature: 'purchase_orders' },
    ],
  },
  {
    title: 'Staff',
    icon: UsersIcon,
    links: [
      { to: '/employees', label: 'Employees', feature: 'employee_management' },
      { to: '/shifts', label: 'Time clock', feature: 'time_tracking' },
      { to: '/tasks', label: 'Tasks' },
      { to: '/incidents', label: 'Incidents' },
    ],
  },
  {
    title: 'Reports',
    icon: BarChart3Icon,
    links: [
      { to: '/analytics?tab=sales', label: 'Sales', feature: 'reporting_analytics' },
      { to: '/analytics?tab=inventory', label: 'Inventory', feature: 'reporting_analytics' },
      { to: '/back-office?tab=profit-and-loss', label: 'Profit and loss', feature: 'basic_accounting' },
      { to: '/z-report', label: 'Z reports' },
      { to: '/expenses/invoices', label: 'Expenses' },
    ],
  },
  {
    title: 'Settings',
    icon: SettingsIcon,
    links: [
      { to: '/settings', label: 'Business settings' },
      { to: '/pricing', label: 'Plans and pricing' },
      { to: '/help-center', label: 'Help Center' },
    ],
  },
];

const ATTENTION: { key: keyof BackOfficeSummary; label: string; to: string }[] = [
  { key: 'low_stock_products', label: 'Low-stock products', to: '/products?low=1' },
  { key: 'unpaid_supplier_invoices', label: 'Unpaid supplier invoices', to: '/purchases/invoices' },
  { key: 'open_tasks', label: 'Open tasks', to: '/tasks' },
  { key: 'open_incidents', label: 'Open incidents', to: '/incidents' },
];

function AttentionCounts() {
  const summary = useBackOfficeSummary();
  if (summary.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        Loading what needs attention...
      </p>
    );
  }
  if (summary.isError) return <ErrorAlert title="The counts could not be loaded" error={summary.error} />;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Needs attention">
      {ATTENTION.map(({ key, label, to }) => {
        const value = summary.data[key];
        if (!value) return null;
        return (
          <li key={key}>
            <Link
              to={to}
              className="grid min-h-11 gap-1 rounded-lg border bg-card p-4 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
              data-testid={`attention-${key}`}
            >
              <span className="text-sm text-muted-foreground">{label}</span>
              <span className={`text-3xl font-semibold ${value.count > 0 ? '' : 'text-muted-foreground'}`}>
                {value.count}
                {value.more ? '+' : ''}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * /back-office: the owner's hub for stock, staff, reports and settings, with what needs attention.
 * With `profitAndLoss` (given by the route to those who may see it, decision 047) a second view,
 * ?tab=profit-and-loss, holds the statement.
 */
export function BackOfficePage({ profitAndLoss }: { profitAndLoss?: ReactNode } = {}) {
  const [searchParams] = useSearchParams();
  const view = profitAndLoss && searchParams.get('tab') === 'profit-and-loss' ? 'profit-and-loss' : 'overview';
  const header = <PageHeader title="Back Office" description="Stock, staff, reports and settings in one place, and what needs your attention today." />;
  if (!profitAndLoss) {
    return (
      <div className="grid gap-6">
        {header}
        <Overview />
      </div>
    );
  }
  // Links, not a tab widget: each view has its own address, and the till's shared code stays as it is.
  const viewLink = (to: string, label: string, current: boolean) => (
    <Link
      to={to}
      replace
      aria-current={current ? 'page' : undefined}
      className={`inline-flex min-h-9 items-center rounded-md px-3 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 ${
        current ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground'
      }`}
    >
      {label}
    </Link>
  );
  return (
    <div className="grid gap-6">
      {header}
      <nav aria-label="Back office views" className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1 print:hidden">
        {viewLink('/back-office', 'Overview', view === 'overview')}
        {viewLink('/back-office?tab=profit-and-loss', 'Profit and loss', view === 'profit-and-loss')}
      </nav>
      {view === 'overview' ? <Overview /> : <div className="min-w-0">{profitAndLoss}</div>}
    </div>
  );
}

function Overview() {
  const me = useMe();
  const features = me.data?.settings?.enabled_features;
  const shown = (link: HubLink) => !link.feature || !features || features[link.feature];
  return (
    <>
      <section aria-labelledby="attention-heading" className="grid gap-3">
        <h2 id="attention-heading" className="text-lg font-semibold">
          Needs attention
        </h2>
        <AttentionCounts />
      </section>
      <div className="grid gap-4 md:grid-cols-2">
        {SECTIONS.map((section) => {
          const links = section.links.filter(shown);
          if (links.length === 0) return null;
          const Icon = section.icon;
          return (
            <Card key={section.title}>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <Icon aria-hidden="true" className="size-5 text-muted-foreground" />
                  {section.title}
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-1">
                  {links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className="flex min-h-11 items-center justify-between rounded-md px-2 text-sm font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50">
                        {link.label}
                        <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                      </Link>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          );
        })}
      </div>
    </>
  );
}
